//! The property the `mleague` fuzz target checks, taking the fuzzer's bytes: the official M League
//! viewer's record (a bare JSON array, or a page) imports or is refused with an error in both
//! languages, never a panic; what imports is written as `.jmjp` and read back the same, can be
//! checked and exported; and the same array handed to the viewer's player in a page imports to
//! the same record (or is refused for the same reason). `tests/library/interop_mleague.rs` runs
//! the seeds and every input the fuzzer found wrong (`tests/fixtures/fuzz/mleague/`) through it.
#![allow(dead_code)]

use jmjp_studio::format::{self, Paifu};
use jmjp_studio::i18n::Text;
use jmjp_studio::interop::{mjai, mleague, tenhou6};
use jmjp_studio::scoring::{self, RuleOptions};

/// A text for the user has its Japanese half.
fn assert_japanese(t: &Text) {
    let ja = t.ja != t.en && t.ja.chars().any(|c| matches!(c, '\u{3040}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}'));
    assert!(ja, "no Japanese text: {t:?}");
}

/// `text` handed to the viewer's player in a page, as a JavaScript string in single quotes.
pub fn in_page(text: &str) -> String {
    let mut js = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '\\' => js.push_str("\\\\"),
            '\'' => js.push_str("\\'"),
            '\n' => js.push_str("\\n"),
            '\r' => js.push_str("\\r"),
            c => js.push(c),
        }
    }
    format!("<html><body>\n<script>\nUMP_PLAYER.init(true, true, '{js}', autoplay);\n</script>\n</body></html>\n")
}

/// The property.
pub fn mleague(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let first = mleague::import(text);
    let body = format::strip_bom(text);
    if body.trim_start().starts_with('[') {
        // The same array in a page: the same record, or the same fault.
        match (&first, mleague::import(&in_page(body))) {
            (Ok(a), Ok(b)) => assert_eq!(a, &b, "the page reads otherwise"),
            (Err(a), Err(b)) => assert_eq!(a.message, b.message, "the page is refused otherwise"),
            (a, b) => panic!("the bare array gives {a:?}, the page {b:?}"),
        }
    }
    let paifu = match first {
        Ok(p) => p,
        Err(e) => {
            assert_japanese(&e.at);
            assert_japanese(&e.message);
            return;
        }
    };
    exercise(&paifu);
}

/// What a record imported can be put through: written and read back the same, checked, exported.
fn exercise(paifu: &Paifu) {
    let written = format::write(paifu);
    match format::parse(&written) {
        Ok(doc) => assert_eq!(&doc.paifu, paifu, "{written}"),
        Err(e) => panic!("the written record does not parse: {e}\n{written}"),
    }
    assert_eq!(paifu.matches.len(), 1);
    for m in &paifu.matches {
        assert_eq!(m.rules.as_deref(), Some("m-league"));
        for f in &m.frames {
            // The record's times are not the acts' times.
            assert!(f.flow.as_ref().is_none_or(|flow| flow.times.is_empty()));
        }
    }
    for d in jmjp_studio::rules::check(paifu, None) {
        assert_japanese(&d.message);
    }
    for d in scoring::check::check(paifu, None, &RuleOptions::M_LEAGUE) {
        assert_japanese(&d.message);
    }
    for e in [tenhou6::export(paifu).err(), mjai::export(paifu).err()].into_iter().flatten() {
        assert_japanese(&e.message);
    }
}
