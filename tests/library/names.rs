//! One name per thing: no two types of the crate seen beyond their own file share a name (a
//! `Document` of the parser and a `Document` of the open file make every reader stop and look).
//! The types are read from `src/`: every `pub`, `pub(crate)`, `pub(super)` or `pub(in ...)`
//! `struct`, `enum`, `trait`, `type` and `union` (only a private one may share a name). A name
//! used twice fails this test with the files that define it. And no function visible beyond its
//! file is named only by its own definition (used nowhere: not by the code, not by a test).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::common;
use common::source::rust_files;

/// The public types `source` defines, with their lines: `pub struct X`, `pub(crate) enum Y<T>`,
/// `pub trait Z`, `pub type W = ...`. Lines in comments and in `#[cfg(test)]` modules' private
/// types do not count (they are not public).
fn public_types(source: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for (n, line) in source.lines().enumerate() {
        let t = line.trim_start();
        let Some(rest) = t.strip_prefix("pub ").or_else(|| {
            let inner = t.strip_prefix("pub(")?;
            let close = inner.find(')')?;
            inner[close + 1..].strip_prefix(' ')
        }) else {
            continue;
        };
        let rest = rest.trim_start();
        let Some(rest) = ["struct ", "enum ", "trait ", "type ", "union "].iter().find_map(|k| rest.strip_prefix(k))
        else {
            continue;
        };
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if !name.is_empty() {
            out.push((name, n + 1));
        }
    }
    out
}

/// Every name defined more than once, with where.
fn repeats(files: &[(String, String)]) -> Vec<(String, Vec<String>)> {
    let mut by_name: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (path, source) in files {
        for (name, line) in public_types(source) {
            by_name.entry(name).or_default().push(format!("{path}:{line}"));
        }
    }
    by_name.into_iter().filter(|(_, at)| at.len() > 1).collect()
}

#[test]
fn no_two_public_types_share_a_name() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    rust_files(&root.join("src"), &mut paths);
    paths.sort();
    let files: Vec<(String, String)> = paths
        .iter()
        .map(|p| {
            (
                p.strip_prefix(root).unwrap().display().to_string().replace('\\', "/"),
                std::fs::read_to_string(p).unwrap(),
            )
        })
        .collect();
    let count: usize = files.iter().map(|(_, s)| public_types(s).len()).sum();
    assert!(count > 200, "only {count} public types read: the reader is broken");
    let found = repeats(&files);
    let report: Vec<String> = found.iter().map(|(name, at)| format!("{name}: {}", at.join(", "))).collect();
    assert!(report.is_empty(), "public types with the same name:\n{}", report.join("\n"));
}

#[test]
fn a_planted_repeat_is_named_with_both_places() {
    let files = vec![
        ("src/a.rs".to_string(), "/// doc\npub struct Outcome {\n}\npub(crate) enum Kind<T> { A(T) }\n".to_string()),
        ("src/b.rs".to_string(), "fn f() {}\n    pub enum Outcome { X }\npub type Other = u8;\n".to_string()),
        ("src/c.rs".to_string(), "pub(super) struct Step;\npub(in crate::a) enum Mode {}\nstruct Kind;\n".to_string()),
    ];
    assert_eq!(repeats(&files), [("Outcome".to_string(), vec!["src/a.rs:2".to_string(), "src/b.rs:2".to_string()])]);
    assert_eq!(public_types(&files[0].1), [("Outcome".to_string(), 2), ("Kind".to_string(), 4)]);
    assert_eq!(
        public_types(&files[2].1),
        [("Step".to_string(), 1), ("Mode".to_string(), 2)],
        "a private type is no repeat"
    );
}

/// The functions of `source` visible beyond their file (`pub`, `pub(crate)`, `pub(super)`, also
/// `const`), with their lines.
fn public_functions(source: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for (n, line) in source.lines().enumerate() {
        let t = line.trim_start();
        let Some(rest) = t.strip_prefix("pub ").or_else(|| {
            let inner = t.strip_prefix("pub(")?;
            inner[inner.find(')')? + 1..].strip_prefix(' ')
        }) else {
            continue;
        };
        let rest = rest.trim_start();
        let Some(rest) = rest.strip_prefix("fn ").or_else(|| rest.strip_prefix("const fn ")) else { continue };
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        out.push((name, n + 1));
    }
    out
}

/// How often each word occurs in `texts`.
fn word_counts<'a>(texts: impl Iterator<Item = &'a str>) -> BTreeMap<&'a str, usize> {
    let mut counts = BTreeMap::new();
    for text in texts {
        for w in text.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()) {
            *counts.entry(w).or_insert(0) += 1;
        }
    }
    counts
}

#[test]
fn every_public_function_is_used_somewhere() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    for dir in ["src", "tests", "benches", "fuzz"] {
        rust_files(&root.join(dir), &mut paths);
    }
    paths.sort();
    let files: Vec<(PathBuf, String)> =
        paths.iter().map(|p| (p.clone(), std::fs::read_to_string(p).unwrap())).collect();
    let counts = word_counts(files.iter().map(|(_, s)| s.as_str()));
    let mut unused = Vec::new();
    for (path, source) in files.iter().filter(|(p, _)| p.starts_with(root.join("src"))) {
        for (name, line) in public_functions(source) {
            // Only its own definition names it: nothing calls it, and no test.
            if counts.get(name.as_str()).copied().unwrap_or(0) <= 1 {
                unused.push(format!("{}:{line}: {name}", path.strip_prefix(root).unwrap().display()));
            }
        }
    }
    assert!(unused.is_empty(), "public functions used nowhere:\n{}", unused.join("\n"));
    let planted = "pub fn used() {}\npub(super) fn never_called_anywhere_xyz() {}\nfn f() { used() }\n";
    let counts = word_counts(std::iter::once(planted));
    let found: Vec<String> =
        public_functions(planted).into_iter().filter(|(n, _)| counts[n.as_str()] <= 1).map(|(n, _)| n).collect();
    assert_eq!(found, ["never_called_anywhere_xyz"], "the reader finds a planted one");
}

#[test]
fn every_colour_is_named_in_the_palette() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    rust_files(&root.join("src"), &mut paths);
    let mut inline = Vec::new();
    for p in paths.iter().filter(|p| !p.ends_with("ui/palette.rs")) {
        for (n, line) in std::fs::read_to_string(p).unwrap().lines().enumerate() {
            if line.contains("Color32::") && !line.trim_start().starts_with("//") {
                inline.push(format!("{}:{}: {}", p.strip_prefix(root).unwrap().display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        inline.is_empty(),
        "colours written where they are used (name them in src/ui/palette.rs):\n{}",
        inline.join("\n")
    );
}
