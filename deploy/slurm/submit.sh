#!/bin/bash
# Submits a sharded `cutoff ablate` to Slurm: an array of SHARDS tasks, then the merge job
# that waits for all of them (afterok). Prints the two job ids.
#
#   deploy/slurm/submit.sh SHARDS RUN ABLATE-ARGS...
#   deploy/slurm/submit.sh 16 /shared/runs/kalah-d10 --game kalah --set opening-1pg \
#       --plan add-one --depths 1..10
#
# RUN must be on a file system every node sees; the jobs' logs go there too. The binary is
# $CUTOFF (default `cutoff` on the PATH); sbatch passes the environment on. Other sbatch options come from sbatch's own
# input variables, e.g. SBATCH_PARTITION=long SBATCH_TIMELIMIT=2:00:00.
set -euo pipefail
usage="usage: $0 SHARDS RUN ABLATE-ARGS..."
shards=${1:?$usage}
: "${2:?$usage}"
run=$(mkdir -p "$2" && cd "$2" && pwd)
shift 2
if ! [[ $shards =~ ^[1-9][0-9]*$ ]]; then
    echo "$usage (SHARDS must be a positive number, not \`$shards\`)" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
array=$(sbatch --parsable --array="0-$((shards - 1))" --output="$run/ablate-%A_%a.out" \
    "$here/ablate-array.sbatch" "$run" "$@")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --output="$run/merge-%j.out" \
    "$here/merge.sbatch" "$run")
merge=${merge%%;*}
echo "array job $array ($shards tasks), merge job $merge: results in $run/merged"
