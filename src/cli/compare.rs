//! `compare A B`: the differences of two recordings of one match, one line each.

use std::io::Write;
use std::path::Path;

use crate::compare::{self, Recording};
use crate::recorder::open::{Opened, open};
use crate::scoring::RuleOptions;

use super::common::{EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, at};

/// Prints `A:LINE:COL: differs from B:LINE:COL: text` for each difference; exit 0 when the two
/// hold the same, 1 when they differ, 2 when one could not be read (or does not parse).
pub(super) fn compare_files(a: &Path, b: &Path, opts: &RuleOptions, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let read = |p: &Path| open(p).and_then(Opened::into_loaded);
    let (la, lb) = match (read(a), read(b)) {
        (Ok(la), Ok(lb)) => (la, lb),
        (ra, rb) => {
            for e in [ra.err(), rb.err()].into_iter().flatten() {
                let _ = writeln!(err, "{}", e.text().get(crate::i18n::Lang::En));
            }
            return EXIT_UNREADABLE;
        }
    };
    let cmp = compare::compare(Recording::of(&la.parsed), Recording::of(&lb.parsed), opts);
    let several = la.parsed.paifu.matches.len().max(lb.parsed.paifu.matches.len()) > 1;
    for d in &cmp.differences {
        let _ = writeln!(
            out,
            "{}: differs from {}: {}",
            at(a, &la.text, d.pos.0),
            at(b, &lb.text, d.pos.1),
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
