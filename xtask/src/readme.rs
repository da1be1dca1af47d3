//! `cargo xtask readme [--check]`: the figures of README.md and docs/*.md that come from
//! committed runs are not typed by hand. Each one sits in a marked block,
//!
//! ```text
//! <!-- claim ID -->
//! the rendered sentence
//! <!-- /claim -->
//! ```
//!
//! whose text is the claim `ID` of `results/readme.json` (a claims file like a run's
//! `claims.json`, its queries relative to `results/`) with every placeholder replaced by its
//! stored value. `python3 results/check.py` recomputes those values from the runs' files.
//! A block `<!-- include PATH -->` ... `<!-- /include -->` holds the table (the lines that
//! start with `|`) of the committed file PATH, relative to the repository root. This task
//! writes the blocks into the pages, or with `--check` fails when a block differs from its
//! source, a block names no claim, a claim has no block or has two. A marker opens a block only
//! at the start of a line (a page may quote one inside a line).

use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::ExitCode;

const CLAIMS: &str = "results/readme.json";
const OPEN: &str = "<!-- claim ";
const CLOSE: &str = "<!-- /claim -->";
const INCLUDE: &str = "<!-- include ";
const INCLUDE_END: &str = "<!-- /include -->";

/// The pages with blocks: README.md and every docs/*.md, in a fixed order.
pub fn pages(root: &Path) -> Result<Vec<String>, String> {
    let mut pages = vec!["README.md".to_string()];
    let docs = root.join("docs");
    if docs.is_dir() {
        let entries = fs::read_dir(&docs).map_err(|e| format!("reading docs/: {e}"))?;
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".md"))
            .map(|name| format!("docs/{name}"))
            .collect();
        names.sort();
        pages.extend(names);
    }
    Ok(pages)
}

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
    let mut seen = Vec::new();
    let mut stale = Vec::new();
    let mut writes = Vec::new();
    for page in pages(&root)? {
        let text = read(&page)?;
        let (rendered, page_stale, page_seen) =
            fill(&text, &claims, &read).map_err(|e| format!("{page}: {e}"))?;
        stale.extend(page_stale.into_iter().map(|id| format!("{page}: {id}")));
        seen.extend(page_seen);
        if rendered != text {
            writes.push((page, rendered));
        }
    }
    every_claim_once(&claims, &seen)?;
    if check {
        if stale.is_empty() {
            println!("readme: {} claim blocks agree with {CLAIMS}", claims.len());
            return Ok(ExitCode::SUCCESS);
        }
        eprintln!(
            "readme: blocks that differ from their source: {} (run `cargo xtask readme`)",
            stale.join(", ")
        );
        return Ok(ExitCode::FAILURE);
    }
    for (page, rendered) in &writes {
        fs::write(root.join(page), rendered).map_err(|e| format!("writing {page}: {e}"))?;
    }
    println!(
        "readme: {} claim blocks written, {} blocks changed",
        claims.len(),
        stale.len()
    );
    Ok(ExitCode::SUCCESS)
}

/// Every claim has exactly one block over all the pages.
fn every_claim_once(claims: &BTreeMap<String, String>, seen: &[String]) -> Result<(), String> {
    let missing: Vec<&String> = claims.keys().filter(|id| !seen.contains(id)).collect();
    if !missing.is_empty() {
        return Err(format!("claims of {CLAIMS} with no block: {missing:?}"));
    }
    let twice: Vec<&String> = claims
        .keys()
        .filter(|id| seen.iter().filter(|s| s == id).count() > 1)
        .collect();
    if !twice.is_empty() {
        return Err(format!("claims of {CLAIMS} with two blocks: {twice:?}"));
    }
    Ok(())
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

/// A page with every claim block's text replaced by its claim and every include block's by
/// its file's table (`read` reads a file of the repository): the page, the blocks that
/// changed, and the claim ids of its blocks.
fn fill(
    text: &str,
    claims: &BTreeMap<String, String>,
    read: &dyn Fn(&str) -> Result<String, String>,
) -> Result<(String, Vec<String>, Vec<String>), String> {
    let mut seen = Vec::new();
    let (text, mut stale) = fill_blocks(text, OPEN, CLOSE, &mut |id| {
        seen.push(id.to_string());
        claims
            .get(id)
            .cloned()
            .ok_or_else(|| format!("block {id} names no claim of {CLAIMS}"))
    })?;
    let (text, included) = fill_blocks(&text, INCLUDE, INCLUDE_END, &mut |path| {
        let file = read(path)?;
        let table: Vec<&str> = file.lines().filter(|l| l.starts_with('|')).collect();
        if table.is_empty() {
            return Err(format!("{path} has no table to include"));
        }
        Ok(table.join("\n"))
    })?;
    stale.extend(included.into_iter().map(|path| format!("include {path}")));
    Ok((text, stale, seen))
}

/// Where `pat` first starts a line of `text` (`text` starting a line when `at_start`): a
/// marker quoted inside a line (a page explaining the markers) is no block.
fn find_at_line_start(text: &str, pat: &str, at_start: bool) -> Option<usize> {
    if at_start && text.starts_with(pat) {
        return Some(0);
    }
    text.find(&format!("\n{pat}")).map(|i| i + 1)
}

/// `text` with the body of every block `OPEN name -->` ... `close` replaced by
/// `body(name)`, and the names of the blocks whose body changed.
fn fill_blocks(
    text: &str,
    open: &str,
    close: &str,
    body: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<(String, Vec<String>), String> {
    let mut out = String::new();
    let mut stale = Vec::new();
    let mut rest = text;
    while let Some(start) = find_at_line_start(rest, open, out.is_empty()) {
        let header_end = start
            + rest[start..]
                .find("-->")
                .ok_or_else(|| format!("an unclosed marker {open}"))?
            + 3;
        let name = rest[start + open.len()..header_end - 3].trim().to_string();
        let body_end = header_end
            + rest[header_end..]
                .find(close)
                .ok_or_else(|| format!("block {name} has no {close}"))?;
        let want = format!("\n{}\n", body(&name)?);
        if rest[header_end..body_end] != want {
            stale.push(name);
        }
        out.push_str(&rest[..header_end]);
        out.push_str(&want);
        out.push_str(close);
        rest = &rest[body_end + close.len()..];
    }
    out.push_str(rest);
    Ok((out, stale))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLAIMS_JSON: &str = r#"{"claims": [{"id": "solve", "text": "Solved {v} in {t} s.",
        "values": {"v": {"query": {"const": 1}, "value": "+8"},
                   "t": {"query": {"const": 1}, "value": "270"}}}]}"#;

    fn no_files(path: &str) -> Result<String, String> {
        Err(format!("no file {path}"))
    }

    #[test]
    fn a_block_takes_its_claims_values_and_a_changed_value_is_stale() {
        let claims = claims(CLAIMS_JSON).unwrap();
        let readme = "Intro.\n<!-- claim solve -->\nSolved +8 in 270 s.\n<!-- /claim -->\nEnd.\n";
        let (out, stale, seen) = fill(readme, &claims, &no_files).unwrap();
        assert_eq!((out.as_str(), stale.len()), (readme, 0));
        assert_eq!(seen, vec!["solve".to_string()]);
        let edited = readme.replace("270", "27");
        let (out, stale, _) = fill(&edited, &claims, &no_files).unwrap();
        assert_eq!((out.as_str(), stale), (readme, vec!["solve".to_string()]));
    }

    #[test]
    fn a_block_without_a_claim_or_a_claim_without_a_block_or_with_two_is_an_error() {
        let claims = claims(CLAIMS_JSON).unwrap();
        let unknown = "<!-- claim other -->\nx\n<!-- /claim -->\n";
        assert!(fill(unknown, &claims, &no_files)
            .unwrap_err()
            .contains("names no claim"));
        assert!(every_claim_once(&claims, &[])
            .unwrap_err()
            .contains("no block"));
        let twice = ["solve".to_string(), "solve".to_string()];
        assert!(every_claim_once(&claims, &twice)
            .unwrap_err()
            .contains("two blocks"));
        assert!(every_claim_once(&claims, &twice[..1]).is_ok());
    }

    #[test]
    fn an_include_block_holds_its_files_table_and_a_changed_table_is_stale() {
        let claims = claims(CLAIMS_JSON).unwrap();
        let read = |path: &str| match path {
            "runs/t.md" => {
                Ok("# Title\n\nCaption.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\nEnd.\n".into())
            }
            "runs/plain.md" => Ok("no table\n".to_string()),
            _ => no_files(path),
        };
        let page = "Before.\n<!-- include runs/t.md -->\n<!-- /include -->\nAfter.\n";
        let (out, stale, _) = fill(page, &claims, &read).unwrap();
        let want = "Before.\n<!-- include runs/t.md -->\n| a | b |\n| --- | --- |\n| 1 | 2 |\n<!-- /include -->\nAfter.\n";
        assert_eq!(
            (out.as_str(), stale),
            (want, vec!["include runs/t.md".to_string()])
        );
        let (again, stale, _) = fill(want, &claims, &read).unwrap();
        assert_eq!((again.as_str(), stale.len()), (want, 0));
        let quoted = "A block `<!-- include PATH -->` holds a table.\n";
        let (same, stale, _) = fill(quoted, &claims, &read).unwrap();
        assert_eq!((same.as_str(), stale.len()), (quoted, 0));
        let plain = page.replace("runs/t.md", "runs/plain.md");
        assert!(fill(&plain, &claims, &read)
            .unwrap_err()
            .contains("no table"));
        let gone = page.replace("runs/t.md", "runs/gone.md");
        assert!(fill(&gone, &claims, &read).unwrap_err().contains("no file"));
    }

    #[test]
    fn the_pages_are_the_readme_and_every_page_of_docs() {
        let dir = std::env::temp_dir().join(format!("xtask-pages-{}", std::process::id()));
        fs::create_dir_all(dir.join("docs")).unwrap();
        for name in ["b.md", "a.md", "notes.txt"] {
            fs::write(dir.join("docs").join(name), "x").unwrap();
        }
        let pages = pages(&dir).unwrap();
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(pages, ["README.md", "docs/a.md", "docs/b.md"]);
    }

    #[test]
    fn an_empty_or_unused_value_is_an_error() {
        let empty = CLAIMS_JSON.replace("\"+8\"", "\"\"");
        assert!(claims(&empty).unwrap_err().contains("is empty"));
        let unused = CLAIMS_JSON.replace("{t} s", "a while");
        assert!(claims(&unused).unwrap_err().contains("in no placeholder"));
    }
}
