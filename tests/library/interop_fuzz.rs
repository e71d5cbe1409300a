//! Fuzz-style properties for the converters: damaged logs and any record never make them panic;
//! what imports can be written in every format.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use jmjp_studio::format::{self, Paifu};
use jmjp_studio::interop::{mjai, mpsz, tenhou6};
use proptest::prelude::*;

fn corpus_text(i: usize) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    std::fs::read_to_string(&files[i % files.len()]).unwrap()
}

/// Writes an imported record every way; none may panic.
fn write_every_way(p: &Paifu) {
    let text = format::write(p);
    assert_eq!(&format::parse(&text).unwrap().paifu, p);
    let _ = tenhou6::export(p);
    let _ = mjai::export(p);
}

/// `text` with the bytes `at..at+len` replaced by `with` (kept on char boundaries).
fn damage(text: &str, at: usize, len: usize, with: &str) -> String {
    let mut a = at % (text.len() + 1);
    while !text.is_char_boundary(a) {
        a -= 1;
    }
    let mut b = (a + len).min(text.len());
    while !text.is_char_boundary(b) {
        b += 1;
    }
    format!("{}{}{}", &text[..a], with, &text[b..])
}

const PIECES: [&str; 12] = ["", "0", "60", "\"r60\"", "\"p151515\"", "99", "-1", "[", "]", ",", "\"和了\"", "null"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn damaged_tenhou6_logs_never_panic(file in 0usize..39, at in 0usize..100_000, len in 0usize..6, piece in 0usize..12) {
        let text = damage(&corpus_text(file), at, len, PIECES[piece]);
        match tenhou6::import(&text) {
            Ok(p) => write_every_way(&p),
            Err(e) => prop_assert!(common::has_japanese(&e.message), "no Japanese: {:?}", e),
        }
    }

    #[test]
    fn damaged_mjai_logs_never_panic(file in 0usize..39, at in 0usize..100_000, len in 0usize..8, piece in 0usize..12) {
        let p = tenhou6::import(&corpus_text(file)).unwrap();
        let log = mjai::export(&p).unwrap();
        let text = damage(&log, at, len, PIECES[piece]);
        match mjai::import(&text) {
            Ok(p) => write_every_way(&p),
            Err(e) => prop_assert!(common::has_japanese(&e.message), "no Japanese: {:?}", e),
        }
    }

    #[test]
    fn any_record_can_be_offered_to_the_exporters(p in common::paifu()) {
        for e in [tenhou6::export(&p).err(), mjai::export(&p).err()].into_iter().flatten() {
            prop_assert!(common::has_japanese(&e.message), "no Japanese: {:?}", e);
        }
    }

    #[test]
    fn any_text_is_read_as_mpsz_or_refused(s in "[0-9mpszx ?=+\\-a]{0,24}|[1-9]{1,4}[mpsz]( {1,3}[0-9]{1,4}[-=+]?[0-9]{0,3}[mpsz]){0,4}") {
        match mpsz::parse(&s) {
            Ok(t) => {
                prop_assert_eq!(t.to_string(), s.trim_matches(' '));
                for e in [t.hand().err(), t.river().err()].into_iter().flatten() {
                    prop_assert!(common::has_japanese(&e.message), "no Japanese: {:?}", e);
                }
            }
            Err(e) => prop_assert!(common::has_japanese(&e.message), "no Japanese: {:?}", e),
        }
    }
}
