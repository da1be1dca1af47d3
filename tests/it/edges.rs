//! Edges a new user hit (issue 29), each through the binary: node limits that mean exactly
//! N.

use super::cli::{check, cutoff};

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
