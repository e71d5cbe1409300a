//! The likely causes of the document's problems: the change to a frame that explains them
//! (`rules::repair`), worked out when first asked for and kept in the [`Analysis`] until the frame
//! or the rule options change; and the likeliest cause of every frame with problems, as a problems
//! list names them, kept whole for the revision once all are worked out.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::analysis::FrameCause;
use super::open_document::Document;
use crate::rules::repair::{Cause, EndHands};

#[cfg(doc)]
use super::analysis::Analysis;

impl Document {
    /// The likely cause of the problems of frame `fi` of match `mi` (a file's end hands are
    /// `Evidence`; the recorder's are `Derived`): worked out when first asked for and kept until
    /// the frame or the rule options change. `None` when the frame has no problem or no single
    /// change explains it.
    pub fn cause(&self, mi: usize, fi: usize, end_hands: EndHands) -> Option<Cause> {
        self.causes(mi, fi, end_hands).first().cloned()
    }

    /// Every change that explains the problems of frame `fi` of match `mi`, the likeliest first
    /// (see [`Document::cause`]).
    pub fn causes(&self, mi: usize, fi: usize, end_hands: EndHands) -> Arc<Vec<Cause>> {
        if let Some(kept) = self.kept_causes(mi, fi, end_hands) {
            return kept;
        }
        let Some(frame) = self.frame(mi, fi) else { return Arc::default() };
        // A file's end hands that the replay wrote are no evidence (as `check` judges them). The
        // causes are kept under what was asked: the answer depends on the frame alone.
        let asked = end_hands;
        let end_hands = match end_hands {
            EndHands::Evidence => crate::rules::repair::end_hands_of(frame),
            derived => derived,
        };
        let Some(m) = self.paifu().matches.get(mi) else { return Arc::default() };
        let rules = crate::rules::rules_or(m, &self.rules).with_point_rule(m.point_rule.as_ref());
        // New end points are no fix where another preset's rules give the recorded ones.
        let points = self.analysis().fitting().is_none();
        let causes = super::analysis::explain(frame, &rules, end_hands, points);
        if let Ok(mut a) = self.analysis.try_borrow_mut() {
            a.keep_cause((mi, fi), frame, rules, asked, points, causes.clone());
        }
        causes
    }

    /// The causes of frame `fi` of match `mi` when they were already worked out for the frame as
    /// it is; `None` when they still have to be.
    pub fn kept_causes(&self, mi: usize, fi: usize, end_hands: EndHands) -> Option<Arc<Vec<Cause>>> {
        let frame = self.frame(mi, fi)?;
        let m = self.paifu().matches.get(mi)?;
        let rules = crate::rules::rules_or(m, &self.rules).with_point_rule(m.point_rule.as_ref());
        let a = self.analysis.try_borrow().ok()?;
        a.kept_cause((mi, fi), frame, &rules, end_hands, a.fitting().is_none())
    }

    /// The likeliest cause of each frame with problems, in the order of the problems: those
    /// already worked out and as many more as `budget` allows, and whether none is left to work
    /// out. Once all are, they are kept for the revision: a screen that draws the list on every
    /// frame asks for them at the cost of a copy of the list.
    pub fn first_causes(&self, end_hands: EndHands, budget: Duration) -> (Vec<FrameCause>, bool) {
        if let Some(kept) = self.analysis().first_causes(end_hands) {
            return (kept.to_vec(), true);
        }
        let mut frames: Vec<(usize, usize)> = Vec::new();
        for d in self.analysis().diagnostics() {
            if let Some(f) = d.place.frame
                && !frames.contains(&(d.place.match_index, f))
            {
                frames.push((d.place.match_index, f));
            }
        }
        let started = Instant::now();
        let mut out = Vec::new();
        let mut complete = true;
        for (mi, fi) in frames {
            let causes = match self.kept_causes(mi, fi, end_hands) {
                Some(kept) => kept,
                None if started.elapsed() < budget => self.causes(mi, fi, end_hands),
                None => {
                    complete = false;
                    continue;
                }
            };
            if let Some(c) = causes.first() {
                out.push(((mi, fi), Arc::new(c.clone())));
            }
        }
        if complete && let Ok(mut a) = self.analysis.try_borrow_mut() {
            a.keep_first_causes(end_hands, &out);
        }
        (out, complete)
    }
}
