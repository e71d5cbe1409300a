//! `check`: every finding of a file, each frame's likely cause after its last finding, and once
//! per file the rule preset its end points fit when they do not fit the rules it was judged by.

use std::io::Write;
use std::path::Path;

use crate::document::io::Loaded;
use crate::format::{self, Diagnostic, Parsed, Severity};
use crate::i18n::tr;
use crate::rules;
use crate::scoring::{self, RuleOptions};

use super::common::{EXIT_ERRORS, EXIT_OK, load};
use super::fix;

/// The diagnostics of a document (structure and game under each match's rules, `chosen` when
/// given; with `scored`, the end points held against them too), in the order of the text.
pub(super) fn diagnostics_under(doc: &Parsed, chosen: Option<&RuleOptions>, scored: bool) -> Vec<Diagnostic> {
    let mut d = rules::check_under(&doc.paifu, Some(&doc.source_map), chosen);
    if scored {
        for (mi, m) in doc.paifu.matches.iter().enumerate() {
            let one = format::Paifu { matches: vec![m.clone()] };
            let map = doc.source_map.matches.get(mi).cloned().map(|p| format::SourceMap { matches: vec![p] });
            let opts = rules::rules_of(m, chosen);
            d.extend(scoring::check::check(&one, map.as_ref(), &opts).into_iter().map(|mut x| {
                x.place.match_index = mi;
                x
            }));
        }
    }
    d.sort_by_key(|d| d.pos.map(|p| p.offset));
    d
}

/// The structure and game findings of a document (no scoring), in the order of the text.
pub(super) fn diagnostics(doc: &Parsed, chosen: Option<&RuleOptions>) -> Vec<Diagnostic> {
    diagnostics_under(doc, chosen, false)
}

pub(super) fn check_file(path: &Path, chosen: Option<&RuleOptions>, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let Loaded { text, parsed: doc, .. } = match load(path, out, err) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let diags = diagnostics_under(&doc, chosen, true);
    // After the last finding of a frame, its likely cause (not new end points where another
    // preset's rules explain them: the note at the end says so).
    let fits = scoring::check::fitting_preset(&doc.paifu, |m| rules::rules_of(m, chosen));
    let mut causes = fix::causes(&doc, chosen);
    let body = format::strip_bom(&text);
    for (i, d) in diags.iter().enumerate() {
        let _ = writeln!(out, "{}:{}", path.display(), d.render(body));
        let frame = d.place.frame.map(|f| (d.place.match_index, f));
        let last_of_frame = diags[i + 1..].iter().all(|x| x.place.frame.map(|f| (x.place.match_index, f)) != frame);
        if let Some(at) = frame.filter(|_| last_of_frame)
            && let Some(c) = causes.remove(&at)
        {
            let _ = writeln!(out, "{}", fix::note(path, &text, &doc, at, &c));
        }
    }
    for (at, c) in causes {
        let _ = writeln!(out, "{}", fix::note(path, &text, &doc, at, &c));
    }
    if let Some((preset, frames)) = fits {
        // The rules of the first match whose end points do not fit them.
        let off = |m: &format::Match| {
            scoring::check::frames_off(&format::Paifu { matches: vec![m.clone()] }, |m| rules::rules_of(m, chosen)) > 0
        };
        let first_off = doc.paifu.matches.iter().find(|m| off(m));
        let used = first_off.map(|m| rules::rules_of(m, chosen));
        // The preset those rules are, else the rules text the match names (a preset with its
        // differences).
        let used = match scoring::RulesPreset::ALL.into_iter().find(|p| Some(p.options()) == used) {
            Some(p) => p.code().to_string(),
            None => first_off.and_then(|m| m.rules.clone()).unwrap_or_else(|| "m-league".into()),
        };
        let note = tr!("cli-check-rules-fit", frames = frames, preset = preset.code(), used = used);
        let _ = writeln!(out, "{}: note: {}", path.display(), note.en);
    }
    if diags.iter().any(|d| d.severity == Severity::Error) { EXIT_ERRORS } else { EXIT_OK }
}
