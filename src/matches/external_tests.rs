//! The text and the clock of external brains, without a process: the `pbrain:` command's
//! words, the agent list's quotes, the reply window and time left, the board's coordinates
//! and the answers that forfeit. Games against real processes are in `tests/it/external.rs`.

use super::agent::{split_agents, AgentSpec, Kind};
use super::external::{
    command_line, gomocup_board, is_chatter, parse_reply, reply_window, split_command,
    time_left_after, xy_of,
};
use super::record::{Forfeit, GomocupClock};
use crate::game::gomoku::Gomoku;
use crate::game::Game;
use std::time::Duration;

fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|w| w.to_string()).collect()
}

#[test]
fn a_command_splits_at_spaces_and_keeps_quoted_parts_whole() {
    assert_eq!(
        split_command("./brain --depth 4").unwrap(),
        words(&["./brain", "--depth", "4"])
    );
    assert_eq!(
        split_command(r#""/opt/my brains/pisq7" 'a,b' x"y z""#).unwrap(),
        words(&["/opt/my brains/pisq7", "a,b", "xy z"])
    );
    assert_eq!(split_command(r#"b """#).unwrap(), words(&["b", ""]));
    let error = |text| format!("{:#}", split_command(text).unwrap_err());
    assert!(error("").contains("needs a command"), "{}", error(""));
    assert!(error("  ").contains("needs a command"));
    assert!(error(r#""/opt/x"#).contains("quote \" is not closed"));
}

#[test]
fn a_command_line_reads_back_as_its_words() {
    for list in [
        &["./brain"][..],
        &["/opt/my brains/pisq7", "--x", "a,b"],
        &["say \"hi\"", "it's", ""],
    ] {
        let words = words(list);
        let line = command_line(&words);
        assert_eq!(split_command(&line).unwrap(), words, "{line}");
    }
    assert_eq!(command_line(&words(&["a b", "c"])), r#""a b" c"#);
}

#[test]
fn pbrain_agents_parse_and_print_back() {
    let spec = AgentSpec::parse(r#"pbrain:"/opt/my brains/pisq7" --fast"#).unwrap();
    assert_eq!(
        spec.kind,
        Kind::Pbrain {
            command: words(&["/opt/my brains/pisq7", "--fast"])
        }
    );
    assert!(spec.is_external());
    assert_eq!(spec.to_string(), r#"pbrain:"/opt/my brains/pisq7" --fast"#);
    assert_eq!(AgentSpec::parse(&spec.to_string()).unwrap(), spec);
    let error = format!("{:#}", AgentSpec::parse("pbrain:").unwrap_err());
    assert!(
        error.contains("agent `pbrain:`: pbrain needs a command: pbrain:PATH [ARGS]"),
        "{error}"
    );
    assert!(!AgentSpec::parse("random").unwrap().is_external());
}

#[test]
fn commas_in_quotes_do_not_split_the_agent_list() {
    assert_eq!(
        split_agents(r#"pbrain:"/a,b/brain" -x,alphabeta:depth=2,eval=patterns"#),
        words(&[
            r#"pbrain:"/a,b/brain" -x"#,
            "alphabeta:depth=2,eval=patterns"
        ])
    );
    assert_eq!(
        split_agents("pbrain:./b 'x, y',random"),
        words(&["pbrain:./b 'x, y'", "random"])
    );
    assert_eq!(
        split_agents("random,,random"),
        words(&["random", "", "random"])
    );
}

#[test]
fn a_pbrain_agent_needs_gomoku_and_a_program() {
    let spec = |text| AgentSpec::parse(text).unwrap();
    let gomoku = Gomoku::from_options("9").unwrap();
    let build = |text, game: &Gomoku| {
        super::agent::Agent::new(&spec(text), game)
            .err()
            .map(|e| format!("{e:#}"))
    };
    assert_eq!(build("pbrain:sh -c true", &gomoku), None, "sh is on PATH");
    let missing = build("pbrain:/no/such/brain", &gomoku).unwrap();
    assert!(missing.contains("no program `/no/such/brain`"), "{missing}");
    let missing = build("pbrain:no-such-brain-on-path", &gomoku).unwrap();
    assert!(missing.contains("nor a name on PATH"), "{missing}");
    let four = Gomoku::from_options("7,connect=4").unwrap();
    let four = build("pbrain:sh", &four).unwrap();
    assert!(four.contains("five in a row, not `connect=4`"), "{four}");
    let kalah = crate::game::kalah::Kalah::from_options("").unwrap();
    let kalah = super::agent::Agent::new(&spec("pbrain:sh"), &kalah)
        .err()
        .unwrap();
    assert!(format!("{kalah:#}").contains("plays gomoku"), "{kalah:#}");
}

#[test]
fn the_board_and_rule_come_from_the_game() {
    assert_eq!(
        gomocup_board("gomoku:15,freestyle,connect=5").unwrap(),
        (15, 0)
    );
    assert_eq!(
        gomocup_board("gomoku:20,exact-five,connect=5").unwrap(),
        (20, 1)
    );
    assert!(gomocup_board("gomoku:7,freestyle,connect=4").is_err());
}

#[test]
fn the_reply_window_is_the_smaller_limit_plus_the_tolerance() {
    let clock = GomocupClock {
        timeout_turn_ms: 15_000,
        timeout_match_ms: 90_000,
        tolerance_ms: 1_000,
        max_memory: 0,
    };
    let ms = Duration::from_millis;
    assert_eq!(reply_window(&clock, None), ms(16_000));
    assert_eq!(reply_window(&clock, Some(ms(90_000))), ms(16_000));
    assert_eq!(reply_window(&clock, Some(ms(4_000))), ms(5_000));
    assert_eq!(reply_window(&clock, Some(ms(0))), ms(1_000));
    assert_eq!(time_left_after(Some(ms(4_000)), ms(1_500)), Some(ms(2_500)));
    assert_eq!(time_left_after(Some(ms(400)), ms(1_500)), Some(ms(0)));
    assert_eq!(time_left_after(None, ms(1_500)), None);
}

#[test]
fn points_convert_between_notation_and_x_y() {
    assert_eq!(xy_of("a1").unwrap(), (0, 0));
    assert_eq!(xy_of("h8").unwrap(), (7, 7));
    assert_eq!(xy_of("o3").unwrap(), (14, 2));
    assert!(xy_of("8h").is_err());
    assert!(xy_of("a0").is_err());
    let game = Gomoku::from_options("9").unwrap();
    let mv = parse_reply(&game, 9, "7,2", "BEGIN").unwrap();
    assert_eq!(game.format_move(mv), "h3");
    assert_eq!(xy_of(&game.format_move(mv)).unwrap(), (7, 2));
}

#[test]
fn answers_that_are_no_legal_move_forfeit_with_their_cause() {
    let mut game = Gomoku::from_options("9").unwrap();
    game.play_moves("e5").unwrap();
    let cause = |reply| {
        let failure = parse_reply(&game, 9, reply, "TURN 4,4").unwrap_err();
        (failure.forfeit.unwrap(), failure.message)
    };
    let (forfeit, message) = cause("4,4");
    assert_eq!(forfeit, Forfeit::IllegalMove);
    assert!(
        message.contains("played 4,4 after `TURN 4,4`: e5 is taken"),
        "{message}"
    );
    let (forfeit, message) = cause("9,0");
    assert_eq!(forfeit, Forfeit::IllegalMove);
    assert!(message.contains("off the 9x9 board"), "{message}");
    for garbage in ["hello", "4;4", "4,x", "ERROR no idea", ""] {
        assert_eq!(cause(garbage).0, Forfeit::BadAnswer, "{garbage}");
    }
    assert!(parse_reply(&game, 9, " 3 , 4 ", "TURN 4,4").is_ok());
}

#[test]
fn messages_and_debug_lines_are_chatter() {
    for line in ["MESSAGE thinking", "debug depth 3", "", "  ", "MESSAGE"] {
        assert!(is_chatter(line), "{line}");
    }
    for line in ["4,4", "OK", "ERROR x", "MESSAGES"] {
        assert!(!is_chatter(line), "{line}");
    }
}

/// A match of `pbrain:brain` against `alphabeta:depth=2` under `clock`, with games whose
/// moves took the wall times `us` (agent A's first, then alternating).
fn reported(us: &[&[u64]], clock: GomocupClock) -> (String, String) {
    use super::record::{GameRecord, MatchSpec, Openings};
    let spec = MatchSpec {
        game: "gomoku:15,freestyle,connect=5".into(),
        agents: ["pbrain:brain".into(), "alphabeta:depth=2".into()],
        games: us.len() as u32,
        sprt: None,
        openings: Openings::Random { plies: 0 },
        seed: 1,
        max_plies: 1000,
        gomocup: Some(clock),
    };
    let games: Vec<GameRecord> = us
        .iter()
        .map(|times| {
            let moves: Vec<String> = times
                .iter()
                .enumerate()
                .map(|(i, us)| {
                    let nodes = if i % 2 == 0 { 0 } else { 50 };
                    format!(r#"{{"move":"a{}","nodes":{nodes},"depth":{},"us":{us}}}"#, i + 1, i % 2 * 2)
                })
                .collect();
            let line = format!(
                r#"{{"pair":0,"game":0,"opening":[],"moves":[{}],"end":"win","winner":0,"reason":"rules"}}"#,
                moves.join(",")
            );
            serde_json::from_str(&line).unwrap()
        })
        .collect();
    let summary = super::summary::markdown(&super::summary::summarise(&spec, &games));
    (summary, super::run::timing(&spec, &games))
}

#[test]
fn an_external_brain_reports_no_nodes_and_its_replies_are_set_beside_the_allowance() {
    // A's replies: 1..=100 ms over two games (the 99th percentile 99 ms, the longest 100).
    let a_then_b = |range: std::ops::RangeInclusive<u64>| {
        range.flat_map(|ms| [ms * 1000, 7000]).collect::<Vec<u64>>()
    };
    let (first, second) = (a_then_b(1..=50), a_then_b(51..=100));
    let clock = GomocupClock {
        timeout_turn_ms: 150,
        timeout_match_ms: 0,
        tolerance_ms: 20,
        max_memory: 0,
    };
    let (summary, timing) = reported(&[&first, &second], clock);
    assert!(
        summary.contains("| pbrain:brain | 100 | - | - |"),
        "{summary}"
    );
    assert!(
        summary.contains("| alphabeta:depth=2 | 100 | 50 | 2.00 |"),
        "{summary}"
    );
    assert!(
        timing.contains("held to 150 ms a move plus 20 ms of tolerance"),
        "{timing}"
    );
    assert!(
        timing.contains("| pbrain:brain | 100 | - | 50.500 | 99.000 | 100.000 |"),
        "{timing}"
    );
    assert!(
        timing.contains("| alphabeta:depth=2 | 100 | - | 7.000 | 7.000 | 7.000 |"),
        "{timing}"
    );
}
