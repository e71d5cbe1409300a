//! The scoring check: a frame whose recorded end points (`pfe`) differ from the points its hands
//! and acts give is flagged, with both. Frames that cannot be scored (errors, unknown tiles, a
//! chombo, no points recorded) are left to the rules check.

use super::frame::{FrameScore, score_frame};
use crate::format::{Diagnostic, Frame, Paifu, Points, Pos, RecordPlace, Severity, SourceMap};
use crate::i18n::{Text, tr};
use crate::rules::options::{RuleOptions, RulesPreset};

/// The scoring findings for a record; `map` gives positions (the frame's `pfe` field).
pub fn check(paifu: &Paifu, map: Option<&SourceMap>, opts: &RuleOptions) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (mi, m) in paifu.matches.iter().enumerate() {
        let opts = opts.with_point_rule(m.point_rule.as_ref());
        for (fi, f) in m.frames.iter().enumerate() {
            let pos = map.and_then(|s| s.matches.get(mi)?.frames.get(fi)).map(|p| p.item.field(6));
            let place = RecordPlace { match_index: mi, frame: Some(fi), act: None };
            out.extend(check_frame(f, &opts, place, pos));
        }
    }
    out
}

/// The warning for one frame, when its recorded end points differ from the computed ones.
pub fn check_frame(f: &Frame, opts: &RuleOptions, place: RecordPlace, pos: Option<Pos>) -> Option<Diagnostic> {
    let recorded = f.end_points?;
    let score = score_frame(f, opts).ok()?;
    let computed = score.end_points(f)?;
    (computed != recorded).then(|| Diagnostic {
        severity: Severity::Warning,
        place,
        pos,
        message: message(f, &score, recorded, computed),
    })
}

fn message(f: &Frame, score: &FrameScore, recorded: [Points; 4], computed: [Points; 4]) -> Text {
    let list = |p: [Points; 4]| p.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
    let why = Text::join(score.result.lines(), tr!("scoring-result-separator"));
    tr!("scoring-end-points-differ", frame = f.id, recorded = list(recorded), computed = list(computed), why = why)
}

/// [`check`] for a record that changes entry by entry: a frame is scored again only when it, or
/// the options, changed.
#[derive(Clone, Debug, Default)]
pub struct PointsCheck {
    cache: Vec<Vec<(Frame, RuleOptions, Option<Diagnostic>)>>,
}

impl PointsCheck {
    /// The findings under the rules each match names, else `default`.
    pub fn check(&mut self, paifu: &Paifu, default: &RuleOptions) -> Vec<Diagnostic> {
        self.cache.resize_with(paifu.matches.len(), Vec::new);
        let mut out = Vec::new();
        for (mi, (m, cache)) in paifu.matches.iter().zip(&mut self.cache).enumerate() {
            let opts = crate::rules::rules_or(m, default).with_point_rule(m.point_rule.as_ref());
            cache.truncate(m.frames.len());
            for (fi, f) in m.frames.iter().enumerate() {
                if cache.get(fi).is_some_and(|(cf, co, _)| cf == f && *co == opts) {
                    continue;
                }
                let place = RecordPlace { match_index: mi, frame: Some(fi), act: None };
                let entry = (f.clone(), opts, check_frame(f, &opts, place, None));
                if fi < cache.len() {
                    cache[fi] = entry;
                } else {
                    cache.push(entry);
                }
            }
            out.extend(cache.iter().filter_map(|(_, _, d)| d.clone()));
        }
        out
    }
}

/// How many frames of `paifu` have recorded end points that differ from the points their hands
/// and acts give, each match scored under `rules_for(match)`.
pub fn frames_off(paifu: &Paifu, rules_for: impl Fn(&crate::format::Match) -> RuleOptions) -> usize {
    let mut n = 0;
    for m in &paifu.matches {
        let opts = rules_for(m).with_point_rule(m.point_rule.as_ref());
        n += m.frames.iter().filter(|f| check_frame(f, &opts, RecordPlace::default(), None).is_some()).count();
    }
    n
}

/// When the recorded end points of some frames differ under the rules `paifu` is judged by
/// (`rules_for` each match) but every frame agrees under another preset: that preset and how many
/// frames it explains. The first of [`RulesPreset::ALL`] wins.
pub fn fitting_preset(
    paifu: &Paifu,
    rules_for: impl Fn(&crate::format::Match) -> RuleOptions,
) -> Option<(RulesPreset, usize)> {
    let off = frames_off(paifu, rules_for);
    if off == 0 {
        return None;
    }
    RulesPreset::ALL.into_iter().find(|p| frames_off(paifu, |_| p.options()) == 0).map(|p| (p, off))
}
