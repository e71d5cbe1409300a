//! The document every screen shares: a paifu, its undo history, whether it is saved and where,
//! and its analysis.
//!
//! Modelled on helix-core's `Transaction`/`History`: an [`Edit`] knows how to apply and invert
//! itself; one user intent is one undo step (typing into one field is one intent until another
//! field is edited); the document is dirty when its revision differs from the saved one.

use std::cell::{Ref, RefCell};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::format::{Frame, Match, Paifu, Player, PointRule, Points, Recorder, TimePlace, TourInfo, TourPoints};

use crate::scoring::RuleOptions;

use super::analysis::Analysis;
use super::feed::{Feed, Subscription, UpdateKind};
use super::revision::Revision;

/// The match information the forms edit: everything of a match but its frames.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchInfo {
    pub tour: Option<TourInfo>,
    pub time_place: TimePlace,
    pub recorders: Vec<Recorder>,
    pub players: Vec<Player>,
    pub point_rule: Option<PointRule>,
    pub end_points: Option<[Points; 4]>,
    pub tour_points: Option<[TourPoints; 4]>,
    /// The rule preset the match names (`// rules: tenhou`).
    pub rules: Option<String>,
}

impl MatchInfo {
    /// The information of `m`.
    pub fn of(m: &Match) -> MatchInfo {
        MatchInfo {
            tour: m.tour.clone(),
            time_place: m.time_place.clone(),
            recorders: m.recorders.clone(),
            players: m.players.clone(),
            point_rule: m.point_rule,
            end_points: m.end_points,
            tour_points: m.tour_points,
            rules: m.rules.clone(),
        }
    }

    /// Writes this information into `m`, leaving its frames alone.
    pub fn put(&self, m: &mut Match) {
        m.tour = self.tour.clone();
        m.time_place = self.time_place.clone();
        m.recorders = self.recorders.clone();
        m.players = self.players.clone();
        m.point_rule = self.point_rule;
        m.end_points = self.end_points;
        m.tour_points = self.tour_points;
        m.rules = self.rules.clone();
    }
}

/// One change of the document, with what it replaced so it can be undone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// The information of match `index` changes from `before` to `after`.
    Info { index: usize, before: Box<MatchInfo>, after: Box<MatchInfo> },
    /// Frame `frame` of match `index` changes from `before` to `after`; `None` before is an
    /// inserted frame, `None` after a removed one.
    Frame { index: usize, frame: usize, before: Option<Box<Frame>>, after: Option<Box<Frame>> },
    /// A match is added at the end of the file.
    AddMatch(Box<Match>),
    /// The last match is removed (the inverse of [`Edit::AddMatch`]).
    RemoveMatch(Box<Match>),
    /// Several edits made as one (matches merged in from another file).
    Many(Vec<Edit>),
    /// The whole record replaced (a double entry reconciled).
    Replace { before: Box<Paifu>, after: Box<Paifu> },
}

/// `after`'s acts take the times of those of `before` when `after` has none at all (a new list of
/// acts: a fix, a record read from text without times); a flow that has times kept them in step
/// itself, and an act it left without one (inserted afterwards) stays without (see
/// [`Edit::keep_times`]).
fn keep_frame_times(after: &mut Frame, before: &Frame) {
    if let (Some(a), Some(b)) = (after.flow.as_mut(), before.flow.as_ref())
        && !a.has_times()
    {
        a.fill_times(b);
    }
}

impl Edit {
    fn apply(&self, paifu: &mut Paifu) {
        match self {
            Edit::Info { index, after, .. } => {
                if let Some(m) = paifu.matches.get_mut(*index) {
                    after.put(m);
                }
            }
            Edit::Frame { index, frame, before, after } => {
                let Some(m) = paifu.matches.get_mut(*index) else { return };
                match (before, after) {
                    (None, Some(f)) => m.frames.insert((*frame).min(m.frames.len()), (**f).clone()),
                    (Some(_), None) => {
                        if *frame < m.frames.len() {
                            m.frames.remove(*frame);
                        }
                    }
                    (Some(_), Some(f)) => {
                        if let Some(slot) = m.frames.get_mut(*frame) {
                            *slot = (**f).clone();
                        }
                    }
                    (None, None) => {}
                }
            }
            Edit::AddMatch(m) => paifu.matches.push((**m).clone()),
            Edit::RemoveMatch(_) => {
                paifu.matches.pop();
            }
            Edit::Many(edits) => {
                for e in edits {
                    e.apply(paifu);
                }
            }
            Edit::Replace { after, .. } => *paifu = (**after).clone(),
        }
    }

    /// Keeps the time each act was first entered: an act of a changed frame that has no time
    /// takes the time of the same act before the change ([`crate::format::FrameFlow::fill_times`]),
    /// so a correction, a fix or a record taken from elsewhere never forgets when an act happened.
    fn keep_times(&mut self) {
        match self {
            Edit::Frame { before: Some(b), after: Some(a), .. } => keep_frame_times(a, b),
            Edit::Many(edits) => edits.iter_mut().for_each(Edit::keep_times),
            Edit::Replace { before, after } => {
                for (ma, mb) in after.matches.iter_mut().zip(&before.matches) {
                    for fa in &mut ma.frames {
                        if let Some(fb) = mb.frames.iter().find(|fb| fb.id == fa.id) {
                            keep_frame_times(fa, fb);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn inverted(&self) -> Edit {
        match self {
            Edit::Info { index, before, after } => {
                Edit::Info { index: *index, before: after.clone(), after: before.clone() }
            }
            Edit::Frame { index, frame, before, after } => {
                Edit::Frame { index: *index, frame: *frame, before: after.clone(), after: before.clone() }
            }
            Edit::AddMatch(m) => Edit::RemoveMatch(m.clone()),
            Edit::RemoveMatch(m) => Edit::AddMatch(m.clone()),
            Edit::Many(edits) => Edit::Many(edits.iter().rev().map(Edit::inverted).collect()),
            Edit::Replace { before, after } => Edit::Replace { before: after.clone(), after: before.clone() },
        }
    }

    /// Folds a later edit of the same kind into this one (the result goes from this edit's start to
    /// the later one's end). `None` when they cannot be folded.
    fn merged(&self, later: &Edit) -> Option<Edit> {
        match (self, later) {
            (Edit::Info { index: a, before, .. }, Edit::Info { index: b, after, .. }) if a == b => {
                Some(Edit::Info { index: *a, before: before.clone(), after: after.clone() })
            }
            (
                Edit::Frame { index: a, frame: fa, before, after: Some(_) },
                Edit::Frame { index: b, frame: fb, before: Some(_), after },
            ) if a == b && fa == fb => {
                Some(Edit::Frame { index: *a, frame: *fa, before: before.clone(), after: after.clone() })
            }
            _ => None,
        }
    }
}

/// An undo step: an edit, the revisions before and after it, and the intent it belongs to.
#[derive(Clone, Debug)]
struct Step {
    edit: Edit,
    from: Revision,
    to: Revision,
    group: Option<String>,
}

/// Where a document is kept: its file, and when that file was last read or written by us (the
/// saver compares it with the disk to tell a file changed by someone else).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disk {
    pub path: PathBuf,
    pub stamp: Option<SystemTime>,
}

/// A paifu with its history.
#[derive(Clone, Debug)]
pub struct Document {
    paifu: Paifu,
    undo: Vec<Step>,
    redo: Vec<Step>,
    revision: Revision,
    next_revision: u64,
    saved: Option<Revision>,
    disk: Option<Disk>,
    /// The rule options the recorded end points are checked against.
    pub(super) rules: RuleOptions,
    /// Worked out when first read after a change (see [`Document::analysis`]).
    pub(super) analysis: RefCell<Analysis>,
    /// Where every change is published (see [`Document::publish_to`]).
    feed: Publishing,
    /// Differences with another desk's recording the scorer kept (double entry, live): not part
    /// of the record, kept with the recording (its journal) so a restart does not forget them.
    checked: Vec<crate::compare::live::Mark>,
}

/// The feed a document publishes to. A copy of a document (a comparison, a test) is not the open
/// document: it publishes nowhere.
#[derive(Debug, Default)]
struct Publishing(Option<Feed>);

impl Clone for Publishing {
    fn clone(&self) -> Self {
        Publishing(None)
    }
}

impl Document {
    /// A document holding `paifu`, counted as saved (it came from a file) or not. It is kept in
    /// no file until [`super::io`] saves it or [`Document::keep_at`] says where it is.
    pub fn new(paifu: Paifu, saved: bool) -> Document {
        Document {
            paifu,
            undo: Vec::new(),
            redo: Vec::new(),
            revision: Revision(0),
            next_revision: 1,
            saved: saved.then_some(Revision(0)),
            disk: None,
            rules: RuleOptions::default(),
            analysis: RefCell::default(),
            feed: Publishing::default(),
            checked: Vec::new(),
        }
    }

    /// The differences with another desk's recording kept as they are (mine checked).
    pub fn checked(&self) -> &[crate::compare::live::Mark] {
        &self.checked
    }

    /// Keeps a difference with another desk's recording as it is (mine checked).
    pub fn check(&mut self, mark: crate::compare::live::Mark) {
        if !self.checked.contains(&mark) {
            self.checked.push(mark);
        }
    }

    /// Publishes every change of this document to `feed` from now on, starting with the document
    /// as it is now (a file opened, a recording recovered: an [`UpdateKind::Opened`]). Nothing
    /// happens when it already publishes there.
    pub fn publish_to(&mut self, feed: &Feed) {
        if self.feed.0.as_ref().is_some_and(|f| f.same_as(feed)) {
            return;
        }
        self.feed = Publishing(Some(feed.clone()));
        self.published(UpdateKind::Opened);
    }

    /// The feed this document publishes to, if any.
    pub fn feed(&self) -> Option<&Feed> {
        self.feed.0.as_ref()
    }

    /// A subscription to this document's changes, starting from the document as it is now;
    /// `None` when it publishes nowhere.
    pub fn subscribe(&self) -> Option<Subscription> {
        Some(self.feed.0.as_ref()?.subscribe(self.revision, self.paifu.clone()))
    }

    /// A subscription to `feed` starting from `open` as it stands, or from nothing when no
    /// document is open (the next one opened comes as its first change). It copies the record:
    /// ask for it when a subscriber starts, not every frame.
    pub fn subscribe_open(feed: &Feed, open: Option<&Document>) -> Subscription {
        match open {
            Some(doc) => feed.subscribe(doc.revision, doc.paifu.clone()),
            None => feed.subscribe(Revision::default(), Paifu::default()),
        }
    }

    /// Tells the feed the document changed (the one place every change is published from).
    fn published(&self, kind: UpdateKind) {
        if let Some(feed) = &self.feed.0 {
            feed.publish(kind, self.revision, || self.paifu.clone());
        }
    }

    pub fn paifu(&self) -> &Paifu {
        &self.paifu
    }

    /// The revision now: it changes with every edit, undo and redo, and comes back to an earlier
    /// one when undo comes back to that state.
    pub fn revision(&self) -> Revision {
        self.revision
    }

    /// True when what is shown differs from what was last saved.
    pub fn is_dirty(&self) -> bool {
        self.saved != Some(self.revision)
    }

    /// Records that the document as it is now has been saved.
    pub fn mark_saved(&mut self) {
        self.saved = Some(self.revision);
    }

    /// The file the document is kept in, if any.
    pub fn path(&self) -> Option<&Path> {
        self.disk.as_ref().map(|d| d.path.as_path())
    }

    /// The name of the file it is kept in, as the title and status bar show it (`untitled.jmjp`
    /// before it has one).
    pub fn file_name(&self) -> String {
        let name = self.path().and_then(|p| p.file_name());
        name.map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "untitled.jmjp".into())
    }

    /// Where the document is kept, with the stamp of the file when we last read or wrote it.
    pub fn disk(&self) -> Option<&Disk> {
        self.disk.as_ref()
    }

    /// Says the document is kept in `disk` (read from it, or written to it).
    pub fn keep_at(&mut self, disk: Disk) {
        self.disk = Some(disk);
    }

    /// The rule options a match that names none is judged under (the user's setting).
    pub fn rules(&self) -> &RuleOptions {
        &self.rules
    }

    /// The rules match `mi` is judged under: those it names (`// rules: tenhou` in its file),
    /// else [`OpenDocument::rules`].
    pub fn match_rules(&self, mi: usize) -> RuleOptions {
        self.paifu().matches.get(mi).map_or(self.rules, |m| crate::rules::rules_or(m, &self.rules))
    }

    /// Checks the end points against `rules` from now on.
    pub fn set_rules(&mut self, rules: RuleOptions) {
        self.rules = rules;
    }

    /// The findings about the document as it is now, under its rule options: worked out when
    /// first asked for after a change, and then only for the frames that changed.
    pub fn analysis(&self) -> Ref<'_, Analysis> {
        // Only `&mut self` methods change the revision or the rules, and none can run while a
        // `Ref` handed out here is alive; so when the analysis is behind, nobody is reading it.
        let behind = !self.analysis.borrow().is_for(self.revision, &self.rules);
        if behind && let Ok(mut a) = self.analysis.try_borrow_mut() {
            a.refresh(&self.paifu, self.revision, &self.rules);
        }
        self.analysis.borrow()
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The information of match `index`, when there is one.
    pub fn info(&self, index: usize) -> Option<MatchInfo> {
        self.paifu.matches.get(index).map(MatchInfo::of)
    }

    /// Replaces the information of match `index`. Edits with the same `group` that follow each
    /// other are one undo step (typing a name letter by letter is one intent). Returns false when
    /// nothing changed.
    pub fn set_info(&mut self, index: usize, after: MatchInfo, group: Option<&str>) -> bool {
        let Some(before) = self.info(index) else { return false };
        if before == after {
            return false;
        }
        self.apply(Edit::Info { index, before: Box::new(before), after: Box::new(after) }, group);
        true
    }

    /// Applies `edit` as a new undo step (or folds it into the last one of the same group).
    pub fn apply(&mut self, mut edit: Edit, group: Option<&str>) {
        edit.keep_times();
        edit.apply(&mut self.paifu);
        self.redo.clear();
        let to = Revision(self.next_revision);
        self.next_revision += 1;
        if let (Some(g), Some(last)) = (group, self.undo.last_mut())
            && last.group.as_deref() == Some(g)
            && last.to == self.revision
            && self.saved != Some(last.to)
            && let Some(merged) = last.edit.merged(&edit)
        {
            last.edit = merged;
            last.to = to;
            self.revision = to;
            self.published(UpdateKind::Edit);
            return;
        }
        self.undo.push(Step { edit, from: self.revision, to, group: group.map(str::to_string) });
        self.revision = to;
        self.published(UpdateKind::Edit);
    }

    /// Undoes the last step; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(step) = self.undo.pop() else { return false };
        step.edit.inverted().apply(&mut self.paifu);
        self.revision = step.from;
        self.redo.push(step);
        self.published(UpdateKind::Undo);
        true
    }

    /// Redoes the step undone last; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(step) = self.redo.pop() else { return false };
        step.edit.apply(&mut self.paifu);
        self.revision = step.to;
        self.undo.push(step);
        self.published(UpdateKind::Redo);
        true
    }

    /// Frame `frame` of match `index`.
    pub fn frame(&self, index: usize, frame: usize) -> Option<&Frame> {
        self.paifu.matches.get(index)?.frames.get(frame)
    }

    /// Ends the current intent: the next edit is a new undo step even in the same group.
    pub fn seal(&mut self) {
        if let Some(last) = self.undo.last_mut() {
            last.group = None;
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::format::shorthand::TourName;
    use crate::format::{Match, StrLit};

    fn doc() -> Document {
        Document::new(Paifu { matches: vec![Match::default()] }, true)
    }

    fn named(name: &str) -> MatchInfo {
        MatchInfo {
            tour: Some(TourInfo { name: Some(TourName::Custom(StrLit::native(name))), ..Default::default() }),
            ..Default::default()
        }
    }

    #[test]
    fn one_group_is_one_undo_step_and_undo_comes_back_clean() {
        let mut d = doc();
        assert!(!d.is_dirty());
        d.set_info(0, named("a"), Some("tour.name"));
        d.set_info(0, named("ab"), Some("tour.name"));
        d.set_info(0, named("abc"), Some("tour.name"));
        assert!(d.is_dirty());
        d.set_info(0, named("abc!"), Some("tour.year"));
        assert!(d.undo());
        assert_eq!(d.info(0).unwrap(), named("abc"));
        assert!(d.undo());
        assert_eq!(d.info(0).unwrap(), MatchInfo::default());
        assert!(!d.is_dirty(), "back at the saved state");
        assert!(!d.undo());
        assert!(d.redo());
        assert_eq!(d.info(0).unwrap(), named("abc"));
        assert!(d.is_dirty());
    }

    #[test]
    fn saving_ends_the_group_and_a_new_edit_clears_redo() {
        let mut d = doc();
        d.set_info(0, named("a"), Some("g"));
        d.mark_saved();
        d.set_info(0, named("ab"), Some("g"));
        assert!(d.undo());
        assert_eq!(d.info(0).unwrap(), named("a"));
        assert!(!d.is_dirty());
        d.set_info(0, named("x"), None);
        assert!(!d.can_redo());
        let before = d.paifu().clone();
        let two = vec![Edit::AddMatch(Box::default()), Edit::AddMatch(Box::default())];
        d.apply(Edit::Many(two), None);
        assert_eq!(d.paifu().matches.len(), 3);
        assert!(d.undo(), "the matches merged in are one undo step");
        assert_eq!(d.paifu(), &before);
        assert!(!d.set_info(0, named("x"), None), "no change, no step");
    }

    #[test]
    fn the_analysis_follows_every_edit_undo_and_rule_change() {
        let m = crate::rules::simulate::random_match(4, 2);
        let mut d = Document::new(Paifu { matches: vec![m] }, true);
        assert_eq!(d.analysis().errors(), 0);
        // The first act taken out: the second seat now draws out of turn, an error at once.
        let before = d.frame(0, 0).unwrap().clone();
        let mut after = before.clone();
        after.flow.as_mut().unwrap().acts.remove(0);
        d.apply(Edit::Frame { index: 0, frame: 0, before: Some(Box::new(before)), after: Some(Box::new(after)) }, None);
        assert!(d.analysis().errors() > 0);
        assert_eq!(d.analysis().first_error().map(|e| e.place.frame), Some(Some(0)));
        assert_eq!(d.analysis().key(), Some((d.revision(), *d.rules())));
        assert!(d.undo());
        assert_eq!(d.analysis().errors(), 0, "undo brings the findings back");
        assert_eq!(d.analysis().key().map(|k| k.0), Some(d.revision()));
        // Other rule options: worked out again for them.
        d.set_rules(RuleOptions::TENHOU);
        assert_eq!(d.analysis().key().map(|k| k.1), Some(RuleOptions::TENHOU));
        // The table after a frame's last act comes from the same check.
        assert!(d.analysis().table(0, 1).is_some());
    }
}
