//! `cargo xtask readme [--check]`: the README's figures that come from committed runs are
//! not typed by hand. Each one sits in a marked block,
//!
//! ```text
//! <!-- claim ID -->
//! the rendered sentence
//! <!-- /claim -->
//! ```
//!
//! whose text is the claim `ID` of `results/readme.json` (a claims file like a run's
//! `claims.json`, its queries relative to `results/`) with every placeholder replaced by its
//! stored value. `python3 results/check.py` recomputes those values from the runs' files;
//! this task writes them into the README, or with `--check` fails when a block differs from
//! its claim, a block names no claim, or a claim has no block.

use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::process::ExitCode;

const README: &str = "README.md";
const CLAIMS: &str = "results/readme.json";
const OPEN: &str = "<!-- claim ";
const CLOSE: &str = "<!-- /claim -->";

pub fn readme(args: &[String]) -> ExitCode {
    let check = match args {
        [] => false,
        [flag] if flag == "--check" => true,
        _ => return crate::usage_error("readme takes only --check"),
    };
    match run(check) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(check: bool) -> Result<ExitCode, String> {
    let root = crate::root();
    let read = |path: &str| {
        fs::read_to_string(root.join(path)).map_err(|e| format!("reading {path}: {e}"))
    };
    let claims = claims(&read(CLAIMS)?)?;
    let text = read(README)?;
    let (rendered, stale) = fill(&text, &claims)?;
    if check {
        if stale.is_empty() {
            println!("readme: {} blocks agree with {CLAIMS}", claims.len());
            return Ok(ExitCode::SUCCESS);
        }
        eprintln!(
            "readme: blocks that differ from {CLAIMS}: {} (run `cargo xtask readme`)",
            stale.join(", ")
        );
        return Ok(ExitCode::FAILURE);
    }
    fs::write(root.join(README), rendered).map_err(|e| format!("writing {README}: {e}"))?;
    println!(
        "readme: {} blocks written, {} changed",
        claims.len(),
        stale.len()
    );
    Ok(ExitCode::SUCCESS)
}

/// Every claim of the file that has an `id`, rendered, by id.
fn claims(json: &str) -> Result<BTreeMap<String, String>, String> {
    let data: Value = serde_json::from_str(json).map_err(|e| format!("{CLAIMS}: {e}"))?;
    let list = data["claims"]
        .as_array()
        .ok_or_else(|| format!("{CLAIMS} has no `claims` list"))?;
    let mut out = BTreeMap::new();
    for claim in list {
        let id = claim["id"]
            .as_str()
            .ok_or_else(|| format!("a claim of {CLAIMS} has no `id`"))?;
        let text = render(claim).map_err(|e| format!("{CLAIMS} claim {id}: {e}"))?;
        if out.insert(id.to_string(), text).is_some() {
            return Err(format!("{CLAIMS}: two claims have the id {id}"));
        }
    }
    Ok(out)
}

/// A claim's text with each `{name}` replaced by its stored value.
fn render(claim: &Value) -> Result<String, String> {
    if claim.get("conjecture").is_some() {
        return Err("the README states no conjecture as a figure".into());
    }
    let mut text = claim["text"].as_str().ok_or("no text")?.to_string();
    let values = claim["values"].as_object().cloned().unwrap_or_default();
    for (name, value) in &values {
        let placeholder = format!("{{{name}}}");
        if !text.contains(&placeholder) {
            return Err(format!("value {{{name}}} is in no placeholder"));
        }
        let stored = value["value"].as_str().filter(|v| !v.is_empty());
        let stored = stored.ok_or_else(|| {
            format!("value {{{name}}} is empty: `python3 results/check.py --fill` stores it")
        })?;
        text = text.replace(&placeholder, stored);
    }
    match text.find('{') {
        Some(i) => Err(format!("a placeholder without a value at {:?}", &text[i..])),
        None => Ok(text),
    }
}

/// The README with every block's text replaced by its claim, and the ids of the blocks that
/// changed (or that are missing).
fn fill(text: &str, claims: &BTreeMap<String, String>) -> Result<(String, Vec<String>), String> {
    let mut out = String::new();
    let mut stale = Vec::new();
    let mut seen = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(OPEN) {
        let header_end = start
            + rest[start..]
                .find("-->")
                .ok_or("an unclosed claim marker")?
            + 3;
        let id = rest[start + OPEN.len()..header_end - 3].trim().to_string();
        let body_end = header_end
            + rest[header_end..]
                .find(CLOSE)
                .ok_or_else(|| format!("block {id} has no {CLOSE}"))?;
        let want = claims
            .get(&id)
            .ok_or_else(|| format!("README block {id} names no claim of {CLAIMS}"))?;
        let body = format!("\n{want}\n");
        if rest[header_end..body_end] != body {
            stale.push(id.clone());
        }
        out.push_str(&rest[..header_end]);
        out.push_str(&body);
        out.push_str(CLOSE);
        rest = &rest[body_end + CLOSE.len()..];
        seen.push(id);
    }
    out.push_str(rest);
    let missing: Vec<&String> = claims.keys().filter(|id| !seen.contains(id)).collect();
    if !missing.is_empty() {
        return Err(format!(
            "claims of {CLAIMS} with no README block: {missing:?}"
        ));
    }
    Ok((out, stale))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLAIMS_JSON: &str = r#"{"claims": [{"id": "solve", "text": "Solved {v} in {t} s.",
        "values": {"v": {"query": {"const": 1}, "value": "+8"},
                   "t": {"query": {"const": 1}, "value": "270"}}}]}"#;

    #[test]
    fn a_block_takes_its_claims_values_and_a_changed_value_is_stale() {
        let claims = claims(CLAIMS_JSON).unwrap();
        let readme = "Intro.\n<!-- claim solve -->\nSolved +8 in 270 s.\n<!-- /claim -->\nEnd.\n";
        let (out, stale) = fill(readme, &claims).unwrap();
        assert_eq!((out.as_str(), stale.len()), (readme, 0));
        let edited = readme.replace("270", "27");
        let (out, stale) = fill(&edited, &claims).unwrap();
        assert_eq!((out.as_str(), stale), (readme, vec!["solve".to_string()]));
    }

    #[test]
    fn a_block_without_a_claim_or_a_claim_without_a_block_is_an_error() {
        let claims = claims(CLAIMS_JSON).unwrap();
        let unknown = "<!-- claim other -->\nx\n<!-- /claim -->\n";
        assert!(fill(unknown, &claims)
            .unwrap_err()
            .contains("names no claim"));
        assert!(fill("no blocks\n", &claims)
            .unwrap_err()
            .contains("no README block"));
    }

    #[test]
    fn an_empty_or_unused_value_is_an_error() {
        let empty = CLAIMS_JSON.replace("\"+8\"", "\"\"");
        assert!(claims(&empty).unwrap_err().contains("is empty"));
        let unused = CLAIMS_JSON.replace("{t} s", "a while");
        assert!(claims(&unused).unwrap_err().contains("in no placeholder"));
    }
}
