//! `review FILE --bot CMD | --tcp HOST:PORT [--seat e|s|w|n|all]`: a recorded match sent to AI
//! players over mjai, and what each would have done at each decision next to what was done.

use std::io::Write;
use std::path::Path;

use crate::document::recording::open::{Opened, open_alone};
use crate::format::{Match, Wind};
use crate::i18n::Lang;
use crate::interop::bots::{self, Endpoint, REPLY_LIMIT, SeatReview};

use super::common::{EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE};

/// The player ids `--seat` names: `e`, `s`, `w`, `n` (the seats at E1-0, plyerId 0-3) or `all`.
pub(super) fn seats_of(word: &str) -> Option<Vec<usize>> {
    match word {
        "all" => Some(vec![0, 1, 2, 3]),
        w => ["e", "s", "w", "n"].iter().position(|s| *s == w).map(|i| vec![i]),
    }
}

/// Prints each decision and the agreement per seat; exit 0 done, 1 a bot failed (or the match
/// cannot be sent), 2 the file could not be read.
pub(super) fn review_file(
    file: &Path,
    endpoint: &Endpoint,
    seats: &[usize],
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let loaded = match open_alone(file, None, &crate::document::io::RealDisk).and_then(Opened::into_loaded) {
        Ok(l) => l,
        Err(e) => {
            let _ = writeln!(err, "{}", e.text().get(Lang::En));
            return EXIT_UNREADABLE;
        }
    };
    let mut code = EXIT_OK;
    let several = loaded.parsed.paifu.matches.len() > 1;
    for (mi, m) in loaded.parsed.paifu.matches.iter().enumerate() {
        if several {
            let _ = writeln!(out, "match {}", mi + 1);
        }
        let reviews = match bots::review(m, seats, endpoint, REPLY_LIMIT) {
            Ok(r) => r,
            Err(e) => {
                let _ = writeln!(err, "{}: {}", file.display(), e.text().get(Lang::En));
                code = EXIT_ERRORS;
                continue;
            }
        };
        code = code.max(print_review(file, m, &reviews, out, err));
    }
    code
}

fn print_review(file: &Path, m: &Match, reviews: &[SeatReview], out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let Ok((events, _)) = bots::events_of(m, false) else { return EXIT_ERRORS };
    let names = crate::interop::player_names(m);
    let who = |seat: usize| {
        let wind = Wind::ALL.get(seat).map_or("?", |w| w.name(Lang::En));
        match names.get(seat).filter(|n| !n.is_empty()) {
            Some(n) => format!("{wind} (ply {seat}) {n}"),
            None => format!("{wind} (ply {seat})"),
        }
    };
    let mut all: Vec<(&SeatReview, &bots::Decision)> =
        reviews.iter().flat_map(|r| r.decisions.iter().map(move |d| (r, d))).collect();
    all.sort_by_key(|(_, d)| (d.event, d.seat));
    for (_, d) in all {
        if !bots::counts(m, &events, d) {
            continue;
        }
        let actual = bots::actual_of(&events, d);
        let place = match d.at {
            Some(at) => {
                let frame = m.frames.get(at.frame).map(|f| f.id.to_string()).unwrap_or_default();
                match at.act {
                    Some(a) => format!("{frame} act {}", a + 1),
                    None => frame,
                }
            }
            None => String::new(),
        };
        let did = actual.as_ref().map_or("?".to_string(), |a| a.text().en);
        let mark = if actual.as_ref() == Some(&d.ai) { "agrees" } else { "differs" };
        let _ = writeln!(out, "{place}: {}: {did}; AI: {} ({mark})", who(d.seat), d.ai.text().en);
    }
    let mut code = EXIT_OK;
    for r in reviews {
        let counted: Vec<&bots::Decision> = r.decisions.iter().filter(|d| bots::counts(m, &events, d)).collect();
        let agreed = counted.iter().filter(|d| bots::actual_of(&events, d).as_ref() == Some(&d.ai)).count();
        let share = if counted.is_empty() { 0.0 } else { 100.0 * agreed as f64 / counted.len() as f64 };
        let _ = writeln!(out, "{}: {agreed} of {} decisions agree ({share:.1}%)", who(r.seat), counted.len());
        if let Some(why) = &r.failure {
            let _ = writeln!(
                err,
                "{}: {}: the bot failed after {} batches: {}",
                file.display(),
                who(r.seat),
                r.answered,
                why.en
            );
            for line in r.stderr.iter().rev().take(5).rev() {
                let _ = writeln!(err, "  {line}");
            }
            code = EXIT_ERRORS;
        }
    }
    code
}
