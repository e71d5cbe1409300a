//! The likely causes on the command line: the `note: likely cause:` lines of `check`, and the
//! `fix` command that proposes (and with `--write` makes) each frame's fix.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use crate::document::io::{self, Loaded, Replace};
use crate::format::{self, Frame, Pos, Severity, source::FramePos};
use crate::rules::{
    self,
    repair::{self, Cause, Correction, Search},
};
use crate::scoring::RuleOptions;

use super::common::{EXIT_ERRORS, EXIT_OK, at, load, not_written};

/// The likely cause of each frame of `doc` that has a problem (the end hands of a file are
/// evidence; the end points are held against `opts`), by (match, frame).
pub(super) fn causes(doc: &format::Parsed, chosen: Option<&RuleOptions>) -> BTreeMap<(usize, usize), Cause> {
    let mut out = BTreeMap::new();
    // New end points are no fix where another preset's rules give the recorded ones.
    let fits = crate::scoring::check::fitting_preset(&doc.paifu, |m| crate::rules::rules_of(m, chosen)).is_some();
    for (mi, m) in doc.paifu.matches.iter().enumerate() {
        let opts = crate::rules::rules_of(m, chosen).with_point_rule(m.point_rule.as_ref());
        let scorer = |f: &Frame| crate::scoring::score_frame(f, &opts).ok()?.end_points(f);
        for (fi, f) in m.frames.iter().enumerate() {
            if let Some(c) = repair::explain(
                f,
                Search {
                    end_hands: repair::end_hands_of(f),
                    scorer: (!fits).then_some(&scorer as _),
                    indicators: opts.indicators(),
                },
            ) {
                out.insert((mi, fi), c);
            }
        }
    }
    out
}

/// Where in the file the change of `c` is made: the act (for a missing act, the act it goes
/// before), the start hand, the dora field, the end points. `shift` is how many places the acts
/// moved by the changes before this one (an act inserted or taken out).
pub(super) fn position(c: &Cause, frame: &Frame, fp: Option<&FramePos>, shift: isize) -> Option<Pos> {
    let fp = fp?;
    let field = |n: usize| Some(fp.item.field(n));
    let act = |i: usize| fp.acts.get(usize::try_from(i as isize - shift).ok()?).copied();
    match &c.change {
        Correction::Act { act: i, .. } | Correction::Remove { act: i, .. } | Correction::Swap { act: i } => act(*i),
        Correction::Insert { at, .. } => act(*at).or_else(|| fp.end_hands.first().copied()).or(field(6)),
        Correction::StartTile { seat, .. } => {
            let i = frame.flow.as_ref()?.start_hands.iter().position(|h| h.seat == *seat)?;
            fp.start_hands.get(i).copied()
        }
        Correction::Indicator { .. } => field(4),
        Correction::EndPoints { .. } => field(6),
    }
}

/// The `note: likely cause:` line of a frame.
pub(super) fn note(path: &Path, text: &str, doc: &format::Parsed, at_frame: (usize, usize), c: &Cause) -> String {
    let (mi, fi) = at_frame;
    let frame = &doc.paifu.matches[mi].frames[fi];
    let fp = doc.source_map.matches.get(mi).and_then(|m| m.frames.get(fi));
    format!("{}: note: likely cause: {}", at(path, text, position(c, frame, fp, 0)), c.describe().en)
}

/// `fix`: each frame's fix as `FILE:LINE:COL: fix: OLD -> NEW (why)`; with `write`, the fixes
/// that no other change fits as well are made and the file is written, unless that would leave
/// it with more errors than before.
pub(super) fn fix_file(
    path: &Path,
    write: bool,
    chosen: Option<&RuleOptions>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let Loaded { text, parsed: doc, .. } = match load(path, out, err) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let causes = causes(&doc, chosen);
    if causes.is_empty() {
        return EXIT_OK;
    }
    let mut fixed = doc.paifu.clone();
    let mut made = 0;
    for (&(mi, fi), c) in &causes {
        let frame = &doc.paifu.matches[mi].frames[fi];
        let fp = doc.source_map.matches.get(mi).and_then(|m| m.frames.get(fi));
        // One line per change (two when one change is not enough), each where it is made.
        let mut shift = 0;
        for (n, step) in c.changes().into_iter().enumerate() {
            let (old, new) = step.old_new();
            let why = if n == 0 { c.describe().en } else { "the second change of the fix above".to_string() };
            let _ = writeln!(out, "{}: fix: {old} -> {new} ({why})", at(path, &text, position(step, frame, fp, shift)));
            shift += match step.change {
                Correction::Insert { .. } => 1,
                Correction::Remove { .. } => -1,
                _ => 0,
            };
        }
        if write && c.changes().iter().all(|step| step.others == 0) {
            let mut frame = c.fixed.clone();
            // A fix that changes acts leaves them without times: they are the ones they were.
            if let (Some(after), Some(before)) = (frame.flow.as_mut(), fixed.matches[mi].frames[fi].flow.as_ref()) {
                after.fill_times(before);
            }
            fixed.matches[mi].frames[fi] = frame;
            made += 1;
        }
    }
    if write {
        let errors = |p: &format::Paifu| {
            rules::check_under(p, None, chosen).iter().filter(|d| d.severity == Severity::Error).count()
        };
        let (before, after) = (errors(&doc.paifu), errors(&fixed));
        if made == 0 {
            let _ = writeln!(
                err,
                "{}: not rewritten: every fix has another that fits as well; choose in the editor",
                path.display()
            );
        } else if after > before {
            let _ =
                writeln!(err, "{}: not rewritten: the fixes would leave {after} errors, not {before}", path.display());
        } else {
            if let Err(e) = io::write_paifu(path, &fixed, Replace::Always) {
                return not_written(&e, err);
            }
            let _ = writeln!(
                err,
                "{}: {made} of {} fixes made ({before} errors before, {after} after)",
                path.display(),
                causes.len()
            );
        }
    }
    EXIT_ERRORS
}
