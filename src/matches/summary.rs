//! What a match's records add up to: the games counted (all of them, or with an SPRT the
//! pairs up to the one where the test decided, in pair order), wins, draws and losses,
//! pentanomial counts, Elo, LOS, the SPRT's verdict with its LLR trace, and the agents' mean
//! nodes and depth per move. Times are left out, so the same games give the same summary
//! byte for byte whatever the number of threads. Rendering is Markdown or JSON; nothing here
//! reads files.

use super::agent::AgentSpec;
use super::record::{End, GameRecord, MatchSpec, Reason, Seat, SprtSpec};
use super::stats::{elo_statement, EloStatement, Pentanomial, Verdict, MIN_UNEVEN_PAIRS};
use serde::Serialize;
use std::fmt::Write;

/// Follows an SPRT pair by pair, in pair order.
#[derive(Clone, Debug)]
pub struct SprtTracker {
    spec: SprtSpec,
    /// The next pair to count.
    pub next_pair: u32,
    penta: Pentanomial,
    /// `(pairs counted, LLR)` after each counted pair.
    pub trace: Vec<(u32, f64)>,
    /// Where the test stands.
    pub verdict: Verdict,
}

impl SprtTracker {
    /// A test that has seen nothing.
    pub fn new(spec: SprtSpec) -> SprtTracker {
        SprtTracker {
            spec,
            next_pair: 0,
            penta: [0; 5],
            trace: Vec::new(),
            verdict: Verdict::Continue,
        }
    }

    /// Counts the pairs from `next_pair` on while `pair(i)` has both games and the test has
    /// not decided; a pair with an error moves the test on without counting.
    pub fn advance<'a>(&mut self, pair: impl Fn(u32) -> Option<[&'a GameRecord; 2]>) {
        while self.verdict == Verdict::Continue {
            let Some(games) = pair(self.next_pair) else {
                return;
            };
            self.next_pair += 1;
            let (Some(a), Some(b)) = (games[0].score_a(), games[1].score_a()) else {
                continue;
            };
            self.penta[((a + b) * 2.0).round() as usize] += 1;
            let (llr, verdict) = self.spec.judge(&self.penta);
            self.trace.push((self.trace.len() as u32 + 1, llr));
            self.verdict = verdict;
        }
    }
}

/// The counts of one agent's games.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Tally {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Tally {
    fn add(&mut self, points: f64) {
        match points {
            p if p > 0.75 => self.wins += 1,
            p if p < 0.25 => self.losses += 1,
            _ => self.draws += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The mean score, `None` without games.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (self.wins as f64 + self.draws as f64 / 2.0) / n as f64)
    }
}

/// Per agent: mean cost per move over the counted games.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Effort {
    /// Moves made.
    pub moves: u64,
    /// Mean nodes per move.
    pub nodes_per_move: f64,
    /// Mean search depth per move.
    pub depth_per_move: f64,
}

/// The SPRT's result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SprtResult {
    /// The test.
    pub elo0: f64,
    /// The alternative.
    pub elo1: f64,
    /// Type I error.
    pub alpha: f64,
    /// Type II error.
    pub beta: f64,
    /// The Elo model.
    pub model: String,
    /// The final LLR.
    pub llr: f64,
    /// The lower and upper bounds.
    pub bounds: (f64, f64),
    /// `H1 accepted`, `H0 accepted` or `no decision`.
    pub verdict: String,
    /// Pairs counted.
    pub pairs: u32,
    /// `(pairs, LLR)` after each pair.
    pub trace: Vec<(u32, f64)>,
}

/// A match's summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchSummary {
    /// The spec.
    pub spec: MatchSpec,
    /// Agent A's results: overall, moving first, moving second.
    pub a: [Tally; 3],
    /// Pentanomial counts over pairs without errors (A's points times 2).
    pub pentanomial: Pentanomial,
    /// What the pairs say about the Elo of A over B (none without pairs).
    pub elo: Option<EloStatement>,
    /// Draws by the ply cap.
    pub ply_cap_draws: u64,
    /// Games in error: `(pair, game, agent, message)`.
    pub errors: Vec<(u32, u32, String, String)>,
    /// Games lost by an external brain's forfeit (counted as losses):
    /// `(pair, game, agent, cause, message)`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub forfeits: Vec<(u32, u32, String, String, String)>,
    /// Mean nodes and depth per move, A then B.
    pub effort: [Effort; 2],
    /// The SPRT, when there is one.
    pub sprt: Option<SprtResult>,
}

/// Both games of pair `pair` in `games` (sorted by pair and game), when both are there.
pub fn pair_of(games: &[GameRecord], pair: u32) -> Option<[&GameRecord; 2]> {
    let i = games.partition_point(|g| g.pair < pair);
    match games.get(i..i + 2) {
        Some([a, b]) if a.pair == pair && b.pair == pair => Some([a, b]),
        _ => None,
    }
}

/// The summary of `games` (sorted) under `spec`.
pub fn summarise(spec: &MatchSpec, games: &[GameRecord]) -> MatchSummary {
    let tracker = spec.sprt.map(|sprt| {
        let mut tracker = SprtTracker::new(sprt);
        tracker.advance(|p| pair_of(games, p));
        tracker
    });
    let counted_pairs = tracker
        .as_ref()
        .map_or(spec.games.div_ceil(2), |t| t.next_pair);
    let counted: Vec<&GameRecord> = games.iter().filter(|g| g.pair < counted_pairs).collect();
    let mut summary = MatchSummary {
        spec: spec.clone(),
        a: Default::default(),
        pentanomial: [0; 5],
        elo: None,
        ply_cap_draws: 0,
        errors: Vec::new(),
        forfeits: Vec::new(),
        effort: Default::default(),
        sprt: tracker.map(|t| sprt_result(spec, &t)),
    };
    let mut nodes = [0u64; 2];
    let mut depths = [0u64; 2];
    for game in &counted {
        summary.count(game, &mut nodes, &mut depths);
    }
    for p in 0..counted_pairs {
        if let Some([g0, g1]) = pair_of(games, p) {
            if let (Some(a), Some(b)) = (g0.score_a(), g1.score_a()) {
                summary.pentanomial[((a + b) * 2.0).round() as usize] += 1;
            }
        }
    }
    summary.elo = elo_statement(&summary.pentanomial);
    for seat in 0..2 {
        let effort = &mut summary.effort[seat];
        let moves = effort.moves.max(1) as f64;
        effort.nodes_per_move = nodes[seat] as f64 / moves;
        effort.depth_per_move = depths[seat] as f64 / moves;
    }
    summary
}

impl MatchSummary {
    fn count(&mut self, game: &GameRecord, nodes: &mut [u64; 2], depths: &mut [u64; 2]) {
        for (i, mv) in game.moves.iter().enumerate() {
            let seat: Seat = (game.first() + i) % 2;
            self.effort[seat].moves += 1;
            nodes[seat] += mv.nodes;
            depths[seat] += u64::from(mv.depth);
        }
        match &game.end {
            End::Error { agent, message } => self.errors.push((
                game.pair,
                game.game,
                self.spec.agents[*agent].clone(),
                message.clone(),
            )),
            end => {
                if let End::Forfeit {
                    loser,
                    cause,
                    message,
                } = end
                {
                    self.forfeits.push((
                        game.pair,
                        game.game,
                        self.spec.agents[*loser].clone(),
                        cause.name().into(),
                        message.clone(),
                    ));
                }
                let points = game.score_a().expect("not an error");
                self.a[0].add(points);
                self.a[1 + game.first()].add(points);
                if matches!(
                    end,
                    End::Draw {
                        reason: Reason::PlyCap
                    }
                ) {
                    self.ply_cap_draws += 1;
                }
            }
        }
    }
}

fn sprt_result(spec: &MatchSpec, tracker: &SprtTracker) -> SprtResult {
    let sprt = spec.sprt.expect("an SPRT match");
    let verdict = match tracker.verdict {
        Verdict::H1 => "H1 accepted",
        Verdict::H0 => "H0 accepted",
        Verdict::Continue => "no decision",
    };
    SprtResult {
        elo0: sprt.elo0,
        elo1: sprt.elo1,
        alpha: sprt.alpha,
        beta: sprt.beta,
        model: format!("{:?}", sprt.model).to_lowercase(),
        llr: tracker.trace.last().map_or(0.0, |t| t.1),
        bounds: sprt.bounds(),
        verdict: verdict.into(),
        pairs: tracker.next_pair,
        trace: tracker.trace.clone(),
    }
}

/// The summary as Markdown.
pub fn markdown(summary: &MatchSummary) -> String {
    let spec = &summary.spec;
    let [a, b] = &spec.agents;
    let mut out = format!("# Match: {a} vs {b}\n\n");
    let _ = writeln!(
        out,
        "Game `{}`, openings {}, seed {}, ply cap {}; agent A is `{a}`, agent B is `{b}`.\n",
        spec.game,
        openings_words(spec),
        spec.seed,
        spec.max_plies
    );
    let counted = summary.a[0].games() + summary.errors.len() as u64;
    let _ = writeln!(
        out,
        "{counted} games counted, {} in error (counted apart), {} drawn by the ply cap.\n",
        summary.errors.len(),
        summary.ply_cap_draws
    );
    if let Some(clock) = &spec.gomocup {
        let _ = writeln!(
            out,
            "External brains under the Gomocup clock: {} ms a move, {} ms a game (0: \
             unlimited), {} ms tolerance; {} games lost by forfeit (counted as losses).\n",
            clock.timeout_turn_ms,
            clock.timeout_match_ms,
            clock.tolerance_ms,
            summary.forfeits.len()
        );
    }
    out += "| agent A | games | wins | draws | losses | score |\n| --- | ---: | ---: | ---: | ---: | ---: |\n";
    for (tally, label) in summary
        .a
        .iter()
        .zip(["overall", "moving first", "moving second"])
    {
        let score = tally
            .score()
            .map_or("-".into(), |s| format!("{:.1}%", 100.0 * s));
        let _ = writeln!(
            out,
            "| {label} | {} | {} | {} | {} | {score} |",
            tally.games(),
            tally.wins,
            tally.draws,
            tally.losses
        );
    }
    let p = summary.pentanomial;
    let _ = writeln!(
        out,
        "\nPentanomial over pairs (A's points 0, 0.5, 1, 1.5, 2): [{}, {}, {}, {}, {}]",
        p[0], p[1], p[2], p[3], p[4]
    );
    if let Some(elo) = summary.elo {
        let _ = writeln!(out, "\nElo of A over B: {}", elo_words(elo));
    }
    if let Some(s) = &summary.sprt {
        out += &sprt_markdown(s);
    }
    out += "\n| agent | moves | nodes per move | depth per move |\n| --- | ---: | ---: | ---: |\n";
    for (name, e) in spec.agents.iter().zip(&summary.effort) {
        // An external brain reports neither: `-`, not a measured 0.
        let (nodes, depth) = match is_external(name) {
            true => ("-".into(), "-".into()),
            false => (
                format!("{:.0}", e.nodes_per_move),
                format!("{:.2}", e.depth_per_move),
            ),
        };
        let _ = writeln!(out, "| {name} | {} | {nodes} | {depth} |", e.moves);
    }
    if !summary.forfeits.is_empty() {
        out += "\nGames lost by forfeit:\n\n";
        for (pair, game, agent, cause, message) in &summary.forfeits {
            let _ = writeln!(
                out,
                "- pair {pair} game {game}: `{agent}` forfeits ({cause}): {message}"
            );
        }
    }
    if !summary.errors.is_empty() {
        out += "\nGames in error:\n\n";
        for (pair, game, agent, message) in &summary.errors {
            let _ = writeln!(out, "- pair {pair} game {game}: `{agent}`: {message}");
        }
    }
    out
}

/// The Elo line's text: the estimate with its interval and the pentanomial LOS, or the
/// bound or the counts that are all the data support.
pub(super) fn elo_words(elo: EloStatement) -> String {
    match elo {
        EloStatement::Floor { floor } => format!(
            "at least {floor:+.1} (a floor: the one-sided 95% bound; A won every pair, so the \
             estimate is infinite)"
        ),
        EloStatement::Ceiling { ceiling } => format!(
            "at most {ceiling:+.1} (a ceiling: the one-sided 95% bound; A lost every pair, so \
             the estimate is minus infinity)"
        ),
        EloStatement::TooFew { uneven } => format!(
            "no estimate: {uneven} pairs did not split evenly, fewer than the \
             {MIN_UNEVEN_PAIRS} an interval needs (see the counts above)"
        ),
        EloStatement::Estimate {
            fishtest: e,
            low,
            high,
        } => {
            let interval = match (low, high) {
                (Some(_), Some(_)) => format!("{:+.1} ± {:.1} (95%)", e.elo, e.elo95),
                (low, high) => {
                    let end =
                        |x: Option<f64>, open: &str| x.map_or(open.into(), |x| format!("{x:+.1}"));
                    format!(
                        "{:+.1}, 95% interval [{}, {}] (the score's interval reaches {}, so \
                         that end is unbounded)",
                        e.elo,
                        end(low, "-inf"),
                        end(high, "+inf"),
                        if high.is_none() { "100%" } else { "0%" }
                    )
                }
            };
            format!(
                "{interval}, LOS {:.1}% (pentanomial: the normal approximation over pair scores)",
                100.0 * e.los
            )
        }
    }
}

fn sprt_markdown(s: &SprtResult) -> String {
    let mut out = format!(
        "\nSPRT elo0={} elo1={} alpha={} beta={} ({} Elo): LLR {:.3} in bounds [{:.3}, {:.3}] \
         after {} pairs: **{}**.\n",
        s.elo0, s.elo1, s.alpha, s.beta, s.model, s.llr, s.bounds.0, s.bounds.1, s.pairs, s.verdict
    );
    // About ten points of the trace, the last one always.
    let step = s.trace.len().div_ceil(10).max(1);
    let points: Vec<String> = s
        .trace
        .iter()
        .enumerate()
        .filter(|(i, _)| (i + 1) % step == 0 || i + 1 == s.trace.len())
        .map(|(_, (pairs, llr))| format!("{pairs}: {llr:.2}"))
        .collect();
    if !points.is_empty() {
        let _ = writeln!(out, "\nLLR after pairs: {}", points.join(", "));
    }
    out
}

fn openings_words(spec: &MatchSpec) -> String {
    match &spec.openings {
        super::record::Openings::Random { plies } => {
            format!("of {plies} random plies (the same for both games of a pair)")
        }
        super::record::Openings::Set { path, hash } => format!("from set `{path}` ({hash})"),
    }
}

/// Whether the agent named `name` (a canonical agent string) is an external brain.
pub fn is_external(name: &str) -> bool {
    AgentSpec::parse(name).is_ok_and(|agent| agent.is_external())
}
