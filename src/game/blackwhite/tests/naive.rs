//! A deliberately naive second implementation of Black & White, written from RULES.md
//! section 5 without the bitboards, shifts, hashes or move encoding of the real one: a 5x5
//! array of cells, coordinates checked one by one, every earlier position kept whole and
//! scanned linearly. Perft to depth 4 and the outcome of 200 random positions (seeded
//! ChaCha walks that shuttle pieces back and forth to make repetitions, through the
//! movement phase up to the ply limit) must agree with `BlackWhite`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::super::BlackWhite;
use crate::game::perft::perft;
use crate::game::{Game, Outcome};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Empty,
    White,
    Black,
}

type Board = [[Cell; 5]; 5];

/// A move as coordinates (column, row); `from` is `None` for a placement.
#[derive(Clone, Copy, Debug)]
struct NaiveMove {
    from: Option<(usize, usize)>,
    to: (usize, usize),
}

struct Naive {
    /// `board[row][column]`, row 0 = row 1.
    board: Board,
    to_move: Cell,
    plies: usize,
    /// Every position so far, the current one included: board and side to move.
    seen: Vec<(Board, Cell)>,
}

fn other(cell: Cell) -> Cell {
    match cell {
        Cell::White => Cell::Black,
        _ => Cell::White,
    }
}

fn name((column, row): (usize, usize)) -> String {
    format!("{}{}", (b'a' + column as u8) as char, row + 1)
}

impl Naive {
    fn new() -> Naive {
        let board = [[Cell::Empty; 5]; 5];
        Naive {
            board,
            to_move: Cell::White,
            plies: 0,
            seen: vec![(board, Cell::White)],
        }
    }

    fn at(&self, column: i32, row: i32) -> Option<Cell> {
        let inside = (0..5).contains(&column) && (0..5).contains(&row);
        inside.then(|| self.board[row as usize][column as usize])
    }

    fn has_line(&self, cell: Cell) -> bool {
        let mut lines: Vec<Vec<(usize, usize)>> = Vec::new();
        for i in 0..5 {
            lines.push((0..5).map(|j| (j, i)).collect());
            lines.push((0..5).map(|j| (i, j)).collect());
        }
        lines.push((0..5).map(|j| (j, j)).collect());
        lines.push((0..5).map(|j| (4 - j, j)).collect());
        lines
            .iter()
            .any(|line| line.iter().all(|&(c, r)| self.board[r][c] == cell))
    }

    fn moves(&self) -> Vec<NaiveMove> {
        let mut moves = Vec::new();
        for row in 0..5 {
            for column in 0..5 {
                if self.plies < 10 {
                    if self.board[row][column] == Cell::Empty {
                        moves.push(NaiveMove {
                            from: None,
                            to: (column, row),
                        });
                    }
                    continue;
                }
                if self.board[row][column] != self.to_move {
                    continue;
                }
                for (dc, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let (c, r) = (column as i32, row as i32);
                    let one = self.at(c + dc, r + dr);
                    let two = self.at(c + 2 * dc, r + 2 * dr);
                    let to = if one == Some(Cell::Empty) {
                        (c + dc, r + dr)
                    } else if one == Some(other(self.to_move)) && two == Some(Cell::Empty) {
                        (c + 2 * dc, r + 2 * dr)
                    } else {
                        continue;
                    };
                    moves.push(NaiveMove {
                        from: Some((column, row)),
                        to: (to.0 as usize, to.1 as usize),
                    });
                }
            }
        }
        moves
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.has_line(other(self.to_move)) || self.moves().is_empty() {
            return Some(Outcome::Loss);
        }
        let now = (self.board, self.to_move);
        let occurrences = self.seen.iter().filter(|&&seen| seen == now).count();
        (occurrences >= 3 || self.plies >= 200).then_some(Outcome::Draw)
    }

    fn play(&mut self, mv: NaiveMove) {
        let (column, row) = mv.to;
        self.board[row][column] = self.to_move;
        if let Some((fc, fr)) = mv.from {
            self.board[fr][fc] = Cell::Empty;
            if fc.abs_diff(column) == 2 || fr.abs_diff(row) == 2 {
                self.board[(fr + row) / 2][(fc + column) / 2] = self.to_move;
            }
        }
        self.to_move = other(self.to_move);
        self.plies += 1;
        self.seen.push((self.board, self.to_move));
    }

    fn undo(&mut self) {
        self.seen.pop();
        let &(board, to_move) = self.seen.last().unwrap();
        self.board = board;
        self.to_move = to_move;
        self.plies -= 1;
    }

    fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome().is_some() {
            return 0;
        }
        let mut total = 0;
        for mv in self.moves() {
            self.play(mv);
            total += self.perft(depth - 1);
            self.undo();
        }
        total
    }

    fn move_names(&self) -> Vec<String> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let mut names: Vec<String> = self
            .moves()
            .iter()
            .map(|mv| match mv.from {
                None => name(mv.to),
                Some(from) => format!("{}-{}", name(from), name(mv.to)),
            })
            .collect();
        names.sort();
        names
    }

    fn play_named(&mut self, text: &str) {
        let mv = self
            .moves()
            .into_iter()
            .find(|mv| match mv.from {
                None => name(mv.to) == text,
                Some(from) => format!("{}-{}", name(from), name(mv.to)) == text,
            })
            .unwrap_or_else(|| panic!("naive: {text} is not legal"));
        self.play(mv);
    }
}

fn sorted_names(game: &BlackWhite) -> Vec<String> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(|&mv| game.format_move(mv)).collect();
    names.sort();
    names
}

/// A random walk of up to `plies` plies that stops before a move that would end the game:
/// after each own step, the side steps back with probability `back` the next time, so
/// that placements recur.
fn random_walk(rng: &mut ChaCha8Rng, plies: usize, back: f64) -> Vec<String> {
    let mut game = BlackWhite::new();
    let mut played: Vec<String> = Vec::new();
    for _ in 0..plies {
        let moves = sorted_names(&game);
        if moves.is_empty() {
            break;
        }
        let reverse = played.len().checked_sub(2).and_then(|i| {
            let (from, to) = played[i].split_once('-')?;
            let reverse = format!("{to}-{from}");
            moves.contains(&reverse).then_some(reverse)
        });
        let text = match reverse {
            Some(reverse) if rng.gen_bool(back) => reverse,
            _ => moves[rng.gen_range(0..moves.len())].clone(),
        };
        game.play_moves(&text).unwrap();
        if game.outcome().is_some() {
            break;
        }
        played.push(text);
    }
    played
}

/// Whether a move from `game` draws.
fn has_drawing_move(game: &mut BlackWhite) -> bool {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves.into_iter().any(|mv| {
        let undo = game.make(mv);
        let draw = game.outcome() == Some(Outcome::Draw);
        game.unmake(mv, undo);
        draw
    })
}

/// Replays `walk` in both implementations, comparing the moves and the outcome at every
/// ply, then perft 1 to `depth` at the end.
fn check(walk: &[String], depth: u32) {
    let mut game = BlackWhite::new();
    let mut naive = Naive::new();
    for (i, text) in walk.iter().enumerate() {
        let at = format!("after {} plies of {}", i, walk.join(","));
        assert_eq!(sorted_names(&game), naive.move_names(), "moves {at}");
        assert_eq!(game.outcome(), naive.outcome(), "outcome {at}");
        game.play_moves(text).unwrap();
        naive.play_named(text);
    }
    assert_eq!(game.outcome(), naive.outcome(), "outcome at the end of {walk:?}");
    for d in 1..=depth {
        let expected = naive.perft(d);
        assert_eq!(perft(&mut game, d), expected, "perft({d}) after {walk:?}");
    }
}

#[test]
fn perft_agrees_with_the_naive_implementation_on_200_random_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x6277_0001);
    let (mut movement, mut draws, mut late) = (0, 0, 0);
    for _ in 0..200 {
        let plies = rng.gen_range(0..=205);
        let back = rng.gen_range(0.0..0.5);
        let walk = random_walk(&mut rng, plies, back);
        check(&walk, 4);
        let mut game = BlackWhite::new();
        game.play_moves(&walk.join(",")).unwrap();
        movement += usize::from(game.ply() >= 10);
        draws += usize::from(has_drawing_move(&mut game));
        late += usize::from(game.ply() > 196);
    }
    // The roots reach the movement phase, a move away from a repetition or the ply limit,
    // so those rules are exercised inside the trees.
    assert!(
        movement > 150 && draws > 40 && late > 0,
        "{movement} in movement, {draws} a move from a draw, {late} beyond ply 196"
    );
}

/// One case of `fixtures/reference/blackwhite-perft.json`; other fields are ignored.
#[derive(serde::Deserialize)]
struct Case {
    id: String,
    moves: Vec<String>,
    perft: Vec<u64>,
}

#[derive(serde::Deserialize)]
struct ReferenceFile {
    cases: Vec<Case>,
}

/// The reference file's counts come from `BlackWhite` (the rules contract replays them);
/// here the naive implementation vouches for them up to depth 4.
#[test]
fn the_reference_file_agrees_with_the_naive_implementation() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/reference/blackwhite-perft.json");
    let file: ReferenceFile =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(file.cases.len() >= 8);
    for case in &file.cases {
        let mut naive = Naive::new();
        case.moves.iter().for_each(|text| naive.play_named(text));
        for (depth, &expected) in (1..=4).zip(&case.perft) {
            assert_eq!(naive.perft(depth), expected, "{}: perft({depth})", case.id);
        }
    }
}
