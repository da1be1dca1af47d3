//! One self-contained HTML page per report: the Markdown the report wrote (`summary.md`,
//! `compare.md`) rendered with its tables, every chart it shows (`![...](x.svg)`) inlined as
//! SVG so the page needs no other file to look right, links to the folder's data files, and a
//! stylesheet that reads on a phone (tables scroll sideways, charts shrink) and prints (no
//! link colours, charts kept whole). No JavaScript.
//!
//! The page is generated from the Markdown, so it never says more or less than the summary.

use anyhow::{Context, Result};
use pulldown_cmark::{html, CowStr, Event, Options, Parser, Tag, TagEnd};
use std::path::Path;

const STYLE: &str = "
body { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; line-height: 1.45;
  max-width: 1200px; margin: 0 auto; padding: 0 1rem 3rem; color: #1a1a1a; }
h1 { font-size: 1.6rem; margin-top: 1.5rem; }
h2 { font-size: 1.3rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
h3 { font-size: 1.1rem; }
code { font-size: 0.92em; background: #f3f3f3; padding: 0 0.2em; border-radius: 3px; }
table { border-collapse: collapse; display: block; overflow-x: auto; margin: 1rem 0;
  font-size: 0.9rem; }
th, td { border: 1px solid #d0d0d0; padding: 0.25rem 0.5rem; }
td:not(:first-child) { white-space: nowrap; }
th { background: #f5f5f5; }
tr:nth-child(even) td { background: #fafafa; }
svg { max-width: 100%; height: auto; display: block; margin: 1rem 0; }
nav { margin: 1rem 0; font-size: 0.95rem; }
nav a { margin-right: 1rem; }
@media print {
  a { color: inherit; text-decoration: none; }
  nav { display: none; }
  svg, table { break-inside: avoid; }
  table { display: table; }
}
";

/// Renders `markdown` (read from `dir`, where its SVG images are found) into a page titled
/// `title`, with a navigation line linking the `links` that exist in `dir`.
pub fn page(dir: &Path, markdown: &str, title: &str, links: &[&str]) -> Result<String> {
    let mut events = Vec::new();
    let mut in_svg_image = false;
    for event in Parser::new_ext(markdown, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Image { dest_url, .. }) if dest_url.ends_with(".svg") => {
                events.push(Event::Html(CowStr::from(inline_svg(dir, &dest_url)?)));
                in_svg_image = true;
            }
            Event::End(TagEnd::Image) if in_svg_image => in_svg_image = false,
            _ if in_svg_image => {}
            other => events.push(other),
        }
    }
    let mut body = String::new();
    html::push_html(&mut body, events.into_iter());
    let nav: String = links
        .iter()
        .filter(|name| dir.join(name).exists())
        .map(|name| format!("<a href=\"{name}\">{name}</a>"))
        .collect();
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<nav>{nav}</nav>\n{body}\
         </body>\n</html>\n",
        escape(title)
    ))
}

/// The SVG file `url` (relative to `dir`) as markup to put in the page: its XML declaration
/// dropped, the rest as plotters wrote it (with its `viewBox`, so CSS can scale it).
fn inline_svg(dir: &Path, url: &str) -> Result<String> {
    let path = dir.join(url);
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("reading {} for the HTML page", path.display()))?;
    let start = text.find("<svg").unwrap_or(0);
    Ok(format!("\n{}\n", &text[start..]))
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::page;
    use crate::testing::TempDir;

    #[test]
    fn a_page_has_the_tables_and_inlines_the_svg_charts() {
        let dir = TempDir::new("html");
        let svg = "<?xml version=\"1.0\"?>\n<svg viewBox=\"0 0 10 10\"><rect/></svg>";
        std::fs::write(dir.0.join("c.svg"), svg).unwrap();
        std::fs::write(dir.0.join("summary.csv"), "a\n").unwrap();
        let markdown = "# T <1>\n\n| a | b |\n| --- | ---: |\n| 1 | 2 |\n\n![chart](c.svg)\n";
        let links = ["summary.csv", "records.jsonl"];
        let html = page(&dir.0, markdown, "T <1>", &links).unwrap();
        assert!(html.contains("<title>T &lt;1&gt;</title>"), "{html}");
        assert!(
            html.contains("<table>") && html.contains("<td style=\"text-align: right\">2</td>")
        );
        assert!(
            html.contains("<svg viewBox=\"0 0 10 10\"><rect/></svg>"),
            "{html}"
        );
        assert!(!html.contains("<img") && !html.contains("<?xml") && !html.contains("<script"));
        // Only the data files that exist are linked.
        assert!(html.contains("<a href=\"summary.csv\">"));
        assert!(!html.contains("records.jsonl"));
        let error = page(&dir.0, "![x](missing.svg)", "t", &[]).unwrap_err();
        assert!(format!("{error:#}").contains("missing.svg"), "{error:#}");
    }
}
