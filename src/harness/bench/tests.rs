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
