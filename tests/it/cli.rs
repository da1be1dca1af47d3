//! The binary's exit-code contract, run as a user runs it: 0 when all is well, 1 when a
//! check fails (a changed bench signature, a node change in `compare`), 2 on an error (an
//! unknown game, an illegal move, a bad configuration, a torn run folder), with the error on
//! stderr.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `cutoff args...` in the repository root.
pub(crate) fn cutoff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the cutoff binary runs")
}

/// Runs `cutoff args...` and checks its exit code and that stderr (or stdout, for code 0
/// and 1) contains `expected`.
pub(crate) fn check(args: &[&str], code: i32, expected: &str) {
    let out = cutoff(args);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(
        out.status.code(),
        Some(code),
        "cutoff {args:?}\nstdout: {stdout}\nstderr: {stderr}"
    );
    let text = if code == 2 { &stderr } else { &stdout };
    assert!(
        text.contains(expected),
        "cutoff {args:?}: `{expected}` not in\n{text}"
    );
}

/// A fresh folder under the system's temp dir, removed at the end of the test.
pub(crate) struct Temp(pub(crate) PathBuf);

impl Temp {
    pub(crate) fn new(name: &str) -> Temp {
        let dir = std::env::temp_dir().join(format!("cutoff-it-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Temp(dir)
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub(crate) fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn commands_that_work_exit_0() {
    check(&["perft", "--game", "kalah", "--depth", "3"], 0, "185");
    let search = [
        "search", "--game", "mingmang", "--config", "cammp", "--depth", "2",
    ];
    check(&search, 0, "depth");
}

#[test]
fn errors_exit_2_and_say_what_is_wrong() {
    check(
        &["perft", "--game", "chess", "--depth", "1"],
        2,
        "unknown game `chess`",
    );
    check(
        &["perft", "--game", "kalah", "--moves", "1,9", "--depth", "1"],
        2,
        "move 2 `9`",
    );
    check(
        &[
            "search",
            "--game",
            "kalah",
            "--config",
            "alphabeta+warp",
            "--depth",
            "2",
        ],
        2,
        "unknown flag `warp`",
    );
    check(
        &[
            "search",
            "--game",
            "kalah",
            "--param",
            "null-r=99",
            "--depth",
            "2",
        ],
        2,
        "null-r must be",
    );
    let ablate_mcts = [
        "ablate",
        "--game",
        "gomoku",
        "--set",
        "opening",
        "--plan",
        "configs=mcts",
        "--depths",
        "1",
    ];
    check(&ablate_mcts, 2, "mcts has no flags nor depth");
    let search_mcts = [
        "search",
        "--game",
        "gomoku",
        "--config",
        "mcts",
        "--depth",
        "1",
        "--param",
        "playouts=50",
    ];
    check(&search_mcts, 0, "50 playouts, ");
    let pbrain_depth = ["pbrain", "--config", "mcts", "--depth", "3"];
    check(&pbrain_depth, 2, "--depth: mcts is limited by --time-ms");
}

/// A param given twice is an error (exit 2, one line) naming it, wherever `--param` is
/// read; a protocol client's own default param may still be set once.
#[test]
fn a_param_given_twice_is_an_error_naming_it() {
    let twice = ["-p", "null-r=2", "-p", "null-r=3"];
    let commands: [&[&str]; 3] = [
        &["search", "--game", "kalah", "--depth", "2"],
        &[
            "ablate", "--game", "kalah", "--set", "opening", "--plan", "add-one", "--depths", "1",
        ],
        &["pbrain"],
    ];
    for command in commands {
        let args: Vec<&str> = command.iter().chain(&twice).copied().collect();
        let out = cutoff(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        let message = "param null-r is given twice (`null-r=2`, then `null-r=3`)";
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    // pbrain's default `tie-seed=1` is overridden by the user's, not a repeat.
    let mut pbrain = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args(["pbrain", "-p", "tie-seed=2"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    pbrain.stdin.take().unwrap().write_all(b"END\r\n").unwrap();
    let out = pbrain.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
}

/// A committed Kalah ablation run, the one these tests' expectations (its first position
/// `g01-m01`, its configurations) are written for.
fn committed_kalah_run() -> PathBuf {
    let run = Path::new(env!("CARGO_MANIFEST_DIR")).join("results/2026-11-23-kalah-cammp");
    assert!(run.join("manifest.json").exists(), "{}", run.display());
    run
}

/// The first record's `n_nodes` plus one: a changed node count.
fn one_more_node(records: &str) -> String {
    let at = records.find("\"n_nodes\":").unwrap() + "\"n_nodes\":".len();
    let digits = records[at..].find(|c: char| !c.is_ascii_digit()).unwrap();
    let nodes: u64 = records[at..at + digits].parse().unwrap();
    format!("{}{}{}", &records[..at], nodes + 1, &records[at + digits..])
}

/// A copy of the committed Kalah run in `into`, with `edit` applied to its records' text.
fn copied_run(into: &Path, edit: impl FnOnce(&str) -> String) -> PathBuf {
    let source = committed_kalah_run();
    std::fs::create_dir_all(into).unwrap();
    std::fs::copy(source.join("manifest.json"), into.join("manifest.json")).unwrap();
    let records = std::fs::read_to_string(source.join("records.jsonl")).unwrap();
    std::fs::write(into.join("records.jsonl"), edit(&records)).unwrap();
    into.to_path_buf()
}

#[test]
fn compare_exits_1_on_a_node_change_and_0_without() {
    let temp = Temp::new("compare");
    let base = copied_run(&temp.0.join("base"), str::to_string);
    let same = copied_run(&temp.0.join("same"), str::to_string);
    let changed = copied_run(&temp.0.join("changed"), one_more_node);
    let out = temp.0.join("out");
    let args = |new: &Path| {
        let list = ["compare", text(&base), text(new), "--out", text(&out)];
        list.map(str::to_string)
    };
    let run = |new: &Path| {
        let owned = args(new);
        let args: Vec<&str> = owned.iter().map(String::as_str).collect();
        (cutoff(&args).status.code(), args.join(" "))
    };
    assert_eq!(run(&same).0, Some(0), "{}", run(&same).1);
    assert_eq!(run(&changed).0, Some(1), "{}", run(&changed).1);
}

#[test]
fn a_torn_run_is_an_error_until_repaired() {
    let temp = Temp::new("torn");
    let run = copied_run(&temp.0.join("run"), |t| {
        t.to_string() + "{\"position\":\"g0"
    });
    check(&["report", text(&run)], 2, "torn line");
    check(
        &["report", text(&run), "--repair"],
        0,
        "ratio to alpha-beta",
    );
}

#[test]
fn empty_limits_and_files_for_folders_are_refused() {
    let search = [
        "search",
        "--game",
        "kalah",
        "--depth",
        "2",
        "--max-nodes",
        "0",
    ];
    check(&search, 2, "--max-nodes");
    let temp = Temp::new("file-out");
    let file = temp.0.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let ablate = [
        "ablate",
        "--game",
        "kalah",
        "--set",
        "opening",
        "--plan",
        "add-one",
        "--depths",
        "1",
        "--out",
        text(&file),
    ];
    check(&ablate, 2, "is a file, not a folder");
}

/// Makes `dir` the work tree of another git repository, with one commit.
fn another_repository(dir: &Path) {
    std::fs::write(dir.join("other.txt"), "not cutoff").unwrap();
    for args in [
        &["init", "-q"][..],
        &["add", "other.txt"],
        &[
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "commit",
            "-qm",
            "other",
        ],
    ] {
        let status = Command::new("git").args(args).current_dir(dir).status();
        assert!(status.unwrap().success(), "git {args:?}");
    }
}

#[test]
fn sets_are_found_from_any_folder_and_reports_render_elsewhere() {
    let temp = Temp::new("anywhere");
    another_repository(&temp.0);
    let run = temp.0.join("run");
    let out = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args([
            "ablate", "--game", "kalah", "--set", "opening", "--plan", "add-one",
        ])
        .args([
            "--depths",
            "1",
            "--positions",
            "2",
            "--quiet",
            "--out",
            text(&run),
        ])
        .current_dir(&temp.0)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Run inside another project's repository: its revision is not this build's.
    let manifest = std::fs::read(run.join("manifest.json")).unwrap();
    let manifest: serde_json::Value = serde_json::from_slice(&manifest).unwrap();
    assert_eq!(manifest["git_revision"], "unknown", "{manifest}");
    assert!(manifest["git_dirty"].is_null(), "{manifest}");
    let elsewhere = temp.0.join("elsewhere");
    check(
        &["report", text(&run), "--out", text(&elsewhere)],
        0,
        "ratio to",
    );
    assert!(elsewhere.join("summary.md").exists());
}

#[test]
fn evaluation_weights_reach_the_run_and_are_recorded() {
    let temp = Temp::new("weights");
    let run = temp.0.join("run");
    let ablate = [
        "ablate",
        "--game",
        "gothello",
        "--set",
        "opening",
        "--plan",
        "configs=alphabeta,alphabeta+liberties",
        "--eval",
        "eye",
        "--param",
        "stone-score=2",
        "--depths",
        "2",
        "--positions",
        "2",
        "--quiet",
        "--out",
        text(&run),
    ];
    check(&ablate, 0, "");
    let manifest = std::fs::read(run.join("manifest.json")).unwrap();
    let manifest: serde_json::Value = serde_json::from_slice(&manifest).unwrap();
    assert_eq!(manifest["params"]["eval-weights"]["stone-score"], 2);
    let summary = std::fs::read_to_string(run.join("summary.md")).unwrap();
    assert!(
        summary.contains("tt-scheme=two-big1, tt-size-main=0, uct-c=1414, stone-score=2\n"),
        "{summary}"
    );
    let mut number = ablate;
    number[8] = "number";
    check(
        &number,
        2,
        "param stone-score weighs gothello's eye evaluation, not number",
    );
}

#[test]
fn verdicts_come_as_json_for_ci() {
    let temp = Temp::new("json");
    let base = copied_run(&temp.0.join("base"), str::to_string);
    let out = temp.0.join("out");
    let args = [
        "compare",
        text(&base),
        text(&base),
        "--out",
        text(&out),
        "--json",
    ];
    let printed = cutoff(&args);
    let verdict: serde_json::Value = serde_json::from_slice(&printed.stdout).unwrap();
    assert_eq!(verdict["passed"], true, "{verdict}");
    assert_eq!(verdict["node_changes"], 0);
}

#[test]
fn matches_tournaments_and_models_from_the_command_line() {
    let temp = Temp::new("matches");
    let model = temp.0.join("ttt.qlearn");
    let train = [
        "train",
        "qlearn",
        "--game",
        "tictactoe",
        "--episodes",
        "2000",
        "--seed",
        "1",
        "--out",
    ];
    check(
        &[&train[..], &[text(&model)]].concat(),
        0,
        "states from 2000 episodes",
    );
    let agent = format!("qlearn:model={}", text(&model));
    let play = |game: &str, agents: &str, games: &str, out: &str| {
        let out = temp.0.join(out);
        let args = [
            "match", "--game", game, "--agents", agents, "--games", games, "--seed", "3", "-q",
            "--out",
        ];
        [
            args.map(String::from).to_vec(),
            vec![text(&out).to_string()],
        ]
        .concat()
    };
    let run = |args: Vec<String>, code: i32, expected: &str| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        check(&args, code, expected);
    };
    run(
        play("tictactoe", &format!("{agent},random"), "4", "m"),
        0,
        "Pentanomial",
    );
    run(
        play("kalah", &format!("{agent},random"), "4", "k"),
        2,
        "trained on `tictactoe`, not `kalah:6,4,standard`",
    );
    let bytes = std::fs::read(&model).unwrap();
    std::fs::write(&model, &bytes[..bytes.len() / 2]).unwrap();
    run(
        play("tictactoe", &format!("{agent},random"), "4", "c"),
        2,
        "damaged",
    );
    run(
        play("tictactoe", "alphabeta:depht=3,random", "4", "a"),
        2,
        "agent `alphabeta:depht=3`: unknown option `depht`",
    );
    run(
        play("tictactoe", "random,random", "3", "o"),
        2,
        "--games must be even",
    );
    let out = temp.0.join("t");
    let tournament = [
        "tournament",
        "--game",
        "tictactoe",
        "--agents",
        "random,alphabeta:depth=1,minimax:depth=9",
        "--games",
        "2",
        "--seed",
        "1",
        "-q",
        "--out",
        text(&out),
    ];
    check(
        &tournament,
        0,
        "Score of the row agent against the column agent",
    );
    assert!(out.join("charts/score-matrix.png").exists());
    assert!(out.join("scores.csv").exists());
}

/// `cutoff solve`: the published value of Kalah(6,2) as JSON, bounds when the time runs out,
/// and a clear refusal of what it does not solve.
#[test]
fn solve_prints_the_value_or_refuses() {
    let solve = ["solve", "--game", "kalah:6,2,standard", "--tt-mb", "16"];
    check(&[&solve[..], &["--json"]].concat(), 0, "\"value\":6");
    check(&solve, 0, "value +6 for South (to move), best move 5");
    let slow = [
        "solve",
        "--game",
        "kalah:6,4,standard",
        "--tt-mb",
        "16",
        "--time-limit-s",
        "0.2",
    ];
    check(&slow, 0, "time limit reached: the value lies in [");
    check(
        &["solve", "--game", "kalah:6,4,course"],
        2,
        "does not support kalah:6,4,course",
    );
    check(&["solve", "--game", "mingmang"], 2, "solves Kalah only");
    check(
        &[&solve[..], &["--time-limit-s", "0"]].concat(),
        2,
        "--time-limit-s must be a positive",
    );
}

/// `cutoff minimal`: the minimal tree per depth beside a configuration's nodes.
#[test]
fn minimal_prints_the_ratio_per_depth() {
    let args = [
        "minimal",
        "--game",
        "kalah",
        "--depth",
        "3",
        "--config",
        "alphabeta",
    ];
    check(&args, 0, "minimal");
    check(&[&args[..], &["--json"]].concat(), 0, "\"minimal_nodes\"");
}

/// `cutoff minimal --trees FILE`: the trees of an earlier `--json` run are read, not
/// computed, and the lines come out the same, each configuration's root value included; a
/// depth the file lacks and a line that is not a tree are one-line errors.
#[test]
fn minimal_reads_its_trees_from_an_earlier_run() {
    let temp = Temp::new("minimal-trees");
    let args = [
        "minimal",
        "--game",
        "kalah",
        "--set",
        "opening",
        "--positions",
        "2",
        "--depth",
        "3",
        "--config",
        "alphabeta",
        "--json",
    ];
    let first = cutoff(&args);
    assert!(first.status.success());
    let file = temp.0.join("trees.jsonl");
    std::fs::write(&file, &first.stdout).unwrap();
    let again = cutoff(&[&args[..], &["--trees", text(&file)]].concat());
    assert_eq!(
        String::from_utf8_lossy(&again.stdout),
        String::from_utf8_lossy(&first.stdout)
    );
    assert!(String::from_utf8_lossy(&first.stdout).contains("\"scores\":["));
    let deeper = [&args[..8], &["4", "--trees", text(&file)]].concat();
    check(&deeper, 2, "no tree of position g01-m01 at depth 4");
    std::fs::write(&file, "{\"position\":\"g01-m01\"}\n").unwrap();
    check(
        &[&args[..], &["--trees", text(&file)]].concat(),
        2,
        "line 1: not a",
    );
}

/// `cutoff minimal --run DIR`: the minimal trees of a run folder's positions, resumable.
#[test]
fn minimal_trees_are_added_to_a_run_folder() {
    let temp = Temp::new("minimal-run");
    let run = copied_run(&temp.0.join("run"), str::to_string);
    let args = [
        "minimal",
        "--run",
        text(&run),
        "--depth",
        "2",
        "--positions",
        "3",
        "-q",
    ];
    check(&args, 0, "");
    let trees = std::fs::read_to_string(run.join("minimal.jsonl")).unwrap();
    assert_eq!(trees.lines().count(), 6, "{trees}");
    assert!(trees.starts_with("{\"position\":\"g01-m01\",\"depth\":1,\"n_nodes\":"));
    let again = cutoff(&args[..7]);
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(said.contains("6 minimal trees (0 computed now)"), "{said}");
    check(&["minimal", "--run", text(&temp.0)], 2, "not a run folder");
    check(
        &["minimal", "--run", text(&run), "--depth", "0"],
        2,
        "--depth must be 1..=64",
    );
    check(
        &["minimal", "--run", text(&run), "--set", "opening"],
        2,
        "cannot be used with",
    );
    check(&["minimal", "--game", "kalah"], 2, "--depth");
    check(
        &["minimal", "--positions", "2", "--depth", "2"],
        2,
        "--positions needs --set",
    );
}

#[test]
fn sigterm_stops_a_match_as_ctrl_c_does_keeping_its_games() {
    let temp = Temp::new("sigterm");
    let out = temp.0.join("m");
    let agents = "alphabeta:depth=7,alphabeta:depth=7";
    let args = [
        "match", "--game", "kalah", "--agents", agents, "--games", "400", "--seed", "1", "-q",
        "--out",
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args(args)
        .arg(&out)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until games are being kept, then send what Slurm and Kubernetes send first.
    let games = out.join("games.jsonl");
    while std::fs::metadata(&games).map_or(true, |m| m.len() == 0) {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the match ended before the signal"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // SAFETY: kill(2) on our own child's pid.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGTERM) }, 0);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("interrupted: finishing the searches in progress"),
        "{stderr}"
    );
    assert!(
        stderr.contains("run the same command with --out"),
        "{stderr}"
    );
    assert!(!std::fs::read_to_string(&games).unwrap().is_empty());
}

#[test]
fn the_protocol_clients_help_names_their_defaults() {
    let help = |command: &str| String::from_utf8(cutoff(&[command, "--help"]).stdout).unwrap();
    let gthd = help("gthd");
    let wanted = [cutoff::gthd::DEFAULT_CONFIG, cutoff::gthd::DEFAULT_EVAL];
    for text in wanted.iter().chain(cutoff::gthd::DEFAULT_PARAMS) {
        assert!(gthd.contains(text), "`{text}` not in gthd --help:\n{gthd}");
    }
    let pbrain = help("pbrain");
    for text in [cutoff::pbrain::DEFAULT_CONFIG]
        .iter()
        .chain(cutoff::pbrain::DEFAULT_PARAMS)
    {
        assert!(
            pbrain.contains(text),
            "`{text}` not in pbrain --help:\n{pbrain}"
        );
    }
}

#[test]
fn an_out_folder_whose_name_is_not_utf8_is_written_not_a_panic() {
    use std::os::unix::ffi::OsStrExt;
    let temp = Temp::new("not-utf8");
    let run = temp.0.join(std::ffi::OsStr::from_bytes(b"run-\xff"));
    let out = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args([
            "ablate",
            "--game",
            "kalah",
            "--set",
            "opening-1pg",
            "--plan",
            "configs=alphabeta",
        ])
        .args(["--depths", "1", "--positions", "1", "--quiet", "--out"])
        .arg(&run)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let manifest = std::fs::read_to_string(run.join("manifest.json")).unwrap();
    assert!(manifest.contains("run-\u{fffd}"), "{manifest}");
    // Run in the work tree it was built from: that tree's revision; from a source archive
    // (no checkout of its own), "unknown".
    let head = crate::checkout_head().unwrap_or_else(|| "unknown".to_string());
    let manifest: serde_json::Value = serde_json::from_str(&manifest).unwrap();
    assert_eq!(manifest["git_revision"], head.as_str(), "{manifest}");
}

#[test]
fn an_empty_move_in_a_list_is_an_error_not_skipped() {
    let perft = [
        "perft", "--game", "kalah", "--moves", "3,,4", "--depth", "1",
    ];
    check(&perft, 2, "--moves: move 2 is empty");
}

#[test]
fn estimate_samples_for_its_sample_seconds() {
    let plan = [
        "ablate",
        "--game",
        "kalah",
        "--set",
        "opening",
        "--plan",
        "configs=alphabeta",
        "--depths",
        "1..3",
        "--positions",
        "10",
        "--estimate",
    ];
    // A sample this small stops at two depths (the plan's two deepest) on its first four
    // positions; a large one searches every position at both.
    let mut small = plan.to_vec();
    small.extend(["--sample-seconds", "0.000001"]);
    check(
        &small,
        0,
        "sample: 8 searches (4 to 4 positions per configuration, depths 2..3)",
    );
    let mut large = plan.to_vec();
    large.extend(["--sample-seconds", "1000"]);
    check(
        &large,
        0,
        "sample: 20 searches (10 to 10 positions per configuration, depths 2..3)",
    );
    let mut zero = plan.to_vec();
    zero.extend(["--sample-seconds", "0"]);
    check(&zero, 2, "expected a positive number of seconds, got `0`");
    let without = [&plan[..plan.len() - 1], &["--sample-seconds", "1"]].concat();
    check(&without, 2, "--estimate");
}
