use super::*;
use crate::game::kalah::Kalah;
use std::path::PathBuf;

fn kalah_bench() -> GameCounts {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/bench/kalah.json");
    bench_game::<Kalah>(
        &file,
        BenchDepths {
            all: 10,
            alphabeta: 6,
        },
        &mut |_, _| {},
    )
    .unwrap()
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
