//! The two message files and the code that asks for their messages agree: what the `T` enum once
//! made a compile error (a text missing in a language, a key that does not exist) fails here.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::Path;

use crate::common;
use common::source::rust_files;

use jmjp_studio::i18n::{self, Arg, Lang, Msg};

/// One `tr!(...)` of the code: where, the id, and the names of its arguments (`None`: no
/// arguments at all, so the message must have no variables).
#[derive(Debug)]
struct Call {
    at: String,
    id: String,
    args: Vec<String>,
}

/// The `tr!` calls of a Rust source (comment lines skipped).
fn calls_in(name: &str, source: &str) -> Vec<Call> {
    let mut out = Vec::new();
    let bytes = source.as_bytes();
    let mut from = 0;
    while let Some(k) = source[from..].find("tr!(") {
        let at = from + k;
        from = at + 4;
        let boundary = at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
        let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
        if !boundary || source[line_start..at].trim_start().starts_with("//") {
            continue;
        }
        let line = source[..at].matches('\n').count() + 1;
        let place = format!("{name}:{line}");
        let rest = source[at + 4..].trim_start();
        let Some(rest) = rest.strip_prefix('"') else {
            // The macro's own definition (`$id:literal`), not a call.
            continue;
        };
        let Some(end) = rest.find('"') else { continue };
        let id = rest[..end].to_string();
        let args = arguments(&rest[end + 1..]).into_iter().map(|a| arg_name(&a)).collect();
        out.push(Call { at: place, id, args });
    }
    out
}

/// The top-level comma-separated arguments after the id, up to the closing parenthesis.
fn arguments(after_id: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut depth = 0usize;
    let mut current = String::new();
    let mut chars = after_id.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            current.push(c);
            if c == '\\' {
                if let Some(n) = chars.next() {
                    current.push(n);
                }
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                current.push(c);
            }
            '(' | '[' | '{' => {
                depth += 1;
                current.push(c);
            }
            ')' | ']' | '}' if depth == 0 => break,
            ')' | ']' | '}' => {
                depth -= 1;
                current.push(c);
            }
            ',' if depth == 0 => {
                args.push(std::mem::take(&mut current));
            }
            _ => current.push(c),
        }
    }
    args.push(current);
    // The text before the first comma is what follows the id (nothing); a trailing comma leaves
    // an empty last one.
    args.into_iter().skip(1).map(|a| a.trim().to_string()).filter(|a| !a.is_empty()).collect()
}

/// `name = value` -> `name` (the whole text when it is not that shape, which then matches no
/// variable and is reported).
fn arg_name(arg: &str) -> String {
    match arg.split_once('=') {
        Some((name, _)) if name.trim().chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
            name.trim().to_string()
        }
        _ => arg.to_string(),
    }
}

/// What is wrong with the calls, given the variables of each message (`None`: no such message).
fn problems_of(calls: &[Call], variables: impl Fn(&str, Lang) -> Option<BTreeSet<String>>) -> Vec<String> {
    let mut out = Vec::new();
    for c in calls {
        for lang in Lang::ALL {
            let Some(vars) = variables(&c.id, lang) else {
                out.push(format!("{}: `{}` is not a message of the {lang:?} file", c.at, c.id));
                continue;
            };
            let given: BTreeSet<String> = c.args.iter().cloned().collect();
            if given != vars {
                out.push(format!("{}: `{}` is given {given:?}, its {lang:?} text uses {vars:?}", c.at, c.id));
            }
        }
    }
    out
}

fn catalogue_variables(id: &str, lang: Lang) -> Option<BTreeSet<String>> {
    let m = i18n::messages().into_iter().find(|m| m.id() == id)?;
    m.exists(lang).then(|| m.variables(lang).into_iter().map(str::to_string).collect())
}

/// Every `tr!` call of `src/`.
fn calls_of_the_code() -> Vec<Call> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.sort();
    let mut calls = Vec::new();
    for f in files {
        let name = f.strip_prefix(root).unwrap().display().to_string();
        calls.extend(calls_in(&name, &std::fs::read_to_string(&f).unwrap()));
    }
    calls
}

#[test]
fn both_files_parse_and_no_id_repeats() {
    assert!(i18n::catalogue_problems().is_empty(), "{}", i18n::catalogue_problems().join("\n"));
}

#[test]
fn every_message_is_in_both_languages_with_the_same_variables() {
    let mut wrong = Vec::new();
    for m in i18n::messages() {
        if !(m.exists(Lang::En) && m.exists(Lang::Ja)) {
            wrong.push(format!("{}: only in {}", m.id(), if m.exists(Lang::En) { "en.ftl" } else { "ja.ftl" }));
        } else if m.variables(Lang::En) != m.variables(Lang::Ja) {
            wrong.push(format!("{}: en uses {:?}, ja {:?}", m.id(), m.variables(Lang::En), m.variables(Lang::Ja)));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(i18n::messages().len() > 200);
}

#[test]
fn every_message_the_code_asks_for_exists_with_the_variables_it_is_given() {
    let calls = calls_of_the_code();
    assert!(calls.len() > 300, "the scan finds the code's messages ({} found)", calls.len());
    let wrong = problems_of(&calls, catalogue_variables);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_message_of_the_files_is_asked_for_by_the_code() {
    let mut asked: BTreeSet<String> = calls_of_the_code().into_iter().map(|c| c.id).collect();
    // A message may be part of others (`{ format-month }`).
    for file in [i18n::ENGLISH, i18n::JAPANESE] {
        for piece in file.split('{').skip(1) {
            let name = piece.split('}').next().unwrap_or("").trim();
            if name.starts_with(|c: char| c.is_ascii_lowercase())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            {
                asked.insert(name.to_string());
            }
        }
    }
    let unused: Vec<&str> = i18n::messages().into_iter().map(Msg::id).filter(|id| !asked.contains(*id)).collect();
    assert!(unused.is_empty(), "messages no code asks for (delete them from both files): {unused:?}");
}

#[test]
fn ids_are_kebab_case_and_name_their_room() {
    const ROOMS: &[&str] = &[
        "app",
        "ui",
        "forms",
        "season",
        "format",
        "rules",
        "scoring",
        "interop",
        "compare",
        "double-entry",
        "document",
        "broadcast",
        "editor",
        "recorder",
        "video",
        "cli",
    ];
    for m in i18n::messages() {
        let id = m.id();
        assert!(id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'), "{id}");
        let named = ROOMS.iter().any(|room| id.strip_prefix(room).is_some_and(|rest| rest.starts_with('-')));
        assert!(named, "{id} does not start with a room ({ROOMS:?})");
    }
}

#[test]
fn the_code_asks_for_messages_only_through_the_macro() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    for f in files.iter().filter(|f| !f.starts_with(root.join("src/i18n"))) {
        let text = std::fs::read_to_string(f).unwrap();
        assert!(!text.contains("Msg::new("), "{}: ask with tr!(\"id\"), which the scan sees", f.display());
    }
}

#[test]
fn the_scan_finds_a_message_that_does_not_exist_and_wrong_arguments() {
    let source = r#"
        // tr!("in-a-comment") is not a call.
        fn f(lang: Lang) -> String {
            let a = tr!("app-title").get(lang);
            let b = tr!("no-such-message").get(lang);
            let c = tr!("app-title", count = f(1, (2, 3)), seat = "E");
            let d = tr!(
                "app-title",
                text = g("a, b"),
            );
            format!("{a}{b}{c}{d}")
        }
    "#;
    let calls = calls_in("synthetic.rs", source);
    let found: Vec<(&str, Vec<String>)> = calls.iter().map(|c| (c.id.as_str(), c.args.clone())).collect();
    assert_eq!(
        found,
        [
            ("app-title", vec![]),
            ("no-such-message", vec![]),
            ("app-title", vec!["count".to_string(), "seat".to_string()]),
            ("app-title", vec!["text".to_string()]),
        ]
    );
    let wrong = problems_of(&calls, catalogue_variables);
    assert_eq!(wrong.len(), 6, "{wrong:#?}");
    assert!(wrong[0].starts_with("synthetic.rs:5: `no-such-message` is not a message"), "{}", wrong[0]);
    assert!(wrong[2].starts_with("synthetic.rs:6: `app-title` is given"), "{}", wrong[2]);
    assert!(wrong[4].starts_with("synthetic.rs:7: `app-title` is given {\"text\"}"), "{}", wrong[4]);
}

#[test]
fn a_message_that_cannot_be_formatted_shows_its_id() {
    // An id no file has (code writes tr!, which the scan checks; this is the run-time fallback).
    let missing = Msg::new("rules-no-such-message");
    assert_eq!(missing.get(Lang::En), "rules-no-such-message");
    assert_eq!(missing.text().ja, "rules-no-such-message");
    // A message with variables asked for without them.
    let with_vars = i18n::messages().into_iter().find(|m| !m.variables(Lang::En).is_empty()).unwrap();
    assert_eq!(with_vars.get(Lang::Ja), with_vars.id());
    assert_eq!(with_vars.with(&[]).en, with_vars.id());
    // Given all its variables, it is formatted (no id, no bidi isolation marks).
    let args: Vec<(&str, Arg)> = with_vars.variables(Lang::En).into_iter().map(|v| (v, Arg::from(2))).collect();
    let text = with_vars.with(&args);
    assert_ne!(text.en, with_vars.id());
    assert!(!text.en.contains(['\u{2068}', '\u{2069}']) && !text.ja.contains(['\u{2068}', '\u{2069}']), "{text:?}");
}

// Issue 46, item 4: Japanese as Japanese scorers write it.

/// Latin words the Japanese messages may keep, each with why a Japanese scorer reads it as is.
const LATIN_IN_JAPANESE: &[(&str, &str)] = &[
    // Formats and programs the scorer knows and picks by these names (the file's own `.jmjp`).
    ("jmjp", "the file format's name"),
    ("MPSZ", "the tile notation scorers type (5p, 1z) is called so in Japan too"),
    ("JSON", "a file format, named so in Japanese"),
    ("CSV", "a file format, named so in Japanese"),
    ("HTML", "a file format, named so in Japanese"),
    ("XML", "a file format, named so in Japanese"),
    ("URL", "web addresses are called so in Japanese"),
    ("UTF", "the text encoding UTF-8"),
    ("BOM", "the byte order mark has no other Japanese name"),
    ("MiB", "a unit of size"),
    ("KiB", "a unit of size"),
    ("mjai", "the AI protocol's own name"),
    ("mjlog", "tenhou's log format's own name"),
    ("tenhou", "tenhou.net, the site's address"),
    ("mpv", "the video player's own name"),
    ("OBS", "the broadcast software's own name"),
    ("YouTube", "the site's own name"),
    ("Windows", "an operating system's own name"),
    ("Debian", "an operating system's own name"),
    ("Ubuntu", "an operating system's own name"),
    ("EMA", "the rules of the European Mahjong Association, known by these letters"),
    ("WRC", "the World Riichi Championship's rules, known by these letters"),
    ("RMU", "the RMU league's rules, known by these letters"),
    // Keys, as the keycaps of Japanese keyboards print them.
    ("Ctrl", "a keycap"),
    ("Alt", "a keycap"),
    ("Shift", "a keycap"),
    ("Enter", "a keycap"),
    ("Space", "a keycap"),
    ("Esc", "a keycap"),
    ("Delete", "a keycap"),
    ("Tab", "a keycap"),
];

/// The text a Japanese reader reads in a pattern: its text elements, and those of each variant of
/// a selection, without the placeables (`{ $tile }`, `{ -term }`, `{ other-message }`).
fn read_text(pattern: &fluent_syntax::ast::Pattern<&str>, out: &mut String) {
    use fluent_syntax::ast::{Expression, PatternElement};
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => out.push_str(value),
            PatternElement::Placeable { expression: Expression::Select { variants, .. } } => {
                for v in variants {
                    read_text(&v.value, out);
                }
            }
            PatternElement::Placeable { .. } => out.push(' '),
        }
    }
}

/// What of a message's text is code rather than words: a literal as the file or a log writes it
/// (in "quotes" or a <tag>), a field of the file (`pfe[`), a file's extension (`.json`), a
/// command-line option (`--rules`), an address, the program's name.
fn without_code(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                chars.by_ref().find(|&c| c == '"');
            }
            '<' => {
                chars.by_ref().find(|&c| c == '>');
            }
            '.' | '-'
                if chars.peek().is_some_and(|&n| (c == '.' && n.is_ascii_alphabetic()) || (c == '-' && n == '-')) =>
            {
                while chars.peek().is_some_and(|c| c.is_ascii_alphanumeric() || *c == '-') {
                    chars.next();
                }
            }
            _ => out.push(c),
        }
    }
    let out = out.replace("jmjp-studio", " ").replace("https://", " ").replace("http://", " ");
    // A field of the file: letters right before '['.
    let mut words = String::new();
    let mut word = String::new();
    for c in out.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_alphabetic() {
            word.push(c);
            continue;
        }
        if c != '[' {
            words.push_str(&word);
        }
        word.clear();
        words.push(c);
    }
    words
}

#[test]
fn japanese_messages_have_no_english_words() {
    let resource = fluent_syntax::parser::parse(i18n::JAPANESE).unwrap_or_else(|(r, _)| r);
    let allowed: BTreeSet<&str> = LATIN_IN_JAPANESE.iter().map(|(w, _)| *w).collect();
    let mut wrong = Vec::new();
    for entry in &resource.body {
        let fluent_syntax::ast::Entry::Message(m) = entry else { continue };
        let Some(pattern) = &m.value else { continue };
        let mut text = String::new();
        read_text(pattern, &mut text);
        let text = without_code(&text);
        let english: Vec<&str> =
            text.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() >= 3 && !allowed.contains(w)).collect();
        if !english.is_empty() {
            wrong.push(format!("{}: {english:?} in {text:?}", m.id.name));
        }
    }
    assert!(wrong.is_empty(), "English words in ja.ftl:\n{}", wrong.join("\n"));
}

#[test]
fn the_check_of_english_words_finds_one_and_skips_code() {
    let mut text = String::new();
    let resource =
        fluent_syntax::parser::parse("a = 東家の { $act } 行為 ply 0、pfe[…]、\"kyokuend\"、.jsonl、--rules\n")
            .unwrap();
    let fluent_syntax::ast::Entry::Message(m) = &resource.body[0] else { panic!() };
    read_text(m.value.as_ref().unwrap(), &mut text);
    let words: Vec<String> = without_code(&text)
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 3)
        .map(str::to_string)
        .collect();
    assert_eq!(words, ["ply"]);
}

#[test]
fn a_frame_is_named_as_japanese_scorers_say_it() {
    use jmjp_studio::format::{FrameId, Wind};
    let e1 = FrameId { wind: Wind::East, number: 1, honba: 0 };
    let s2 = FrameId { wind: Wind::South, number: 2, honba: 1 };
    assert_eq!(e1.name(Lang::Ja), "東1局0本場");
    assert_eq!(s2.name(Lang::Ja), "南2局1本場");
    assert_eq!(e1.name(Lang::En), "E1-0");
    assert_eq!(s2.name(Lang::En), "S2-1");
    // In a message too: the frame argument is named in each language.
    let said = jmjp_studio::i18n::tr!("rules-at-frame", frame = s2, text = "x");
    assert!(said.ja.starts_with("南2局1本場"), "{said:?}");
    assert!(said.en.starts_with("S2-1"), "{said:?}");
}

#[test]
fn a_problem_names_its_tiles_and_frame_in_japanese() {
    use jmjp_studio::format;
    use jmjp_studio::rules;
    // East holds no green dragon, draws 5p and discards gd.
    let u13 = format!("{},,", "uk".repeat(13));
    let hands = ["1m2m3m4m5m6m7m8m9m1p2p3p4p,,", &u13, &u13, &u13];
    let starts: String = hands.iter().zip(["e", "s", "w", "n"]).map(|(h, s)| format!("({s},hnd[{h}])")).collect();
    let ends: String = ["e", "s", "w", "n"].iter().map(|s| format!("({s},hnd[{u13}])")).collect();
    let text =
        format!("jmjp[1.0](mtp[,,,]ply[0,,,,]ply[1,,,,]ply[2,,,,]ply[3,,,,]frm[E1-0,,,,,{starts}(e,5p,gd){ends},,])");
    let doc = format::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let found = rules::check(&doc.paifu, None);
    let not_held = found.iter().find(|d| d.message.en.contains("discards gd")).unwrap_or_else(|| panic!("{found:#?}"));
    let ja = &not_held.message.ja;
    assert!(ja.starts_with("東1局0本場 1 手目："), "{ja}");
    assert!(ja.contains("東家が 1 手目で 五筒 をツモした後に 發 を切っていますが、手牌に 發 がありません"), "{ja}");
    assert!(ja.contains("一二三四五六七八九萬 一二三四五筒"), "{ja}");
    assert!(!ja.contains("gd") && !ja.contains("5p"), "{ja}");
    // English keeps the file's codes.
    assert!(not_held.message.en.starts_with("E1-0"), "{}", not_held.message.en);
}

/// The error types of `source` (`pub` types whose name ends in `Error`) that say nothing in two
/// languages: neither an `impl` of theirs with a `fn text(` in the file, nor a `Text` they hold.
fn errors_without_text(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in source.lines() {
        let t = line.trim_start();
        let Some(rest) = t.strip_prefix("pub ").or_else(|| t.strip_prefix("pub(crate) ")) else { continue };
        let Some(rest) = rest.strip_prefix("enum ").or_else(|| rest.strip_prefix("struct ")) else { continue };
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if !name.ends_with("Error") {
            continue;
        }
        let has_text = source.split(&format!("impl {name} {{")).skip(1).any(|body| {
            let body = &body[..body.find("\nimpl ").unwrap_or(body.len())];
            body.contains("fn text(")
        });
        // A type that holds its sentence in both languages (`message: Text`).
        let start = source.find(t).unwrap_or(0);
        let def = &source[start..source[start..].find("\n}").map_or(source.len(), |e| start + e)];
        if !has_text && !def.contains(": Text") {
            out.push(name);
        }
    }
    out
}

#[test]
fn every_error_the_app_or_the_command_line_shows_says_it_in_both_languages() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    rust_files(&root.join("src"), &mut paths);
    let mut found = 0;
    let mut silent = Vec::new();
    for p in &paths {
        let source = std::fs::read_to_string(p).unwrap();
        found += source.lines().filter(|l| l.contains("Error {") && l.trim_start().starts_with("pub ")).count();
        for name in errors_without_text(&source) {
            silent.push(format!("{}: {name}", p.strip_prefix(root).unwrap().display()));
        }
    }
    assert!(found >= 10, "only {found} error types read: the reader is broken");
    assert!(
        silent.is_empty(),
        "error types with no text in both languages (a `fn text(&self) -> Text`):\n{}",
        silent.join("\n")
    );
    let planted = "pub enum GoodError { A }\nimpl GoodError {\n    pub fn text(&self) -> Text { todo() }\n}\n\
                   pub struct HeldError {\n    pub message: Text,\n}\npub enum EnglishError { B }\n";
    assert_eq!(errors_without_text(planted), ["EnglishError"]);
}
