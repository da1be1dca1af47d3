use super::*;
use crate::game::kalah::Kalah;
use std::path::PathBuf;

fn kalah_file() -> (PathBuf, BenchFile) {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/bench/kalah.json");
    let bench = BenchFile::read(&file).unwrap();
    (file, bench)
}

/// The Kalah bench positions, searched shallower than `cutoff bench` does.
fn kalah_bench() -> GameCounts {
    let (file, mut bench) = kalah_file();
    bench.searches = serde_json::from_str(
        r#"[{"config": "all", "depth": 10}, {"config": "alphabeta", "depth": 6}]"#,
    )
    .unwrap();
    bench.solve.clear();
    bench_game::<Kalah>(&bench, &file, &[], &mut |_, _| {}).unwrap()
}

#[test]
fn the_same_bench_twice_in_one_process_counts_the_same() {
    let first = kalah_bench();
    assert_eq!(first.len(), 13);
    assert_eq!(first, kalah_bench());
}

#[test]
fn a_changed_count_is_listed_with_its_position_and_configuration() {
    let mut expected = Signature::default();
    expected.games.insert("kalah".into(), kalah_bench());
    let mut actual = expected.clone();
    *actual
        .games
        .get_mut("kalah")
        .unwrap()
        .get_mut("random-03")
        .unwrap()
        .get_mut("all@d10")
        .unwrap() += 5;
    actual.games.get_mut("kalah").unwrap().remove("random-12");
    let diff = expected.diff(&actual);
    assert_eq!(diff.len(), 3, "{diff:?}");
    assert!(
        diff[0].starts_with("kalah random-03 all@d10: expected ") && diff[0].ends_with("(+5)"),
        "{diff:?}"
    );
    assert!(
        diff[1].starts_with("kalah random-12 ") && diff[1].ends_with("got nothing"),
        "{diff:?}"
    );
    assert!(expected.diff(&expected).is_empty());
}

#[test]
fn a_search_with_parameters_has_its_own_key_and_count() {
    let (file, mut bench) = kalah_file();
    bench.searches = serde_json::from_str(
        r#"[{"config": "alphabeta+id+aspiration", "depth": 6},
            {"config": "alphabeta+id+aspiration", "depth": 6, "params": ["aspiration-window=1"]}]"#,
    )
    .unwrap();
    let counts = bench_game::<Kalah>(&bench, &file, &[], &mut |_, _| {}).unwrap();
    let start = &counts["start"];
    let default = start["alphabeta+id+aspiration@d6"];
    let narrow = start["alphabeta+id+aspiration[aspiration-window=1]@d6"];
    assert_ne!(
        default, narrow,
        "a window of 1 must re-search and change the count"
    );
}

/// A node budget and a game string of its own are part of a search's key; the budget ends
/// the search there, and another start gives other counts.
#[test]
fn a_budget_or_a_rule_variant_has_its_own_key() {
    let (file, mut bench) = kalah_file();
    bench.solve.clear();
    // The first positions, whose moves are legal under both rule sets.
    bench.positions.truncate(4);
    bench.searches = serde_json::from_str(
        r#"[{"config": "alphabeta+id", "depth": 12},
            {"config": "alphabeta+id", "depth": 12, "node_budget": 500},
            {"config": "alphabeta+id", "depth": 12, "game": "kalah:6,4,empty-capture"}]"#,
    )
    .unwrap();
    let counts = bench_game::<Kalah>(&bench, &file, &[], &mut |_, _| {}).unwrap();
    let start = &counts["random-03"];
    let plain = start["alphabeta+id@d12"];
    let budget = start["alphabeta+id[node-budget=500]@d12"];
    let variant = start["alphabeta+id[game=kalah:6,4,empty-capture]@d12"];
    assert!(budget <= 501 && budget < plain, "{budget} of {plain}");
    assert_ne!(variant, plain);
    bench.searches =
        serde_json::from_str(r#"[{"config": "all", "depth": 2, "game": "gomoku"}]"#).unwrap();
    let e = bench_game::<Kalah>(&bench, &file, &[], &mut |_, _| {}).unwrap_err();
    assert!(
        format!("{e:#}").contains("game `gomoku` is not kalah"),
        "{e:#}"
    );
}

/// The solver section counts the solver's nodes under its own key, for Kalah only.
#[test]
fn the_solver_section_counts_the_solvers_nodes() {
    let (file, mut bench) = kalah_file();
    bench.searches.clear();
    bench.positions.clear();
    bench.solve =
        serde_json::from_str(r#"[{"id": "small", "game": "kalah:3,2,standard", "moves": "1"}]"#)
            .unwrap();
    let counts = bench_game::<Kalah>(&bench, &file, &[], &mut |_, _| {}).unwrap();
    let game = Kalah::from_options("3,2,standard").and_then(|mut g| {
        g.play_moves("1")?;
        Ok(g)
    });
    let settings = crate::solve::Settings {
        tt_mb: 1,
        endgame_mb: 1,
    };
    let solution = crate::solve::solve(&game.unwrap(), settings, &mut || false).unwrap();
    assert_eq!(counts["small"][SOLVE_KEY], solution.nodes);
    let e = bench_game::<crate::game::tictactoe::TicTacToe>(&bench, &file, &[], &mut |_, _| {})
        .unwrap_err();
    assert!(
        format!("{e:#}").contains("the solver plays kalah, not tictactoe"),
        "{e:#}"
    );
}

#[test]
fn a_bad_search_is_named_with_its_file() {
    let (file, mut bench) = kalah_file();
    for (search, error) in [
        (
            r#"{"config": "alphabeta+nonsense", "depth": 4}"#,
            "nonsense",
        ),
        (r#"{"config": "all", "depth": 0}"#, "depth 0"),
        (
            r#"{"config": "all", "depth": 4, "params": ["no-such=1"]}"#,
            "no-such",
        ),
    ] {
        bench.searches = vec![serde_json::from_str(search).unwrap()];
        let e = bench_game::<Kalah>(&bench, &file, &[], &mut |_, _| {}).unwrap_err();
        let text = format!("{e:#}");
        assert!(
            text.contains("kalah.json") && text.contains(error),
            "{text}"
        );
    }
}

/// The cheapest bench positions of every registered game, searched as `cutoff bench` does,
/// must give the counts of `fixtures/expected/bench.json`: a change that moves a node count
/// fails `cargo test`, not only the signature check of CI.
#[test]
fn the_cheapest_bench_positions_keep_their_expected_counts() {
    const PER_GAME: usize = 6;
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let expected = Signature::read(&root.join("fixtures/expected/bench.json")).unwrap();
    for &id in crate::game::GameId::ALL {
        let file = root.join(format!("fixtures/bench/{}.json", id.name()));
        let mut bench = BenchFile::read(&file).unwrap();
        let counts = &expected.games[id.name()];
        let cost = |p: &BenchPosition| counts[&p.id].values().sum::<u64>();
        bench.positions.sort_by_key(cost);
        bench.positions.truncate(PER_GAME);
        let got =
            crate::dispatch_game!(id, G => bench_game::<G>(&bench, &file, &[], &mut |_, _| {}))
                .unwrap();
        for (position, found) in &got {
            assert_eq!(
                found,
                &counts[position],
                "{} {position}: node counts moved; if that is intended, run `cutoff bench \
                 --update` and say so in the commit",
                id.name()
            );
        }
    }
}
