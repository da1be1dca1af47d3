//! Edges a new user hit (issue 29), each through the binary: node limits that mean exactly
//! N, position sets whose boards disagree with their moves, the default run folder under
//! git's ignore rules, the defaults, configurations and weights `--help` shows, and the
//! table `solve` sizes from the problem.

use super::cli::{check, cutoff, text as text_of, Temp};

/// The JSON line of depth `depth` in `search --json`'s output.
fn depth_line(stdout: &str, depth: u32) -> String {
    let key = format!("{{\"depth\":{depth},");
    let line = stdout.lines().find(|l| l.starts_with(&key));
    line.unwrap_or_else(|| panic!("no depth {depth} in\n{stdout}"))
        .to_string()
}

/// `--max-nodes 1000` and `--node-budget 1000` stop at 1000 expanded nodes, not 1001.
#[test]
fn node_limits_mean_exactly_n() {
    for (flag, stop) in [
        ("--max-nodes", "\"capped\":true"),
        ("--node-budget", "\"capped\":false"),
    ] {
        let args = [
            "search", "--game", "kalah", "--depth", "5", flag, "1000", "--json",
        ];
        let out = cutoff(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let line = depth_line(&String::from_utf8_lossy(&out.stdout), 5);
        assert!(
            line.contains("\"n_nodes\":1000,\"n_qnodes\":0,"),
            "{flag}: {line}"
        );
        assert!(line.contains(stop), "{flag}: {line}");
    }
    check(
        &[
            "search",
            "--game",
            "kalah",
            "--depth",
            "5",
            "--max-nodes",
            "1000",
        ],
        0,
        " 1000 (capped at the node limit)",
    );
}

/// A position set whose stored board is not the one its moves produce is refused, naming
/// the set, the position and both boards.
#[test]
fn a_set_whose_board_disagrees_with_its_moves_is_refused() {
    let temp = Temp::new("board-check");
    let text = std::fs::read_to_string("fixtures/kalah/opening.json").unwrap();
    let mut file: serde_json::Value = serde_json::from_str(&text).unwrap();
    let positions = file["positions"].as_array_mut().unwrap();
    let (stored, played) = (positions[0]["board"].clone(), positions[1]["board"].clone());
    positions[1]["board"] = stored.clone();
    let id = positions[1]["id"].as_str().unwrap().to_string();
    let set = temp.0.join("edited.json");
    std::fs::write(&set, file.to_string()).unwrap();
    let run = temp.0.join("run");
    let args = [
        "ablate",
        "--game",
        "kalah",
        "--set",
        text_of(&set),
        "--plan",
        "add-one",
        "--depths",
        "1",
        "--positions",
        "1",
        "--quiet",
        "--out",
        text_of(&run),
    ];
    let out = cutoff(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    for want in [
        "set `opening`",
        &format!("position `{id}`"),
        "not the board its moves produce",
        stored.as_str().unwrap(),
        played.as_str().unwrap(),
    ] {
        assert!(stderr.contains(want), "`{want}` not in\n{stderr}");
    }
}

/// The default run's folder, as `cutoff --help` names it, is ignored by git; a committed
/// run's folder is not.
#[test]
fn the_default_run_folder_is_git_ignored() {
    let help = String::from_utf8_lossy(&cutoff(&["--help"]).stdout).into_owned();
    let at = help
        .find("results/<date>")
        .expect("--help names the default folder");
    let folder = help[at..]
        .split(['/', ' '])
        .take(2)
        .collect::<Vec<_>>()
        .join("/");
    assert!(folder.contains("<build>"), "{folder}");
    let folder = folder
        .replace("<date>", "2026-11-26")
        .replace("<build>", "0123abcd");
    // In a checkout git decides; from a source archive (no git), the rules of the top
    // .gitignore are matched here, `*` within one path segment.
    let in_checkout = crate::checkout_head().is_some();
    let ignored = |path: &str| {
        if in_checkout {
            let out = std::process::Command::new("git")
                .args(["check-ignore", "-q", path])
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .status()
                .expect("git runs");
            return out.code() == Some(0);
        }
        ignored_by_rules(&gitignore_rules(), path)
    };
    let records = format!("{folder}/textbook/records.jsonl");
    assert!(ignored(&records), "{records} is not ignored");
    let committed = "results/2026-11-26-kalah-cammp-1pg/records.jsonl";
    assert!(!ignored(committed), "{committed} is ignored");
}

/// The top `.gitignore`'s rules: its lines that are neither blank nor comments.
fn gitignore_rules() -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(".gitignore");
    std::fs::read_to_string(path)
        .expect(".gitignore is there")
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(String::from)
        .collect()
}

/// Whether `path` (relative to the top, a file) lies in a folder that one of `rules`
/// ignores: the subset of git's rules this repository uses (`dir/`, `a/*-b-*/`, no `!`).
fn ignored_by_rules(rules: &[String], path: &str) -> bool {
    let segments: Vec<&str> = path.split('/').collect();
    rules.iter().any(|rule| {
        let rule = rule.trim_end_matches('/');
        let parts: Vec<&str> = rule.split('/').collect();
        let anchored = rule.contains('/');
        let folders = &segments[..segments.len() - 1];
        let starts: Vec<usize> = if anchored {
            vec![0]
        } else {
            (0..folders.len()).collect()
        };
        starts.into_iter().any(|start| {
            folders.len() >= start + parts.len()
                && parts
                    .iter()
                    .zip(&folders[start..])
                    .all(|(part, segment)| glob(part, segment))
        })
    })
}

/// `*` matches any run of characters within one segment; everything else matches itself.
fn glob(pattern: &str, text: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == text,
        Some((head, tail)) => {
            text.starts_with(head)
                && (head.len()..=text.len())
                    .any(|at| text.is_char_boundary(at) && glob(tail, &text[at..]))
        }
    }
}

#[test]
fn the_ignore_rules_are_matched_without_git_as_git_matches_them() {
    let rules = gitignore_rules();
    for (path, expected) in [
        (
            "results/2026-11-26-mingmang-default-0123abcd/textbook/records.jsonl",
            true,
        ),
        ("results/2026-11-26-kalah-cammp-1pg/records.jsonl", false),
        ("target/release/cutoff", true),
        ("mutants.out/outcomes.json", true),
        ("src/main.rs", false),
    ] {
        assert_eq!(ignored_by_rules(&rules, path), expected, "{path}");
    }
}

fn help(command: &str) -> String {
    let out = cutoff(&[command, "--help"]);
    assert_eq!(out.status.code(), Some(0), "{command} --help");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `--help` shows the defaults a user would otherwise guess, lists the presets and flags for
/// every configuration argument, and the protocol clients list only their game's weights.
#[test]
fn help_shows_defaults_configurations_and_only_the_clients_own_weights() {
    for (command, wants) in [
        ("match", &["[default: 100; with --sprt: 20000]"][..]),
        ("bench", &["fixtures/expected/bench.json when not given"]),
        (
            "pbrain",
            &[
                "[default without --depth: 5000]",
                "gomoku's evaluations have no weights",
            ],
        ),
        ("ablate", &["(default: the whole set)"]),
        ("gthd", &["gothello's evaluation weights"]),
    ] {
        let text = help(command);
        for want in wants {
            assert!(
                text.contains(want),
                "{command} --help lacks `{want}`:\n{text}"
            );
        }
    }
    let ablate = help("ablate");
    let full = &ablate[ablate.find("--full").unwrap()..ablate.find("--base").unwrap()];
    assert!(full.contains("presets minimax"), "{full}");
    assert!(help("minimal").contains("presets minimax"));
    // The weight lines (`name (default d): game eval: meaning`) by game, from `search`'s
    // list of every game's weights.
    let weights = |text: &str| -> Vec<(String, String)> {
        let weight = |l: &str| {
            let (name, rest) = l.trim().split_once(" (default ")?;
            let game = rest.split_once("): ")?.1.split(' ').next()?;
            (!name.contains('=')).then(|| (game.to_string(), l.trim().to_string()))
        };
        text.lines().filter_map(weight).collect()
    };
    let every = weights(&help("search"));
    for (command, game) in [("pbrain", "gomoku"), ("gthd", "gothello")] {
        let own: Vec<_> = every.iter().filter(|(g, _)| g == game).cloned().collect();
        assert!(own.len() < every.len(), "{every:?}");
        assert_eq!(weights(&help(command)), own, "{command}");
    }
}

/// `solve` sizes its transposition table from the problem and says so: a small board takes
/// a small table, `--tt-cap-mb` caps it, `--tt-mb` fixes it.
#[test]
fn solve_sizes_its_table_from_the_problem() {
    let solve = |game: &str, extra: &[&str]| {
        let out = cutoff(&[&["solve", "--game", game][..], extra].concat());
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(0), "{game} {extra:?}: {stderr}");
        stderr
    };
    let small = solve("kalah:3,2", &[]);
    assert!(
        small.contains("a 1 MiB transposition table (sized from the problem: 12 seeds left in 6 houses make at most 18564 configurations, room for all;"),
        "{small}"
    );
    let larger = solve("kalah:4,2", &[]);
    assert!(
        larger.contains("a 16 MiB transposition table (sized"),
        "{larger}"
    );
    let capped = solve("kalah:4,2", &["--tt-cap-mb", "4"]);
    assert!(capped.contains("a 4 MiB transposition table (the cap, --tt-cap-mb: 16 seeds left in 8 houses make at most 735471 configurations;"), "{capped}");
    let fixed = solve("kalah:4,2", &["--tt-mb", "2"]);
    assert!(
        fixed.contains("a 2 MiB transposition table (--tt-mb)"),
        "{fixed}"
    );
    let json = cutoff(&["solve", "--game", "kalah:3,2", "--json"]);
    let line: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(line["tt_mb"], 1, "{line}");
}
