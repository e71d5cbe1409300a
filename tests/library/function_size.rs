//! No function of `src/` runs over 120 lines (issue 29, "House 2", item 7): a function is counted
//! from its `fn` line to its closing brace. Free functions, methods and nested functions are each
//! measured; a closure is part of the function that holds it. The braces are counted in the code
//! only: strings, raw strings, chars and comments are skipped, so a `{` in a text does not count.
//! A function over the limit fails this test with its file, line, name and length.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

use crate::common;
use common::source::rust_files;

/// The longest a function may be, in lines.
const LIMIT: usize = 120;

/// Functions that are only a literal table (a keymap list, a text table) and may be longer:
/// (file under `src/`, function name, why). Keep it empty unless a table cannot be data.
const TABLES: &[(&str, &str, &str)] = &[];

/// One function found in a source: the line of its `fn`, its name and its length in lines.
#[derive(Debug, PartialEq)]
struct Function {
    line: usize,
    name: String,
    lines: usize,
}

/// A token of the code: an identifier (or keyword, or number) or one punctuation character,
/// with the line it is on (from 1).
#[derive(Debug, PartialEq)]
enum Token {
    Word(String),
    Punct(char),
}

/// The tokens of a Rust source with their lines; strings, raw strings, byte strings, chars and
/// comments (nested block comments too) give none.
fn tokens(src: &str) -> Vec<(Token, usize)> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    // Moves past `n` chars, counting the new lines among them.
    let advance = |i: &mut usize, line: &mut usize, n: usize| {
        for _ in 0..n {
            if chars.get(*i) == Some(&'\n') {
                *line += 1;
            }
            *i += 1;
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            loop {
                if i >= chars.len() {
                    break;
                }
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    advance(&mut i, &mut line, 2);
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    advance(&mut i, &mut line, 2);
                    if depth == 0 {
                        break;
                    }
                } else {
                    advance(&mut i, &mut line, 1);
                }
            }
        } else if c == '"' {
            skip_string(&chars, &mut i, &mut line);
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{7b}') or a lifetime or label ('a, 'static).
            if next == Some('\\') {
                advance(&mut i, &mut line, 3); // the quote, the backslash and the escaped char
                while i < chars.len() && chars[i] != '\'' {
                    advance(&mut i, &mut line, 1);
                }
                advance(&mut i, &mut line, 1);
            } else if chars.get(i + 2) == Some(&'\'') {
                advance(&mut i, &mut line, 3);
            } else {
                i += 1;
            }
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let raw = matches!(word.as_str(), "r" | "br" | "cr");
            let plain = matches!(word.as_str(), "b" | "c");
            if raw && matches!(chars.get(i), Some('"') | Some('#')) {
                skip_raw_string(&chars, &mut i, &mut line);
            } else if plain && chars.get(i) == Some(&'"') {
                skip_string(&chars, &mut i, &mut line);
            } else {
                out.push((Token::Word(word), line));
            }
        } else if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else {
            out.push((Token::Punct(c), line));
            i += 1;
        }
    }
    out
}

/// Moves past a string that starts at `chars[*i]` (`"`), escapes included.
fn skip_string(chars: &[char], i: &mut usize, line: &mut usize) {
    *i += 1;
    while *i < chars.len() {
        match chars[*i] {
            '\\' => {
                if chars.get(*i + 1) == Some(&'\n') {
                    *line += 1;
                }
                *i += 2;
            }
            '"' => {
                *i += 1;
                return;
            }
            '\n' => {
                *line += 1;
                *i += 1;
            }
            _ => *i += 1,
        }
    }
}

/// Moves past a raw string whose hashes and quote start at `chars[*i]` (`#"…"#`, `"…"`).
fn skip_raw_string(chars: &[char], i: &mut usize, line: &mut usize) {
    let mut hashes = 0;
    while chars.get(*i) == Some(&'#') {
        hashes += 1;
        *i += 1;
    }
    if chars.get(*i) != Some(&'"') {
        return; // `r#ident`, a raw identifier: nothing to skip
    }
    *i += 1;
    while *i < chars.len() {
        if chars[*i] == '"' && (1..=hashes).all(|k| chars.get(*i + k) == Some(&'#')) {
            *i += 1 + hashes;
            return;
        }
        if chars[*i] == '\n' {
            *line += 1;
        }
        *i += 1;
    }
}

/// Every function with a body in a Rust source: where its `fn` is, its name, and how many lines
/// it spans from that line to its closing brace. Declarations without a body (`fn f();`) and
/// function pointer types (`fn(u8)`) are not functions here.
fn functions(src: &str) -> Vec<Function> {
    let toks = tokens(src);
    let mut found = Vec::new();
    for (k, (tok, line)) in toks.iter().enumerate() {
        if *tok != Token::Word("fn".into()) {
            continue;
        }
        let Some((Token::Word(name), _)) = toks.get(k + 1) else {
            continue;
        };
        // The body opens at the first `{` outside the signature's parentheses and brackets
        // (`[u8; 4]` holds a `;`, a const argument `{ N }` sits inside brackets).
        let mut nesting = 0i32;
        let mut open = None;
        for (j, (t, _)) in toks.iter().enumerate().skip(k + 2) {
            match t {
                Token::Punct('(' | '[') => nesting += 1,
                Token::Punct(')' | ']') => nesting -= 1,
                Token::Punct('{') if nesting == 0 => {
                    open = Some(j);
                    break;
                }
                Token::Punct(';') if nesting == 0 => break,
                _ => {}
            }
        }
        let Some(open) = open else { continue };
        let mut depth = 0;
        for (t, end) in &toks[open..] {
            match t {
                Token::Punct('{') => depth += 1,
                Token::Punct('}') => {
                    depth -= 1;
                    if depth == 0 {
                        found.push(Function { line: *line, name: name.clone(), lines: end - line + 1 });
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    found
}

/// The functions of a source over the limit, as `file:line name (N lines)`, tables excepted.
fn too_long(file: &str, src: &str) -> Vec<String> {
    functions(src)
        .into_iter()
        .filter(|f| f.lines > LIMIT)
        .filter(|f| !TABLES.iter().any(|(t, n, _)| *t == file && *n == f.name))
        .map(|f| format!("{file}:{} {} ({} lines)", f.line, f.name, f.lines))
        .collect()
}

#[test]
fn no_function_of_src_runs_over_120_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    files.sort();
    assert!(files.len() > 50, "the source tree was not found: {} files", files.len());
    let mut over = Vec::new();
    for path in &files {
        let rel = path.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
        let src = std::fs::read_to_string(path).unwrap();
        over.extend(too_long(&rel, &src));
    }
    assert!(over.is_empty(), "functions over {LIMIT} lines:\n{}", over.join("\n"));
}

#[test]
fn every_table_exemption_names_a_function_that_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for (file, name, why) in TABLES {
        let src = std::fs::read_to_string(root.join(file)).unwrap();
        assert!(functions(&src).iter().any(|f| f.name == *name), "{file} has no fn {name}");
        assert!(!why.is_empty(), "{file} {name}: the exemption must say why");
    }
}

/// A function of `total` lines between its `fn` line and its closing brace, with braces in a
/// string, a char, a raw string and comments that must not be counted.
fn synthetic(name: &str, total: usize) -> String {
    let mut s = format!("pub fn {name}(x: [u8; 4]) -> &'static str {{\n");
    s.push_str("    let open = \"{ {{ \\\" {\";\n");
    s.push_str("    let brace = '{';\n");
    s.push_str("    let chars = ['\\'', '\\u{7b}', b'{' as char];\n");
    s.push_str("    let raw = r#\"}\" { \"#;\n");
    s.push_str("    // a comment with a }\n");
    s.push_str("    /* a block { /* nested } */ comment */\n");
    for _ in 0..total - 8 {
        s.push_str("    let _ = x;\n");
    }
    s.push_str("}\n");
    assert_eq!(s.lines().count(), total);
    s
}

#[test]
fn a_121_line_function_is_reported_and_a_120_line_one_is_not() {
    let src = format!("{}\n{}", synthetic("long_frame", 121), synthetic("short_frame", 120));
    assert_eq!(too_long("rules/x.rs", &src), vec!["rules/x.rs:1 long_frame (121 lines)".to_string()]);
    let found = functions(&src);
    assert_eq!(
        found,
        vec![
            Function { line: 1, name: "long_frame".into(), lines: 121 },
            Function { line: 123, name: "short_frame".into(), lines: 120 },
        ]
    );
}

#[test]
fn methods_and_nested_functions_are_measured_and_declarations_are_not() {
    let src = "trait Seat {\n    fn wind(&self) -> u8;\n}\nimpl Seat for u8 {\n    fn wind(&self) -> u8 {\n        fn inner() -> u8 {\n            let f: fn(u8) -> u8 = |x| { x };\n            f(1)\n        }\n        inner()\n    }\n}\n";
    let found = functions(src);
    assert_eq!(
        found,
        vec![Function { line: 5, name: "wind".into(), lines: 7 }, Function { line: 6, name: "inner".into(), lines: 4 },]
    );
}
