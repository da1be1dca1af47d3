//! `cargo xtask criterion-check NAME`: criterion compares with a saved baseline but never
//! fails; this runs the comparison and turns criterion's `change/estimates.json` files into a
//! pass/fail verdict. A benchmark regresses when even the lower bound of the 95% confidence
//! interval of its mean change exceeds the tolerance, so noise alone does not fail a run.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Runs the benches against baseline `NAME` and checks every change estimate.
pub fn check(args: &[String]) -> ExitCode {
    let Some((name, rest)) = args.split_first() else {
        eprintln!("error: criterion-check needs a baseline name (saved with `cargo xtask criterion --save-baseline NAME`)");
        return ExitCode::from(2);
    };
    let (tolerance, filter) = match rest {
        [flag, pct, filter @ ..] if flag == "--tolerance" => match pct.parse::<f64>() {
            Ok(pct) if pct >= 0.0 => (pct / 100.0, filter),
            _ => {
                eprintln!("error: --tolerance takes a percentage, not `{pct}`");
                return ExitCode::from(2);
            }
        },
        filter => (0.10, filter),
    };
    let mut bench_args = vec!["--baseline".to_string(), name.clone()];
    bench_args.extend(filter.iter().cloned());
    let status = super::criterion(&bench_args);
    if status != ExitCode::SUCCESS {
        return status;
    }
    verdict(&criterion_dir(), tolerance)
}

fn criterion_dir() -> PathBuf {
    super::target_dir().join("criterion")
}

/// Prints one line per benchmark and fails on any regression beyond `tolerance`.
fn verdict(dir: &Path, tolerance: f64) -> ExitCode {
    let mut files = Vec::new();
    collect_changes(dir, &mut files);
    files.sort();
    if files.is_empty() {
        eprintln!(
            "error: no criterion comparisons under {} (was the baseline saved?)",
            dir.display()
        );
        return ExitCode::from(2);
    }
    let mut regressions = 0;
    for file in &files {
        let bench = file
            .parent()
            .and_then(Path::parent)
            .and_then(|p| p.strip_prefix(dir).ok())
            .unwrap_or(file);
        let Some((mean, lower)) = std::fs::read_to_string(file)
            .ok()
            .and_then(|t| mean_change(&t))
        else {
            eprintln!("error: cannot read the mean change in {}", file.display());
            return ExitCode::from(2);
        };
        let regressed = lower > tolerance;
        regressions += usize::from(regressed);
        println!(
            "{:<8} {:+7.1}% (95% CI from {:+.1}%)  {}",
            if regressed { "SLOWER" } else { "ok" },
            mean * 100.0,
            lower * 100.0,
            bench.display()
        );
    }
    if regressions > 0 {
        println!(
            "{regressions} benchmark(s) slower than the baseline by more than {:.0}%",
            tolerance * 100.0
        );
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

fn collect_changes(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_changes(&path, out);
        } else if path.ends_with("change/estimates.json") {
            out.push(path);
        }
    }
}

/// The mean's point estimate and the lower bound of its confidence interval from
/// criterion's `estimates.json` (xtask has no JSON crate; the format is fixed).
fn mean_change(text: &str) -> Option<(f64, f64)> {
    let mean = &text[text.find("\"mean\"")?..];
    let number_after = |key: &str| -> Option<f64> {
        let rest = &mean[mean.find(key)? + key.len()..];
        let rest = rest.trim_start_matches([':', ' ']);
        let end = rest.find([',', '}'])?;
        rest[..end].trim().parse().ok()
    };
    Some((
        number_after("\"point_estimate\"")?,
        number_after("\"lower_bound\"")?,
    ))
}
