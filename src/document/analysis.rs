//! The one analysis of the open document: its structural checks, the replay of every frame by
//! the rules engine, and the end-point check of the scoring, under the user's rule options. It
//! is worked out again when the document's revision or the rule options change, and then only for
//! the frames that changed (the rules engine's and the scoring's incremental checks). The editor,
//! the recorder and every problems list read this one value.

use std::collections::HashMap;
use std::sync::Arc;

use crate::format::{Diagnostic, Frame, Paifu, Severity};
use crate::rules::repair::{self, Cause, EndHands, Search};
use crate::rules::{Incremental, Table};
use crate::scoring::{PointsCheck, RuleOptions, RulesPreset};

use super::revision::Revision;

/// The findings about a document.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    key: Option<(Revision, RuleOptions)>,
    checker: Incremental,
    points: PointsCheck,
    /// Errors first, then warnings, each in the order found (by match, header, then frame).
    diagnostics: Vec<Diagnostic>,
    errors: usize,
    /// The likely causes worked out so far, by (match, frame), with what each was worked out from.
    causes: HashMap<(usize, usize), KeptCause>,
    /// Another preset whose rules give every recorded end point, when those the matches are
    /// judged by do not: the preset and how many frames it explains.
    fits: Option<(RulesPreset, usize)>,
    /// The likeliest cause of every frame with problems, once all are worked out for this
    /// revision, with the kind of end hands they were worked out for.
    first_causes: Option<(EndHands, Arc<[FrameCause]>)>,
}

/// A frame (match and frame index) and the likeliest cause of its problems.
pub type FrameCause = ((usize, usize), Arc<Cause>);

/// A likely cause, kept with the frame, rule options and kind of end hands it is for.
#[derive(Clone, Debug)]
struct KeptCause {
    frame: Frame,
    rules: RuleOptions,
    end_hands: EndHands,
    /// The end points were held against the scoring.
    points: bool,
    causes: Arc<Vec<Cause>>,
}

impl Analysis {
    /// The cause kept for this frame, if it was worked out from exactly these.
    pub(super) fn kept_cause(
        &self,
        at: (usize, usize),
        frame: &Frame,
        rules: &RuleOptions,
        end_hands: EndHands,
        points: bool,
    ) -> Option<Arc<Vec<Cause>>> {
        let k = self.causes.get(&at)?;
        let same = k.frame == *frame && k.rules == *rules && k.end_hands == end_hands && k.points == points;
        same.then(|| k.causes.clone())
    }

    pub(super) fn keep_cause(
        &mut self,
        at: (usize, usize),
        frame: &Frame,
        rules: RuleOptions,
        end_hands: EndHands,
        points: bool,
        causes: Arc<Vec<Cause>>,
    ) {
        self.causes.insert(at, KeptCause { frame: frame.clone(), rules, end_hands, points, causes });
    }

    /// The likeliest causes of every frame with problems, when all were worked out for this
    /// revision and these end hands.
    pub(super) fn first_causes(&self, end_hands: EndHands) -> Option<Arc<[FrameCause]>> {
        self.first_causes.as_ref().filter(|(e, _)| *e == end_hands).map(|(_, c)| c.clone())
    }

    pub(super) fn keep_first_causes(&mut self, end_hands: EndHands, causes: &[FrameCause]) {
        self.first_causes = Some((end_hands, causes.into()));
    }
}

/// Works out the likely causes of `frame`'s problems under `rules`, the likeliest first; with
/// `points`, the end points are held against the scoring.
pub(super) fn explain(frame: &Frame, rules: &RuleOptions, end_hands: EndHands, points: bool) -> Arc<Vec<Cause>> {
    let scorer = |f: &Frame| crate::scoring::score_frame(f, rules).ok()?.end_points(f);
    let scorer = points.then_some(&scorer as &crate::rules::repair::ScoreFn<'_>);
    Arc::new(repair::candidates(frame, Search { end_hands, scorer, indicators: rules.indicators() }))
}

impl Analysis {
    /// Every finding: errors first, then warnings.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// How many of the findings are errors.
    pub fn errors(&self) -> usize {
        self.errors
    }

    /// Another preset whose rules give every recorded end point that the rules the matches are
    /// judged by do not, and how many frames that is.
    pub fn fitting(&self) -> Option<(RulesPreset, usize)> {
        self.fits
    }

    /// The first error, if any.
    pub fn first_error(&self) -> Option<&Diagnostic> {
        self.diagnostics.first().filter(|d| d.severity == Severity::Error)
    }

    /// The table after the last act of frame `fi` of match `mi`, as the check replayed it (`None`
    /// when the frame's structure does not allow a replay).
    pub fn table(&self, mi: usize, fi: usize) -> Option<&Table> {
        self.checker.table(mi, fi)
    }

    /// The revision and rule options these findings are for.
    pub fn key(&self) -> Option<(Revision, RuleOptions)> {
        self.key
    }

    pub(super) fn is_for(&self, revision: Revision, rules: &RuleOptions) -> bool {
        self.key == Some((revision, *rules))
    }

    /// Brings the findings up to date with `paifu` at `revision` under `rules`.
    pub(super) fn refresh(&mut self, paifu: &Paifu, revision: Revision, rules: &RuleOptions) {
        if self.is_for(revision, rules) {
            return;
        }
        self.checker.set_default_rules(*rules);
        let mut d = self.checker.check(paifu);
        let points = self.points.check(paifu, rules);
        self.fits = if points.is_empty() {
            None
        } else {
            crate::scoring::check::fitting_preset(paifu, |m| crate::rules::rules_or(m, rules))
        };
        d.extend(points);
        d.sort_by_key(|x| x.severity);
        self.errors = d.iter().filter(|x| x.severity == Severity::Error).count();
        self.diagnostics = d;
        self.key = Some((revision, *rules));
        self.first_causes = None;
    }
}
