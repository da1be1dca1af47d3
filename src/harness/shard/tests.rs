//! Shards from `i/n` and from fake batch-system environments.

use super::{Env, Shard};

fn env(vars: &[(&str, &str)]) -> Env {
    vars.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// `vars` resolve to shard `want` (`i/n`), or fail with a message containing `want`.
fn check(vars: &[(&str, &str)], want: &str) {
    match Shard::from_env(&env(vars)) {
        Ok(shard) => assert_eq!(shard.to_string(), want, "{vars:?}"),
        Err(e) => assert!(format!("{e:#}").contains(want), "{vars:?}: {e:#}"),
    }
}

#[test]
fn parse() {
    for text in ["0/2", "3/2", "1", "a/b", "1/0", "auto"] {
        assert!(Shard::parse(text).is_err(), "{text}");
    }
    assert_eq!(Shard::parse("2/3").unwrap(), Shard { index: 2, count: 3 });
}

#[test]
fn slurm() {
    let array = |id, min, max, step, count| {
        [
            ("SLURM_ARRAY_TASK_ID", id),
            ("SLURM_ARRAY_TASK_MIN", min),
            ("SLURM_ARRAY_TASK_MAX", max),
            ("SLURM_ARRAY_TASK_STEP", step),
            ("SLURM_ARRAY_TASK_COUNT", count),
        ]
    };
    check(&array("0", "0", "3", "1", "4"), "1/4");
    check(&array("3", "0", "3", "1", "4"), "4/4");
    // A non-zero first id and a step: --array=1-7:2 is 1, 3, 5, 7.
    check(&array("1", "1", "7", "2", "4"), "1/4");
    check(&array("5", "1", "7", "2", "4"), "3/4");
    check(&array("4", "1", "7", "2", "4"), "is not one of the 4 tasks");
    check(&array("9", "1", "7", "2", "4"), "is not one of the 4 tasks");
    check(&array("0", "1", "7", "2", "4"), "is not one of the 4 tasks");
    // A list (--array=1,3,8) has no step that fits its count.
    check(&array("8", "1", "8", "1", "3"), "disagrees with");
    check(&array("2", "3", "1", "1", "3"), "is below");
    check(&array("2", "0", "4", "0", "5"), "not a step");
    // Only the count, only the range.
    check(
        &[
            ("SLURM_ARRAY_TASK_ID", "2"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
        ],
        "3/3",
    );
    check(
        &[
            ("SLURM_ARRAY_TASK_ID", "2"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "4"),
        ],
        "2/4",
    );
    check(
        &[("SLURM_ARRAY_TASK_ID", "2")],
        "neither SLURM_ARRAY_TASK_COUNT nor SLURM_ARRAY_TASK_MAX",
    );
    check(
        &[
            ("SLURM_ARRAY_TASK_ID", "x"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
        ],
        "`x` is not a whole number",
    );
}

#[test]
fn kubernetes_and_aws() {
    for index in ["JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX"] {
        check(&[(index, "0"), ("CUTOFF_SHARD_COUNT", "8")], "1/8");
        check(&[(index, "7"), ("CUTOFF_SHARD_COUNT", "8")], "8/8");
        check(
            &[(index, "8"), ("CUTOFF_SHARD_COUNT", "8")],
            "is not below CUTOFF_SHARD_COUNT=8",
        );
        check(&[(index, "0")], "CUTOFF_SHARD_COUNT is not");
    }
}

#[test]
fn missing_or_mixed() {
    check(&[], "found no array-job index");
    check(&[("CUTOFF_SHARD_COUNT", "4")], "found no array-job index");
    check(
        &[
            ("JOB_COMPLETION_INDEX", "0"),
            ("AWS_BATCH_JOB_ARRAY_INDEX", "0"),
            ("CUTOFF_SHARD_COUNT", "2"),
        ],
        "several batch systems (JOB_COMPLETION_INDEX, AWS_BATCH_JOB_ARRAY_INDEX)",
    );
    // The count variable, when set beside Slurm's, must agree with it.
    let slurm = [
        ("SLURM_ARRAY_TASK_ID", "1"),
        ("SLURM_ARRAY_TASK_COUNT", "4"),
    ];
    check(&[slurm[0], slurm[1], ("CUTOFF_SHARD_COUNT", "4")], "2/4");
    check(
        &[slurm[0], slurm[1], ("CUTOFF_SHARD_COUNT", "5")],
        "CUTOFF_SHARD_COUNT=5 disagrees",
    );
}
