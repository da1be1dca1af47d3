//! The side-by-side tables: per game and depth, each engine's median time and nodes per
//! position (medians over the repeats), summed over the positions; per-node time is the
//! summed time over the summed nodes. `results/*/check.py` recomputes them from the records.

use super::{peer_value, Engine, Record, ENGINES};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Per engine: summed median ns and summed median nodes over the positions.
type Sums = BTreeMap<Engine, (f64, f64)>;

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

fn engine_of(name: &str) -> Engine {
    *ENGINES
        .iter()
        .find(|e| e.name() == name)
        .expect("a known engine")
}

/// Sums per (game, depth).
fn sums(records: &[Record]) -> BTreeMap<(String, u32), Sums> {
    let mut per_position: BTreeMap<(String, u32, Engine, &str), Vec<&Record>> = BTreeMap::new();
    for r in records {
        per_position
            .entry((r.game.clone(), r.depth, engine_of(r.engine), &r.position))
            .or_default()
            .push(r);
    }
    let mut out: BTreeMap<(String, u32), Sums> = BTreeMap::new();
    for ((game, depth, engine, _), rs) in per_position {
        let ns = median(rs.iter().map(|r| r.ns as f64).collect());
        let nodes = median(rs.iter().map(|r| r.nodes as f64).collect());
        let entry = out
            .entry((game, depth))
            .or_default()
            .entry(engine)
            .or_default();
        entry.0 += ns;
        entry.1 += nodes;
    }
    out
}

/// Positions, and root values of `Negamax` and `IterativeSearch` equal to ours (wins and
/// losses without their distance), per (game, depth), at repeat 0.
fn checks(records: &[Record]) -> BTreeMap<(String, u32), (usize, usize, usize)> {
    let mut out: BTreeMap<(String, u32), (usize, usize, usize)> = BTreeMap::new();
    let first: Vec<&Record> = records.iter().filter(|r| r.repeat == 0).collect();
    for pair in first.chunks(ENGINES.len()) {
        let entry = out
            .entry((pair[0].game.clone(), pair[0].depth))
            .or_default();
        entry.0 += 1;
        entry.1 += usize::from(peer_value(pair[0].score) == pair[1].score);
        entry.2 += usize::from(peer_value(pair[3].score) == pair[4].score);
    }
    out
}

/// The summary as Markdown.
pub fn render(records: &[Record]) -> String {
    let mut out = String::from(
        "# minimax-rs 0.6 side by side\n\n\
         Per game and depth: each engine's median over the repeats per position, summed over \
         the positions; times are the searching thread's CPU time. ns/node = summed time / summed nodes. Ratios are ours / minimax-rs for \
         time per node (below 1: ours is faster) and minimax-rs / ours for time to depth \
         (above 1: ours is faster).\n\n\
         ## Plain alpha-beta: per node\n\n\
         | game | depth | alphabeta ns/node | Negamax ns/node | ours/Negamax | plain ns/node | alphabeta/plain | alphabeta nodes | Negamax nodes | Negamax/ours time to depth | Negamax value = ours |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n",
    );
    let sums = sums(records);
    let checks = checks(records);
    let per_node = |s: &Sums, e: Engine| s[&e].0 / s[&e].1;
    for ((game, depth), s) in &sums {
        let (ab, nm, pl) = (Engine::AlphaBeta, Engine::Negamax, Engine::Plain);
        let (positions, same, _) = checks[&(game.clone(), *depth)];
        writeln!(
            out,
            "| {game} | {depth} | {:.1} | {:.1} | {:.2} | {:.1} | {:.2} | {:.0} | {:.0} | {:.2} | {same} of {positions} |",
            per_node(s, ab),
            per_node(s, nm),
            per_node(s, ab) / per_node(s, nm),
            per_node(s, pl),
            per_node(s, ab) / per_node(s, pl),
            s[&ab].1,
            s[&nm].1,
            s[&nm].0 / s[&ab].0,
        )
        .unwrap();
    }
    out.push_str(
        "\n## Iterative deepening with a table and null windows: time to depth\n\n\
         | game | depth | ours ms | IterativeSearch ms | IterativeSearch/ours time to depth | ours ns/node | IterativeSearch ns/node | ours/IterativeSearch per node | ours nodes | IterativeSearch nodes | same root value |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n",
    );
    for ((game, depth), s) in &sums {
        let (id, it) = (Engine::IdTtPvs, Engine::Iterative);
        let (positions, _, agree) = checks[&(game.clone(), *depth)];
        writeln!(
            out,
            "| {game} | {depth} | {:.1} | {:.1} | {:.2} | {:.1} | {:.1} | {:.2} | {:.0} | {:.0} | {agree} of {positions} |",
            s[&id].0 / 1e6,
            s[&it].0 / 1e6,
            s[&it].0 / s[&id].0,
            per_node(s, id),
            per_node(s, it),
            per_node(s, id) / per_node(s, it),
            s[&id].1,
            s[&it].1,
        )
        .unwrap();
    }
    out
}
