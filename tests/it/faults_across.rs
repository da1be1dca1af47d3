//! `merge` and `compare` across builds and configurations, as the binary answers them.
//!
//! `merge` joins shards of one run: shards of another spec (depths, parameters,
//! positions), another git revision, or another build without `--allow-mixed-builds` are
//! refused in one line (exit 2); mixed builds allowed are merged with a warning naming
//! them; a torn shard is named, its search listed missing (exit 1). `compare` is the gate
//! between builds: builds that differ between the sides are named in `compare.md` and warn
//! of nothing; sides of different experiments (game, configurations, position set) are
//! refused in one line (exit 2); a different setup (depths, parameters) is compared with a
//! warning, and so is a side whose repeated runs come from two builds.

use crate::cli::{cutoff, text, Temp};
use crate::faults::{one_line_error, run, small_run};
use std::path::{Path, PathBuf};
use std::process::Output;

/// The small run of `faults` into `out` with `extra` options (`--flag value` pairs, each
/// replacing the small run's own); it must succeed.
fn made(out: &Path, extra: &[&str]) -> PathBuf {
    let mut args = small_run(out);
    for pair in extra.chunks(2) {
        match args.iter().position(|a| a == pair[0]) {
            Some(at) => args[at + 1] = pair[1].to_string(),
            None => args.extend(pair.iter().map(|a| a.to_string())),
        }
    }
    let made = run(&args);
    let stderr = String::from_utf8_lossy(&made.stderr);
    assert_eq!(made.status.code(), Some(0), "{args:?}: {stderr}");
    out.to_path_buf()
}

/// A copy of the run folder `from` at `to` with `edit` applied to its manifest.
fn edited(from: &Path, to: &Path, edit: impl Fn(&mut serde_json::Value)) -> PathBuf {
    std::fs::create_dir_all(to).unwrap();
    let records = std::fs::read(from.join("records.jsonl")).unwrap();
    std::fs::write(to.join("records.jsonl"), records).unwrap();
    let text = std::fs::read_to_string(from.join("manifest.json")).unwrap();
    let mut manifest: serde_json::Value = serde_json::from_str(&text).unwrap();
    edit(&mut manifest);
    std::fs::write(to.join("manifest.json"), manifest.to_string()).unwrap();
    to.to_path_buf()
}

fn build(value: &str) -> impl Fn(&mut serde_json::Value) + '_ {
    move |m| m["build"] = value.into()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn merge(out: &Path, shards: &[&Path], extra: &[&str]) -> Output {
    let mut args = vec!["merge", "-q", "--out", text(out)];
    args.extend(shards.iter().map(|s| text(s)));
    args.extend(extra);
    cutoff(&args)
}

#[test]
fn merge_refuses_other_specs_revisions_and_unallowed_builds_and_warns_of_allowed_ones() {
    let temp = Temp::new("merge-across");
    let dir = |name: &str| temp.0.join(name);
    let one = made(&dir("s1"), &["--shard", "1/2"]);
    let two = made(&dir("s2"), &["--shard", "2/2"]);
    assert_eq!(merge(&dir("m"), &[&one, &two], &[]).status.code(), Some(0));

    let depths = made(&dir("s2-depths"), &["--shard", "2/2", "--depths", "1..3"]);
    let param = made(&dir("s2-param"), &["--shard", "2/2", "-p", "null-r=3"]);
    let positions = made(
        &dir("s2-positions"),
        &["--shard", "2/2", "--positions", "4"],
    );
    let revision = edited(&two, &dir("s2-rev"), |m| {
        m["git_revision"] = "0123abc".into()
    });
    let refused: [(&Path, &[&str]); 4] = [
        (
            &positions,
            &[
                "not a shard of the same run",
                "positions: 3 in the first, 4 here",
            ],
        ),
        (
            &depths,
            &[
                "is not a shard of the same run",
                "depths: 1,2 in the first, 1,2,3 here",
            ],
        ),
        (&param, &["is not a shard of the same run", "param null-r:"]),
        (&revision, &["git revision:", "0123abc here"]),
    ];
    for (shard, expected) in refused {
        let out = dir("m-refused");
        let merged = merge(&out, &[&one, shard], &[]);
        one_line_error(
            &merged,
            &format!("merge with {}", shard.display()),
            expected,
        );
        assert!(!out.exists());
    }

    let other = edited(&two, &dir("s2-build"), build("other-build"));
    let out = dir("m-mixed");
    let expected = [
        "the shards come from different builds",
        "--allow-mixed-builds",
    ];
    one_line_error(
        &merge(&out, &[&one, &other], &[]),
        "mixed builds",
        &expected,
    );
    assert!(!out.exists());
    let allowed = merge(&out, &[&one, &other], &["--allow-mixed-builds"]);
    assert_eq!(allowed.status.code(), Some(0), "{}", stderr(&allowed));
    assert!(
        stderr(&allowed).contains("warning: "),
        "{}",
        stderr(&allowed)
    );
    assert!(
        stderr(&allowed).contains("other-build"),
        "{}",
        stderr(&allowed)
    );
    let manifest = std::fs::read_to_string(out.join("manifest.json")).unwrap();
    assert!(manifest.contains("\"other-build\""), "{manifest}");

    let torn = edited(&two, &dir("s2-torn"), |_| {});
    let records = torn.join("records.jsonl");
    let bytes = std::fs::read(&records).unwrap();
    std::fs::write(&records, &bytes[..bytes.len() - 20]).unwrap();
    let merged = merge(&dir("m-torn"), &[&one, &torn], &[]);
    assert_eq!(merged.status.code(), Some(1), "{}", stderr(&merged));
    let warning = format!("warning: {} ends in a torn line", records.display());
    assert!(stderr(&merged).contains(&warning), "{}", stderr(&merged));
    assert!(stderr(&merged).contains("1 missing"), "{}", stderr(&merged));
}

fn compare(base: &Path, new: &Path, out: &Path) -> Output {
    cutoff(&["compare", text(base), text(new), "--out", text(out)])
}

#[test]
fn compare_names_builds_warns_of_other_setups_and_refuses_other_experiments() {
    let temp = Temp::new("compare-across");
    let dir = |name: &str| temp.0.join(name);
    let base = made(&dir("base"), &[]);
    let out = dir("out");

    let other = edited(&base, &dir("other-build"), build("other-build"));
    let compared = compare(&base, &other, &out);
    let (stdout, err) = (String::from_utf8_lossy(&compared.stdout), stderr(&compared));
    assert_eq!(compared.status.code(), Some(0), "{err}");
    assert!(!err.contains("warning"), "{err}");
    assert!(stdout.contains("build `other-build (git "), "{stdout}");

    let repeats = dir("repeats");
    edited(&base, &repeats.join("r1"), |_| {});
    edited(&base, &repeats.join("r2"), build("other-build"));
    let compared = compare(&base, &repeats, &out);
    assert_eq!(compared.status.code(), Some(0), "{}", stderr(&compared));
    let warning = format!(
        "warning: {}: its runs come from 2 builds",
        repeats.display()
    );
    assert!(
        stderr(&compared).contains(&warning),
        "{}",
        stderr(&compared)
    );

    let setups: [(&str, &[&str], &str); 2] = [
        (
            "depths",
            &["--depths", "1..3"],
            "depths: 1,2 in base, 1,2,3 in new",
        ),
        ("param", &["-p", "null-r=3"], "param null-r: "),
    ];
    for (name, extra, difference) in setups {
        let new = made(&dir(name), extra);
        let compared = compare(&base, &new, &out);
        let err = stderr(&compared);
        assert_ne!(compared.status.code(), Some(2), "{name}: {err}");
        let warning = "warning: the sides' specs differ beyond the code";
        assert!(
            err.contains(warning) && err.contains(difference),
            "{name}: {err}"
        );
    }

    let configs = made(
        &dir("configs"),
        &["--plan", "configs=alphabeta,alphabeta+tt-move"],
    );
    let game = dir("game");
    let mut args = small_run(&game);
    args[2] = "mingmang".into();
    assert_eq!(run(&args).status.code(), Some(0));
    let set = made(&dir("set"), &["--set", "midgame"]);
    let refused: [(&Path, &str); 3] = [
        (&configs, "configurations: "),
        (&game, "game: "),
        (&set, "fixture hash: "),
    ];
    for (new, difference) in refused {
        let expected = ["are runs of different experiments", difference];
        one_line_error(&compare(&base, new, &out), text(new), &expected);
    }
}
