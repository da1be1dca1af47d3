//! The claims of the committed runs: every `analysis.md` with a `claims.json` is what
//! `cutoff report` renders from it, and `results/check.py` (needs `python3`) recomputes the
//! claims from the data and fails when a record changes a number.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const RESULTS: &str = "results";
/// The run the perturbation test copies, and the files of other runs its claims read.
const RUN: &str = "2026-11-25-mingmang-cammp-d6";
const READS: &[&str] = &[
    "2026-11-25-minimal/minimal-mingmang-d6.jsonl",
    "2026-11-23-mingmang-cammp/per-depth.csv",
    "2026-11-23-mingmang-cammp/records.jsonl",
];

fn folders_with_claims() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(RESULTS)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("claims.json").exists())
        .collect();
    found.sort();
    found
}

#[test]
fn every_committed_analysis_with_claims_is_their_rendering() {
    let folders = folders_with_claims();
    assert!(!folders.is_empty(), "no claims.json under {RESULTS}");
    for dir in folders {
        let json = fs::read_to_string(dir.join("claims.json")).unwrap();
        let rendered = cutoff::report::claims::render(&json)
            .unwrap_or_else(|e| panic!("{}: {e:#}", dir.display()));
        let committed = fs::read_to_string(dir.join("analysis.md")).unwrap();
        assert!(
            committed == rendered,
            "{}/analysis.md is not the rendering of its claims.json: run `cutoff report` on it",
            dir.display()
        );
    }
}

fn copy(from: &Path, to: &Path) {
    fs::create_dir_all(to.parent().unwrap()).unwrap();
    fs::copy(from, to).unwrap_or_else(|e| panic!("{}: {e}", from.display()));
}

fn check(dir: &Path) -> (bool, String) {
    let out = Command::new("python3")
        .arg("results/check.py")
        .arg(dir)
        .output()
        .expect("python3 runs results/check.py");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.success(), text)
}

#[test]
fn the_checker_fails_on_a_claim_whose_record_changed() {
    let root = std::env::temp_dir().join(format!("cutoff-it-{}-claims", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    let run = root.join(RUN);
    for entry in fs::read_dir(Path::new(RESULTS).join(RUN)).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            copy(&path, &run.join(path.file_name().unwrap()));
        }
    }
    for file in READS {
        copy(&Path::new(RESULTS).join(file), &root.join(file));
    }
    let (ok, text) = check(&run);
    assert!(ok, "the copied run fails its checks:\n{text}");
    assert!(text.contains("claims:"), "{text}");

    // Ten times the nodes of one of cammp's depth-6 searches: the headline ratio moves.
    let records = fs::read_to_string(run.join("records.jsonl")).unwrap();
    let mut lines: Vec<String> = records.lines().map(String::from).collect();
    let i = lines
        .iter()
        .position(|l| l.contains(r#""config":"cammp","depth":6,"#))
        .expect("a cammp record at depth 6");
    let nodes = lines[i].split(r#""n_nodes":"#).nth(1).unwrap();
    let n: u64 = nodes[..nodes.find(',').unwrap()].parse().unwrap();
    lines[i] = lines[i].replace(
        &format!(r#""n_nodes":{n},"#),
        &format!(r#""n_nodes":{},"#, n * 10),
    );
    fs::write(run.join("records.jsonl"), lines.join("\n") + "\n").unwrap();
    let (ok, text) = check(&run);
    fs::remove_dir_all(&root).unwrap();
    assert!(!ok, "the checker passed a changed record:\n{text}");
    assert!(
        text.contains(&format!("FAIL {RUN}: claims")) && text.contains("{r6}"),
        "the claim of the changed ratio is not the one named:\n{text}"
    );
}
