//! External Gomocup brains as match agents, run as a user runs them: our own `cutoff
//! pbrain` (behind a shell script that logs what the match sends it) plays a built-in agent
//! to a finished, recorded and resumable match; tiny scripted brains that play illegally,
//! overrun their time, crash and answer garbage each forfeit with their cause recorded, and
//! nothing hangs. No time is asserted: a brain is late only by construction (it sleeps a
//! minute against a window of a fraction of a second), and the others answer at once
//! against a window of a minute. Each command runs under a generous bound that fails the
//! test instead of hanging it.

use super::cli::{text, Temp};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A command that has not ended by then has hung.
const HANG: Duration = Duration::from_secs(300);

/// Runs `cutoff args...` with stdout and stderr in files of `dir`, failing the test if it
/// runs past [`HANG`]; returns the exit code and stdout.
fn cutoff_bounded(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let (out, err) = (dir.join("stdout.txt"), dir.join("stderr.txt"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .expect("the cutoff binary runs");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > HANG {
            let _ = child.kill();
            panic!("cutoff {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stdout = std::fs::read_to_string(out).unwrap();
    let stderr = std::fs::read_to_string(err).unwrap();
    assert!(
        status.success(),
        "cutoff {args:?}: {status}\n{stdout}\n{stderr}"
    );
    (status.code(), stdout)
}

/// Writes an executable shell script `name` into `dir`.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// A scripted brain: it logs every line to `<path>.log`, answers `START` with `OK`, and
/// answers a move request (`BEGIN`, `DONE` of a `BOARD`, `TURN`) as `mode` says: `illegal`
/// plays the opponent's last point (taken) or, on an empty board, `99,99` (off the board);
/// `slow` sleeps a minute; `crash` exits with code 3; `garbage` writes a `MESSAGE` and then
/// a line that is no move; `hangup` closes its input, answers a legal move, and sleeps.
fn scripted_brain(dir: &Path, mode: &str) -> PathBuf {
    let body = format!(
        r#"MODE={mode}
last=""
while IFS= read -r line; do
  line=$(printf '%s' "$line" | tr -d '\r')
  printf '%s\n' "$line" >> "$0.log"
  case "$line" in
    START*) echo OK ;;
    END) exit 0 ;;
    [0-9]*,[0-9]*,[0-9]*) last="${{line%,*}}" ;;
    BEGIN|DONE|TURN*)
      case "$line" in TURN*) last="${{line#TURN }}" ;; esac
      case "$MODE" in
        illegal) if [ -n "$last" ]; then echo "$last"; else echo "99,99"; fi ;;
        slow) exec sleep 60 ;;
        crash) exit 3 ;;
        garbage) echo "MESSAGE about to answer"; echo "hello there" ;;
        hangup)
          exec 0<&-
          if [ "$last" = "0,0" ]; then echo "1,1"; else echo "0,0"; fi
          exec sleep 60 ;;
      esac ;;
  esac
done
"#
    );
    script(dir, &format!("{mode}-brain.sh"), &body)
}

/// The game records of a match folder.
fn games(dir: &Path) -> Vec<serde_json::Value> {
    let lines = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    lines
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// A match of `agents` on 9x9 Gomoku: 2 games (one pair, colours swapped).
fn match_args<'a>(agents: &'a str, out: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "match", "--game", "gomoku:9", "--agents", agents, "--games", "2", "--seed", "3", "--jobs",
        "1", "--quiet", "--out", out,
    ];
    args.extend_from_slice(extra);
    args
}

/// Plays the scripted brain `mode` (agent A) against random moves in the temp folder
/// `name` and checks that it forfeits both games with `cause` and a message holding `says`;
/// returns its log.
fn forfeits(name: &str, mode: &str, extra: &[&str], cause: &str, says: &[&str]) -> String {
    let temp = Temp::new(name);
    let brain = scripted_brain(&temp.0, mode);
    let agents = format!("pbrain:{},random", text(&brain));
    let out = temp.0.join("match");
    let (_, stdout) = cutoff_bounded(&temp.0, &match_args(&agents, text(&out), extra));
    let games = games(&out);
    assert_eq!(games.len(), 2, "{stdout}");
    for game in &games {
        assert_eq!(game["end"], "forfeit", "{mode}: {game}");
        assert_eq!(game["loser"], 0, "{mode}: {game}");
        assert_eq!(game["cause"], cause, "{mode}: {game}");
        let message = game["message"].as_str().unwrap();
        for part in says {
            assert!(
                message.contains(part),
                "{mode}: `{part}` not in `{message}`"
            );
        }
    }
    assert!(
        stdout.contains("2 games lost by forfeit (counted as losses)")
            && stdout.contains(&format!("forfeits ({cause})"))
            && stdout.contains("| overall | 2 | 0 | 0 | 2 | 0.0% |"),
        "{stdout}"
    );
    std::fs::read_to_string(brain.with_extension("sh.log")).unwrap_or_default()
}

#[test]
fn our_pbrain_plays_a_recorded_resumable_match_as_an_external_agent() {
    let temp = Temp::new("external-pbrain");
    let log = temp.0.join("pbrain.log");
    let wrapper = script(
        &temp.0,
        "our brain.sh",
        &format!(
            "tee -a '{}' | '{}' pbrain --depth 1\n",
            text(&log),
            env!("CARGO_BIN_EXE_cutoff")
        ),
    );
    // The path holds a space: quoted in the agent string.
    let agents = format!("pbrain:\"{}\",alphabeta:depth=1", text(&wrapper));
    let out = temp.0.join("match");
    let args = [
        "match",
        "--game",
        "gomoku:9",
        "--agents",
        &agents,
        "--games",
        "4",
        "--seed",
        "5",
        "--jobs",
        "1",
        "--quiet",
        "--out",
        text(&out),
        "--timeout-turn",
        "60000",
        "--timeout-match",
        "600000",
    ];
    let (_, summary) = cutoff_bounded(&temp.0, &args);
    let games = games(&out);
    assert_eq!(games.len(), 4);
    for game in &games {
        let end = game["end"].as_str().unwrap();
        assert!(end == "win" || end == "draw", "{game}");
        assert!(!game["moves"].as_array().unwrap().is_empty(), "{game}");
    }
    assert!(summary.contains("4 games counted, 0 in error"), "{summary}");
    assert!(
        summary.contains("60000 ms a move, 600000 ms a game (0: unlimited), 1000 ms tolerance; 0 games lost by forfeit"),
        "{summary}"
    );
    let manifest = std::fs::read_to_string(out.join("manifest.json")).unwrap();
    let manifest: serde_json::Value = serde_json::from_str(&manifest).unwrap();
    assert_eq!(manifest["spec"]["gomocup"]["timeout_turn_ms"], 60000);
    assert_eq!(
        std::fs::read_to_string(out.join("summary.md")).unwrap(),
        summary
    );
    // What the brain was told: a game each time, the clock, the opening, and END.
    let log = std::fs::read_to_string(&log).unwrap();
    let count = |line: &str| log.lines().filter(|l| l.trim_end() == line).count();
    assert_eq!(count("START 9"), 4, "{log}");
    assert_eq!(count("END"), 4, "{log}");
    assert_eq!(
        count("BOARD"),
        4,
        "the random openings come as BOARD: {log}"
    );
    for line in [
        "INFO timeout_turn 60000",
        "INFO timeout_match 600000",
        "INFO rule 0",
    ] {
        assert_eq!(count(line), 4, "{line}: {log}");
    }
    assert!(log.lines().any(|l| l.starts_with("TURN ")), "{log}");
    assert_eq!(
        count("INFO time_left 600000"),
        4,
        "the full clock at each first move"
    );
    // The same command resumes: nothing left to play, the same summary.
    let (_, again) = cutoff_bounded(&temp.0, &args);
    assert_eq!(again, summary);
    assert_eq!(self::games(&out), games);
}

#[test]
fn a_brain_that_plays_illegally_forfeits_off_the_board_and_on_a_taken_point() {
    let extra = ["--opening-plies", "0", "--timeout-turn", "60000"];
    let log = forfeits(
        "external-illegal",
        "illegal",
        &extra,
        "illegal-move",
        &["played "],
    );
    // Game 0: the brain begins on the empty board; game 1: it gets random's first stone.
    assert!(log.contains("BEGIN") && log.contains("BOARD"), "{log}");
    assert!(
        !log.contains("END"),
        "a brain that forfeits is killed, not ended: {log}"
    );
}

#[test]
fn illegal_answers_say_what_was_wrong() {
    let temp = Temp::new("external-illegal-words");
    let brain = scripted_brain(&temp.0, "illegal");
    let agents = format!("pbrain:{},random", text(&brain));
    let out = temp.0.join("match");
    let extra = ["--opening-plies", "0", "--timeout-turn", "60000"];
    cutoff_bounded(&temp.0, &match_args(&agents, text(&out), &extra));
    let games = games(&out);
    let message = |i: usize| games[i]["message"].as_str().unwrap().to_string();
    assert!(
        message(0).contains("played 99,99 after `BEGIN`: off the 9x9 board"),
        "{}",
        message(0)
    );
    assert!(message(1).contains("is taken"), "{}", message(1));
}

#[test]
fn a_brain_that_overruns_its_turn_forfeits_on_time() {
    let extra = ["--timeout-turn", "300", "--time-tolerance", "0"];
    forfeits(
        "external-turn",
        "slow",
        &extra,
        "time",
        &["no answer within 300 ms", "turn timeout 300 ms"],
    );
}

#[test]
fn a_brain_out_of_match_time_forfeits_even_within_its_turn() {
    let extra = [
        "--timeout-turn",
        "600000",
        "--timeout-match",
        "300",
        "--time-tolerance",
        "0",
    ];
    let log = forfeits(
        "external-clock",
        "slow",
        &extra,
        "time",
        &["no answer within 300 ms", "time left 300 ms"],
    );
    assert!(log.contains("INFO time_left 300"), "{log}");
}

#[test]
fn a_brain_that_crashes_forfeits_as_exited() {
    let extra = ["--timeout-turn", "60000"];
    forfeits(
        "external-crash",
        "crash",
        &extra,
        "exited",
        &["exit status: 3", "before answering"],
    );
}

#[test]
fn a_brain_that_closes_its_input_forfeits_and_the_match_goes_on() {
    // Its input is closed before its answer arrives, so the next line the match sends
    // meets a closed pipe: an error (EPIPE) and a forfeit, never a SIGPIPE that would end
    // the match.
    let extra = ["--opening-plies", "0", "--timeout-turn", "60000"];
    forfeits(
        "external-hangup",
        "hangup",
        &extra,
        "exited",
        &["it closed its pipes before it was sent `INFO time_left"],
    );
}

#[test]
fn a_brain_that_answers_garbage_forfeits_and_was_told_the_rules() {
    let extra = ["--timeout-turn", "60000", "--max-memory", "1000000"];
    let log = forfeits(
        "external-garbage",
        "garbage",
        &extra,
        "bad-answer",
        &["answered `hello there`"],
    );
    for line in [
        "START 9",
        "INFO timeout_turn 60000",
        "INFO timeout_match 90000",
        "INFO max_memory 1000000",
        "INFO rule 0",
        "INFO time_left 90000",
        "BOARD",
        "DONE",
    ] {
        assert!(log.lines().any(|l| l == line), "`{line}` not sent: {log}");
    }
}

#[test]
fn a_tournament_scores_forfeits_as_losses() {
    let temp = Temp::new("external-tournament");
    let brain = scripted_brain(&temp.0, "crash");
    let agents = format!("pbrain:{},random,alphabeta:depth=1", text(&brain));
    let out = temp.0.join("tournament");
    let args = [
        "tournament",
        "--game",
        "gomoku:9",
        "--agents",
        &agents,
        "--games",
        "2",
        "--seed",
        "3",
        "--jobs",
        "1",
        "--quiet",
        "--out",
        text(&out),
        "--timeout-turn",
        "60000",
    ];
    let (_, matrix) = cutoff_bounded(&temp.0, &args);
    for pair in ["01-vs-02", "01-vs-03"] {
        let games = games(&out.join("pairs").join(pair));
        assert!(
            games
                .iter()
                .all(|g| g["end"] == "forfeit" && g["loser"] == 0),
            "{pair}"
        );
    }
    // The pairing of two built-in agents plays as any match does: no Gomocup clock.
    let builtin = out.join("pairs").join("02-vs-03");
    let manifest = std::fs::read_to_string(builtin.join("manifest.json")).unwrap();
    let summary = std::fs::read_to_string(builtin.join("summary.md")).unwrap();
    assert!(!manifest.contains("gomocup"), "{manifest}");
    assert!(!summary.contains("Gomocup"), "{summary}");
    let first = std::fs::read_to_string(out.join("pairs/01-vs-02/summary.md")).unwrap();
    assert!(first.contains("under the Gomocup clock"), "{first}");
    let csv = std::fs::read_to_string(out.join("scores.csv")).unwrap();
    assert!(
        !csv.is_empty() && matrix.contains("random"),
        "{matrix}\n{csv}"
    );
}

#[test]
fn match_and_tournament_help_document_external_brains() {
    for command in ["match", "tournament"] {
        let out = super::cli::cutoff(&[command, "--help"]);
        let help = String::from_utf8_lossy(&out.stdout);
        for part in [
            "pbrain:PATH [ARGS]",
            "--timeout-turn <MS>",
            "[default: 15000]",
            "--timeout-match <MS>",
            "[default: 90000]",
            "--time-tolerance <MS>",
            "[default: 1000]",
            "--max-memory <BYTES>",
            "forfeits",
        ] {
            assert!(
                help.contains(part),
                "`cutoff {command} --help` lacks `{part}`:\n{help}"
            );
        }
    }
}

#[test]
fn a_bad_pbrain_agent_is_a_one_line_error() {
    use super::cli::check;
    let base = ["match", "--game", "gomoku:9", "--seed", "1", "--agents"];
    let with = |agents: &'static str| [&base[..], &[agents]].concat();
    check(
        &with("pbrain:,random"),
        2,
        "pbrain needs a command: pbrain:PATH [ARGS]",
    );
    check(&with("pbrain:'/x,random"), 2, "the quote ' is not closed");
    check(
        &with("pbrain:/no/such/brain,random"),
        2,
        "no program `/no/such/brain`",
    );
    let kalah = [
        "match",
        "--game",
        "kalah",
        "--seed",
        "1",
        "--agents",
        "pbrain:sh,random",
    ];
    check(&kalah, 2, "a pbrain agent plays gomoku");
}
