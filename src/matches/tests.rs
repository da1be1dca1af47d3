//! Tests of matches: agent strings, fishtest's statistics against a worked example, games
//! that end in errors and by the ply cap, reproducibility with any number of threads,
//! resume, the SPRT's stop, Q-learning model files and the tournament matrix.

use super::agent::{split_agents, Agent, AgentSpec, Failure, Player};
use super::play::{play, Seats};
use super::qlearn::QTable;
use super::record::{
    read_games, EloModel, End, Forfeit, GameRecord, MatchSpec, Openings, Reason, SprtSpec,
};
use super::run::{prepare_folder, run_match, MatchRun};
use super::stats::{elo_estimate, elo_statement, llr, EloStatement, MIN_UNEVEN_PAIRS};
use super::summary::{elo_words, markdown, summarise};
use super::tournament::Matrix;
use crate::engine::Choice;
use crate::game::kalah::Kalah;
use crate::game::tictactoe::TicTacToe;
use crate::game::Game;
use crate::testing::TempDir;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::AtomicBool;

/// Parses `text` and checks its canonical form, or that the error contains `expected`.
fn check_agent(text: &str, expected: &str) {
    match AgentSpec::parse(text) {
        Ok(spec) => assert_eq!(spec.to_string(), expected, "{text}"),
        Err(e) => {
            let message = format!("{e:#}");
            assert!(
                message.contains(expected),
                "{text}: `{expected}` not in `{message}`"
            );
        }
    }
}

#[test]
fn agent_strings_parse_or_name_the_bad_part() {
    check_agent("random", "random");
    check_agent("alphabeta:depth=4", "alphabeta:depth=4");
    check_agent("cammp:depth=6", "cammp:depth=6");
    check_agent("all:time-ms=100", "all:time-ms=100");
    check_agent(
        "alphabeta+tt-value:node-budget=3000",
        "alphabeta+tt-value:node-budget=3000",
    );
    check_agent("expectimax:depth=4", "expectimax:depth=4");
    check_agent(
        "alphabeta:depth=4,eval=course",
        "alphabeta:depth=4,eval=course",
    );
    check_agent("qlearn:model=m.bin", "qlearn:model=m.bin");
    check_agent("alphabeta", "needs a limit");
    check_agent(
        "alphabeta:depth=x",
        "`depth=x`: not a positive whole number",
    );
    check_agent("alphabeta:depth=0", "`depth=0`");
    check_agent("alphabeta:depth=65", "at most 64");
    check_agent("alphabeta:node-budget=10", "add `+id`");
    check_agent("alphabeta:depth=2,time-ms=5", "give one limit");
    check_agent("alphabeta:depth=2,speed=3", "unknown option `speed`");
    check_agent("alphabeta+warp:depth=2", "unknown flag `warp`");
    check_agent("expectimax:time-ms=5", "expectimax takes a depth only");
    check_agent("qlearn", "qlearn needs model=PATH");
    check_agent("random:eval=course", "only search agents take eval");
    check_agent("random:depth=3", "misplaced option `depth`");
    check_agent("alphabeta:depth", "`depth` is not name=value");
    check_agent("alphabeta:depth=2,depth=3", "given twice");
    check_agent(
        "alphabeta+id:node-budget=1000,null-r=3,eval=eye,stone-score=2",
        "alphabeta+id:node-budget=1000,null-r=3,stone-score=2,eval=eye",
    );
    check_agent(
        "alphabeta:depth=2,null-r=9",
        "option `null-r`: param null-r must be 1..=8",
    );
    check_agent("alphabeta:depth=2,stone-score=x", "needs a whole number");
    check_agent("mcts:playouts=2000", "mcts:playouts=2000");
    check_agent("mcts:time-ms=50", "mcts:time-ms=50");
    check_agent(
        "mcts:depth=3",
        "mcts takes its playouts parameter or a time",
    );
    check_agent("alphabeta:playouts=5", "needs a limit");
    check_agent("mcts", "mcts");
    check_agent("mcts:playouts=5,time-ms=20", "mcts:time-ms=20,playouts=5");
    check_agent("mcts:playouts=5,eval=course", "not mcts");
    check_agent("mcts+ab:playouts=5", "mcts takes no flags");
}

#[test]
fn agent_params_reach_the_evaluation() {
    use crate::game::gothello::{EyeWeights, Gothello, GothelloEval};
    let game = Gothello::new();
    let spec = AgentSpec::parse("alphabeta:depth=1,eval=eye,stone-score=3").unwrap();
    let params = spec.params().unwrap();
    assert_eq!(params.null_r, 2);
    let weights = EyeWeights {
        stone: 3,
        ..EyeWeights::STUDY
    };
    assert_eq!(
        params.eval::<Gothello>(Some("eye")),
        Ok(GothelloEval::Eye(weights))
    );
    assert!(Agent::new(&spec, &game).is_ok());
    let wrong = AgentSpec::parse("alphabeta:depth=1,line-up-score=3").unwrap();
    let error = format!("{:#}", Agent::new(&wrong, &game).err().unwrap());
    assert!(
        error.contains("line-up-score is not an evaluation weight of gothello"),
        "{error}"
    );
}

#[test]
fn agent_lists_split_on_commas_between_agents() {
    let check = |list: &str, expected: &[&str]| assert_eq!(split_agents(list), expected, "{list}");
    check("random,alphabeta:depth=2", &["random", "alphabeta:depth=2"]);
    check(
        "alphabeta:depth=4,eval=course,random",
        &["alphabeta:depth=4,eval=course", "random"],
    );
    check("a:x=1,b:y=2,z=3", &["a:x=1", "b:y=2,z=3"]);
}

#[test]
fn built_agents_check_the_game() {
    let game = Kalah::from_options("").unwrap();
    let build = |text: &str| {
        let spec = AgentSpec::parse(text).unwrap();
        Agent::<Kalah>::new(&spec, &game)
            .err()
            .map(|e| format!("{e:#}"))
    };
    assert!(build("alphabeta:depth=2,eval=course").is_none());
    assert!(build("alphabeta:depth=2,eval=cammp")
        .unwrap()
        .contains("unknown evaluation `cammp`"));
    assert!(build("alphabeta+id:node-budget=10").is_none());
    assert!(build("qlearn:model=/nonexistent/m.bin")
        .unwrap()
        .contains("reading model"));
}

/// fishtest's numbers for these counts, computed once by `LLRcalc.py`'s and
/// `stat_util.get_elo`'s formulas transcribed into plain Python (bisection for the secular
/// equation, `math.erf` for Phi): `fixtures/reference/fishtest_llr.py`. The
/// first case is fishtest's own example (its logistic 0.2/0.9 and normalized 0.764/3.439
/// bounds are the same test, hence the near-equal LLRs).
#[test]
fn llr_and_elo_match_fishtest_on_a_worked_example() {
    let cases: [([u64; 5], EloModel, f64, f64, f64); 6] = [
        (
            [39, 2226, 31451, 2412, 40],
            EloModel::Logistic,
            0.2,
            0.9,
            2.1625425800500317,
        ),
        (
            [3, 10, 20, 12, 5],
            EloModel::Logistic,
            0.0,
            10.0,
            0.24458907711259723,
        ),
        (
            [0, 2, 5, 7, 1],
            EloModel::Logistic,
            0.0,
            10.0,
            0.4248571069138733,
        ),
        (
            [39, 2226, 31451, 2412, 40],
            EloModel::Normalized,
            0.764,
            3.439,
            2.1629408695841628,
        ),
        (
            [3, 10, 20, 12, 5],
            EloModel::Normalized,
            0.0,
            10.0,
            0.19412021646563107,
        ),
        (
            [0, 2, 5, 7, 1],
            EloModel::Normalized,
            0.0,
            10.0,
            0.28453903570958294,
        ),
    ];
    for (penta, model, elo0, elo1, expected) in cases {
        let got = llr(&penta, elo0, elo1, model);
        assert!(
            (got - expected).abs() < 1e-6,
            "{penta:?} {model:?}: {got} != {expected}"
        );
    }
    let elo_cases = [
        (
            [3, 10, 20, 12, 5],
            (20.87120466602867, 50.23605715757104, 0.7944601106383424),
        ),
        (
            [0, 2, 5, 7, 1],
            (82.55934605652308, 76.31220662979077, 0.987531294639977),
        ),
    ];
    for (penta, (elo, elo95, los)) in elo_cases {
        let got = elo_estimate(&penta).unwrap();
        assert!((got.elo - elo).abs() < 1e-6, "{penta:?}: elo {}", got.elo);
        assert!(
            (got.elo95 - elo95).abs() < 1e-6,
            "{penta:?}: elo95 {}",
            got.elo95
        );
        assert!((got.los - los).abs() < 1e-9, "{penta:?}: los {}", got.los);
    }
    let sprt = SprtSpec::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").unwrap();
    let (lower, upper) = sprt.bounds();
    assert!(
        (lower + 2.9444389791664403).abs() < 1e-12 && (upper - 2.9444389791664403).abs() < 1e-12
    );
}

/// Elo of a score, unclamped.
fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

#[test]
fn a_perfect_score_gives_a_floor_and_a_zero_score_a_ceiling() {
    // 100 pairs all won: a pair is won with probability at most s, so s >= 0.05^(1/100).
    let floor = elo_of(0.05f64.powf(0.01));
    assert_eq!(
        elo_statement(&[0, 0, 0, 0, 100]),
        Some(EloStatement::Floor { floor })
    );
    let words = elo_words(elo_statement(&[0, 0, 0, 0, 100]).unwrap());
    assert!(words.contains(&format!("at least {floor:+.1}")) && words.contains("floor"));
    assert!(!words.contains('±'), "{words}");
    let lost = elo_statement(&[3, 0, 0, 0, 0]).unwrap();
    let EloStatement::Ceiling { ceiling } = lost else {
        panic!("{lost:?}");
    };
    assert!((ceiling + elo_of(0.05f64.powf(1.0 / 3.0))).abs() < 1e-9);
    assert!(elo_words(lost).contains("ceiling"));
}

#[test]
fn too_few_uneven_pairs_give_counts_only() {
    // Identical engines: 198 of 200 pairs split evenly.
    let even = [0, 1, 198, 1, 0];
    assert_eq!(
        elo_statement(&even),
        Some(EloStatement::TooFew { uneven: 2 })
    );
    let words = elo_words(elo_statement(&even).unwrap());
    assert!(
        words.contains("no estimate") && !words.contains('±'),
        "{words}"
    );
    // Two pairs, one each way; and the least that gets an interval.
    assert_eq!(
        elo_statement(&[0, 1, 0, 1, 0]),
        Some(EloStatement::TooFew { uneven: 2 })
    );
    let enough = [0, 0, 3, MIN_UNEVEN_PAIRS - 5, 5];
    assert!(matches!(
        elo_statement(&enough),
        Some(EloStatement::Estimate { .. })
    ));
    assert_eq!(elo_statement(&[0; 5]), None);
}

#[test]
fn an_interval_reaching_a_perfect_score_is_open_above_and_los_is_pentanomial() {
    let Some(EloStatement::Estimate {
        fishtest,
        low,
        high,
    }) = elo_statement(&[0, 0, 0, 1, 19])
    else {
        panic!("an estimate");
    };
    assert_eq!(high, None);
    assert!(low.is_some_and(|l| l < fishtest.elo));
    let words = elo_words(elo_statement(&[0, 0, 0, 1, 19]).unwrap());
    assert!(words.contains("+inf]") && !words.contains('±'), "{words}");
    let both = elo_words(elo_statement(&[3, 10, 20, 12, 5]).unwrap());
    assert!(
        both.contains("+20.9 ± 50.2 (95%), LOS 79.4% (pentanomial"),
        "{both}"
    );
}

/// With alpha != beta the bounds are not mirror images: the lower one is
/// ln(beta / (1 - alpha)) = ln(0.2 / 0.95) = -1.5581, the upper ln((1 - beta) / alpha) =
/// ln(0.8 / 0.05) = ln 16 = 2.7726 (by hand). Swapping alpha and beta would give -2.7726 and
/// 1.5581, which the symmetric default cannot show.
#[test]
fn sprt_bounds_tell_alpha_from_beta() {
    let sprt = SprtSpec::parse("elo0=0,elo1=10,alpha=0.05,beta=0.2").unwrap();
    assert_eq!((sprt.alpha, sprt.beta), (0.05, 0.2));
    let (lower, upper) = sprt.bounds();
    assert!(
        (lower - (-1.5581446180465497)).abs() < 1e-12,
        "lower {lower}"
    );
    assert!((upper - 16f64.ln()).abs() < 1e-12, "upper {upper}");
}

#[test]
fn sprt_strings_are_checked() {
    let check = |text: &str, expected: &str| {
        let e = SprtSpec::parse(text).unwrap_err();
        assert!(e.contains(expected), "{text}: {e}");
    };
    check("elo0=5,elo1=0", "elo1 must be above elo0");
    check("alpha=0.7", "alpha must lie in");
    check("elo1=x", "`elo1=x`: not a number");
    check("gamma=1", "unknown field `gamma`");
    check("model=bayes", "models are normalized, logistic");
    assert_eq!(
        SprtSpec::parse("model=logistic").unwrap().model,
        EloModel::Logistic
    );
}

/// A player that answers with the error, panic or illegal move it was made with.
struct Faulty(&'static str);

impl Player<TicTacToe> for Faulty {
    fn choose(
        &mut self,
        game: &TicTacToe,
        _: &mut ChaCha8Rng,
    ) -> Result<Choice<<TicTacToe as Game>::Move>, Failure> {
        match self.0 {
            "panic" => panic!("the agent broke"),
            "forfeit" => Err(Failure::forfeit(Forfeit::Time, "too slow")),
            "illegal" => {
                // The first move of the start position, which is taken after it is played.
                let start = TicTacToe::from_options("").unwrap();
                let mut moves = Vec::new();
                start.generate_moves(&mut moves);
                let mut legal = Vec::new();
                game.generate_moves(&mut legal);
                let mv = moves.into_iter().find(|m| !legal.contains(m)).unwrap();
                Ok(Choice {
                    mv,
                    score: 0,
                    nodes: 0,
                    depth: 0,
                })
            }
            message => Err(message.into()),
        }
    }
}

fn play_against(faulty: &'static str, first: usize, max_plies: u32) -> (usize, End) {
    let start = TicTacToe::from_options("").unwrap();
    let spec = AgentSpec::parse("random").unwrap();
    let mut random = Agent::new(&spec, &start).unwrap();
    let mut bad = Faulty(faulty);
    let mut seats = Seats {
        agents: [&mut random, &mut bad],
        budgets: [None, None],
    };
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (moves, end) = play(&start, &mut seats, first, (&[], max_plies), &mut rng);
    (moves.len(), end)
}

#[test]
fn failing_agents_end_the_game_as_errors_not_losses() {
    let error = |faulty| match play_against(faulty, 0, 100).1 {
        End::Error { agent, message } => (agent, message),
        end => panic!("{faulty}: {end:?}"),
    };
    assert_eq!(error("no idea"), (1, "no idea".to_string()));
    let (agent, message) = error("panic");
    assert_eq!((agent, message.as_str()), (1, "panicked: the agent broke"));
    let (agent, message) = error("illegal");
    assert!(
        agent == 1 && message.starts_with("illegal move"),
        "{message}"
    );
}

#[test]
fn a_forfeit_is_a_loss_with_its_cause() {
    let (_, end) = play_against("forfeit", 0, 100);
    let forfeit = End::Forfeit {
        loser: 1,
        cause: Forfeit::Time,
        message: "too slow".into(),
    };
    assert_eq!(end, forfeit);
    let record = GameRecord {
        pair: 0,
        game: 0,
        opening: Vec::new(),
        moves: Vec::new(),
        end: forfeit,
    };
    assert_eq!(record.score_a(), Some(1.0), "B forfeited: A wins");
    let line = serde_json::to_string(&record).unwrap();
    assert!(
        line.contains(r#""end":"forfeit","loser":1,"cause":"time","message":"too slow""#),
        "{line}"
    );
}

#[test]
fn the_ply_cap_draws_a_game() {
    // B errs at once when it is to move, so a cap of 0 plies must end the game first.
    assert_eq!(
        play_against("never asked", 1, 0),
        (
            0,
            End::Draw {
                reason: Reason::PlyCap
            }
        )
    );
}

fn spec(game: &str, agents: [&str; 2], games: u32, sprt: Option<SprtSpec>) -> MatchSpec {
    MatchSpec {
        game: game.into(),
        agents: agents.map(String::from),
        games,
        sprt,
        openings: Openings::Random { plies: 2 },
        seed: 11,
        max_plies: 1000,
        gomocup: None,
    }
}

/// Plays `spec` on `G` in a fresh folder with `jobs` threads; returns the games and summary.
fn run_in<G: Game>(
    dir: &std::path::Path,
    spec: &MatchSpec,
    jobs: usize,
) -> (Vec<GameRecord>, String) {
    let agents = spec.agents.clone().map(|a| AgentSpec::parse(&a).unwrap());
    let start = G::from_options(crate::game::split_game_string(&spec.game).1).unwrap();
    prepare_folder(dir, spec, jobs).unwrap();
    let run = MatchRun {
        spec,
        agents: &agents,
        start: &start,
        set: &[],
        jobs,
    };
    let outcome = run_match(dir, &run, &AtomicBool::new(false), &mut |_| {}).unwrap();
    assert!(!outcome.interrupted);
    let text = markdown(&summarise(spec, &outcome.games));
    (outcome.games, text)
}

/// The games without their times, which no run reproduces.
fn untimed(mut games: Vec<GameRecord>) -> Vec<GameRecord> {
    games
        .iter_mut()
        .flat_map(|g| &mut g.moves)
        .for_each(|m| (m.us, m.cpu_us) = (0, None));
    games
}

#[test]
fn the_same_seed_gives_the_same_games_with_any_number_of_threads() {
    let cases = [
        spec("tictactoe", ["alphabeta:depth=3", "random"], 24, None),
        spec(
            "kalah:6,4,course",
            ["alphabeta:depth=2", "expectimax:depth=2"],
            8,
            None,
        ),
    ];
    for spec in cases {
        let (one, two) = (TempDir::new("jobs1"), TempDir::new("jobs2"));
        let (games1, text1) = crate::dispatch_game!(
            crate::game::GameId::parse(crate::game::split_game_string(&spec.game).0).unwrap(),
            G => run_in::<G>(&one, &spec, 1)
        );
        let (games2, text2) = crate::dispatch_game!(
            crate::game::GameId::parse(crate::game::split_game_string(&spec.game).0).unwrap(),
            G => run_in::<G>(&two, &spec, 2)
        );
        assert_eq!(games1.len(), spec.games as usize);
        assert_eq!(untimed(games1), untimed(games2), "{}", spec.game);
        assert_eq!(text1, text2);
    }
}

#[test]
fn both_games_of_a_pair_share_the_opening_and_swap_colours() {
    let spec = spec("tictactoe", ["alphabeta:depth=2", "random"], 20, None);
    let dir = TempDir::new("pairs");
    let (games, _) = run_in::<TicTacToe>(&dir, &spec, 2);
    let openings: std::collections::BTreeSet<_> = games.iter().map(|g| g.opening.clone()).collect();
    assert!(openings.len() > 1, "random openings differ between pairs");
    for pair in games.chunks(2) {
        assert_eq!((pair[0].game, pair[1].game), (0, 1));
        assert_eq!(pair[0].opening, pair[1].opening);
    }
}

#[test]
fn an_interrupted_match_resumes_to_the_same_result() {
    let spec = spec("tictactoe", ["alphabeta:depth=2", "random"], 20, None);
    let (full, cut) = (TempDir::new("full"), TempDir::new("cut"));
    let (games, text) = run_in::<TicTacToe>(&full, &spec, 1);
    // Keep 7 games (pair 3 half done) and a torn eighth line.
    let lines: Vec<String> = std::fs::read_to_string(full.join("games.jsonl"))
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let kept = lines[..7].join("\n") + "\n" + &lines[7][..20];
    prepare_folder(&cut, &spec, 1).unwrap();
    std::fs::write(cut.join("games.jsonl"), kept).unwrap();
    assert_eq!(
        read_games(&cut).unwrap().len(),
        7,
        "the torn line is cut off"
    );
    let (resumed, resumed_text) = run_in::<TicTacToe>(&cut, &spec, 2);
    assert_eq!(untimed(resumed), untimed(games));
    assert_eq!(resumed_text, text);
    let other = MatchSpec {
        seed: 12,
        ..spec.clone()
    };
    let e = prepare_folder(&cut, &other, 1).unwrap_err();
    assert!(
        format!("{e:#}").contains("seed: 11 there, 12 here"),
        "{e:#}"
    );
}

/// Tic-tac-toe, a depth-9 search against random moves under an SPRT that stops early.
fn sprt_against_random() -> MatchSpec {
    let sprt = SprtSpec::parse("elo0=0,elo1=50").unwrap();
    spec(
        "tictactoe",
        ["alphabeta:depth=9", "random"],
        400,
        Some(sprt),
    )
}

#[test]
fn an_sprt_stops_on_its_own_at_the_same_pair_with_any_number_of_threads() {
    let spec = sprt_against_random();
    let (one, two) = (TempDir::new("sprt1"), TempDir::new("sprt2"));
    let (_, text1) = run_in::<TicTacToe>(&one, &spec, 1);
    let (_, text2) = run_in::<TicTacToe>(&two, &spec, 2);
    assert_eq!(text1, text2);
    let games = read_games(&one).unwrap();
    let summary = summarise(&spec, &games);
    let result = summary.sprt.unwrap();
    // One worker keeps no pair past the stop in the games file, however the threads ran.
    assert_eq!(
        games.len() as u32,
        2 * result.pairs,
        "games kept past the SPRT's stop"
    );
    assert_eq!(result.verdict, "H1 accepted");
    assert!(result.pairs < 200, "stopped after {} pairs", result.pairs);
    assert!(result.llr >= result.bounds.1);
    // Every earlier LLR lies inside the bounds: the test stopped at the first crossing.
    let earlier = &result.trace[..result.trace.len() - 1];
    assert!(earlier
        .iter()
        .all(|&(_, l)| l > result.bounds.0 && l < result.bounds.1));
    assert_eq!(summary.a[0].games() as u32, 2 * result.pairs);
}

#[test]
fn pairs_finished_past_the_sprt_stop_leave_the_games_file() {
    // Two workers can finish a pair beyond the deciding one before the deciding one ends.
    // Planted here as a games file with a pair past the stop, which the match then resumes.
    let spec = sprt_against_random();
    let (once, planted) = (TempDir::new("sprt-once"), TempDir::new("sprt-planted"));
    let (games, text) = run_in::<TicTacToe>(&once, &spec, 1);
    let past = games.len() as u32 / 2 + 3;
    prepare_folder(&planted, &spec, 1).unwrap();
    let extra: Vec<GameRecord> = games[..2]
        .iter()
        .map(|g| GameRecord {
            pair: past,
            ..g.clone()
        })
        .collect();
    super::record::rewrite_games(&planted, &[games.clone(), extra].concat()).unwrap();
    let (resumed, resumed_text) = run_in::<TicTacToe>(&planted, &spec, 2);
    assert_eq!(resumed_text, text);
    assert_eq!(untimed(resumed), untimed(games.clone()));
    assert_eq!(untimed(read_games(&planted).unwrap()), untimed(games));
}

#[test]
fn time_limited_agents_deepen_and_return_a_legal_move() {
    let game = Kalah::from_options("6,4,course").unwrap();
    for text in ["alphabeta:time-ms=5", "cammp:time-ms=5", "mcts:time-ms=5"] {
        let mut agent = Agent::new(&AgentSpec::parse(text).unwrap(), &game).unwrap();
        let choice = agent
            .choose(&game, &mut ChaCha8Rng::seed_from_u64(1))
            .unwrap();
        let mut legal = Vec::new();
        game.generate_moves(&mut legal);
        assert!(
            legal.contains(&choice.mv) && choice.depth >= 1 && choice.nodes > 0,
            "{text}"
        );
    }
}

#[test]
fn playout_agents_run_their_playouts_and_repeat_themselves() {
    let game = Kalah::from_options("6,4,course").unwrap();
    let spec = AgentSpec::parse("mcts:playouts=300").unwrap();
    let choose = || {
        let mut agent = Agent::new(&spec, &game).unwrap();
        let choice = agent
            .choose(&game, &mut ChaCha8Rng::seed_from_u64(1))
            .unwrap();
        (choice.mv, choice.nodes, choice.depth)
    };
    let first = choose();
    assert!(first.1 >= 300, "{first:?}");
    assert_eq!(first, choose());
    let greedy = AgentSpec::parse("mcts:playouts=300,uct-c=0").unwrap();
    let mut agent = Agent::new(&greedy, &game).unwrap();
    let choice = agent
        .choose(&game, &mut ChaCha8Rng::seed_from_u64(1))
        .unwrap();
    assert_ne!(
        (choice.mv, choice.nodes, choice.depth),
        first,
        "uct-c reaches the tree search"
    );
}

#[test]
fn q_learning_models_load_back_and_refuse_damage_and_other_games() {
    let game = TicTacToe::from_options("").unwrap();
    let table = QTable::train(&game, 300, 5).unwrap();
    assert!(table.info.rows > 0);
    let dir = TempDir::new("qlearn");
    let path = dir.join("m.bin");
    let bytes = table.to_bytes();
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(QTable::load(&path, &game).unwrap(), table);
    assert_eq!(
        QTable::train(&game, 300, 5).unwrap(),
        table,
        "training is seeded"
    );
    let error = |bytes: &[u8], game_text: &str| {
        std::fs::write(&path, bytes).unwrap();
        let e = match game_text {
            "kalah" => QTable::load(&path, &Kalah::from_options("").unwrap()).unwrap_err(),
            _ => QTable::load(&path, &game).unwrap_err(),
        };
        format!("{e:#}")
    };
    let mut flipped = bytes.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 1;
    assert!(error(&flipped, "").contains("checksum does not match"));
    assert!(error(&bytes[..bytes.len() - 3], "").contains("checksum does not match"));
    assert!(error(b"hello", "").contains("not a Q-learning model"));
    assert!(error(&bytes, "kalah").contains("trained on `tictactoe`, not `kalah:6,4,standard`"));
    let mingmang = crate::game::mingmang::MingMang::from_options("").unwrap();
    let e = QTable::train(&mingmang, 1, 1).unwrap_err();
    assert!(format!("{e:#}").contains("needs at most 64 move indices"));
}

#[test]
fn a_trained_model_beats_random_play_at_tic_tac_toe() {
    let spec_of = |model: &str| {
        let mut s = spec("tictactoe", ["", "random"], 100, None);
        s.agents[0] = format!("qlearn:model={model}");
        s
    };
    let dir = TempDir::new("qlearn-match");
    let game = TicTacToe::from_options("").unwrap();
    let path = dir.join("m.bin");
    std::fs::write(&path, QTable::train(&game, 20_000, 1).unwrap().to_bytes()).unwrap();
    let spec = spec_of(path.to_str().unwrap());
    let (games, _) = run_in::<TicTacToe>(&dir.join("run"), &spec, 2);
    let score = summarise(&spec, &games).a[0].score().unwrap();
    assert!(score > 0.65, "score {score}");
}

#[test]
fn the_matrix_shows_each_pairing_from_both_sides() {
    let spec = spec("tictactoe", ["alphabeta:depth=9", "random"], 20, None);
    let dir = TempDir::new("matrix");
    let (games, _) = run_in::<TicTacToe>(&dir, &spec, 2);
    let summary = summarise(&spec, &games);
    let names = spec.agents.to_vec();
    let matrix = Matrix::new(&names, &[((0, 1), summary.clone())]);
    let (ab, ba) = (
        matrix.cells[0][1].clone().unwrap(),
        matrix.cells[1][0].clone().unwrap(),
    );
    assert_eq!((ab.all.wins, ab.all.losses), (ba.all.losses, ba.all.wins));
    assert_eq!(ab.first, summary.a[1]);
    assert_eq!(ba.first.wins, summary.a[2].losses);
    assert!(matrix.cells[0][0].is_none());
    assert!(matrix.csv().lines().count() == 3);
}

#[test]
fn a_node_budget_agent_spends_its_budget_and_plays_a_completed_iteration() {
    use super::agent::Player;
    use rand::SeedableRng;
    let game = Kalah::from_options("6,4,course").unwrap();
    let spec = AgentSpec::parse("alphabeta+id+tt-value:node-budget=300").unwrap();
    let mut agent = Agent::<Kalah>::new(&spec, &game).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let choice = agent.choose(&game, &mut rng).unwrap();
    // A spent budget of N has expanded exactly N nodes.
    assert_eq!(choice.nodes, 300);
    assert!(choice.depth >= 1);
}
