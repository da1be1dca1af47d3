//! The committed studies' `summary.html` pages, re-rendered from their records and opened in
//! headless Chromium: each loads, shows every chart inline, runs no script, and draws a
//! screenshot. Ignored by a plain `cargo test` (it needs Chromium, which `cargo xtask setup`
//! installs); `.ci/run` runs it with `--ignored`, and then a missing Chromium is a failure.

use std::path::Path;
use std::process::Command;

const CHROMIUM: &[&str] = &["chromium", "chromium-browser", "google-chrome"];

fn chromium() -> Option<&'static str> {
    let runs = |name: &&&str| {
        Command::new(name)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    CHROMIUM.iter().find(runs).copied()
}

/// `cutoff report RUN --out OUT`, then the page's DOM as Chromium loaded it.
fn render(browser: &str, run: &str, out: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let status = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args(["report", run, "--out"])
        .arg(out)
        .current_dir(root)
        .output()
        .expect("cutoff runs");
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    load(browser, &out.join("summary.html"), out)
}

/// The DOM of `page` as Chromium loaded it, and a screenshot of it in `out/page.png`.
fn load(browser: &str, page: &Path, out: &Path) -> String {
    std::fs::create_dir_all(out).unwrap();
    let url = format!("file://{}", page.display());
    let shot = format!("--screenshot={}", out.join("page.png").display());
    let flags = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--window-size=1200,1600",
    ];
    let dom = Command::new(browser)
        .args(flags)
        .arg("--dump-dom")
        .arg(&url)
        .output()
        .expect("chromium runs");
    assert!(
        dom.status.success(),
        "{}",
        String::from_utf8_lossy(&dom.stderr)
    );
    let png = Command::new(browser)
        .args(flags)
        .arg(&shot)
        .arg(&url)
        .output()
        .expect("chromium runs");
    assert!(
        png.status.success(),
        "{}",
        String::from_utf8_lossy(&png.stderr)
    );
    assert!(std::fs::metadata(out.join("page.png")).is_ok_and(|m| m.len() > 10_000));
    String::from_utf8_lossy(&dom.stdout).into_owned()
}

#[test]
#[ignore = "needs Chromium (`cargo xtask setup`); .ci/run runs it: cargo test --test it html:: -- --ignored"]
fn the_committed_studies_pages_load_in_chromium() {
    let browser = chromium().unwrap_or_else(|| {
        panic!("no Chromium found ({CHROMIUM:?}); `cargo xtask setup` installs it")
    });
    for (run, title, charts) in [
        // With minimal-ratio-per-depth and savings-vs-drift (minimal.jsonl, exact baseline).
        ("results/2026-11-23-mingmang-cammp", "cammp: mingmang", 9),
        ("results/2026-11-23-kalah-cammp", "kalah", 8),
    ] {
        let out =
            std::env::temp_dir().join(format!("cutoff-html-{}-{}", std::process::id(), charts));
        let dom = render(browser, run, &out);
        assert!(dom.contains(title), "{run}: no title");
        assert_eq!(dom.matches("<svg").count(), charts, "{run}: inline charts");
        assert!(dom.contains("<table>"), "{run}: no table");
        assert!(!dom.contains("<script"), "{run}: a script");
        std::fs::remove_dir_all(&out).ok();
    }
}

#[test]
#[ignore = "needs Chromium (`cargo xtask setup`); .ci/run runs it: cargo test --test it html:: -- --ignored"]
fn the_committed_study_book_loads_in_chromium() {
    let browser = chromium().unwrap_or_else(|| {
        panic!("no Chromium found ({CHROMIUM:?}); `cargo xtask setup` installs it")
    });
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::temp_dir().join(format!("cutoff-html-{}-book", std::process::id()));
    let dom = load(browser, &root.join("results/index.html"), &out);
    assert!(dom.contains("The study book"), "no title");
    // One key chart per study, inlined; the overview and a verdict table per study.
    assert_eq!(dom.matches("<svg").count(), 5, "inline charts");
    assert_eq!(dom.matches("<table>").count(), 6, "tables");
    assert!(!dom.contains("<script"), "a script");
    std::fs::remove_dir_all(&out).ok();
}
