//! `compare A B`: the differences of two recordings of one match, one line each. Either may be a
//! desk's served record (`http://host:port/api/record.jmjp?token=...`, read once), named in
//! every line without its token (`http://host:port/api/record.jmjp`), and what it sent printed
//! without control characters.

use std::io::Write;
use std::path::Path;

use crate::compare::{self, Recording};
use crate::document::recording::open::{Opened, open_alone};
use crate::double_entry::follow::{Desk, fetch_text, not_a_record, shown_address};
use crate::format::Parsed;
use crate::i18n::{Lang, Text, printable, tr};
use crate::scoring::RuleOptions;

use super::common::{EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, at};

/// Prints `A:LINE:COL: differs from B:LINE:COL: text` for each difference; exit 0 when the two
/// hold the same, 1 when they differ, 2 when one could not be read (or does not parse).
pub(super) fn compare_files(
    a: &Path,
    b: &Path,
    chosen: Option<RuleOptions>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let (la, lb) = match (read(a), read(b)) {
        (Ok(la), Ok(lb)) => (la, lb),
        (ra, rb) => {
            for e in [ra.err(), rb.err()].into_iter().flatten() {
                let _ = writeln!(err, "{}", printable(e.get(Lang::En)));
            }
            return EXIT_UNREADABLE;
        }
    };
    // Each match under the rules it names (A's, else B's), else M League's; --rules judges every
    // match by those instead.
    let (mut la, mut lb) = (la, lb);
    if chosen.is_some() {
        for m in la.0.paifu.matches.iter_mut().chain(lb.0.paifu.matches.iter_mut()) {
            m.rules = None;
        }
    }
    let opts = chosen.unwrap_or_default();
    let cmp = compare::compare(Recording::of(&la.0), Recording::of(&lb.0), &opts);
    let several = la.0.paifu.matches.len().max(lb.0.paifu.matches.len()) > 1;
    // A log read has no lines of a `.jmjp` file: its side is named by the file alone (the
    // difference's words say the frame and act).
    // A desk's record is named without its token.
    let (na, nb) = (named(a), named(b));
    let place = |path: &Path, text: &Option<String>, pos| match text {
        Some(text) => at(path, text, pos),
        None => path.display().to_string(),
    };
    for d in &cmp.differences {
        // The values may be a name of the other desk's record: printed without control characters.
        let line = format!(
            "{}: differs from {}: {}",
            place(&na, &la.1, d.pos.0),
            place(&nb, &lb.1, d.pos.1),
            d.describe(several).en
        );
        let _ = writeln!(out, "{}", printable(&line));
    }
    if cmp.is_same() {
        EXIT_OK
    } else {
        let n = cmp.differences.len();
        let s = if n == 1 { "" } else { "s" };
        let _ = writeln!(err, "{}", printable(&format!("{} and {}: {n} difference{s}", na.display(), nb.display())));
        EXIT_ERRORS
    }
}

/// The desk's record address `p` as it is shown (without its token); a file's path as it is.
fn named(p: &Path) -> std::path::PathBuf {
    match desk_url(p) {
        Some(url) => shown_address(url).into(),
        None => p.to_path_buf(),
    }
}

/// `p` when it is a desk's address (`http://`, or `https://` to be refused with why).
fn desk_url(p: &Path) -> Option<&str> {
    p.to_str().filter(|s| s.starts_with("http://") || s.starts_with("https://"))
}

/// A recording and its `.jmjp` text: a file, a log (tenhou's, mjai, the official M League
/// record: converted, and no text of its own to point into), or a desk's served record when `p`
/// is an `http://` address.
fn read(p: &Path) -> Result<(Parsed, Option<String>), Text> {
    let Some(url) = desk_url(p) else {
        return match open_alone(p, None, &crate::document::io::RealDisk).map_err(|e| e.text())? {
            Opened::Paifu { loaded, .. } => Ok((loaded.parsed, Some(loaded.text))),
            Opened::Log { paifu, .. } => {
                let text = crate::format::write(&paifu);
                let parsed = crate::format::parse(&text).map_err(|e| {
                    tr!("cli-compare-log-unwritten", path = p.display().to_string(), why = e.message.to_string())
                })?;
                Ok((parsed, None))
            }
        };
    };
    let desk = Desk::parse(url, "")?;
    let text = fetch_text(&desk.record_url()).map_err(|e| e.text().clone())?;
    crate::format::parse(&text).map(|parsed| (parsed, Some(text))).map_err(|e| not_a_record(url, &e))
}
