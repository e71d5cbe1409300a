//! `compare A B`: the differences of two recordings of one match, one line each. Either may be a
//! desk's served record (`http://host:port/api/record.jmjp?token=...`, read once).

use std::io::Write;
use std::path::Path;

use crate::compare::{self, Recording};
use crate::document::recording::open::{Opened, open_alone};
use crate::double_entry::follow::{Desk, fetch_text};
use crate::format::Parsed;
use crate::i18n::{Lang, Text, tr};
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
                let _ = writeln!(err, "{}", e.get(Lang::En));
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
    let place = |path: &Path, text: &Option<String>, pos| match text {
        Some(text) => at(path, text, pos),
        None => path.display().to_string(),
    };
    for d in &cmp.differences {
        let _ = writeln!(
            out,
            "{}: differs from {}: {}",
            place(a, &la.1, d.pos.0),
            place(b, &lb.1, d.pos.1),
            d.describe(several).en
        );
    }
    if cmp.is_same() {
        EXIT_OK
    } else {
        let n = cmp.differences.len();
        let _ = writeln!(err, "{} and {}: {n} difference{}", a.display(), b.display(), if n == 1 { "" } else { "s" });
        EXIT_ERRORS
    }
}

/// A recording and its `.jmjp` text: a file, a log (tenhou's, mjai, the official M League
/// record: converted, and no text of its own to point into), or a desk's served record when `p`
/// is an `http://` address.
fn read(p: &Path) -> Result<(Parsed, Option<String>), Text> {
    let Some(url) = p.to_str().filter(|s| s.starts_with("http://") || s.starts_with("https://")) else {
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
    match crate::format::parse(&text) {
        Ok(parsed) => Ok((parsed, Some(text))),
        Err(e) => Err(tr!(
            "broadcast-follow-not-a-record",
            address = url,
            line = e.line,
            column = e.column,
            why = e.message.to_string()
        )),
    }
}
