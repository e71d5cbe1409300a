//! The import rule of the house (the guide, docs/src/architecture.md, "Layout"), read from the source: each layer uses only
//! the layers below it, the features (recorder, editor, forms) use the library, the document, the
//! shared widgets and the double-entry room but never each other, only the shell uses a feature's screen, and nothing
//! uses the shell. A forbidden `crate::` path fails this test with the file, line and path.
//! No two files of `src/` import each other, however long the way round ([`circles`]): a circle
//! fails with its files and the names that tie them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

use crate::common;
use common::source::rust_files;

/// Each top module of `src/` and the top modules it may use (besides itself).
const LAYERS: &[(&str, &[&str])] = &[
    ("i18n", &[]),
    ("format", &["i18n"]),
    ("rules", &["format", "i18n"]),
    ("scoring", &["rules", "format", "i18n"]),
    ("interop", &["rules", "format", "i18n"]),
    ("compare", &["scoring", "rules", "format", "i18n"]),
    ("document", &["compare", "scoring", "interop", "rules", "format", "i18n"]),
    // The shared widgets: the match video's line keeps a screen's video (a library part).
    ("ui", &["video", "document", "compare", "scoring", "interop", "rules", "format", "i18n"]),
    // The served record (on air): library code on the document's flow of changes; no feature.
    // The season's statistics (a library part of `season`) give the overlay its figures.
    ("broadcast", &["season", "document", "compare", "scoring", "interop", "rules", "format", "i18n"]),
    // The match video: its link and sync points, the mpv player, the chapters. Library code.
    ("video", &["document", "compare", "scoring", "interop", "rules", "format", "i18n"]),
    // The season (the roster, the standings, a match like the last) is library code the forms,
    // the settings and its own view use; its view is a screen (VIEWS).
    ("season", &["ui", "document", "compare", "scoring", "interop", "rules", "format", "i18n"]),
    // Double entry, in one room: the follower of the other desk, the live comparison the recorder
    // shows (its state and panel) and the after-the-fact reconciliation (a screen, VIEWS). The
    // recorder and the settings use it; it uses no feature.
    ("double_entry", &["ui", "document", "compare", "scoring", "interop", "rules", "format", "i18n"]),
    (
        "recorder",
        &["double_entry", "video", "ui", "document", "compare", "scoring", "interop", "rules", "format", "i18n"],
    ),
    ("editor", &["video", "ui", "document", "compare", "scoring", "interop", "rules", "format", "i18n"]),
    ("forms", &["season", "ui", "document", "compare", "scoring", "interop", "rules", "format", "i18n"]),
    // The user's settings: the scorer's name is a name of the forms (their model and its field);
    // the settings screen is drawn with the shared widgets.
    (
        "settings",
        &[
            "forms",
            "double_entry",
            "season",
            "ui",
            "broadcast",
            "video",
            "document",
            "compare",
            "scoring",
            "interop",
            "rules",
            "format",
            "i18n",
        ],
    ),
    // The command line opens files the one way (`document::recording::open`: the journal and the
    // lock beside a `.jmjp` live with the record); it uses no feature and no screen (VIEWS) and
    // names no UI crate (LIBRARY).
    (
        "cli",
        &[
            "double_entry",
            "broadcast",
            "season",
            "video",
            "document",
            "compare",
            "scoring",
            "interop",
            "rules",
            "format",
            "i18n",
        ],
    ),
    (
        "app",
        &[
            "recorder",
            "editor",
            "forms",
            "double_entry",
            "season",
            "settings",
            "broadcast",
            "video",
            "ui",
            "document",
            "compare",
            "scoring",
            "interop",
            "rules",
            "format",
            "i18n",
        ],
    ),
];

/// The screens of the features: only their own folder and the shell may use them.
const VIEWS: &[&str] = &[
    "recorder::view",
    "recorder::view_state",
    "recorder::step_forms",
    "recorder::screen",
    "editor::view",
    "editor::text",
    "editor::Editor",
    "forms::view",
    "forms::widgets",
    "double_entry::view",
    "season::view",
    "settings::view",
    "ui::start",
];

/// The library below the features: no UI crate may appear in it.
const LIBRARY: &[&str] =
    &["i18n", "format", "rules", "scoring", "interop", "compare", "document", "broadcast", "video", "cli"];

/// The module path of a file under `src/`: `editor/view.rs` is `["editor", "view"]`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel.iter().map(|c| c.to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" {
        parts.push(stem.to_string());
    }
    parts
}

/// Every `crate::a::b` path of a line of code (and `super::` paths that reach a top module),
/// resolved from `module`.
fn paths_in(line: &str, module: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < line.len() {
        let rest = &line[i..];
        let boundary =
            i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_' || bytes[i - 1] == b':');
        if boundary && (rest.starts_with("crate::") || rest.starts_with("super::")) {
            let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':')).unwrap_or(rest.len());
            let path: Vec<&str> = rest[..end].split("::").filter(|s| !s.is_empty()).collect();
            let mut base: Vec<String> = Vec::new();
            let mut k = 0;
            if path[0] == "crate" {
                k = 1;
            } else {
                let mut up = 0;
                while path.get(k) == Some(&"super") {
                    up += 1;
                    k += 1;
                }
                base = module[..module.len().saturating_sub(up)].to_vec();
            }
            let full: Vec<String> = base.into_iter().chain(path[k..].iter().map(|s| s.to_string())).collect();
            if !full.is_empty() {
                out.push(full.join("::"));
            }
            i += end;
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
    out
}

/// Whether code of `from` (a module path) may use `path`.
fn allowed(from: &[String], path: &str) -> Result<(), String> {
    let top = from.first().map(String::as_str).unwrap_or("lib");
    let target = path.split("::").next().unwrap_or("");
    if target == top {
        return Ok(());
    }
    let Some((_, may)) = LAYERS.iter().find(|(name, _)| *name == top) else {
        // lib.rs declares the modules; main.rs is the binary: it starts the shell or the CLI.
        return Ok(());
    };
    if !LAYERS.iter().any(|(name, _)| *name == target) {
        return Ok(());
    }
    if !may.contains(&target) {
        return Err(format!("{top} may not use {target}"));
    }
    if top != "app" && top != "lib" && VIEWS.iter().any(|v| path == *v || path.starts_with(&format!("{v}::"))) {
        return Err(format!("only the shell uses another feature's screen ({path})"));
    }
    Ok(())
}

fn problems() -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let rel = f.strip_prefix(&src).unwrap();
        let module = module_of(rel);
        let text = std::fs::read_to_string(&f).unwrap();
        let top = module.first().cloned().unwrap_or_default();
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            for p in paths_in(code, &module) {
                if let Err(why) = allowed(&module, &p) {
                    out.push(format!("src/{}:{}: `{p}`: {why}", rel.display(), n + 1));
                }
            }
            if LIBRARY.contains(&top.as_str())
                && ["egui", "eframe", "rfd", "jiff"]
                    .iter()
                    .any(|ui| code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).any(|w| w == *ui))
            {
                out.push(format!("src/{}:{}: the library names a UI crate: {code}", rel.display(), n + 1));
            }
        }
    }
    out
}

#[test]
fn every_layer_uses_only_the_layers_below_it() {
    let found = problems();
    assert!(found.is_empty(), "forbidden uses:\n{}", found.join("\n"));
}

#[test]
fn the_rule_catches_what_it_forbids() {
    let m = |s: &str| s.split("::").map(str::to_string).collect::<Vec<_>>();
    assert!(allowed(&m("format::parse"), "rules::Table").is_err(), "format is below rules");
    assert!(allowed(&m("scoring::frame"), "interop::outcome").is_err(), "scoring and interop are side by side");
    assert!(allowed(&m("recorder::screen"), "editor::edit").is_err(), "a feature does not use another");
    assert!(allowed(&m("ui::table_view"), "recorder::session").is_err(), "ui uses no feature");
    assert!(allowed(&m("settings"), "forms::view").is_err(), "only the shell uses a feature's screen");
    assert!(allowed(&m("editor::view"), "app::StudioApp").is_err(), "nothing uses the shell");
    assert!(allowed(&m("document::io"), "ui::command").is_err(), "the document has no UI");
    assert!(allowed(&m("app::files"), "recorder::screen::RecorderScreen").is_ok());
    assert!(allowed(&m("editor::view"), "editor::edit::FrameEdit").is_ok());
    // super:: paths are resolved from the file's module.
    assert_eq!(paths_in("use super::super::ui::ERROR;", &m("editor::view")), ["ui::ERROR"]);
    assert_eq!(paths_in("use super::edit::FrameEdit;", &m("editor::view")), ["editor::edit::FrameEdit"]);
    assert_eq!(paths_in("let x = crate::rules::Table::replay(f);", &m("format")), ["rules::Table::replay"]);
}

/// No file of `src/` grows past 900 lines, and none of the shell past 600: a file that does is a
/// room that wants dividing. The whole shell stays under 1,200 lines.
#[test]
fn no_file_grows_past_its_size() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let too_long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let lines = std::fs::read_to_string(f).unwrap().lines().count();
            let rel = f.strip_prefix(&src).unwrap();
            let most = if rel.starts_with("app") { 600 } else { 900 };
            (lines > most).then(|| format!("src/{}: {lines} lines (at most {most})", rel.display()))
        })
        .collect();
    assert!(too_long.is_empty(), "{}", too_long.join("\n"));
    let shell: usize = files
        .iter()
        .filter(|f| f.strip_prefix(&src).unwrap().starts_with("app"))
        .map(|f| std::fs::read_to_string(f).unwrap().lines().count())
        .sum();
    assert!(shell < 1200, "src/app/ has {shell} lines: the shell only routes; move the work to its room");
}

/// No unsafe code (Cargo.toml denies it) but the one call Windows offers no safe way to make: the
/// process's AppUserModelID, one `unsafe` block in src/ui/opening.rs, allowed on its function alone.
#[test]
fn the_only_unsafe_code_is_the_app_user_model_id() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut found = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(&src).unwrap().display().to_string().replace('\\', "/");
        for (n, line) in std::fs::read_to_string(f).unwrap().lines().enumerate() {
            let code = line.trim_start();
            if !code.starts_with("//")
                && (code.contains("unsafe {") || code.contains("unsafe fn") || code.contains("unsafe_code"))
            {
                found.push(format!("src/{rel}:{}: {code}", n + 1));
            }
        }
    }
    let only: Vec<&str> = found.iter().map(|f| f.split(':').next().unwrap()).collect();
    assert_eq!(only, ["src/ui/opening.rs", "src/ui/opening.rs"], "unsafe code:\n{}", found.join("\n"));
    assert!(
        found[0].ends_with("#[allow(unsafe_code)]") && found[1].contains("SetCurrentProcessExplicitAppUserModelID"),
        "{found:?}"
    );
}

#[path = "layers/circles.rs"]
mod circles;

/// The files of the library crate (`main.rs` and `bin/` are crates of their own).
fn library_sources() -> Vec<circles::Source> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    files
        .into_iter()
        .filter_map(|f| {
            let rel = f.strip_prefix(&src).unwrap().to_path_buf();
            if rel == Path::new("main.rs") || rel.starts_with("bin") {
                return None;
            }
            let module = if rel == Path::new("lib.rs") { Vec::new() } else { module_of(&rel) };
            let text = std::fs::read_to_string(&f).unwrap();
            Some(circles::Source { name: format!("src/{}", rel.display()), module, text })
        })
        .collect()
}

/// The circles found when the check came (issue 29), each left to the step that rebuilds its
/// room: the shell, the names of `compare` and `rules::repair`, the one way to open a file
/// (`interop`, `cli`), the format's parser. The check fails on any other circle, on one of these
/// that gains or loses a file, and on one that is gone (then take it off this list).
const CIRCLES_LEFT: &[&[&str]] = &[];

#[test]
fn no_file_of_src_imports_in_a_circle() {
    let found = circles::circles(&library_sources());
    let new: Vec<String> =
        found.iter().filter(|c| !CIRCLES_LEFT.iter().any(|left| c.files == *left)).map(ToString::to_string).collect();
    assert!(new.is_empty(), "{}", new.join("\n"));
    let gone: Vec<&&[&str]> = CIRCLES_LEFT.iter().filter(|left| !found.iter().any(|c| c.files == **left)).collect();
    assert!(gone.is_empty(), "these circles are gone or changed: take them off CIRCLES_LEFT: {gone:#?}");
}

#[test]
fn the_circle_check_names_the_files_and_the_items_that_tie_them() {
    let file = |name: &str, module: &str, text: &str| circles::Source {
        name: name.to_string(),
        module: module.split('/').filter(|m| !m.is_empty()).map(str::to_string).collect(),
        text: text.to_string(),
    };
    // keys uses the session's Step, the session a function of keys through a path in its code;
    // the mod.rs only declares and re-exports, and view reaches Step through that re-export.
    let planted = [
        file("lib.rs", "", "pub mod desk;"),
        file("desk/mod.rs", "desk", "pub mod keys;\npub mod session;\npub mod view;\npub use session::Step;"),
        file("desk/keys.rs", "desk/keys", "use super::session::{Step, Problem as P};\npub fn action_of(s: Step) {}"),
        file(
            "desk/session.rs",
            "desk/session",
            "pub enum Step { Deal }\npub struct Problem;\n// super::view::show\nfn f() { let s = \"crate::desk::view::show\"; super::keys::action_of(Step::Deal) }",
        ),
        file("desk/view.rs", "desk/view", "use crate::desk::Step;\npub fn show(s: Step) {}"),
    ];
    let found = circles::circles(&planted);
    assert_eq!(found.len(), 1, "{found:#?}");
    let report = found[0].to_string();
    assert_eq!(found[0].files, ["desk/keys.rs", "desk/session.rs"], "{report}");
    assert!(report.contains("desk/keys.rs uses from desk/session.rs: Problem, Step"), "{report}");
    assert!(report.contains("desk/session.rs uses from desk/keys.rs: action_of"), "{report}");
    // Without the path in the session's code, there is no circle.
    let mut fixed = planted;
    fixed[3].text = "pub enum Step { Deal }\npub struct Problem;".into();
    assert!(circles::circles(&fixed).is_empty());
}

/// The files allowed to decide what a recorder key means, or to ask: the keymap decides
/// (`recorder/keys.rs`), the keyboard is read into its keys (`recorder/keyboard.rs`), and the
/// screen and the session (which records by keys in the library's tests) ask it.
const KEYMAP: &str = "recorder/keys.rs";
const KEYBOARD: &str = "recorder/keyboard.rs";
const ASK_THE_KEYMAP: &[&str] = &["recorder/screen.rs", "recorder/session.rs"];

/// Where a file of `src/` (`rel`, its text) decides part of what a key means outside the keymap:
/// names a key of the recorder's own (`Key::Char`, `Key::Position`, ...: egui's keys have no
/// such names; `Space`, `Enter` and the arrows are egui's too, and the forms' own keys), builds a `Meaning` (outside the keymap a `Meaning` is only matched or compared),
/// reads a `Click` (views make clicks; only the keymap says what one means), or asks the keymap
/// from a file that should only forward. The tests at the end of a file are not read.
fn keymap_breaches(rel: &str, text: &str) -> Vec<String> {
    if rel == KEYMAP {
        return Vec::new();
    }
    let own_keys = ["Key::Char", "Key::Position", "Key::Alt(", "Key::CtrlEnter", "Key::ShiftTab"];
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    let code = code.split("#[cfg(all(test").next().unwrap_or_default();
    let mut found = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let line = line.trim_start();
        if line.starts_with("//") {
            continue;
        }
        let at = |what: &str| format!("src/{rel}:{}: {what}: {line}", n + 1);
        if rel != KEYBOARD && own_keys.iter().any(|k| line.contains(k) && !line.contains(&format!("egui::{k}"))) {
            found.push(at("a recorder key named outside the keymap"));
        }
        if line.contains("Meaning::") && !line.contains("=>") && !line.contains("==") {
            found.push(at("a Meaning made outside the keymap"));
        }
        if line.contains("Click::") && line.contains("=>") && !line.contains("RecorderEvent::Click(Click::") {
            found.push(at("a click read outside the keymap"));
        }
        if line.contains("keys::meaning(") && !ASK_THE_KEYMAP.contains(&rel) {
            found.push(at("the keymap asked by a file that should only forward"));
        }
    }
    found
}

/// What a key of the recorder means is decided in one table and one function (issue 48, part 1):
/// `recorder/keys.rs`. The screen only forwards what it returns.
#[test]
fn what_a_recorder_key_means_is_decided_in_the_keymap_alone() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut found = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(&src).unwrap().display().to_string().replace('\\', "/");
        found.extend(keymap_breaches(&rel, &std::fs::read_to_string(f).unwrap()));
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    assert!(src.join(KEYMAP).exists() && src.join(KEYBOARD).exists(), "the rule names files that are gone");
}

#[test]
fn the_keymap_rule_catches_a_key_decided_elsewhere() {
    let screen = "fn forward() {\n    let f = key == Key::Char('f');\n    let m = Meaning::Fix(0);\n}\n\
                  fn click(c: Click) { match c { Click::Confirm => confirm(), _ => {} } }\n";
    let found = keymap_breaches("recorder/screen.rs", screen);
    assert_eq!(found.len(), 3, "{found:#?}");
    assert!(found[0].starts_with("src/recorder/screen.rs:2: a recorder key named"), "{found:?}");
    assert!(found[1].contains("a Meaning made outside"), "{found:?}");
    assert!(found[2].starts_with("src/recorder/screen.rs:5: a click read"), "{found:?}");
    let view = "let m = keys::meaning(Input::Key(k), &at);\n// Key::Char in a comment\n\
                #[cfg(test)]\nmod tests { fn t() { Key::Char('x'); } }\n";
    assert_eq!(
        keymap_breaches("recorder/view.rs", view).len(),
        1,
        "asked from a view; comments and tests are not read"
    );
    assert!(keymap_breaches("recorder/keys.rs", screen).is_empty(), "the keymap itself decides");
    assert!(keymap_breaches("recorder/screen.rs", "if meaning == Meaning::LookAtVideo {}\n").is_empty());
}
