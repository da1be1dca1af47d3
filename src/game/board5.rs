//! The 5x5 board that Gothello and Black & White share: points as bits of a `u32` (a1 =
//! bit 0, b1 = bit 1, ..., e5 = bit 24, so point = 5 * row + column), one-step shifts in
//! the four orthogonal directions that never wrap around an edge, the twelve lines of five,
//! and the names `a1`..`e5`.
//!
//! It knows no rules: which stones may move or flip is each game's business.

/// Every point of the board.
pub const FULL: u32 = (1 << 25) - 1;
/// The points of column a (the west edge).
const COLUMN_A: u32 = 0b00001_00001_00001_00001_00001;
/// The points of column e (the east edge).
const COLUMN_E: u32 = COLUMN_A << 4;

/// The four orthogonal directions, in the order moves are generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Towards row 5.
    North,
    /// Towards column e.
    East,
    /// Towards row 1.
    South,
    /// Towards column a.
    West,
}

impl Direction {
    /// Every direction, in generation order.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// Every point of `points` moved one step this way; points that would leave the board
    /// drop out.
    pub const fn shift(self, points: u32) -> u32 {
        match self {
            Direction::North => (points << 5) & FULL,
            Direction::East => (points & !COLUMN_E) << 1,
            Direction::South => points >> 5,
            Direction::West => (points & !COLUMN_A) >> 1,
        }
    }

    /// The opposite direction.
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::East => Direction::West,
            Direction::South => Direction::North,
            Direction::West => Direction::East,
        }
    }

    /// The direction of a one- or two-step move from `from` to `to` along a row or column,
    /// with the number of steps; `None` for anything else.
    pub fn between(from: u8, to: u8) -> Option<(Direction, u8)> {
        Direction::ALL.into_iter().find_map(|dir| {
            let one = dir.shift(1 << from);
            let two = dir.shift(one);
            match 1u32 << to {
                bit if bit == one => Some((dir, 1)),
                bit if bit == two => Some((dir, 2)),
                _ => None,
            }
        })
    }
}

/// The orthogonal neighbours of `points` (the points themselves only where they neighbour
/// each other).
pub const fn neighbours(points: u32) -> u32 {
    Direction::North.shift(points)
        | Direction::East.shift(points)
        | Direction::South.shift(points)
        | Direction::West.shift(points)
}

/// The 4-connected group of `within` that contains `seed` (`seed` must be in `within`).
pub fn group(seed: u32, within: u32) -> u32 {
    let mut group = seed;
    loop {
        let grown = (group | neighbours(group)) & within;
        if grown == group {
            return group;
        }
        group = grown;
    }
}

/// The five rows, five columns and two long diagonals.
pub const LINES: [u32; 12] = {
    let mut lines = [0u32; 12];
    let mut i = 0;
    while i < 5 {
        lines[i] = 0b11111 << (5 * i);
        lines[5 + i] = COLUMN_A << i;
        lines[10] |= 1 << (6 * i);
        lines[11] |= 1 << (4 * i + 4);
        i += 1;
    }
    lines
};

/// The points of a set, lowest first.
pub struct Points(pub u32);

impl Iterator for Points {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let point = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(point)
    }
}

/// The name of `point`, `a1` to `e5`.
pub fn point_name(point: u8) -> String {
    format!("{}{}", char::from(b'a' + point % 5), point / 5 + 1)
}

/// The point named `text` (`a1` to `e5`).
pub fn parse_point(text: &str) -> Option<u8> {
    match text.as_bytes() {
        &[column @ b'a'..=b'e', row @ b'1'..=b'5'] => Some(5 * (row - b'1') + (column - b'a')),
        _ => None,
    }
}

/// Rows 5 down to 1, columns a to e, with `marks[side]` for the points of `stones[side]`
/// and `.` for empty points, one row per line.
pub fn picture(stones: [u32; 2], marks: [char; 2]) -> String {
    let mut text = String::new();
    for row in (0..5).rev() {
        text.extend((0..5).map(|column| mark(stones, marks, column, row)));
        text.push('\n');
    }
    text
}

/// The board for a user ([`Game::board_display`](crate::game::Game::board_display)): the
/// marks of [`picture`] with the rows and columns named as in `c3`.
pub fn labelled_picture(stones: [u32; 2], marks: [char; 2]) -> String {
    crate::game::grid_display(5, 5, |column, row| mark(stones, marks, column, row))
}

/// The mark of the point at `column`, `row`: side 0's, side 1's or `.` when empty.
fn mark(stones: [u32; 2], marks: [char; 2], column: usize, row: usize) -> char {
    let bit = 1 << (5 * row + column);
    match (stones[0] & bit != 0, stones[1] & bit != 0) {
        (true, _) => marks[0],
        (_, true) => marks[1],
        _ => '.',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(names: &str) -> u32 {
        names
            .split_whitespace()
            .map(|name| 1 << parse_point(name).unwrap())
            .fold(0, |all, bit| all | bit)
    }

    #[test]
    fn shifts_stop_at_the_edges() {
        assert_eq!(neighbours(points("a1")), points("a2 b1"));
        assert_eq!(neighbours(points("e1")), points("d1 e2"));
        assert_eq!(neighbours(points("a5")), points("a4 b5"));
        assert_eq!(neighbours(points("c3")), points("c2 c4 b3 d3"));
        assert_eq!(Direction::East.shift(points("e2 d2")), points("e2"));
        assert_eq!(Direction::West.shift(points("a2 b2")), points("a2"));
        assert_eq!(Direction::North.shift(points("c5")), 0);
    }

    #[test]
    fn lines_are_the_rows_columns_and_long_diagonals() {
        assert_eq!(LINES[0], points("a1 b1 c1 d1 e1"));
        assert_eq!(LINES[9], points("e1 e2 e3 e4 e5"));
        assert_eq!(LINES[10], points("a1 b2 c3 d4 e5"));
        assert_eq!(LINES[11], points("e1 d2 c3 b4 a5"));
        assert!(LINES.iter().all(|line| line.count_ones() == 5));
    }

    #[test]
    fn names_read_back_and_moves_find_their_direction() {
        for point in 0..25 {
            assert_eq!(parse_point(&point_name(point)), Some(point));
        }
        assert_eq!(parse_point("f1"), None);
        let at = |name| parse_point(name).unwrap();
        assert_eq!(
            Direction::between(at("c3"), at("c5")),
            Some((Direction::North, 2))
        );
        assert_eq!(
            Direction::between(at("c3"), at("b3")),
            Some((Direction::West, 1))
        );
        assert_eq!(Direction::between(at("e1"), at("a2")), None);
        assert_eq!(Direction::between(at("c3"), at("d4")), None);
    }

    #[test]
    fn a_group_is_what_connects_to_its_seed() {
        let stones = points("a1 a2 b2 d4 d5");
        assert_eq!(group(points("a1"), stones), points("a1 a2 b2"));
        assert_eq!(group(points("d5"), stones), points("d4 d5"));
    }
}
