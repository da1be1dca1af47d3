//! Where the root values part (`--part DIR`): for every Kalah position of `DIR/records.jsonl`
//! whose `Negamax` root value differs from our `alphabeta`'s (or `IterativeSearch`'s from our
//! ID+TT+PVS's: the same pair of values, asserted), the line from the root to the
//! finished game that makes the difference, written to `DIR/parting.md`.
//!
//! Both engines search the same tree with the same evaluation; they differ in what a
//! finished game is worth: ours scores Kalah's final store margin (`Game::terminal_score`),
//! minimax-rs a win or a loss without margin (`peer_terminal`). The line is found with the
//! plain alpha-beta under each of the two scorings: at a node whose two values differ, the
//! side to move's best move under the scoring that values the node higher has two different
//! values too, so following it from the root ends at a finished game scored differently
//! (the search asserts it on the way).

use super::peer_terminal;
use super::plain::PlainSearch;
use cutoff::game::kalah::Kalah;
use cutoff::game::{Game, Score};
use cutoff::harness::fixtures::load_fixture;
use minimax::BEST_EVAL;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// One node of the line: its ply, the move taken there, and the values of the node and of
/// that move, all from the root side's view, under ours and under minimax-rs's scoring.
struct Step {
    ply: usize,
    node: (Score, Score),
    mv: String,
    child: (Score, Score),
}

/// Writes `dir/parting.md` from `dir/records.jsonl`.
pub fn write(dir: &Path, fixtures: &Path) -> std::io::Result<()> {
    let text = std::fs::read_to_string(dir.join("records.jsonl"))?;
    let mut roots: BTreeMap<(String, u32, String), BTreeMap<String, Score>> = BTreeMap::new();
    for line in text.lines() {
        let r: serde_json::Value = serde_json::from_str(line)?;
        let game = r["game"].as_str().unwrap_or_default();
        if r["repeat"] != 0 || !game.starts_with("kalah") {
            continue;
        }
        let key = (
            r["set"].as_str().unwrap_or_default().to_string(),
            r["depth"].as_u64().unwrap_or_default() as u32,
            r["position"].as_str().unwrap_or_default().to_string(),
        );
        let score = r["score"].as_i64().unwrap_or_default() as Score;
        let engine = r["engine"].as_str().unwrap_or_default().to_string();
        roots.entry(key).or_default().insert(engine, score);
    }
    let mut out = String::from(
        "# Where the root values part\n\nMade by `cargo bench -p cutoff --bench peers -- \
         --part DIR` from `records.jsonl` (`benches/peers/part.rs`). Values are from the \
         root side's view: `ours` scores a finished game by its store margin, `win/loss` \
         as minimax-rs does (a win or loss `N` plies from the root, no margin); `ours` at \
         the root is our `alphabeta`'s value, `win/loss` there is minimax-rs `Negamax`'s.\n",
    );
    let mut plain = PlainSearch::<Kalah>::new();
    for ((set, depth, id), scores) in &roots {
        let (ours, negamax) = (scores["alphabeta"], scores["minimax-rs-negamax"]);
        let (id_tt_pvs, iterative) = (scores[super::ID_TT_PVS], scores["minimax-rs-iterative"]);
        if super::peer_value(ours) == negamax && super::peer_value(id_tt_pvs) == iterative {
            continue;
        }
        assert_eq!(
            (id_tt_pvs, iterative),
            (ours, negamax),
            "the searches with tables part as the plain ones"
        );
        let fixture = load_fixture::<Kalah>(&fixtures.join(format!("kalah/{set}.json")))
            .expect("the records' fixture set loads");
        let game = &fixture
            .positions
            .iter()
            .find(|(p, _)| p == id)
            .expect("a position")
            .1;
        let (steps, end) = parting_line(game, *depth, &mut plain);
        assert_eq!(
            steps[0].node,
            (ours, negamax),
            "the line's root is the records'"
        );
        render(&mut out, set, *depth, id, &steps, &end);
    }
    std::fs::write(dir.join("parting.md"), out)
}

/// The values of each move of `game`, `ply` plies below the root and `depth` above the
/// horizon, for the side to move: (ours, win/loss).
fn move_values(
    game: &mut Kalah,
    depth: u32,
    ply: usize,
    plain: &mut PlainSearch<Kalah>,
) -> Vec<(u8, Score, Score)> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let side = game.side_to_move();
    let eval = &Kalah::DEFAULT_EVAL;
    let below = ply + 1;
    moves
        .into_iter()
        .map(|mv| {
            let undo = game.make(mv);
            assert_ne!(game.side_to_move(), side, "course turns alternate");
            let ours = plain.search(game, depth - 1, eval, |g: &Kalah, p| {
                g.terminal_score(below + p)
            });
            let win_loss = plain.search(game, depth - 1, eval, move |g: &Kalah, p| {
                peer_terminal(g, below + p)
            });
            game.unmake(mv, undo);
            (mv, -ours.score, -win_loss.score)
        })
        .collect()
}

/// The line from the root of `game` searched to `depth` to the finished game where the two
/// scorings part, and that finished game.
fn parting_line(game: &Kalah, depth: u32, plain: &mut PlainSearch<Kalah>) -> (Vec<Step>, Kalah) {
    let mut game = game.clone();
    let mut steps = Vec::new();
    while game.outcome().is_none() {
        let ply = steps.len();
        assert!(
            (ply as u32) < depth,
            "at the horizon both scorings evaluate alike"
        );
        let values = move_values(&mut game, depth - ply as u32, ply, plain);
        let ours = values.iter().map(|v| v.1).max().expect("a move");
        let win_loss = values.iter().map(|v| v.2).max().expect("a move");
        assert_ne!(ours, win_loss, "the values differ along the line");
        // Of the best moves under the scoring that values the node higher, the first with
        // the best value under ours: the line keeps to our value where it can.
        let &(mv, child_ours, child_win_loss) = values
            .iter()
            .filter(|v| {
                if ours > win_loss {
                    v.1 == ours
                } else {
                    v.2 == win_loss
                }
            })
            .rev()
            .max_by_key(|v| v.1)
            .expect("a best move");
        let sign = if ply % 2 == 0 { 1 } else { -1 };
        steps.push(Step {
            ply,
            node: (sign * ours, sign * win_loss),
            mv: game.format_move(mv),
            child: (sign * child_ours, sign * child_win_loss),
        });
        game.make(mv);
    }
    (steps, game)
}

/// A value as minimax-rs's scoring reads: a win or loss and its ply, or the number.
fn shown(score: Score) -> String {
    let win = Score::from(BEST_EVAL) + 1;
    match score {
        s if s > win - 100 => format!("win at ply {}", win - s),
        s if s < -(win - 100) => format!("loss at ply {}", win + s),
        s => s.to_string(),
    }
}

fn render(out: &mut String, set: &str, depth: u32, id: &str, steps: &[Step], end: &Kalah) {
    let root_margin = if steps.len() % 2 == 0 {
        end.terminal_score(steps.len())
    } else {
        end.terminal_score(steps.len()).map(|m| -m)
    };
    let _ = write!(
        out,
        "\n## {set} {id}, depth {depth}\n\n\
         | ply | to move | node: ours | node: win/loss | move | move: ours | move: win/loss |\n\
         | ---: | --- | ---: | ---: | ---: | ---: | ---: |\n"
    );
    for s in steps {
        let mover = if s.ply % 2 == 0 {
            "root side"
        } else {
            "opponent"
        };
        let _ = writeln!(
            out,
            "| {} | {mover} | {} | {} | {} | {} | {} |",
            s.ply,
            shown(s.node.0),
            shown(s.node.1),
            s.mv,
            shown(s.child.0),
            shown(s.child.1)
        );
    }
    let _ = write!(
        out,
        "\nThe game ends at ply {}, the root side's store margin {}:\n\n```\n{}\n```\n",
        steps.len(),
        root_margin.expect("a finished game"),
        end.board_string().trim_end()
    );
}
