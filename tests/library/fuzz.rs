//! Fuzz-style properties: whatever the input, the parser returns an error or a record and never
//! panics; a record it returns can be checked and written, and reads back the same.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

// The fuzz targets' own properties: `without_draft_fields` is theirs.
use crate::properties;

use properties::without_draft_fields;

use jmjp_studio::format::{self, Dialect, Parsed};
use proptest::prelude::*;

fn seeds() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut out = Vec::new();
    for sub in ["canonical", "dialect"] {
        for e in std::fs::read_dir(dir.join(sub)).unwrap() {
            out.push(std::fs::read_to_string(e.unwrap().path()).unwrap());
        }
    }
    out.sort();
    out
}

/// Everything a caller may do with a parsed document must work without panicking.
fn exercise(doc: &Parsed, text: &str) -> Result<(), TestCaseError> {
    let mut diagnostics = doc.check();
    diagnostics.extend(jmjp_studio::rules::check(&doc.paifu, Some(&doc.source_map)));
    let opts = jmjp_studio::scoring::RuleOptions::TENHOU;
    diagnostics.extend(jmjp_studio::scoring::check::check(&doc.paifu, Some(&doc.source_map), &opts));
    for d in &diagnostics {
        let _ = d.render(format::strip_bom(text));
        // The Japanese interface shows the other half of each message.
        prop_assert!(common::has_japanese(&d.message), "no Japanese text: {:?}", d);
    }
    let written = format::write(&doc.paifu);
    let again =
        format::parse(&written).map_err(|e| TestCaseError::fail(format!("rewritten text does not parse: {e}")))?;
    prop_assert_eq!(again.dialect, Dialect::V1);
    prop_assert_eq!(again.paifu, without_draft_fields(doc.paifu.clone()));
    Ok(())
}

fn mutate(text: &str, edits: &[(usize, u8, u8)]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    const ALPHABET: &[u8] = b"()[],-.\" /\n0123456789mpsewndgrkutxhycboa\xe6\x9d\xb1\xef\xbb\xbf";
    for &(at, op, b) in edits {
        if bytes.is_empty() {
            break;
        }
        let at = at % bytes.len();
        let b = ALPHABET[b as usize % ALPHABET.len()];
        match op % 4 {
            0 => {
                bytes.remove(at);
            }
            1 => bytes.insert(at, b),
            2 => bytes[at] = b,
            _ => {
                // Cut the file short.
                bytes.truncate(at);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(doc) = format::parse(&text) {
            exercise(&doc, &text)?;
        }
    }

    #[test]
    fn arbitrary_text_after_a_valid_header_never_panics(tail in "[()\\[\\],\\-.0-9a-z\" /\n]{0,300}") {
        let text = format!("jmjp[1.0]{tail}");
        if let Ok(doc) = format::parse(&text) {
            exercise(&doc, &text)?;
        }
    }

    #[test]
    fn mutated_valid_files_never_panic(
        which in 0usize..100,
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..6),
    ) {
        let seeds = seeds();
        let text = mutate(&seeds[which % seeds.len()], &edits);
        match format::parse(&text) {
            Ok(doc) => exercise(&doc, &text)?,
            Err(e) => {
                // The error points inside the text, with a sentence to show.
                prop_assert!(e.offset <= format::strip_bom(&text).len());
                prop_assert!(e.line >= 1 && e.column >= 1);
                prop_assert!(!e.message.is_empty());
                prop_assert!(common::has_japanese(&e.message), "no Japanese text: {:?}", e.message);
            }
        }
    }

    #[test]
    fn random_records_are_checked_without_panicking(paifu in common::paifu()) {
        let _ = format::check(&paifu, None);
        // The rules engine judges any record, however impossible, without panicking.
        let _ = jmjp_studio::rules::check(&paifu, None);
        // So does the scoring, which gives up on a frame with errors rather than guess.
        let _ = jmjp_studio::scoring::check::check(&paifu, None, &jmjp_studio::scoring::RuleOptions::M_LEAGUE);
        let mut upgraded = paifu.clone();
        jmjp_studio::rules::upgrade_v0(&mut upgraded);
        for m in &paifu.matches {
            for f in &m.frames {
                if let Some(t) = jmjp_studio::rules::Table::replay(f, usize::MAX) {
                    let _ = (t.expect(), t.call_options(), t.end());
                    for seat in jmjp_studio::format::Seat::ALL {
                        let _ = (t.discard_options(seat), t.riichi_discards(seat), t.ankan_options(seat));
                        let _ = (t.kakan_options(seat), t.can_tsumo(seat), t.hand_of(seat));
                    }
                }
            }
        }
    }
}

#[test]
fn deep_or_huge_inputs_do_not_exhaust_the_stack() {
    // Nothing in the grammar nests, so long runs of openers are plain errors.
    for text in ["(".repeat(200_000), format!("jmjp[1.0]{}", "(".repeat(200_000)), "[".repeat(100_000)] {
        assert!(format::parse(&text).is_err());
    }
    let long_comment = format!("jmjp[1.0]//{}\n(mtp[,,,])", "x".repeat(1_000_000));
    assert!(format::parse(&long_comment).is_ok());
}
