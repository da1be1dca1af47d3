//! One self-contained HTML page per report: the Markdown the report wrote (`summary.md`,
//! `compare.md`) rendered with its tables, every chart it shows (`![...](x.svg)`) inlined as
//! SVG so the page needs no other file to look right, links to the folder's data files, and a
//! stylesheet that reads on a phone (each table scrolls sideways in its own box with its
//! first column kept in view, charts shrink) and prints (no link colours, charts kept whole).
//! Every second-level section gets an anchor and a link in the section navigation at the
//! top; a section named `Provenance` is folded (`<details>`). No JavaScript.
//!
//! The page is generated from the Markdown, so it never says more or less than the summary.

use anyhow::{Context, Result};
use pulldown_cmark::{html, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::path::Path;

const STYLE: &str = "
body { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; line-height: 1.45;
  max-width: 1200px; margin: 0 auto; padding: 0 1rem 3rem; color: #1a1a1a; }
h1 { font-size: 1.6rem; margin-top: 1.5rem; }
h2 { font-size: 1.3rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
h3 { font-size: 1.1rem; }
code { font-size: 0.92em; background: #f3f3f3; padding: 0 0.2em; border-radius: 3px; }
table { border-collapse: collapse; display: block; overflow-x: auto; max-width: 100%;
  margin: 1rem 0; font-size: 0.9rem; }
th:first-child, td:first-child { position: sticky; left: 0; background: #fff;
  box-shadow: 1px 0 0 #d0d0d0; }
tr:nth-child(even) td:first-child { background: #fafafa; }
details { margin: 2rem 0; }
details > summary { font-size: 1.3rem; font-weight: 600; cursor: pointer; }
th, td { border: 1px solid #d0d0d0; padding: 0.25rem 0.5rem; }
td:not(:first-child) { white-space: nowrap; }
th { background: #f5f5f5; }
tr:nth-child(even) td { background: #fafafa; }
svg { max-width: 100%; height: auto; display: block; margin: 1rem 0; }
nav { margin: 1rem 0; font-size: 0.95rem; }
nav a { margin-right: 1rem; }
nav.sections a { display: inline-block; margin: 0 1rem 0.3rem 0; }
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
    let (events, sections) = sectioned(events);
    let mut body = String::new();
    html::push_html(&mut body, events.into_iter());
    let sections: String = sections
        .iter()
        .map(|(id, text)| format!("<a href=\"#{id}\">{}</a>", escape(text)))
        .collect();
    let body = match sections.is_empty() {
        true => body,
        false => insert_after_h1(
            &body,
            &format!("<nav class=\"sections\">{sections}</nav>\n"),
        ),
    };
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

/// `events` with every second-level heading given an id (`section-N`) and the section
/// named `Provenance` folded into `<details>` up to the next such heading; and the sections
/// as `(id, heading text)`.
fn sectioned(events: Vec<Event<'_>>) -> (Vec<Event<'_>>, Vec<(String, String)>) {
    let mut out = Vec::with_capacity(events.len());
    let mut sections = Vec::new();
    let mut heading: Option<String> = None;
    let mut folded = false;
    for event in events {
        match event {
            Event::Start(Tag::Heading {
                level: HeadingLevel::H2,
                ..
            }) => heading = Some(String::new()),
            Event::Text(text) | Event::Code(text) if heading.is_some() => {
                heading.as_mut().expect("in a heading").push_str(&text);
            }
            Event::End(TagEnd::Heading(HeadingLevel::H2)) => {
                let text = heading.take().unwrap_or_default();
                let id = format!("section-{}", sections.len() + 1);
                let close = if folded { "</details>\n" } else { "" };
                folded = text == "Provenance";
                let open = match folded {
                    true => format!("<details id=\"{id}\"><summary>{}</summary>", escape(&text)),
                    false => format!("<h2 id=\"{id}\">{}</h2>", escape(&text)),
                };
                out.push(Event::Html(CowStr::from(format!("{close}{open}\n"))));
                sections.push((id, text));
            }
            _ if heading.is_some() => {}
            other => out.push(other),
        }
    }
    if folded {
        out.push(Event::Html(CowStr::from("</details>\n")));
    }
    (out, sections)
}

/// `body` with `html` after its first `</h1>` (at the start without one).
fn insert_after_h1(body: &str, html: &str) -> String {
    let at = body
        .find("</h1>")
        .map_or(0, |i| i + "</h1>".len() + 1)
        .min(body.len());
    format!("{}{html}{}", &body[..at], &body[at..])
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
        let markdown = "# T\n\n## Nodes `x`\n\nA\n\n## Provenance\n\n- git\n\n## Files\n\nB\n";
        let html = page(&dir.0, markdown, "T", &[]).unwrap();
        assert!(html.contains("<nav class=\"sections\"><a href=\"#section-1\">Nodes x</a>"));
        assert!(html.contains("<h2 id=\"section-1\">Nodes x</h2>"), "{html}");
        assert!(html.contains("<details id=\"section-2\"><summary>Provenance</summary>"));
        assert!(
            html.contains("git</li>\n</ul>\n</details>\n<h2 id=\"section-3\">Files</h2>"),
            "{html}"
        );
        assert!(html.find("</h1>") < html.find("<nav class=\"sections\">"));
        let error = page(&dir.0, "![x](missing.svg)", "t", &[]).unwrap_err();
        assert!(format!("{error:#}").contains("missing.svg"), "{error:#}");
    }
}
