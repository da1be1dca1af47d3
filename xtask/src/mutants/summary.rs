//! `cargo xtask mutants-summary --out OUT [--run RUN SHARD... | --add SHARD...]`: one summary
//! of a sharded `cargo mutants` run.
//!
//! `--add` adds shards run since to a summary whose earlier shard folders are gone: their
//! mutants and shard lines are appended to `OUT`'s (a shard or mutant already there is an
//! error), and the scope, commit and command stay as they are.
//!
//! With shards (each a folder holding cargo-mutants' `mutants.out`), it merges their
//! `outcomes.json` into `OUT/mutants.jsonl` (one line per mutant tested: its name, file,
//! outcome and build and test seconds, sorted by name), `OUT/shards.jsonl` (per shard: the
//! mutants it was given and tested, so a shard cut short by its time limit shows) and
//! `OUT/scope.jsonl` (the mutants per file of the whole scope, from `RUN/scope.json`).
//! Either way it then writes `OUT/README.md` from those files and `OUT/verdicts.tsv`, the
//! hand-written verdict on each missed mutant (`name<TAB>verdict`: the test added for it since
//! the run, `test added: ...`, or the one outside the stratum's test filter that catches it,
//! `caught by ...`, or why it is equivalent, `equivalent: ...`), and on the mutants that timed
//! out where one was found (`caught by ...`: a test that fails with the mutant planted, in a
//! run that the mutant makes endless elsewhere; `test added: ...`: one added since that fails
//! with it; `hangs: ...`: no test fails, the run only never ends). The README also gives
//! the caught share without the equivalent ones, and that share counting the ones today's
//! tests catch as caught. Every number of the README comes from these files.

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The outcomes, in the order the README's table shows them.
const OUTCOMES: [&str; 4] = ["caught", "missed", "timeout", "unviable"];

/// How a verdict of `verdicts.tsv` starts when the missed mutant is equivalent.
const EQUIVALENT: [&str; 1] = ["equivalent"];

/// How a verdict starts when a test catches the missed mutant today: one added since the
/// run (`test added: ...`) or one outside the stratum's test filter (`caught by ...`).
const CAUGHT_TODAY: [&str; 2] = ["test added:", "caught by"];

pub fn mutants_summary(args: &[String]) -> ExitCode {
    match summarize(args) {
        Ok(open) if open.is_empty() => ExitCode::SUCCESS,
        Ok(open) => {
            eprintln!(
                "{} missed mutants have no verdict in verdicts.tsv:\n{}",
                open.len(),
                open.join("\n")
            );
            ExitCode::FAILURE
        }
        Err(message) => {
            eprintln!("error: mutants-summary: {message}\nusage: cargo xtask mutants-summary --out OUT [--run RUN SHARD... | --add SHARD...]");
            ExitCode::from(2)
        }
    }
}

/// The missed mutants without a verdict.
fn summarize(args: &[String]) -> Result<Vec<String>, String> {
    let (mut out, mut run, mut add, mut shards) = (None, None, false, Vec::new());
    let mut words = args.iter();
    while let Some(word) = words.next() {
        match word.as_str() {
            "--out" => out = words.next().map(PathBuf::from),
            "--run" => run = words.next().map(PathBuf::from),
            "--add" => add = true,
            _ => shards.push(PathBuf::from(word)),
        }
    }
    let out = out.ok_or("--out is required")?;
    fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    match (run, add) {
        (Some(_), true) => return Err("--run and --add exclude each other".into()),
        (Some(run), false) => merge(&run, &shards, &out)?,
        (None, true) => add_shards(&shards, &out)?,
        (None, false) if !shards.is_empty() => return Err("shards go with --run or --add".into()),
        (None, false) => {}
    }
    let summary = Summary::load(&out)?;
    summary.check_scope()?;
    fs::write(out.join("README.md"), summary.readme()).map_err(|e| e.to_string())?;
    Ok(summary.open())
}

fn read_json(path: &Path) -> Result<Value, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn read_lines(path: &Path) -> Result<Vec<Value>, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .map(|l| serde_json::from_str(l).map_err(|e| format!("{}: {e}", path.display())))
        .collect()
}

fn write_lines(path: &Path, lines: &[Value]) -> Result<(), String> {
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// A mutant's name as cargo-mutants prints it (`file:line:column: replace ... in f`).
fn mutant_name(mutant: &Value) -> String {
    mutant["name"].as_str().unwrap_or("?").to_string()
}

/// cargo-mutants' outcome summary, as the README names it.
fn outcome(summary: &str) -> &'static str {
    match summary {
        "CaughtMutant" => "caught",
        "MissedMutant" => "missed",
        "Timeout" => "timeout",
        "Unviable" => "unviable",
        _ => "other",
    }
}

/// Seconds of the phase named `phase` (`Build` or `Test`) of one outcome.
fn phase_seconds(outcome: &Value, phase: &str) -> f64 {
    outcome["phase_results"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["phase"] == phase)
        .map(|p| {
            p["duration"].as_f64().unwrap_or_else(|| {
                p["duration"]["secs"].as_f64().unwrap_or(0.0)
                    + p["duration"]["nanos"].as_f64().unwrap_or(0.0) / 1e9
            })
        })
        .sum()
}

/// One shard's tested mutants and its line of `shards.jsonl`.
pub(super) fn read_shard(shard: &Path) -> Result<(Vec<Value>, Value), String> {
    let dir = shard.join("mutants.out");
    let given = read_json(&dir.join("mutants.json"))?
        .as_array()
        .map_or(0, Vec::len);
    let outcomes = match read_json(&dir.join("outcomes.json")) {
        Ok(value) => value["outcomes"].as_array().cloned().unwrap_or_default(),
        Err(_) => Vec::new(),
    };
    let mutants: Vec<Value> = outcomes
        .iter()
        .filter_map(|o| Some((o, o["scenario"].get("Mutant")?)))
        .map(|(o, mutant)| {
            json!({
                "name": mutant_name(mutant),
                "file": mutant["file"],
                "outcome": outcome(o["summary"].as_str().unwrap_or("")),
                "build_s": (phase_seconds(o, "Build") * 10.0).round() / 10.0,
                "test_s": (phase_seconds(o, "Test") * 10.0).round() / 10.0,
            })
        })
        .collect();
    let name = shard
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    let line = json!({"shard": name, "given": given, "tested": mutants.len()});
    Ok((mutants, line))
}

/// Writes the mutants (sorted by name) and the shard lines of `shards`, after `mutants` and
/// `shard_lines` already summarised, into `out`; a shard or mutant twice is an error.
fn write_merged(
    shards: &[PathBuf],
    mut mutants: Vec<Value>,
    mut shard_lines: Vec<Value>,
    out: &Path,
) -> Result<(), String> {
    for shard in shards {
        let (tested, line) = read_shard(shard)?;
        if shard_lines.iter().any(|l| l["shard"] == line["shard"]) {
            return Err(format!("shard {} is already in the summary", line["shard"]));
        }
        if let Some(m) = tested
            .iter()
            .find(|m| mutants.iter().any(|o| o["name"] == m["name"]))
        {
            return Err(format!("mutant {} is already in the summary", m["name"]));
        }
        mutants.extend(tested);
        shard_lines.push(line);
    }
    mutants.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    write_lines(&out.join("mutants.jsonl"), &mutants)?;
    write_lines(&out.join("shards.jsonl"), &shard_lines)
}

/// Appends `shards` to the summary in `out`.
fn add_shards(shards: &[PathBuf], out: &Path) -> Result<(), String> {
    let mutants = read_lines(&out.join("mutants.jsonl"))?;
    let shard_lines = read_lines(&out.join("shards.jsonl"))?;
    write_merged(shards, mutants, shard_lines, out)
}

/// Writes `mutants.jsonl`, `shards.jsonl` and `scope.jsonl` into `out`.
fn merge(run: &Path, shards: &[PathBuf], out: &Path) -> Result<(), String> {
    write_merged(shards, Vec::new(), Vec::new(), out)?;
    let mut scope: BTreeMap<String, u64> = BTreeMap::new();
    for mutant in read_json(&run.join("scope.json"))?
        .as_array()
        .into_iter()
        .flatten()
    {
        *scope
            .entry(mutant["file"].as_str().unwrap_or("?").to_string())
            .or_default() += 1;
    }
    let scope_lines: Vec<Value> = scope
        .into_iter()
        .map(|(file, mutants)| json!({"file": file, "mutants": mutants}))
        .collect();
    write_lines(&out.join("scope.jsonl"), &scope_lines)?;
    for file in ["commit", "command"] {
        let text = fs::read_to_string(run.join(file)).unwrap_or_default();
        fs::write(out.join(file), text).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// What the README is written from.
struct Summary {
    mutants: Vec<Value>,
    shards: Vec<Value>,
    scope: Vec<Value>,
    verdicts: BTreeMap<String, String>,
    commit: String,
    command: String,
}

impl Summary {
    fn load(out: &Path) -> Result<Summary, String> {
        let verdicts = fs::read_to_string(out.join("verdicts.tsv")).unwrap_or_default();
        Ok(Summary {
            mutants: read_lines(&out.join("mutants.jsonl"))?,
            shards: read_lines(&out.join("shards.jsonl"))?,
            scope: read_lines(&out.join("scope.jsonl"))?,
            verdicts: verdicts
                .lines()
                .filter_map(|l| l.split_once('\t'))
                .map(|(name, verdict)| (name.to_string(), verdict.to_string()))
                .collect(),
            commit: fs::read_to_string(out.join("commit")).unwrap_or_default(),
            command: fs::read_to_string(out.join("command")).unwrap_or_default(),
        })
    }

    /// The names of the mutants of `outcome`.
    fn with_outcome<'a>(&'a self, outcome: &'a str) -> impl Iterator<Item = &'a str> {
        self.mutants
            .iter()
            .filter(move |m| m["outcome"] == outcome)
            .filter_map(|m| m["name"].as_str())
    }

    fn missed(&self) -> impl Iterator<Item = &str> {
        self.with_outcome("missed")
    }

    fn open(&self) -> Vec<String> {
        self.missed()
            .filter(|name| !self.verdicts.contains_key(*name))
            .map(String::from)
            .collect()
    }

    /// An error naming the files with more mutants tested than the scope lists for them:
    /// the scope was listed from another tree than the one mutated.
    fn check_scope(&self) -> Result<(), String> {
        let over: Vec<String> = self
            .per_file()
            .into_iter()
            .filter(|(_, (scope, counts))| counts[0] > *scope)
            .map(|(file, (scope, counts))| {
                format!("{file}: {} tested, {scope} in scope", counts[0])
            })
            .collect();
        match over.is_empty() {
            true => Ok(()),
            false => Err(format!(
                "more mutants tested than scope.jsonl lists (list the scope from the commit \
                 mutated): {}",
                over.join("; ")
            )),
        }
    }

    /// Per file of the scope: mutants in scope, tested, and per outcome.
    fn per_file(&self) -> BTreeMap<String, (u64, [u64; 5])> {
        let mut files: BTreeMap<String, (u64, [u64; 5])> = BTreeMap::new();
        for line in &self.scope {
            let file = line["file"].as_str().unwrap_or("?").to_string();
            files.entry(file).or_default().0 = line["mutants"].as_u64().unwrap_or(0);
        }
        for m in &self.mutants {
            let entry = files
                .entry(m["file"].as_str().unwrap_or("?").to_string())
                .or_default();
            entry.1[0] += 1;
            if let Some(i) = OUTCOMES.iter().position(|o| m["outcome"] == *o) {
                entry.1[i + 1] += 1;
            }
        }
        files
    }

    fn readme(&self) -> String {
        let mut text = String::from("# Mutation testing of the search and the games\n\n");
        text += "Generated by `cargo xtask mutants-summary` from `mutants.jsonl`, `shards.jsonl`, \
                 `scope.jsonl` and `verdicts.tsv` in this folder: do not edit by hand.\n\n";
        let _ = writeln!(
            text,
            "Commit mutated: `{}`. Command (`verdicts.tsv` is written by hand after the run):\n\n```\n{}\n```\n",
            self.commit.trim(),
            self.command.trim()
        );
        text += &self.sample_section();
        text += &self.shards_section();
        text += &self.table();
        text += &self.cost();
        text += &self.missed_section();
        text
    }

    /// How the mutants tested were chosen when the run was one shard of its scope: the
    /// shard and the sharding read from the command.
    fn sample_section(&self) -> String {
        let words: Vec<&str> = self.command.split_whitespace().collect();
        let values = |flag: &str| -> Vec<&str> {
            let prefix = format!("{flag}=");
            (0..words.len())
                .filter_map(|i| match words[i].strip_prefix(&prefix) {
                    Some(value) => Some(value),
                    None => (words[i] == flag)
                        .then(|| words.get(i + 1).copied())
                        .flatten(),
                })
                .collect()
        };
        let shards = values("--shard");
        let mut ks: Vec<u64> = shards
            .iter()
            .filter_map(|s| s.split_once('/')?.0.parse().ok())
            .collect();
        let mut ns: Vec<&str> = shards
            .iter()
            .filter_map(|s| s.split_once('/'))
            .map(|s| s.1)
            .collect();
        ks.sort_unstable();
        ks.dedup();
        ns.dedup();
        let ([n], Some(&k)) = (ns.as_slice(), ks.first()) else {
            return String::new();
        };
        let listed: Vec<String> = ks.iter().map(u64::to_string).collect();
        let (shard, listed) = match ks.len() {
            1 => ("shard", listed[0].clone()),
            _ => ("shards", listed.join(", ")),
        };
        let given: u64 = self.shards.iter().filter_map(|s| s["given"].as_u64()).sum();
        let scope: u64 = self
            .scope
            .iter()
            .filter_map(|s| s["mutants"].as_u64())
            .sum();
        let how = match (values("--sharding").first(), words.contains(&"--shuffle")) {
            (_, true) => "shuffled by cargo-mutants (`--shuffle`), so not reproducible".to_string(),
            (Some(&"round-robin"), false) => format!(
                "a deterministic systematic sample: cargo-mutants lists the scope file by file \
                 (in the order it finds the files), each file's mutants in line order, and \
                 round-robin sharding gives shard {k} the mutants at positions {k}, {k} + {n}, \
                 {k} + 2 × {n}, … of that list, so each file gets its share of each shard to \
                 within one mutant"
            ),
            _ => "a contiguous slice of cargo-mutants' list of the scope (`--sharding slice`), \
                  so not a sample of every file"
                .to_string(),
        };
        let strata = if shards.len() > ks.len() {
            " The commands draw the same shards from each part of the scope they name (a \
             stratum, tested with the tests that matter for it): the same fraction of every \
             stratum, so the pooled share estimates the scope's."
        } else {
            ""
        };
        format!(
            "## Sample\n\nThis run was given {shard} {listed} of {n} of the scope only ({given} \
             of its {scope} mutants; the shards' table says how many it tested): {how}.{strata} \
             Its caught share estimates the scope's; the interval below is the sampling \
             uncertainty of that estimate.\n\n"
        )
    }

    fn shards_section(&self) -> String {
        let mut text = String::from(
            "## Shards\n\n| shard | mutants given | tested |\n| --- | ---: | ---: |\n",
        );
        for s in &self.shards {
            let _ = writeln!(
                text,
                "| {} | {} | {} |",
                s["shard"].as_str().unwrap_or("?"),
                s["given"],
                s["tested"]
            );
        }
        text + "\n"
    }

    fn table(&self) -> String {
        let mut text = String::from(
            "## Outcomes per file\n\nIn scope: the file's mutants in the scope the run is measured \
             against (`scope.jsonl`, cargo-mutants' list of it); tested: the ones this run built \
             and tested.\n\n\
             | file | in scope | tested | caught | missed | timeout | unviable |\n\
             | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n",
        );
        let mut total = (0, [0; 5]);
        for (file, (scope, counts)) in self.per_file() {
            let cells: Vec<String> = counts.iter().map(u64::to_string).collect();
            let _ = writeln!(text, "| `{file}` | {scope} | {} |", cells.join(" | "));
            total.0 += scope;
            for (t, c) in total.1.iter_mut().zip(counts) {
                *t += c;
            }
        }
        let cells: Vec<String> = total.1.iter().map(u64::to_string).collect();
        let _ = writeln!(text, "| all | {} | {} |\n", total.0, cells.join(" | "));
        let [tested, caught, missed, timeout, _] = total.1;
        let viable = caught + missed + timeout;
        let _ = writeln!(
            text,
            "Tested {tested} of the {} mutants in scope ({:.1}%). Of the {viable} viable mutants \
             tested (built), the tests caught {caught} {} and {timeout} timed out.\n",
            total.0,
            percent(tested, total.0),
            share(caught, viable),
        );
        text + &self.verdict_shares(caught, viable)
    }

    /// The missed mutants whose verdict starts with one of `prefixes`.
    fn missed_judged(&self, prefixes: &[&str]) -> u64 {
        self.judged("missed", prefixes)
    }

    /// The mutants of `outcome` whose verdict starts with one of `prefixes`.
    fn judged(&self, outcome: &str, prefixes: &[&str]) -> u64 {
        self.with_outcome(outcome)
            .filter_map(|name| self.verdicts.get(name))
            .filter(|v| prefixes.iter().any(|p| v.starts_with(p)))
            .count() as u64
    }

    /// The caught share without the equivalent missed mutants, and with the ones today's
    /// tests catch counted as caught.
    fn verdict_shares(&self, caught: u64, viable: u64) -> String {
        let mut text = String::new();
        let equivalent = self.missed_judged(&EQUIVALENT);
        if equivalent > 0 {
            let _ = writeln!(
                text,
                "Of the missed ones, {equivalent} are equivalent (`verdicts.tsv`); leaving them \
                 out, the tests caught {caught} of {} {}.\n",
                viable - equivalent,
                share(caught, viable - equivalent),
            );
        }
        let caught_today = self.missed_judged(&CAUGHT_TODAY);
        let timeouts_failing = self.judged("timeout", &CAUGHT_TODAY);
        if caught_today + timeouts_failing > 0 {
            let (part, whole) = (
                caught + caught_today + timeouts_failing,
                viable - equivalent,
            );
            let _ =
                writeln!(
                text,
                "With today's tests: {caught_today} of the missed ones are caught by a test added \
                 since the run or by one outside the stratum's filter (`verdicts.tsv`: `test \
                 added`, `caught by`){}; counting them as caught and leaving the equivalent ones \
                 out, {part} of {whole} {}. {}{}.\n",
                match timeouts_failing {
                    0 => String::new(),
                    n => format!(", and {n} of the ones that timed out make a test fail: one \
                                  that fails before the run was stopped (`caught by`) or one \
                                  added since (`test added:`)"),
                },
                share(part, whole),
                self.timeouts_left(timeouts_failing),
                self.unconfirmed(),
            );
        }
        text
    }

    /// What the share says of the timeouts that no test fails on (`failing`: the ones a test
    /// fails on).
    fn timeouts_left(&self, failing: u64) -> String {
        let all = self.with_outcome("timeout").count() as u64;
        let hanging = self.judged("timeout", &["hangs"]);
        match all - failing {
            0 => "Every timeout is counted as caught".to_string(),
            1 => format!(
                "The other one that timed out still counts as not caught ({})",
                match hanging {
                    1 => "seen to hang with no test failing: `hangs`",
                    _ => "no verdict says it hangs",
                }
            ),
            left => format!(
                "The other {left} that timed out still count as not caught ({hanging} of them \
                 seen to hang with no test failing: `hangs`)"
            ),
        }
    }

    /// The missed mutants whose verdict names a test added since the run that was not run
    /// against them (`test added (...)`, not `test added:`): they still count as missed.
    fn unconfirmed(&self) -> String {
        match self.missed_judged(&["test added"]) - self.missed_judged(&["test added:"]) {
            0 => String::new(),
            n => format!(
                ", as do the missed ones whose added test was not run with them (`test added (…)`): {n}"
            ),
        }
    }

    fn cost(&self) -> String {
        let seconds = |viable: bool, phase: &str| {
            let mut values: Vec<f64> = self
                .mutants
                .iter()
                .filter(|m| (m["outcome"] != "unviable") == viable)
                .filter_map(|m| m[phase].as_f64())
                .collect();
            median(&mut values)
        };
        let unviable = match self.mutants.iter().any(|m| m["outcome"] == "unviable") {
            true => format!(
                "per unviable one (a build that failed): {:.1}",
                seconds(false, "build_s")
            ),
            false => "none was unviable".to_string(),
        };
        format!(
            "## Cost\n\nMedian seconds per viable mutant: build {:.1}, tests {:.1}; {unviable}. \
             Each mutant was built in place in a tree built before (one incremental build of \
             the crate; the profile is the command's).\n\n",
            seconds(true, "build_s"),
            seconds(true, "test_s"),
        )
    }

    fn missed_section(&self) -> String {
        self.verdict_list("Missed mutants", "missed")
            + "\n"
            + &self.verdict_list("Timeouts", "timeout")
    }

    /// The mutants of `outcome`, each with its verdict, under the heading `what`.
    fn verdict_list(&self, what: &str, outcome: &str) -> String {
        let mut text = format!("## {what} and their verdicts\n\n");
        let listed: Vec<&str> = self.with_outcome(outcome).collect();
        if listed.is_empty() {
            return text + "None.\n";
        }
        for name in listed {
            let verdict = self
                .verdicts
                .get(name)
                .map_or("**no verdict yet**", String::as_str);
            let _ = writeln!(text, "- `{name}`: {verdict}");
        }
        text
    }
}

/// A share and its Wilson 95% interval: `(80.0%; Wilson 95% interval 71.6% to 86.4%)`.
fn share(part: u64, whole: u64) -> String {
    let (low, high) = wilson(part, whole);
    format!(
        "({:.1}%; Wilson 95% interval {:.1}% to {:.1}%)",
        percent(part, whole),
        100.0 * low,
        100.0 * high
    )
}

fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// The Wilson score 95% interval of a share of `part` in `whole` (0 to 1 when `whole` is 0).
fn wilson(part: u64, whole: u64) -> (f64, f64) {
    if whole == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let (n, p) = (whole as f64, part as f64 / whole as f64);
    let z2n = z * z / n;
    let center = (p + z2n / 2.0) / (1.0 + z2n);
    let half = z * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt() / (1.0 + z2n);
    ((center - half).max(0.0), (center + half).min(1.0))
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => 0.0,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two shards' outcomes as cargo-mutants writes them, one cut short.
    fn shard(dir: &Path, mutants: usize, outcomes: &[(&str, u32, &str)]) {
        let out = dir.join("mutants.out");
        fs::create_dir_all(&out).unwrap();
        let listed: Vec<Value> = (0..mutants).map(|_| json!({})).collect();
        fs::write(out.join("mutants.json"), Value::from(listed).to_string()).unwrap();
        let mut all = vec![json!({"scenario": "Baseline", "summary": "Success"})];
        for (file, line, summary) in outcomes {
            all.push(json!({
                "scenario": {"Mutant": {
                    "file": file,
                    "name": format!("{file}:{line}:5: replace f with true"),
                }},
                "summary": summary,
                "phase_results": [
                    {"phase": "Build", "duration": 10.0},
                    {"phase": "Test", "duration": 4.0},
                ],
            }));
        }
        fs::write(
            out.join("outcomes.json"),
            json!({"outcomes": all}).to_string(),
        )
        .unwrap();
    }

    #[test]
    fn added_shards_join_the_summary_once_and_keep_its_scope() {
        let dir = std::env::temp_dir().join(format!("xtask-mutants-add-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let scope = json!([{"file": "a.rs"}, {"file": "a.rs"}, {"file": "b.rs"}]);
        fs::write(dir.join("scope.json"), scope.to_string()).unwrap();
        shard(&dir.join("s0"), 1, &[("a.rs", 1, "CaughtMutant")]);
        shard(&dir.join("s1"), 2, &[("b.rs", 3, "MissedMutant")]);
        let out = dir.join("out");
        let path = |p: &Path| p.display().to_string();
        let args = |words: &[String]| {
            let mut all = vec!["--out".to_string(), path(&out)];
            all.extend_from_slice(words);
            all
        };
        summarize(&args(&["--run".into(), path(&dir), path(&dir.join("s0"))])).unwrap();
        fs::remove_file(dir.join("scope.json")).unwrap();
        let open = summarize(&args(&["--add".into(), path(&dir.join("s1"))])).unwrap();
        assert_eq!(open, ["b.rs:3:5: replace f with true"]);
        let readme = fs::read_to_string(out.join("README.md")).unwrap();
        assert!(
            readme.contains("| s0 | 1 | 1 |\n| s1 | 2 | 1 |"),
            "{readme}"
        );
        assert!(
            readme.contains("Tested 2 of the 3 mutants in scope"),
            "{readme}"
        );
        let again = summarize(&args(&["--add".into(), path(&dir.join("s1"))])).unwrap_err();
        assert!(again.contains("shard \"s1\" is already"), "{again}");
        fs::rename(dir.join("s1"), dir.join("s2")).unwrap();
        let twice = summarize(&args(&["--add".into(), path(&dir.join("s2"))])).unwrap_err();
        assert!(twice.contains("is already in the summary"), "{twice}");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn shards_merge_into_counts_per_file_and_missed_mutants_need_a_verdict() {
        let dir = std::env::temp_dir().join(format!("xtask-mutants-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let scope = json!([{"file": "a.rs"}, {"file": "a.rs"}, {"file": "a.rs"}, {"file": "b.rs"}]);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("scope.json"), scope.to_string()).unwrap();
        shard(
            &dir.join("shard-0"),
            2,
            &[("a.rs", 1, "CaughtMutant"), ("a.rs", 2, "MissedMutant")],
        );
        shard(&dir.join("shard-1"), 2, &[("b.rs", 3, "Unviable")]);
        let out = dir.join("out");
        let args: Vec<String> = [
            "--out",
            out.to_str().unwrap(),
            "--run",
            dir.to_str().unwrap(),
        ]
        .iter()
        .map(|s| s.to_string())
        .chain(["shard-0", "shard-1"].map(|s| dir.join(s).display().to_string()))
        .collect();
        let open = summarize(&args).unwrap();
        assert_eq!(open, ["a.rs:2:5: replace f with true"]);
        let readme = fs::read_to_string(out.join("README.md")).unwrap();
        assert!(
            readme.contains("| `a.rs` | 3 | 2 | 1 | 1 | 0 | 0 |"),
            "{readme}"
        );
        assert!(
            readme.contains("| `b.rs` | 1 | 1 | 0 | 0 | 0 | 1 |"),
            "{readme}"
        );
        assert!(readme.contains("| shard-1 | 2 | 1 |"), "{readme}");
        assert!(
            readme.contains("Tested 3 of the 4 mutants in scope (75.0%)"),
            "{readme}"
        );
        assert!(
            readme.contains("the tests caught 1 (50.0%; Wilson 95% interval 9.5% to 90.5%)"),
            "{readme}"
        );
        assert!(!readme.contains("## Sample"), "{readme}");
        assert!(
            readme.contains("per viable mutant: build 10.0, tests 4.0; per unviable one (a build that failed): 10.0."),
            "{readme}"
        );
        fs::write(
            out.join("verdicts.tsv"),
            "a.rs:2:5: replace f with true\tequivalent: f is never read\n",
        )
        .unwrap();
        let rendered = ["--out".to_string(), out.display().to_string()];
        assert!(summarize(&rendered).unwrap().is_empty());
        let readme = fs::read_to_string(out.join("README.md")).unwrap();
        assert!(
            readme.contains("Of the missed ones, 1 are equivalent (`verdicts.tsv`); leaving them out, the tests caught 1 of 1 (100.0%"),
            "{readme}"
        );
        fs::write(
            out.join("command"),
            "cargo xtask mutants --shard 3/16 --sharding round-robin src/x.rs\n",
        )
        .unwrap();
        summarize(&rendered).unwrap();
        let readme = fs::read_to_string(out.join("README.md")).unwrap();
        assert!(
            readme.contains("given shard 3 of 16 of the scope only (4 of its 4 mutants; the shards' table says how many it tested): a deterministic systematic sample"),
            "{readme}"
        );
        assert!(readme.contains("positions 3, 3 + 16,"), "{readme}");
        assert!(!readme.contains("The commands draw"), "{readme}");
        fs::write(
            out.join("command"),
            "cargo xtask mutants --shard 3/16 --sharding round-robin a.rs\n\
             cargo xtask mutants --shard 3/16 --sharding round-robin b.rs\n",
        )
        .unwrap();
        summarize(&rendered).unwrap();
        let readme = fs::read_to_string(out.join("README.md")).unwrap();
        assert!(
            readme.contains("given shard 3 of 16 of the scope only"),
            "{readme}"
        );
        assert!(
            readme.contains("The commands draw the same shards"),
            "{readme}"
        );
        fs::write(
            out.join("command"),
            "cargo xtask mutants --shard 3/16 --sharding round-robin a.rs\n\
             cargo xtask mutants --shard=11/16 --sharding round-robin a.rs\n",
        )
        .unwrap();
        summarize(&rendered).unwrap();
        let readme = fs::read_to_string(out.join("README.md")).unwrap();
        assert!(readme.contains("given shards 3, 11 of 16"), "{readme}");
        assert!(!readme.contains("The commands draw"), "{readme}");
        let _ = fs::remove_dir_all(&dir);
    }

    /// A summary of made-up outcomes: `(name, outcome)` per mutant tested, and verdicts.
    fn made_up(outcomes: &[(&str, &str)], verdicts: &[(&str, &str)]) -> Summary {
        Summary {
            mutants: outcomes
                .iter()
                .map(|(name, outcome)| json!({"name": name, "file": "a.rs", "outcome": outcome}))
                .collect(),
            shards: Vec::new(),
            scope: vec![json!({"file": "a.rs", "mutants": 20})],
            verdicts: verdicts
                .iter()
                .map(|(name, verdict)| (name.to_string(), verdict.to_string()))
                .collect(),
            commit: String::new(),
            command: String::new(),
        }
    }

    #[test]
    fn more_mutants_tested_than_in_scope_is_an_error() {
        let outcomes: Vec<(String, &str)> = (0..21).map(|i| (format!("m{i}"), "caught")).collect();
        let named: Vec<(&str, &str)> = outcomes.iter().map(|(n, o)| (n.as_str(), *o)).collect();
        assert_eq!(made_up(&named[..20], &[]).check_scope(), Ok(()));
        let err = made_up(&named, &[]).check_scope().unwrap_err();
        assert!(err.contains("a.rs: 21 tested, 20 in scope"), "{err}");
    }

    #[test]
    fn missed_mutants_caught_by_todays_tests_count_as_caught_and_equivalent_ones_not_at_all() {
        let summary = made_up(
            &[
                ("c1", "caught"),
                ("c2", "caught"),
                ("c3", "caught"),
                ("c4", "caught"),
                ("t1", "timeout"),
                ("u1", "unviable"),
                ("added", "missed"),
                ("outside", "missed"),
                ("unrun", "missed"),
                ("equal", "missed"),
                ("open", "missed"),
                ("judged-but-caught", "caught"),
            ],
            &[
                ("added", "test added: tests.rs t (it fails)"),
                ("outside", "caught by it.rs u outside the stratum's filter"),
                ("unrun", "test added (not run with this mutant): tests.rs t"),
                ("equal", "equivalent: never read"),
                ("open", "no test yet: caught by nothing, test added: never"),
                ("judged-but-caught", "caught by it.rs v"),
            ],
        );
        let readme = summary.readme();
        // Viable: 5 caught, 1 timeout, 5 missed = 11; 1 equivalent leaves 10, of which 5
        // caught and 2 caught today (the timeout and the unrun test count as not caught).
        assert!(
            readme.contains("the tests caught 5 (45.5%; Wilson 95% interval"),
            "{readme}"
        );
        assert!(
            readme.contains("1 are equivalent (`verdicts.tsv`); leaving them out, the tests caught 5 of 10 (50.0%; Wilson 95% interval 23.7% to 76.3%)."),
            "{readme}"
        );
        let line = "With today's tests: 2 of the missed ones are caught by a test added since \
             the run or by one outside the stratum's filter (`verdicts.tsv`: `test added`, \
             `caught by`); counting them as caught and leaving the equivalent ones out, 7 of 10 \
             (70.0%; Wilson 95% interval 39.7% to 89.2%). The other one that timed out still \
             counts as not caught (no verdict says it hangs), as do the missed ones whose added \
             test was not run with them (`test added (…)`): 1.\n";
        assert!(readme.contains(line), "{readme}");
        let none_today = made_up(&[("c1", "caught"), ("m1", "missed")], &[]).readme();
        assert!(!none_today.contains("With today's tests"), "{none_today}");
    }

    #[test]
    fn timeouts_that_make_a_test_fail_count_as_caught_today_and_hanging_ones_do_not() {
        let outcomes = [
            ("c1", "caught"),
            ("t-fails", "timeout"),
            ("t-added", "timeout"),
            ("t-hangs", "timeout"),
            ("t-open", "timeout"),
        ];
        let verdicts = [
            ("t-fails", "caught by tests.rs t (fails in 2 s)"),
            ("t-added", "test added: tests.rs u (fails at once)"),
            ("t-hangs", "hangs: no test fails"),
        ];
        let readme = made_up(&outcomes, &verdicts).readme();
        let line = "With today's tests: 0 of the missed ones are caught by a test added since \
             the run or by one outside the stratum's filter (`verdicts.tsv`: `test added`, \
             `caught by`), and 2 of the ones that timed out make a test fail: one that fails \
             before the run was stopped (`caught by`) or one added since (`test added:`); \
             counting them as caught and leaving the equivalent ones out, 3 of 5 (60.0%; Wilson \
             95% interval 23.1% to 88.2%). The other 2 that timed out still count as not caught \
             (1 of them seen to hang with no test failing: `hangs`).\n";
        assert!(readme.contains(line), "{readme}");
        assert!(
            readme.contains("## Timeouts and their verdicts\n\n- `t-fails`: caught by tests.rs t"),
            "{readme}"
        );
        assert!(
            readme.contains("- `t-open`: **no verdict yet**"),
            "{readme}"
        );
        let one = made_up(&outcomes[..4], &verdicts).readme();
        let line = "The other one that timed out still counts as not caught (seen to hang with \
             no test failing: `hangs`).";
        assert!(one.contains(line), "{one}");
        let all = made_up(&outcomes[..3], &verdicts).readme();
        assert!(all.contains("Every timeout is counted as caught."), "{all}");
    }

    /// Checked against the closed form for 0 of n (upper bound z² / (n + z²)) and a
    /// textbook value (Newcombe 1998, table I: 81 of 263 gives 0.2553 to 0.3662).
    #[test]
    fn the_wilson_interval_matches_known_values() {
        let (low, high) = wilson(0, 10);
        let z2 = 1.959_963_984_540_054_f64.powi(2);
        assert_eq!(low, 0.0);
        assert!((high - z2 / (10.0 + z2)).abs() < 1e-12, "{high}");
        let (low, high) = wilson(81, 263);
        assert!(
            (low - 0.2553).abs() < 5e-4 && (high - 0.3662).abs() < 5e-4,
            "{low} {high}"
        );
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }
}
