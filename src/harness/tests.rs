//! Harness tests: depth and plan parsing, fixture generation and loading errors, and the run
//! invariants (threads, shards and resumes never change a record but its time).

use super::execute::{execute, RunEnd};
use super::fixtures::{generate, load_fixture, to_json, FixtureFile, GenerateSpec};
use super::merge::{merge, same_search};
use super::minimal::{add_minimal_trees, MinimalEnd, MinimalSpec};
use super::plan::{baseline, parse_depths, Plan};
use super::provenance;
use super::run::{prepare, AblationSpec};
use super::shard::Shard;
use crate::game::kalah::Kalah;
use crate::game::Game;
use crate::runfolder::{
    self as rundir, describe, differences, Manifest, MinimalRecord, Record, Role,
};
use crate::search::minimal::minimal_tree;
use crate::search::{Config, Params};
use crate::testing::TempDir;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// A fresh, empty folder under the system's temp dir, removed at the end of the test.
pub(super) fn temp_dir(name: &str) -> TempDir {
    TempDir::new(name)
}

fn check_depths(text: &str, expected: Result<&[u32], &str>) {
    match (parse_depths(text), expected) {
        (Ok(depths), Ok(want)) => assert_eq!(depths, want, "{text}"),
        (Err(e), Err(want)) => assert!(
            format!("{e:#}").contains(want),
            "{text}: {e:#} lacks `{want}`"
        ),
        (got, want) => panic!("{text}: got {got:?}, expected {want:?}"),
    }
}

#[test]
fn depth_ranges() {
    check_depths("4", Ok(&[4]));
    check_depths("1..6", Ok(&[1, 2, 3, 4, 5, 6]));
    check_depths("1..=3", Ok(&[1, 2, 3]));
    check_depths("3..3", Ok(&[3]));
    check_depths("6,2,4,2", Ok(&[2, 4, 6]));
    check_depths("6..1", Err("`6..1` is reversed"));
    check_depths("3..2", Err("`3..2` is reversed"));
    check_depths("0..3", Err("depth 0 is outside"));
    check_depths("1..65", Err("depth 65 is outside"));
    check_depths("", Err("is not a depth"));
    check_depths("..", Err("is not a depth"));
    check_depths("a..b", Err("`a` is not a depth"));
    check_depths("2,x", Err("`x` is not a depth"));
}

fn check_plan(plan: &str, full: &str, expected: &[&str]) {
    let full = Config::parse(full).unwrap();
    let rows = Plan::parse(plan)
        .unwrap()
        .configs(full, baseline())
        .unwrap();
    let labels: Vec<String> = rows
        .iter()
        .map(|r| format!("{} = {}", r.label, r.config))
        .collect();
    assert_eq!(labels, expected, "{plan}");
}

#[test]
fn add_one_from_another_base() {
    let full = Config::parse("alphabeta+id+killers+history").unwrap();
    let base = Config::parse("alphabeta+id").unwrap();
    let rows = Plan::AddOneLeaveOneOut.configs(full, base).unwrap();
    let labels: Vec<String> = rows
        .iter()
        .map(|r| format!("{} = {} ({})", r.label, r.config, r.role.name()))
        .collect();
    assert_eq!(
        labels,
        [
            "alpha-beta with iterative deepening = alphabeta+id (baseline)",
            "alpha-beta with iterative deepening + killer moves = alphabeta+id+killers (add-one)",
            "alpha-beta with iterative deepening + history heuristics = alphabeta+id+history (add-one)",
            // Leaving killers or history out gives an add-one row again: listed once.
            "all without iterative deepening = alphabeta+killers+history (leave-one-out)",
            "all (alphabeta+id+killers+history) = alphabeta+id+killers+history (full)",
        ]
    );
    let plan = Plan::AddOne;
    assert_eq!(
        plan.default_label(full, base),
        "alphabeta-id-killers-history-add-one-base-alphabeta-id"
    );
    let error = |base: &str| {
        let base = Config::parse(base).unwrap();
        format!("{:#}", plan.configs(full, base).unwrap_err())
    };
    assert!(error("alphabeta+lmr").contains("not a subset of --full"));
    assert!(error("alphabeta+id+killers+history").contains("nothing to add"));
}

#[test]
fn plans_and_labels() {
    let full = "alphabeta+killers+history";
    check_plan(
        "add-one",
        full,
        &[
            "alpha-beta = alphabeta",
            "alpha-beta with killer moves = alphabeta+killers",
            "alpha-beta with history heuristics = alphabeta+history",
        ],
    );
    check_plan(
        "leave-one-out",
        full,
        &[
            "alpha-beta = alphabeta",
            "all without killer moves = alphabeta+history",
            "all without history heuristics = alphabeta+killers",
            "all (alphabeta+killers+history) = alphabeta+killers+history",
        ],
    );
    check_plan(
        "all-subsets",
        "alphabeta+killers+history",
        &[
            "alpha-beta = alphabeta",
            "alpha-beta with killer moves = alphabeta+killers",
            "alpha-beta with history heuristics = alphabeta+history",
            "all (alphabeta+killers+history) = alphabeta+killers+history",
        ],
    );
    check_plan(
        "configs=cammp,alphabeta+lmr,minimax",
        "cammp",
        &[
            "alpha-beta = alphabeta",
            "all (cammp) = cammp",
            "alpha-beta with late move reduction = alphabeta+lmr",
            "minimax = minimax",
        ],
    );
    let cammp = Plan::AddOneLeaveOneOut
        .configs(Config::parse("cammp").unwrap(), baseline())
        .unwrap();
    assert_eq!(cammp.len(), 1 + 9 + 9 + 1);
    assert_eq!(cammp.last().unwrap().label, "all (cammp)");
    assert!(cammp
        .iter()
        .any(|r| r.label == "all without null move" && r.role == Role::LeaveOneOut));
}

#[test]
fn plan_errors() {
    for (text, want) in [
        ("add-two", "unknown plan `add-two`"),
        ("configs=", "lists no configuration"),
        ("configs=ab+x", "unknown preset"),
    ] {
        let e = Plan::parse(text).unwrap_err();
        assert!(format!("{e:#}").contains(want), "{text}: {e:#}");
    }
}

#[test]
fn dates() {
    for (days, date) in [
        (0, (1970, 1, 1)),
        (19_782, (2024, 2, 29)),
        (20_778, (2026, 11, 21)),
        (-1, (1969, 12, 31)),
    ] {
        assert_eq!(provenance::civil_from_days(days), date, "{days}");
    }
}

pub(super) fn small_fixture(dir: &Path, games: u32, plies: u32) -> PathBuf {
    let spec = GenerateSpec {
        set: "tiny".into(),
        games,
        plies,
        per_game: plies,
        skip: 0,
        from_end: false,
        seed: 7,
    };
    let path = dir.join("tiny.json");
    std::fs::write(
        &path,
        to_json(&generate(&Kalah::from_options("").unwrap(), &spec)),
    )
    .unwrap();
    path
}

#[test]
fn generation_is_seeded_and_loads_back() {
    let start = Kalah::from_options("").unwrap();
    let spec = GenerateSpec {
        set: "s".into(),
        games: 3,
        plies: 4,
        per_game: 4,
        skip: 2,
        from_end: false,
        seed: 11,
    };
    let (a, b) = (generate(&start, &spec), generate(&start, &spec));
    assert_eq!(a, b);
    let ids: Vec<&str> = a.positions.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids[..4], ["g01-m03", "g01-m04", "g01-m05", "g01-m06"]);
    assert_eq!(
        serde_json::from_str::<FixtureFile>(&to_json(&a)).unwrap(),
        a
    );
    let end = generate(
        &start,
        &GenerateSpec {
            from_end: true,
            ..spec
        },
    );
    let fixture_dir = temp_dir("end");
    let path = fixture_dir.join("end.json");
    std::fs::write(&path, to_json(&end)).unwrap();
    let loaded = load_fixture::<Kalah>(&path).unwrap();
    assert_eq!(loaded.positions.len(), 12);
    assert!(loaded.positions.iter().all(|(_, g)| g.outcome().is_none()));
}

#[test]
fn generation_draws_one_position_per_game_at_a_seeded_ply_of_the_window() {
    let start = Kalah::from_options("").unwrap();
    let spec = GenerateSpec {
        set: "s".into(),
        games: 12,
        plies: 10,
        per_game: 1,
        skip: 5,
        from_end: false,
        seed: 3,
    };
    let file = generate(&start, &spec);
    assert_eq!(file, generate(&start, &spec));
    assert_eq!(file.generator.per_game, Some(1));
    let games: Vec<u32> = file.positions.iter().map(|p| p.game.unwrap()).collect();
    assert_eq!(games, (1..=12).collect::<Vec<u32>>());
    let plies: BTreeSet<usize> = file.positions.iter().map(|p| p.moves.len()).collect();
    assert!(plies.iter().all(|p| (6..=15).contains(p)), "{plies:?}");
    assert!(plies.len() > 3, "the plies are drawn, not fixed: {plies:?}");
    for p in &file.positions {
        let id = format!("g{:02}-m{:02}", p.game.unwrap(), p.moves.len());
        assert_eq!(p.id, id);
    }
    let other = generate(
        &start,
        &GenerateSpec {
            seed: 4,
            ..spec.clone()
        },
    );
    assert_ne!(file.positions, other.positions);
    let two = generate(
        &start,
        &GenerateSpec {
            per_game: 2,
            ..spec
        },
    );
    assert_eq!(two.positions.len(), 24);
}

#[test]
fn a_position_whose_game_disagrees_with_its_id_is_refused() {
    let start = Kalah::from_options("").unwrap();
    let spec = GenerateSpec {
        set: "s".into(),
        games: 2,
        plies: 3,
        per_game: 1,
        skip: 0,
        from_end: false,
        seed: 1,
    };
    let mut file = generate(&start, &spec);
    file.positions[1].game = Some(1);
    let id = file.positions[1].id.clone();
    check_load_error(&to_json(&file), &[&id, "says game 1"]);
}

/// Loads `text` as a Kalah fixture; the error must contain every one of `wants`.
fn check_load_error(text: &str, wants: &[&str]) {
    let dir = temp_dir("bad-fixture");
    let path = dir.join("bad.json");
    std::fs::write(&path, text).unwrap();
    let e = format!("{:#}", load_fixture::<Kalah>(&path).unwrap_err());
    for want in wants.iter().chain(&[path.to_str().unwrap()]) {
        assert!(e.contains(want), "`{e}` lacks `{want}`");
    }
}

#[test]
fn a_stored_board_that_its_moves_do_not_produce_is_an_error_naming_both() {
    let dir = temp_dir("board-check");
    let path = small_fixture(&dir, 2, 3);
    let mut file: FixtureFile = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let (stored, played) = (
        file.positions[0].board.clone(),
        file.positions[1].board.clone(),
    );
    assert_ne!(stored, played);
    file.positions[1].board.clone_from(&stored);
    let id = format!("position `{}`", file.positions[1].id);
    let set = format!("set `{}`", file.set);
    let text = to_json(&file);
    check_load_error(
        &text,
        &[
            &set,
            &id,
            "not the board its moves produce",
            &stored,
            &played,
        ],
    );
}

/// Every committed position set loads: its moves replay and its boards are theirs.
#[test]
fn every_committed_set_loads_with_its_boards() {
    let mut loaded = 0;
    for &id in crate::game::GameId::ALL {
        let Ok(files) = std::fs::read_dir(format!("fixtures/{}", id.name())) else {
            continue;
        };
        for path in files.map(|f| f.unwrap().path()) {
            let n =
                crate::dispatch_game!(id, G => load_fixture::<G>(&path).map(|f| f.positions.len()));
            assert!(
                n.unwrap_or_else(|e| panic!("{e:#}")) > 0,
                "{}",
                path.display()
            );
            loaded += 1;
        }
    }
    assert!(loaded >= 10, "only {loaded} sets found");
}

#[test]
fn generated_sets_hold_no_repeated_position_and_loading_names_repeats() {
    // 20 games from the start share many first plies: every kept position is new.
    let dir = temp_dir("distinct");
    let path = small_fixture(&dir, 20, 3);
    let fixture = load_fixture::<Kalah>(&path).unwrap();
    assert!(fixture.repeats.is_empty(), "{:?}", fixture.repeats);
    let hashes: std::collections::BTreeSet<u64> =
        fixture.positions.iter().map(|(_, g)| g.hash()).collect();
    assert_eq!(hashes.len(), fixture.positions.len());
    assert!(fixture.positions.len() < 60, "some first plies repeat");
    // A set written with a repeat (as older sets were) loads, and names it.
    let mut file: FixtureFile = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let mut copy = file.positions[0].clone();
    // Its game comes from the id, so a copy named otherwise records none.
    copy.id = "copy".into();
    copy.game = None;
    file.positions.push(copy);
    std::fs::write(&path, to_json(&file)).unwrap();
    let fixture = load_fixture::<Kalah>(&path).unwrap();
    let first = fixture.positions[0].0.clone();
    assert_eq!(fixture.repeats, [("copy".to_string(), first)]);
}

fn fixture_text(moves: &str) -> String {
    format!(
        r#"{{"game":"kalah:6,4,standard","set":"t","generator":{{"games":1,"plies":1,"skip":0,"seed":1,"method":"m"}},
        "positions":[{{"id":"g01-m01","moves":["3"],"board":""}},{{"id":"g01-m02","moves":{moves},"board":""}}]}}"#
    )
}

#[test]
fn fixture_load_errors_name_file_position_and_move() {
    check_load_error(
        &fixture_text(r#"["3","9"]"#),
        &["position g01-m02", "move 2 `9`", "house number"],
    );
    check_load_error(
        &fixture_text(r#"["3","3"]"#),
        &["position g01-m02", "move 2 `3`", "house 3 is empty"],
    );
    check_load_error(
        &fixture_text(r#"["3"]"#).replace("g01-m02", "g01-m01"),
        &["id `g01-m01` appears twice"],
    );
    check_load_error(
        &fixture_text(r#"["3","x"]"#)
            .replace("\"g01-m01\",\"moves\":[\"3\"]", "\"a\",\"moves\":[]"),
        &["move 2 `x`"],
    );
    check_load_error("{ not json", &["is not a valid position set"]);
    check_load_error(
        &fixture_text("[]").replace("kalah:6,4,standard", "mingmang"),
        &["is for game `mingmang`"],
    );
}

pub(super) fn spec(fixture: &Path, out: &Path, jobs: usize, shard: Option<Shard>) -> AblationSpec {
    AblationSpec {
        game: "kalah".into(),
        fixture: fixture.to_path_buf(),
        plan: Plan::AddOneLeaveOneOut,
        full: Config::parse("cammp").unwrap(),
        base: baseline(),
        depths: vec![1, 2, 3, 4],
        params: Params::default(),
        eval: None,
        max_nodes: None,
        node_budget: None,
        positions: None,
        shard,
        label: None,
        out: Some(out.to_path_buf()),
        jobs,
        allow_mixed_builds: false,
        repeat: 1,
    }
}

pub(super) fn run(spec: &AblationSpec) -> RunEnd {
    let prepared = prepare::<Kalah>(spec).unwrap();
    execute(&prepared, &mut (), &AtomicBool::new(false)).unwrap()
}

/// The records of a run folder without their times, sorted.
pub(super) fn records(dir: &Path) -> Vec<Record> {
    let mut records = rundir::read_records(dir).unwrap().records;
    for r in &mut records {
        (r.result.ns, r.result.cpu_ns) = (0, None);
    }
    records.sort_by(|a, b| {
        (&a.position, &a.config, a.result.depth).cmp(&(&b.position, &b.config, b.result.depth))
    });
    records
}

#[test]
fn threads_shards_and_resumes_give_the_same_records() {
    let dir = temp_dir("runs");
    let fixture = small_fixture(&dir, 1, 3);
    let one = dir.join("one");
    let outcome = run(&spec(&fixture, &one, 1, None));
    assert_eq!(
        (outcome.total, outcome.done_now, outcome.interrupted),
        (3 * 20 * 4, 240, false)
    );
    let expected = records(&one);
    assert_eq!(expected.len(), 240);

    let two = dir.join("two");
    run(&spec(&fixture, &two, 2, None));
    assert_eq!(records(&two), expected, "--jobs 2");

    let shards = [dir.join("s1"), dir.join("s2")];
    for (i, shard) in shards.iter().enumerate() {
        run(&spec(
            &fixture,
            shard,
            2,
            Some(Shard {
                index: i + 1,
                count: 2,
            }),
        ));
    }
    let merged = merge(&dir.join("merged"), &shards, false).unwrap();
    assert!(merged.missing.is_empty() && !merged.already);
    assert_eq!(records(&dir.join("merged")), expected, "shards merged");
    assert!(
        !dir.join(".merged.merging").exists(),
        "written whole, then renamed"
    );
    let again = merge(&dir.join("merged"), &shards, false).unwrap();
    assert!(
        again.already,
        "merging again into the same merge is not an error"
    );
    let partial = merge(&dir.join("partial"), &shards[..1], false).unwrap();
    assert_eq!(partial.missing.len(), 120);
    assert!(
        !dir.join("partial").exists(),
        "a merge with missing searches writes nothing"
    );
    mixed_builds_are_refused_unless_allowed(&dir, &shards);

    // Cut the file after 100 records plus half a line: the torn line is dropped, the rest kept.
    let text = std::fs::read_to_string(two.join(rundir::RECORDS)).unwrap();
    let cut: usize = text.lines().take(100).map(|l| l.len() + 1).sum::<usize>() + 30;
    std::fs::write(two.join(rundir::RECORDS), &text[..cut]).unwrap();
    let resumed = run(&spec(&fixture, &two, 2, None));
    assert_eq!((resumed.done_before, resumed.done_now), (100, 140));
    assert_eq!(records(&two), expected, "resumed");
    let again = run(&spec(&fixture, &two, 1, None));
    assert_eq!(again.done_now, 0);
}

/// Shard 2 marked as made by another build: refused, naming both builds; allowed, the merge
/// records the other build.
fn mixed_builds_are_refused_unless_allowed(dir: &Path, shards: &[PathBuf]) {
    let mut manifest = rundir::read_manifest(&shards[1]).unwrap().unwrap();
    manifest.build = Some("0th3rb1d".into());
    rundir::write_manifest(&shards[1], &manifest).unwrap();
    let e = merge(&dir.join("mixed"), shards, false)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("different builds") && e.contains("build 0th3rb1d"),
        "{e}"
    );
    let e = merge(&dir.join("merged"), shards, true)
        .unwrap_err()
        .to_string();
    assert!(e.contains("already holds a different run"), "{e}");
    merge(&dir.join("mixed"), shards, true).unwrap();
    let mixed = rundir::read_manifest(&dir.join("mixed")).unwrap().unwrap();
    assert_eq!(mixed.mixed_builds, ["0th3rb1d"]);
}

fn check_prepare_error(spec: &AblationSpec, wants: &[&str]) {
    let e = format!("{:#}", prepare::<Kalah>(spec).err().expect("prepare fails"));
    for want in wants {
        assert!(e.contains(want), "`{e}` lacks `{want}`");
    }
}

#[test]
fn bad_runs_fail_before_writing() {
    let dir = temp_dir("bad-runs");
    let fixture = small_fixture(&dir, 1, 2);
    let out = dir.join("run");
    let mut base = spec(&fixture, &out, 1, None);
    base.depths = vec![1];
    run(&base);
    check_prepare_error(
        &AblationSpec {
            depths: vec![1, 2],
            ..base.clone()
        },
        &["different spec", "depths: 1 there, 1,2 now"],
    );
    check_prepare_error(
        &AblationSpec {
            plan: Plan::AddOne,
            ..base.clone()
        },
        &["plan: add-one+leave-one-out there, add-one now"],
    );
    check_prepare_error(
        &AblationSpec {
            max_nodes: Some(9),
            ..base.clone()
        },
        &["max nodes: none there, 9 now"],
    );
    check_prepare_error(
        &AblationSpec {
            positions: Some(5),
            ..base.clone()
        },
        &["--positions 5", "holds 1..=2 positions"],
    );
    check_prepare_error(
        &AblationSpec {
            eval: Some("nope".into()),
            ..base.clone()
        },
        &["unknown evaluation `nope`"],
    );
    check_prepare_error(
        &AblationSpec {
            game: "kalah:6,3".into(),
            ..base.clone()
        },
        &["not kalah:6,3,standard"],
    );
    check_prepare_error(
        &AblationSpec {
            label: Some("a/b".into()),
            ..base.clone()
        },
        &["--label `a/b`"],
    );
    let manifest = rundir::read_manifest(&out).unwrap().unwrap();
    let other = Manifest {
        depths: vec![],
        shard: Some("1/2".into()),
        ..manifest.clone()
    };
    assert_eq!(
        describe(&differences(&manifest, &other), ("there", "now")),
        "shard: none there, 1/2 now; depths: 1 there, none now"
    );
    let not_a_run = dir.join("other");
    std::fs::create_dir_all(&not_a_run).unwrap();
    std::fs::write(not_a_run.join("notes.txt"), "x").unwrap();
    check_prepare_error(
        &AblationSpec {
            out: Some(not_a_run),
            ..base.clone()
        },
        &["is not a run folder"],
    );
    std::fs::write(out.join(rundir::RECORDS), "{\"position\":1}\n").unwrap();
    check_prepare_error(&base, &["records.jsonl line 1: not a record"]);
    std::fs::write(out.join(rundir::MANIFEST), "{").unwrap();
    check_prepare_error(&base, &["manifest.json: not a manifest of a run folder"]);
    let fresh = dir.join("fresh");
    check_prepare_error(
        &AblationSpec {
            fixture: dir.join("missing.json"),
            out: Some(fresh.clone()),
            ..base
        },
        &["missing.json"],
    );
    assert!(!fresh.exists());
}

#[test]
fn a_run_of_another_build_resumes_only_when_allowed() {
    let dir = temp_dir("builds");
    let fixture = small_fixture(&dir, 1, 2);
    let out = dir.join("run");
    let base = AblationSpec {
        depths: vec![1],
        ..spec(&fixture, &out, 1, None)
    };
    run(&base);
    let mut manifest = rundir::read_manifest(&out).unwrap().unwrap();
    manifest.build = Some("another".into());
    rundir::write_manifest(&out, &manifest).unwrap();
    check_prepare_error(&base, &["made by build another", "--allow-mixed-builds"]);
    let allowed = AblationSpec {
        allow_mixed_builds: true,
        ..base
    };
    run(&allowed);
    let manifest = rundir::read_manifest(&out).unwrap().unwrap();
    assert_eq!(manifest.build.as_deref(), Some("another"));
    assert_eq!(manifest.mixed_builds, [provenance::SOURCE_HASH]);
    run(&allowed);
    let again = rundir::read_manifest(&out).unwrap().unwrap();
    assert_eq!(again.mixed_builds.len(), 1, "a build is recorded once");
}

#[test]
fn repeated_searches_keep_every_time_and_the_same_counts() {
    let dir = temp_dir("repeat");
    let fixture = small_fixture(&dir, 1, 2);
    let once = dir.join("once");
    let thrice = dir.join("thrice");
    let base = AblationSpec {
        depths: vec![1, 2],
        ..spec(&fixture, &once, 2, None)
    };
    run(&base);
    run(&AblationSpec {
        repeat: 3,
        out: Some(thrice.clone()),
        ..base
    });
    let (a, b) = (
        rundir::read_records(&once).unwrap().records,
        rundir::read_records(&thrice).unwrap().records,
    );
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(&b) {
        assert!(same_search(x, y), "{} differs", x.id());
        assert!(x.result.ns_repeats.is_empty());
        let mut times = y.result.ns_repeats.clone();
        assert_eq!(times.len(), 3);
        times.sort_unstable();
        assert_eq!(y.result.ns, times[1], "the median");
        let mut cpu = y.result.cpu_repeats.clone();
        assert_eq!(cpu.len(), 3);
        cpu.sort_unstable();
        assert_eq!(y.result.cpu_ns, Some(cpu[1]), "the median CPU time");
        // One thread's CPU time never exceeds the wall time it ran in.
        assert!(y
            .result
            .cpu_repeats
            .iter()
            .zip(&y.result.ns_repeats)
            .all(|(c, w)| c <= w));
    }
    assert_eq!(rundir::read_manifest(&thrice).unwrap().unwrap().repeat, 3);
}

#[test]
fn records_compare_without_time() {
    let dir = temp_dir("same");
    let fixture = small_fixture(&dir, 1, 1);
    let out = dir.join("run");
    run(&AblationSpec {
        depths: vec![2],
        ..spec(&fixture, &out, 1, None)
    });
    let records = rundir::read_records(&out).unwrap().records;
    let mut other = records[0].clone();
    other.result.ns += 5;
    other.result.cpu_ns = other.result.cpu_ns.map(|ns| ns + 5);
    assert!(same_search(&records[0], &other));
    other.result.counters.n_nodes += 1;
    assert!(!same_search(&records[0], &other));
}

/// The minimal trees of a run folder, as `cutoff minimal --run` computes them.
fn add_minimal(dir: &Path, max_depth: Option<u32>, jobs: usize) -> MinimalEnd {
    let spec = MinimalSpec {
        max_depth,
        positions: None,
        jobs,
    };
    add_minimal_trees::<Kalah>(dir, &spec, &mut (), &AtomicBool::new(false)).unwrap()
}

#[test]
fn minimal_trees_of_a_run_are_the_search_modules_resume_and_do_not_depend_on_threads() {
    let dir = temp_dir("minimal");
    let fixture = small_fixture(&dir, 1, 3);
    let one = dir.join("one");
    run(&spec(&fixture, &one, 1, None));
    let end = add_minimal(&one, Some(3), 1);
    assert_eq!((end.total, end.done_before, end.done_now), (9, 0, 9));
    let file = |d: &Path| std::fs::read_to_string(d.join(rundir::MINIMAL)).unwrap();
    let trees = rundir::read_run(&one).unwrap().minimal;
    let positions = load_fixture::<Kalah>(&fixture).unwrap().positions;
    for tree in &trees {
        let game = &positions
            .iter()
            .find(|(id, _)| *id == tree.position)
            .unwrap()
            .1;
        let direct = minimal_tree(game, tree.depth, Kalah::DEFAULT_EVAL, &Params::default());
        assert_eq!(
            (tree.n_nodes, tree.n_leaves, tree.score),
            (direct.n_nodes, direct.n_leaves, direct.score)
        );
    }
    let lines = file(&one);
    let in_file = lines
        .lines()
        .map(|l| serde_json::from_str::<MinimalRecord>(l).unwrap());
    let in_file: Vec<(u32, String)> = in_file.map(|t| (t.depth, t.position)).collect();
    let mut sorted = in_file.clone();
    sorted.sort();
    assert_eq!(in_file, sorted, "the file is sorted by depth and position");
    assert_eq!(in_file.len(), 9, "depths 1 to 3 of 3 positions");

    // Two threads write the same bytes; a torn line and a lost one are computed again.
    let two = dir.join("two");
    run(&spec(&fixture, &two, 2, None));
    add_minimal(&two, Some(3), 2);
    assert_eq!(file(&two), file(&one), "--jobs 2");
    let text = file(&two);
    let cut: usize = text.lines().take(6).map(|l| l.len() + 1).sum::<usize>() + 20;
    std::fs::write(two.join(rundir::MINIMAL), &text[..cut]).unwrap();
    let resumed = add_minimal(&two, Some(3), 2);
    assert_eq!((resumed.done_before, resumed.done_now), (6, 3));
    assert_eq!(file(&two), file(&one), "resumed");
    let rest = add_minimal(&two, None, 2);
    assert_eq!((rest.total, rest.done_before, rest.done_now), (12, 9, 3));
}

#[test]
fn minimal_trees_refuse_a_changed_fixture_and_unplanned_depths() {
    let dir = temp_dir("minimal-errors");
    let fixture = small_fixture(&dir, 1, 3);
    let out = dir.join("run");
    run(&spec(&fixture, &out, 1, None));
    let error = |max_depth| {
        let spec = MinimalSpec {
            max_depth,
            positions: None,
            jobs: 1,
        };
        let stop = AtomicBool::new(false);
        let result = add_minimal_trees::<Kalah>(&out, &spec, &mut (), &stop);
        format!("{:#}", result.unwrap_err())
    };
    assert!(error(Some(0)).contains("the run's depths are [1, 2, 3, 4]"));
    small_fixture(&dir, 2, 3);
    assert!(error(None).contains("the positions are not the run's"));
}
