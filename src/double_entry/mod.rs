//! Double entry, in one room (the comparison itself is the library's, `compare/`):
//!
//! - live, while two desks record the same match: [`follow`] reads the other desk's served
//!   record and compares it with mine as my flow of changes brings it (threads of its own; the
//!   window is woken when what it shows changed); [`live`] is what the recorder holds of it (the
//!   open differences, take theirs and keep mine as the recorder's entries, the differences kept
//!   beside the file) and [`live_view`] its panel in the recorder;
//! - after the fact: the open file (mine, A) compared with another recording of the match
//!   (theirs, B), a side chosen for each difference, and the reconciled record saved:
//!   [`Reconciliation`] (no egui: the comparison, the choices, the difference shown, the check of
//!   the record the choices give, and making it the document's record as one undo step) and
//!   [`view`], its screen (the differences, both tables at the one shown, the choices).
//!
//! The comparison follows the document: when the document changes (an undo, an edit elsewhere)
//! the two are compared again.

pub mod follow;
pub mod live;
#[cfg(feature = "gui")]
pub mod live_view;
mod other_desk;
mod start;
#[cfg(feature = "gui")]
pub mod view;

use std::path::{Path, PathBuf};

use crate::compare::{self, Comparison, Difference, Recording, Side};
use crate::document::{Document, Edit, Revision};
use crate::format::{self, Diagnostic, Paifu, Seat, Severity};
use crate::i18n::{Text, tr};
use crate::rules::Table;

/// What the record the choices give leaves to fix.
#[derive(Clone, Debug, Default)]
pub struct Check {
    pub errors: usize,
    pub warnings: usize,
    /// The first five errors, in the order found.
    pub first: Vec<Diagnostic>,
}

/// Both recordings compared, and the choices made so far.
#[derive(Clone, Debug)]
pub struct Reconciliation {
    theirs_path: PathBuf,
    theirs: Paifu,
    comparison: Comparison,
    /// The side chosen for each difference.
    pub choices: Vec<Side>,
    /// The difference shown.
    pub selected: usize,
    /// The document's revision the comparison was made from.
    based_on: Revision,
    /// The check of the record the choices give, with the choices and revision it is for.
    check: Option<(Revision, Vec<Side>, Check)>,
}

/// The words for the recorders credited in the reconciled record.
fn recorder_names(p: &Paifu) -> Vec<String> {
    p.matches
        .iter()
        .flat_map(|m| &m.recorders)
        .filter_map(|r| r.name.as_ref())
        .map(|n| {
            let part = |s: &Option<format::StrLit>| {
                s.as_ref().and_then(|s| s.native.clone().or_else(|| s.roman.clone())).unwrap_or_default()
            };
            format!("{} {}", part(&n.last), part(&n.first)).trim().to_string()
        })
        .collect()
}

impl Reconciliation {
    /// `doc` compared with `theirs`, read from `theirs_path`; the consistent side is chosen where
    /// only one is, else mine.
    pub fn new(doc: &Document, theirs_path: &Path, theirs: Paifu) -> Reconciliation {
        let comparison = compare::compare(Recording::record(doc.paifu()), Recording::record(&theirs), doc.rules());
        let choices = comparison.preferred();
        Reconciliation {
            theirs_path: theirs_path.to_path_buf(),
            theirs,
            comparison,
            choices,
            selected: 0,
            based_on: doc.revision(),
            check: None,
        }
    }

    /// Compares again when the document changed since; the choices start over.
    pub fn follow(&mut self, doc: &Document) {
        if doc.revision() != self.based_on {
            let theirs = std::mem::take(&mut self.theirs);
            let selected = self.selected;
            *self = Reconciliation::new(doc, &self.theirs_path, theirs);
            self.selected = selected.min(self.comparison.differences.len().saturating_sub(1));
        }
    }

    pub fn theirs_path(&self) -> &Path {
        &self.theirs_path
    }

    pub fn theirs(&self) -> &Paifu {
        &self.theirs
    }

    pub fn differences(&self) -> &[Difference] {
        &self.comparison.differences
    }

    pub fn comparison(&self) -> &Comparison {
        &self.comparison
    }

    /// Whether the files hold several matches (the differences then name theirs).
    pub fn several_matches(&self, doc: &Document) -> bool {
        doc.paifu().matches.len().max(self.theirs.matches.len()) > 1
    }

    /// Shows the difference above (`-1`) or below (`1`) the one shown.
    pub fn step(&mut self, by: isize) {
        let n = self.comparison.differences.len();
        if n > 0 {
            self.selected = self.selected.saturating_add_signed(by).min(n - 1);
        }
    }

    /// Chooses `side` for the difference shown.
    pub fn choose(&mut self, side: Side) {
        if let Some(c) = self.choices.get_mut(self.selected) {
            *c = side;
        }
    }

    /// How many differences take theirs.
    pub fn taken_from_theirs(&self) -> usize {
        self.choices.iter().filter(|s| **s == Side::B).count()
    }

    /// The record the choices give.
    pub fn result(&self, doc: &Document) -> Paifu {
        self.comparison.reconcile(doc.paifu(), &self.theirs, &self.choices)
    }

    /// The check of the record the choices give (worked out again when the choices change).
    pub fn check(&mut self, doc: &Document) -> Check {
        if let Some((r, c, check)) = &self.check
            && *r == doc.revision()
            && *c == self.choices
        {
            return check.clone();
        }
        let mut result = Document::new(self.result(doc), false);
        result.set_rules(*doc.rules());
        let check = {
            let a = result.analysis();
            let first: Vec<Diagnostic> =
                a.diagnostics().iter().filter(|d| d.severity == Severity::Error).take(5).cloned().collect();
            Check { errors: a.errors(), warnings: a.diagnostics().len() - a.errors(), first }
        };
        self.check = Some((doc.revision(), self.choices.clone(), check.clone()));
        check
    }

    /// The tables of both recordings at the difference shown (after its act, as dealt for a
    /// start hand, at the end of the frame otherwise), with the seat whose act it is.
    pub fn tables(&self, doc: &Document) -> [Option<(Table, Option<Seat>)>; 2] {
        let Some(d) = self.comparison.differences.get(self.selected) else { return [None, None] };
        let [fa, fb] = self.comparison.frames_of(d);
        let (na, nb) = d.acts_shown();
        let table = |p: &Paifu, at: Option<(usize, usize)>, n: usize| {
            let f = p.matches.get(at?.0)?.frames.get(at?.1)?;
            let t = Table::replay(f, n)?;
            let turn = n.checked_sub(1).and_then(|i| f.flow.as_ref()?.acts.get(i)).map(|a| a.seat);
            Some((t, turn))
        };
        [table(doc.paifu(), fa, na), table(&self.theirs, fb, nb)]
    }

    /// Makes the record the choices give the document's (one undo step), crediting both
    /// recorders; says what was done. Nothing changes when it is already the document's record.
    pub fn apply(&mut self, doc: &mut Document) -> Text {
        let result = self.result(doc);
        let (taken, n) = (self.taken_from_theirs(), self.choices.len());
        let names = recorder_names(&result).join(", ");
        if result != *doc.paifu() {
            let before = Box::new(doc.paifu().clone());
            doc.apply(Edit::Replace { before, after: Box::new(result) }, None);
            doc.seal();
            // The record now holds the choices: compare again from it.
            self.follow(doc);
        }
        tr!("double-entry-done", taken = taken, count = n, recorders = names)
    }
}

/// A one-line summary of the check.
pub fn check_words(c: &Check) -> Text {
    match c.errors {
        0 => tr!("double-entry-check-clean", warnings = c.warnings),
        n => tr!("double-entry-check-errors", errors = n),
    }
}
