//! The user guide (`docs/`, an mdBook) and the README hold together: every relative link of
//! README.md and of every `docs/src/**/*.md` names a file that exists, every `#anchor` a heading
//! of its target (by mdBook's rule for heading ids), every image exists and says what it shows,
//! every chapter is in `docs/src/SUMMARY.md` and every entry of SUMMARY.md exists, and every
//! image under `docs/src/` is shown somewhere. Plain string scanning; `mdbook build docs` (in
//! `.ci/run`) builds the book itself.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every `.md` file under `dir`, depth first, sorted.
fn markdown_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            out.extend(markdown_under(&p));
        } else if p.extension().is_some_and(|x| x == "md") {
            out.push(p);
        }
    }
    out
}

/// Every file under `dir` whose name ends in one of `exts`.
fn files_under(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(files_under(&p, exts));
        } else if p.extension().and_then(|x| x.to_str()).is_some_and(|x| exts.contains(&x)) {
            out.push(p);
        }
    }
    out
}

/// The lines of a Markdown text outside fenced code blocks, with their numbers (from 1).
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            out.push((i + 1, line));
        }
    }
    out
}

/// A line with its inline code spans (`` `...` ``) taken out: a link is never inside one.
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
        } else if !in_code {
            out.push(c);
        }
    }
    out
}

/// mdBook's id of a heading (mdbook-html's `id_from_content`): the text without inline-code
/// marks, trimmed, lowercased, every character that is neither alphanumeric (in Unicode: kana and
/// kanji stay), `_` nor `-` dropped, and whitespace turned into `-`.
fn heading_id(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c)
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

/// The ids of every heading of a Markdown text, as mdBook gives them (a repeated id gets `-1`,
/// `-2`, ...).
fn heading_ids(text: &str) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for (_, line) in prose_lines(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = heading_id(line[hashes..].trim());
        let mut id = base.clone();
        let mut n = 1;
        while ids.contains(&id) {
            id = format!("{base}-{n}");
            n += 1;
        }
        ids.insert(id);
    }
    ids
}

/// A link or an image of a Markdown text: its line, whether it is an image, its text and target.
struct Link {
    line: usize,
    image: bool,
    text: String,
    target: String,
}

fn links(text: &str) -> Vec<Link> {
    let mut out = Vec::new();
    for (number, raw) in prose_lines(text) {
        let line = without_code_spans(raw);
        let mut from = 0;
        while let Some(at) = line[from..].find("](") {
            let close = from + at;
            let start = close + 2;
            let Some(len) = line[start..].find(')') else { break };
            let target = line[start..start + len].split_whitespace().next().unwrap_or("").to_string();
            // The text: back to the `[` that opens it (brackets inside it nest).
            let mut depth = 0;
            let mut open = None;
            for (i, c) in line[..close].char_indices().rev() {
                match c {
                    ']' => depth += 1,
                    '[' if depth == 0 => {
                        open = Some(i);
                        break;
                    }
                    '[' => depth -= 1,
                    _ => {}
                }
            }
            let open = open.unwrap_or(close);
            let image = open > 0 && line[..open].ends_with('!');
            let text = line[(open + 1).min(close)..close].to_string();
            out.push(Link { line: number, image, text, target });
            from = start + len;
        }
    }
    out
}

fn is_external(target: &str) -> bool {
    ["http://", "https://", "mailto:", "file://"].iter().any(|p| target.starts_with(p))
}

/// What is wrong with the links and images of one Markdown file (`shown` collects the images it
/// shows).
fn broken_links(file: &Path, shown: &mut BTreeSet<PathBuf>) -> Vec<String> {
    let text = read(file);
    let dir = file.parent().unwrap_or(Path::new("."));
    let mut wrong = Vec::new();
    for link in links(&text) {
        let at = format!("{}:{}", file.strip_prefix(root()).unwrap_or(file).display(), link.line);
        if is_external(&link.target) {
            continue;
        }
        if link.target.is_empty() {
            wrong.push(format!("{at}: a link with no target: [{}]()", link.text));
            continue;
        }
        let (path, anchor) = match link.target.split_once('#') {
            Some((p, a)) => (p, Some(a)),
            None => (link.target.as_str(), None),
        };
        let target_file = if path.is_empty() { file.to_path_buf() } else { dir.join(path) };
        if !target_file.is_file() {
            wrong.push(format!("{at}: {} names {}, which does not exist", link.target, target_file.display()));
            continue;
        }
        if link.image {
            if link.text.trim().is_empty() {
                wrong.push(format!("{at}: the image {} has no alt text", link.target));
            }
            if let Ok(p) = target_file.canonicalize() {
                shown.insert(p);
            }
        }
        if let Some(anchor) = anchor {
            if target_file.extension().is_none_or(|x| x != "md") {
                wrong.push(format!("{at}: {}: an anchor into a file that is not Markdown", link.target));
            } else if !heading_ids(&read(&target_file)).contains(anchor) {
                let ids = heading_ids(&read(&target_file));
                wrong.push(format!(
                    "{at}: {}: no heading of {} has the id {anchor:?} (ids: {ids:?})",
                    link.target, path
                ));
            }
        }
    }
    wrong
}

/// The chapter files SUMMARY.md names (relative to `docs/src`), in order.
fn summary_entries(summary: &str) -> Vec<String> {
    links(summary).into_iter().filter(|l| !is_external(&l.target)).map(|l| l.target).collect()
}

#[test]
fn every_link_and_image_of_the_readme_and_the_guide_resolves() {
    let src = root().join("docs/src");
    let mut files = vec![root().join("README.md")];
    files.extend(markdown_under(&src));
    let mut shown = BTreeSet::new();
    let wrong: Vec<String> = files.iter().flat_map(|f| broken_links(f, &mut shown)).collect();
    assert!(wrong.is_empty(), "broken links in the README or the guide:\n{}", wrong.join("\n"));
    let images = files_under(&src, &["png", "jpg", "jpeg", "svg", "gif", "webp"]);
    assert!(!images.is_empty(), "the guide has no images");
    let unshown: Vec<String> = images
        .iter()
        .filter(|p| !p.canonicalize().is_ok_and(|c| shown.contains(&c)))
        .map(|p| p.display().to_string())
        .collect();
    assert!(unshown.is_empty(), "images under docs/src that no page shows:\n{}", unshown.join("\n"));
}

#[test]
fn every_chapter_is_in_the_summary_and_every_entry_exists() {
    let src = root().join("docs/src");
    let entries = summary_entries(&read(&src.join("SUMMARY.md")));
    assert!(entries.len() >= 12, "SUMMARY.md lists too few chapters: {entries:?}");
    let mut wrong = Vec::new();
    for e in &entries {
        if e.contains('#') || !src.join(e).is_file() {
            wrong.push(format!("SUMMARY.md lists {e}, which is not a chapter file"));
        }
    }
    let listed: BTreeSet<&str> = entries.iter().map(String::as_str).collect();
    if listed.len() != entries.len() {
        wrong.push(format!("SUMMARY.md lists a chapter twice: {entries:?}"));
    }
    for f in markdown_under(&src) {
        let rel = f.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
        if rel != "SUMMARY.md" && !listed.contains(rel.as_str()) {
            wrong.push(format!("docs/src/{rel} is not in SUMMARY.md"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_readme_stays_a_front_page() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(lines < 200, "README.md has {lines} lines: the rest belongs in the guide (docs/src)");
    assert!(links(&readme).iter().any(|l| l.target.starts_with("docs/src/")), "the README links into the guide");
}

#[test]
fn the_id_rule_and_the_scanner_read_what_mdbook_does() {
    // Checked against the HTML `mdbook build docs` makes (mdBook 0.5.4).
    assert_eq!(
        heading_id("Live: two desks, every difference within a second"),
        "live-two-desks-every-difference-within-a-second"
    );
    assert_eq!(heading_id("In `check`, `fix` and the app"), "in-check-fix-and-the-app");
    assert_eq!(heading_id("The `.jmjp` format"), "the-jmjp-format");
    assert_eq!(heading_id("Windows (10 and 11, 64-bit): the installer"), "windows-10-and-11-64-bit-the-installer");
    assert_eq!(heading_id("動画で確認 (Look)"), "動画で確認-look");
    assert_eq!(heading_id(" Über `x` "), "über-x");
    let ids = heading_ids("# A\n\n```\n# not a heading\n```\n\n## A\n\n### A\n");
    assert_eq!(ids, BTreeSet::from(["a".to_string(), "a-1".to_string(), "a-2".to_string()]));
    let found = links("See [the `x](y)` form](a.md#b) and ![a *tile*](img/t.png \"title\").\n```\n[no](c.md)\n```\n");
    let seen: Vec<(bool, &str, &str)> = found.iter().map(|l| (l.image, l.text.as_str(), l.target.as_str())).collect();
    assert_eq!(seen, vec![(false, "the  form", "a.md#b"), (true, "a *tile*", "img/t.png")]);
}

/// The preset table of docs/src/rule-presets.md: every option a row, every preset a column, each
/// cell's value (before its sources in brackets) the value the code has; and the options table
/// lists every option with the values it takes.
#[test]
fn the_guides_preset_table_holds_the_codes_values() {
    use jmjp_studio::rules::options::{RulesPreset, named::OPTIONS};
    let text = read(&root().join("docs/src/rule-presets.md"));
    let rows: Vec<Vec<String>> = text
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| l.trim_matches('|').split(" | ").map(|c| c.trim().to_string()).collect())
        .collect();
    let header = text.lines().find(|l| l.starts_with("| option | `m-league`")).expect("the preset table");
    let codes: Vec<String> =
        header.trim_matches('|').split(" | ").skip(1).map(|c| c.trim().trim_matches('`').to_string()).collect();
    assert_eq!(codes, RulesPreset::ALL.map(|p| p.code().to_string()), "a column per preset, in order");
    for o in OPTIONS {
        let name = format!("`{}`", o.name);
        let table: Vec<&Vec<String>> = rows.iter().filter(|r| r[0] == name).collect();
        assert_eq!(table.len(), 2, "{}: a row in the preset table and one in the options table", o.name);
        let preset_row = table.iter().find(|r| r.len() == 1 + codes.len()).expect("the preset row");
        for (p, cell) in RulesPreset::ALL.iter().zip(&preset_row[1..]) {
            let value = cell.split(" [").next().unwrap_or_default();
            assert_eq!(Some(value.to_string()), p.options().get(o.name), "{} under {}: {cell}", o.name, p.code());
            assert!(cell.contains('['), "{} under {}: no source said: {cell}", o.name, p.code());
        }
        let options_row = table.iter().find(|r| r.len() == 3).expect("the options row");
        for v in o.values.split(" | ").filter(|v| v.chars().all(|c| c.is_ascii_lowercase() || c == '-')) {
            assert!(options_row[1].contains(&format!("`{v}`")), "{}: the value {v} is not listed", o.name);
        }
    }
}
