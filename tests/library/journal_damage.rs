//! A journal damaged anywhere gives back a prefix of what was confirmed, and never panics. The
//! journal of a whole real match (a ranked game of the corpus that ended in its third frame by a
//! bust: 314 entries, every one a scorer makes) is cut at every byte offset and has every single
//! byte flipped four ways. The journal of a whole hanchan (twelve frames) is cut at every line end
//! and a byte either side, and has the first, middle and last byte of every line flipped. Reading
//! is linear in the journal, so the sweeps are quadratic: the short match keeps them to seconds.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use jmjp_studio::document::Document;
use jmjp_studio::format::Paifu;
use jmjp_studio::recorder::Entry;
use jmjp_studio::recorder::journal::{Journal, text_of};

/// The journal of a whole match of the corpus, and where each of its lines ends (after its line
/// end).
fn journal_of(log: &str) -> (Vec<Entry>, Vec<u8>, Vec<usize>) {
    let (header, entries) = common::match_of(log);
    let base = Document::new(Paifu { matches: vec![header] }, false);
    let bytes = text_of(&base, &entries).unwrap().into_bytes();
    let ends: Vec<usize> = bytes.iter().enumerate().filter(|(_, b)| **b == b'\n').map(|(i, _)| i + 1).collect();
    assert_eq!(ends.len(), entries.len() + 1, "a header and a line per entry");
    (entries, bytes, ends)
}

const SHORT: &str = "mjai-reviewer_ranked_game.json";
const HANCHAN: &str = "pantheon_four_wind_draw.json";

/// The journal cut at `cut` gives back exactly the entries whose lines are whole before it.
fn check_cut(entries: &[Entry], bytes: &[u8], ends: &[usize], cut: usize) {
    let whole_lines = ends.iter().filter(|e| **e <= cut).count();
    match Journal::read_bytes("cut.journal", &bytes[..cut]) {
        Ok(r) => {
            assert!(whole_lines >= 1, "cut at {cut}: read without its header");
            assert_eq!(r.entries.len(), whole_lines - 1, "cut at {cut}");
            assert_eq!(r.entries[..], entries[..r.entries.len()], "cut at {cut}");
            assert_eq!(r.torn, cut != ends[whole_lines - 1], "cut at {cut}");
            assert_eq!(r.damage, None, "cut at {cut}");
        }
        Err(e) => assert_eq!(whole_lines, 0, "cut at {cut}: {e}"),
    }
}

/// The journal with byte `at` flipped by `mask` gives back exactly the entries before its line.
fn check_flip(entries: &[Entry], damaged: &mut [u8], ends: &[usize], at: usize, mask: u8) {
    let line = ends.iter().filter(|e| **e <= at).count();
    damaged[at] ^= mask;
    match Journal::read_bytes("flipped.journal", damaged) {
        Ok(r) => {
            assert!(line >= 1, "byte {at} ^ {mask:#x}: a damaged header was read");
            assert_eq!(r.entries[..], entries[..line - 1], "byte {at} ^ {mask:#x}");
            assert!(r.damage.is_some() || r.torn, "byte {at} ^ {mask:#x}: the damage is not told");
        }
        Err(e) => assert_eq!(line, 0, "byte {at} ^ {mask:#x}: {e}"),
    }
    damaged[at] ^= mask;
}

#[test]
fn a_journal_cut_at_any_byte_gives_back_exactly_the_entries_before_the_cut() {
    let (entries, bytes, ends) = journal_of(SHORT);
    assert!(entries.len() > 300, "{}", entries.len());
    for cut in 0..=bytes.len() {
        check_cut(&entries, &bytes, &ends, cut);
    }
    let (entries, bytes, ends) = journal_of(HANCHAN);
    for &end in &ends {
        for cut in [end - 1, end, (end + 1).min(bytes.len())] {
            check_cut(&entries, &bytes, &ends, cut);
        }
    }
}

#[test]
fn a_journal_with_any_byte_flipped_gives_back_exactly_the_entries_before_it() {
    let (entries, bytes, ends) = journal_of(SHORT);
    let mut damaged = bytes.clone();
    for at in 0..bytes.len() {
        for mask in [0x01u8, 0x20, 0x80, 0xff] {
            check_flip(&entries, &mut damaged, &ends, at, mask);
        }
    }
    let (entries, bytes, ends) = journal_of(HANCHAN);
    let mut damaged = bytes.clone();
    let mut start = 0;
    for &end in &ends {
        for at in [start, (start + end) / 2, end - 1] {
            check_flip(&entries, &mut damaged, &ends, at, 0x01);
        }
        start = end;
    }
}
