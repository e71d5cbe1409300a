//! Round trips: parse(write(r)) == r for random records, write(parse(s)) == s for every canonical
//! fixture, and old dialects read and written as 1.0.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::path::{Path, PathBuf};

use jmjp_studio::format::{self, Dialect};
use proptest::prelude::*;

fn fixtures(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jmjp"))
        .collect();
    files.sort();
    files
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn a_written_record_reads_back_the_same(paifu in common::paifu()) {
        let text = format::write(&paifu);
        let doc = format::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(doc.paifu, paifu);
        prop_assert_eq!(doc.dialect, Dialect::V1);
        prop_assert!(!text.as_bytes().starts_with(&[0xEF, 0xBB, 0xBF]), "a BOM was written");
    }

    #[test]
    fn writing_is_deterministic_and_idempotent(paifu in common::paifu()) {
        let once = format::write(&paifu);
        let twice = format::write(&format::parse(&once).unwrap().paifu);
        prop_assert_eq!(once, twice);
    }
}

#[test]
fn every_canonical_fixture_is_written_back_byte_for_byte() {
    let files = fixtures("canonical");
    assert!(files.len() >= 3, "canonical fixtures are missing: {files:?}");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let doc = format::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(format::write(&doc.paifu), text, "{} is not written back unchanged", path.display());
        assert!(doc.check().is_empty(), "{}: {:?}", path.display(), doc.check());
    }
}

#[test]
fn the_generated_full_match_is_the_committed_fixture() {
    // Pins the canonical layout of a whole match: a layout change must be deliberate.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/canonical/full_match.jmjp");
    let expected = std::fs::read_to_string(path).unwrap();
    let (_, text) = common::large_file(1);
    assert_eq!(text, expected);
}

#[test]
fn old_and_draft_dialects_are_written_as_1_0() {
    for (input, canonical, dialect) in [
        ("v0_match.jmjp", "v0_match.canonical.jmjp", Dialect::V0),
        ("draft_match.jmjp", "draft_match.canonical.jmjp", Dialect::V1),
    ] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dialect");
        let text = std::fs::read_to_string(dir.join(input)).unwrap();
        let expected = std::fs::read_to_string(dir.join(canonical)).unwrap();
        let mut doc = format::parse(&text).unwrap();
        assert_eq!(doc.dialect, dialect, "{input}");
        if dialect == Dialect::V0 {
            jmjp_studio::rules::upgrade_v0(&mut doc.paifu);
        }
        assert_eq!(
            jmjp_studio::rules::check(&doc.paifu, None)
                .iter()
                .filter(|d| d.severity == format::Severity::Error)
                .count(),
            0,
            "{input}"
        );
        let written = format::write(&doc.paifu);
        assert_eq!(written, expected, "{input}");
        assert!(written.starts_with("jmjp[1.0]\n"));
        // The upgraded text is itself canonical 1.0.
        let again = format::parse(&written).unwrap();
        assert_eq!(again.dialect, Dialect::V1);
        assert_eq!(format::write(&again.paifu), expected);
    }
}

#[test]
fn the_readme_sample_is_a_clean_canonical_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("docs/src/file-format.md")).unwrap();
    let start =
        readme.find("```jmjp\n").expect("the guide's file format chapter has a ```jmjp sample") + "```jmjp\n".len();
    let end = start + readme[start..].find("```").unwrap();
    let sample = &readme[start..end];
    let fixture = std::fs::read_to_string(root.join("tests/fixtures/canonical/readme_sample.jmjp")).unwrap();
    assert_eq!(
        sample, fixture,
        "the guide's sample (docs/src/file-format.md) and tests/fixtures/canonical/readme_sample.jmjp differ"
    );
    let doc = format::parse(sample).unwrap();
    assert!(doc.check().is_empty());
    // Its end points are what its hands and acts pay: tanyao and one dora, 2600.
    let opts = jmjp_studio::scoring::RuleOptions::M_LEAGUE;
    assert_eq!(jmjp_studio::scoring::check::check(&doc.paifu, None, &opts), vec![]);
    assert_eq!(format::write(&doc.paifu), sample);
}

/// A frame written alone (a journal entry that replaces it) reads back as itself.
#[test]
fn a_frame_alone_round_trips() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/canonical/full_match.jmjp"),
    )
    .unwrap();
    let doc = format::parse(&text).unwrap();
    let frames: Vec<_> = doc.paifu.matches.iter().flat_map(|m| &m.frames).collect();
    assert!(!frames.is_empty());
    for f in frames {
        let alone = format::frame_text(f);
        assert_eq!(&format::parse_frame(&alone).unwrap(), f, "{alone}");
    }
    let e = format::parse_frame("frm[E1-0,,,,,,,] x").unwrap_err();
    assert!(e.message.contains("nothing after the frame"), "{}", e.message);
}
