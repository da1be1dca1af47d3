//! A round robin: one match per pair of agents (and, on request, each agent against
//! itself), each in its own folder under `pairs/`, then a score matrix in `summary.md` and
//! `scores.csv` and a heatmap in `charts/`.
//!
//! Cell (r, c) holds the row agent's results against the column agent over both colours,
//! and separately its wins when it moved first (the Mancala study's table counts the wins of
//! player 1). Every pairing uses the tournament's seed, so all meet the same openings. This
//! module plays through [`super::run`] and draws with the report's chart helpers.

use super::record::MatchSpec;
use super::summary::{MatchSummary, Tally};
use crate::report::charts::{register_font, titled, write_chart, Chart, FONT};
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The pairings of `n` agents: every `(r, c)` with `r < c`, and `(r, r)` with `self_play`.
pub fn pairings(n: usize, self_play: bool) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|r| (r..n).map(move |c| (r, c)))
        .filter(|&(r, c)| r < c || self_play)
        .collect()
}

/// The folder of pairing `(r, c)` under the tournament's folder.
pub fn pairing_dir(dir: &Path, (r, c): (usize, usize)) -> PathBuf {
    dir.join("pairs")
        .join(format!("{:02}-vs-{:02}", r + 1, c + 1))
}

/// The match spec of pairing `(r, c)` within a tournament whose spec is `base` (its agents
/// are replaced; the Gomocup clock is kept only where one of the two is an external brain).
pub fn pairing_spec(base: &MatchSpec, agents: &[String], (r, c): (usize, usize)) -> MatchSpec {
    let agents = [agents[r].clone(), agents[c].clone()];
    let external = agents.iter().any(|a| super::summary::is_external(a));
    MatchSpec {
        gomocup: base.gomocup.filter(|_| external),
        agents,
        ..base.clone()
    }
}

/// One cell: the row agent against the column agent.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cell {
    /// Over both colours.
    pub all: Tally,
    /// When the row agent moved first.
    pub first: Tally,
    /// Games in error.
    pub errors: u64,
}

/// The score matrix.
#[derive(Clone, Debug, PartialEq)]
pub struct Matrix {
    /// The agents, in `--agents` order.
    pub agents: Vec<String>,
    /// `cells[r][c]`, `None` where no match was played.
    pub cells: Vec<Vec<Option<Cell>>>,
}

fn flipped(t: &Tally) -> Tally {
    Tally {
        wins: t.losses,
        draws: t.draws,
        losses: t.wins,
    }
}

impl Matrix {
    /// The matrix of the pairings' summaries.
    pub fn new(agents: &[String], results: &[((usize, usize), MatchSummary)]) -> Matrix {
        let n = agents.len();
        let mut cells = vec![vec![None; n]; n];
        for &((r, c), ref summary) in results {
            let [all, a_first, a_second] = &summary.a;
            let errors = summary.errors.len() as u64;
            if r == c {
                // Self-play: the first mover is A in game 0 and B in game 1.
                let first = Tally {
                    wins: a_first.wins + a_second.losses,
                    draws: a_first.draws + a_second.draws,
                    losses: a_first.losses + a_second.wins,
                };
                cells[r][r] = Some(Cell {
                    all: all.clone(),
                    first,
                    errors,
                });
                continue;
            }
            cells[r][c] = Some(Cell {
                all: all.clone(),
                first: a_first.clone(),
                errors,
            });
            cells[c][r] = Some(Cell {
                all: flipped(all),
                first: flipped(a_second),
                errors,
            });
        }
        Matrix {
            agents: agents.to_vec(),
            cells,
        }
    }

    /// Each agent's score over all its games against the others (self-play left out).
    fn totals(&self) -> Vec<Tally> {
        self.cells
            .iter()
            .enumerate()
            .map(|(r, row)| {
                let mut total = Tally::default();
                for cell in row.iter().enumerate().filter(|(c, _)| *c != r) {
                    if let (_, Some(cell)) = cell {
                        total.wins += cell.all.wins;
                        total.draws += cell.all.draws;
                        total.losses += cell.all.losses;
                    }
                }
                total
            })
            .collect()
    }

    /// The summary: the score matrix, the first-mover wins, and each agent's total.
    pub fn markdown(&self, spec: &MatchSpec) -> String {
        let mut out = format!(
            "# Tournament on `{}`\n\n{} games a pairing, seed {}, ply cap {}; every pairing \
             meets the same openings ({}).\n\n## Score of the row agent against the column \
             agent\n\n",
            spec.game,
            spec.games,
            spec.seed,
            spec.max_plies,
            serde_json::to_string(&spec.openings).expect("openings serialise")
        );
        out += &self.table(|cell| {
            let score = cell
                .all
                .score()
                .map_or("-".into(), |s| format!("{:.1}%", 100.0 * s));
            format!(
                "{score} ({}-{}-{})",
                cell.all.wins, cell.all.draws, cell.all.losses
            )
        });
        out += "\n## Wins of the row agent moving first against the column agent\n\n";
        out += &self.table(|cell| format!("{} of {}", cell.first.wins, cell.first.games()));
        out += "\n## Totals (self-play left out)\n\n| agent | games | wins | draws | losses | score |\n| --- | ---: | ---: | ---: | ---: | ---: |\n";
        for (name, t) in self.agents.iter().zip(self.totals()) {
            let score = t
                .score()
                .map_or("-".into(), |s| format!("{:.1}%", 100.0 * s));
            let _ = writeln!(
                out,
                "| {name} | {} | {} | {} | {} | {score} |",
                t.games(),
                t.wins,
                t.draws,
                t.losses
            );
        }
        let errors: u64 = self
            .cells
            .iter()
            .flatten()
            .flatten()
            .map(|c| c.errors)
            .sum();
        let _ = writeln!(
            out,
            "\nGames in error (counted apart, each counted in both cells): {errors}."
        );
        out
    }

    fn table(&self, text: impl Fn(&Cell) -> String) -> String {
        let mut out = format!("| row \\ column | {} |\n", self.agents.join(" | "));
        out += &format!("| --- |{}\n", " ---: |".repeat(self.agents.len()));
        for (name, row) in self.agents.iter().zip(&self.cells) {
            let cells: Vec<String> = row
                .iter()
                .map(|cell| cell.as_ref().map_or("-".into(), &text))
                .collect();
            let _ = writeln!(out, "| {name} | {} |", cells.join(" | "));
        }
        out
    }

    /// One CSV line per played cell.
    pub fn csv(&self) -> String {
        let mut out = String::from(
            "row,column,games,wins,draws,losses,score,first_games,first_wins,errors\n",
        );
        for (r, row) in self.cells.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let Some(cell) = cell else { continue };
                let _ = writeln!(
                    out,
                    "{},{},{},{},{},{},{},{},{},{}",
                    quote(&self.agents[r]),
                    quote(&self.agents[c]),
                    cell.all.games(),
                    cell.all.wins,
                    cell.all.draws,
                    cell.all.losses,
                    cell.all
                        .score()
                        .map_or(String::new(), |s| format!("{s:.4}")),
                    cell.first.games(),
                    cell.first.wins,
                    cell.errors
                );
            }
        }
        out
    }
}

fn quote(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// Writes `summary.md`, `scores.csv` and `charts/score-matrix.{svg,png}` into `dir`.
pub fn write_tournament_report(dir: &Path, spec: &MatchSpec, matrix: &Matrix) -> Result<()> {
    use crate::runfolder::write_atomically;
    write_atomically(&dir.join("summary.md"), matrix.markdown(spec).as_bytes())?;
    write_atomically(&dir.join("scores.csv"), matrix.csv().as_bytes())?;
    register_font()?;
    let charts = dir.join("charts");
    std::fs::create_dir_all(&charts)?;
    let chart = ScoreChart {
        matrix,
        subtitle: format!(
            "{} · {} games a pairing · seed {}",
            spec.game, spec.games, spec.seed
        ),
    };
    write_chart(&charts, "score-matrix", &chart)
}

/// The score matrix as a heatmap: blue below 50%, red above, the score in each cell.
struct ScoreChart<'a> {
    matrix: &'a Matrix,
    subtitle: String,
}

/// A label of at most [`LABEL_CHARS`] characters: a longer agent string (a model's path)
/// keeps its start and end around an ellipsis; the summary has the whole string.
fn short(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    if chars.len() <= LABEL_CHARS {
        return name.to_string();
    }
    let head: String = chars[..LABEL_CHARS / 3].iter().collect();
    let tail: String = chars[chars.len() - (LABEL_CHARS - LABEL_CHARS / 3 - 1)..]
        .iter()
        .collect();
    format!("{head}…{tail}")
}

/// The longest label the chart's margins hold.
const LABEL_CHARS: usize = 34;

/// White at 50%, saturating to blue at 0% and red at 100%.
fn colour(score: f64) -> RGBColor {
    let t = ((score - 0.5).abs() * 2.0).min(1.0);
    let fade = |c: u8| (255.0 - t * (255.0 - f64::from(c))) as u8;
    match score < 0.5 {
        true => RGBColor(fade(33), fade(102), fade(172)),
        false => RGBColor(fade(178), fade(24), fade(43)),
    }
}

impl Chart for ScoreChart<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let title = "Score of the row agent against the column agent";
        let area = titled(root, title, &self.subtitle)?;
        let (width, height) = area.dim_in_pixel();
        let names = &self.matrix.agents;
        let k = names.len().max(1) as i32;
        let label = 260;
        let side = ((width as i32 - label - 20).min(height as i32 - label - 20) / k).max(1);
        let font = |pos: Pos| (FONT, 14).into_font().color(&BLACK).pos(pos);
        for (i, name) in names.iter().enumerate() {
            let at = label + i as i32 * side + side / 2;
            let left = font(Pos::new(HPos::Right, VPos::Center));
            let name = short(name);
            area.draw(&Text::new(name.clone(), (label - 8, at), left))?;
            let top = (FONT, 14)
                .into_font()
                .transform(FontTransform::Rotate270)
                .color(&BLACK)
                .pos(Pos::new(HPos::Left, VPos::Center));
            area.draw(&Text::new(name, (at, label - 8), top))?;
        }
        for (r, row) in self.matrix.cells.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let (x, y) = (label + c as i32 * side, label + r as i32 * side);
                let score = cell.as_ref().and_then(|cell| cell.all.score());
                let fill = score.map_or(RGBColor(235, 235, 235), colour);
                let corners = [(x, y), (x + side, y + side)];
                area.draw(&Rectangle::new(corners, fill.filled()))?;
                area.draw(&Rectangle::new(corners, WHITE.stroke_width(1)))?;
                let shown = score.map_or("-".into(), |s| format!("{:.0}%", 100.0 * s));
                let ink = match score.is_some_and(|s| (s - 0.5).abs() > 0.3) {
                    true => WHITE,
                    false => BLACK,
                };
                let centre = (FONT, 16)
                    .into_font()
                    .color(&ink)
                    .pos(Pos::new(HPos::Center, VPos::Center));
                area.draw(&Text::new(shown, (x + side / 2, y + side / 2), centre))?;
            }
        }
        Ok(())
    }
}
