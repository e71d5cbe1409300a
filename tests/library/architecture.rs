//! The architecture chapter (docs/src/architecture.md) stays true to the code: every path it
//! names (`src/…`, `tests/…`, `benches/…`, `fuzz/…`, `packaging/…`, `assets/…`) exists, and in
//! its picture of the rooms every file named under a room (`roster.rs`, `parse/`) is a file or
//! folder of that room. A test file renamed or a module gone fails here with the line that names it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The words of `line` that look like paths or file names: letters, digits, `_`, `-`, `.`, `/`.
fn words(line: &str) -> Vec<&str> {
    line.split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/')))
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether a file or folder named `name` (a path such as `parse/` or `io/json_file.rs`) is under `dir`.
fn under(dir: &Path, name: &str) -> bool {
    let name = name.trim_end_matches('/');
    if dir.join(name).exists() {
        return true;
    }
    std::fs::read_dir(dir).into_iter().flatten().flatten().any(|e| e.path().is_dir() && under(&e.path(), name))
}

/// What the chapter names that is not there: `line: path`.
fn missing(text: &str, root: &Path) -> Vec<String> {
    const TOP: [&str; 6] = ["src/", "tests/", "benches/", "fuzz/", "packaging/", "assets/"];
    let mut out = Vec::new();
    let mut room: Option<PathBuf> = None;
    let mut in_picture = false;
    for (n, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            in_picture = !in_picture;
            room = None;
            continue;
        }
        // A room of the picture: "  src/season/     the people …"; its lines go on indented, and a
        // line at the margin ends it.
        if !line.starts_with(' ') {
            room = None;
        }
        let first = line.split_whitespace().next().unwrap_or("");
        if in_picture && line.starts_with("  src/") && !line.starts_with("   ") && first.ends_with('/') {
            room = Some(root.join(first));
        }
        for w in words(line) {
            let named = TOP.iter().any(|t| w.starts_with(t)) && !w.contains("NAME");
            if named && !root.join(w).exists() && !w.ends_with("/") {
                out.push(format!("{}: {w}", n + 1));
            } else if !named
                && in_picture
                && (w.ends_with(".rs") || w.ends_with(".ftl"))
                && let Some(r) = &room
                && !under(r, w)
            {
                out.push(format!("{}: {w} (in {})", n + 1, r.strip_prefix(root).unwrap_or(r).display()));
            }
        }
    }
    out
}

#[test]
fn every_path_the_architecture_chapter_names_exists() {
    let root = root();
    let text = std::fs::read_to_string(root.join("docs/src/architecture.md")).unwrap();
    let gone = missing(&text, &root);
    assert!(gone.is_empty(), "the architecture chapter names what is not there:\n{}", gone.join("\n"));
}

#[test]
fn a_file_named_and_gone_is_found() {
    let root = root();
    let text = "`tests/library/layers.rs` and `tests/gone.rs`\n```\n  src/season/     roster.rs, nothere.rs,\n                  standings.rs\n```\n";
    assert_eq!(missing(text, &root), ["1: tests/gone.rs", "3: nothere.rs (in src/season)"]);
}
