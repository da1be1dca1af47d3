#!/bin/bash
# Submits a sharded `cargo mutants` run to Slurm: an array of SHARDS tasks
# (mutants-array.sbatch), then the merge job (mutants-merge.sbatch) that waits for all of
# them to end (afterany) and writes the summary into OUT. Prints the two job ids.
#
#   deploy/slurm/mutants-submit.sh SHARDS RUN OUT MUTANTS-ARGS...
#
# RUN must hold source.tar and be on a file system every node sees; the jobs' logs go
# there too. `cargo xtask mutants --slurm` writes RUN and calls this. A task's time limit
# comes from sbatch's own SBATCH_TIMELIMIT; a shard it cuts short is reported as such.
set -euo pipefail
usage="usage: $0 SHARDS RUN OUT MUTANTS-ARGS..."
shards=${1:?$usage}
run=${2:?$usage}
out=${3:?$usage}
shift 3
if ! [[ $shards =~ ^[1-9][0-9]*$ ]]; then
    echo "$usage (SHARDS must be a positive number, not \`$shards\`)" >&2
    exit 2
fi
if [[ ! -f $run/source.tar ]]; then
    echo "$usage ($run/source.tar is missing: the tree to mutate)" >&2
    exit 2
fi
run=$(cd "$run" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
array=$(sbatch --parsable --array="0-$((shards - 1))" --output="$run/mutants-%A_%a.out" \
    "$here/mutants-array.sbatch" "$run" "$@")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterany:$array" --time=30 \
    --output="$run/merge-%j.out" "$here/mutants-merge.sbatch" "$run" "$out")
merge=${merge%%;*}
echo "array job $array ($shards tasks), merge job $merge: summary in $out"
