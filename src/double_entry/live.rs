//! Double entry while recording: the other desk's recording compared with mine as both grow (the
//! app follows the other desk and hands the comparison in: [`Followed`]), the open differences
//! (those not kept), the one selected, and the entries its keys make: take theirs
//! ([`super::Entry::Take`], one undo step, crediting both scorers) or keep mine
//! ([`super::Entry::Check`], remembered with the recording). No egui: the view draws
//! [`DoubleShown`].

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::compare::live::{self, Followed, LinkState, LiveDifference, Mark};
use crate::document::io::{JsonFile, Store, journal_path};
use crate::document::recording::entry::Entry;
use crate::document::recording::journal::Journal;
use crate::document::{Document, current_frame, is_finished};
use crate::format::{self, FrameId, Paifu};
use crate::i18n::{Lang, Text, tr};

/// Double entry as the recorder holds it.
#[derive(Clone, Debug, Default)]
pub struct DoubleEntry {
    /// The other desk's name ("desk A").
    pub other: String,
    /// The other desk's address, for the status line.
    pub address: String,
    pub followed: Arc<Followed>,
    /// The open difference selected (its place), if any.
    selected: Option<Mark>,
    /// What I took from theirs (the difference as it was): when both desks took the other's
    /// value at once, the two still differ, the other way round.
    taken: Vec<Mark>,
    /// The frame whose end was asked about once with differences open.
    asked_end: Option<FrameId>,
    /// The keys of the next difference, take theirs and keep mine, as the recorder's keymap
    /// names them (for the header and the panel).
    keys: [String; 3],
}

/// What the view shows of double entry, in the scorer's language.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DoubleShown {
    /// "desk A: 2 acts behind", "desk A unreachable since 19:42:10".
    pub status: String,
    /// The link is not up, or the records cannot be compared.
    pub trouble: bool,
    /// "1 open differences with desk A (J: the next)", for the header.
    pub header: String,
    pub rows: Vec<DoubleRow>,
    /// The keys of the next difference, take theirs and keep mine.
    pub keys: [String; 3],
}

impl DoubleShown {
    /// How many differences are open (a row each).
    pub fn open(&self) -> usize {
        self.rows.len()
    }
}

/// One open difference as the list shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DoubleRow {
    /// "E1-0 act 25 · you (e,8m,rd) · desk A (e,8m,tg)".
    pub text: String,
    pub selected: bool,
    /// Both desks took the other's value: said instead of swapping back and forth.
    pub crossed: bool,
}

impl DoubleEntry {
    /// Following desk `other` at `address`.
    pub fn new(other: &str, address: &str) -> DoubleEntry {
        DoubleEntry { other: other.to_string(), address: address.to_string(), ..DoubleEntry::default() }
    }

    /// The same, its keys (next difference, take theirs, keep mine) named `keys`.
    pub fn with_keys(self, keys: [String; 3]) -> DoubleEntry {
        DoubleEntry { keys, ..self }
    }

    /// Takes in what the app's follower publishes: `(name, address, followed)` of the desk
    /// followed, or `None` when double entry is off. A desk named or placed anew starts afresh;
    /// `keys` are its keys as the recorder names them.
    pub fn take_in(
        slot: &mut Option<DoubleEntry>,
        followed: Option<(String, String, Arc<Followed>)>,
        keys: impl FnOnce() -> [String; 3],
    ) {
        match followed {
            None => *slot = None,
            Some((name, address, f)) => {
                if !slot.as_ref().is_some_and(|d| d.other == name && d.address == address) {
                    *slot = Some(DoubleEntry::new(&name, &address).with_keys(keys()));
                }
                if let Some(d) = slot {
                    d.update(f);
                }
            }
        }
    }

    /// The other desk as the scorer named it, or "the other desk".
    fn other(&self) -> Text {
        match self.other.trim() {
            "" => tr!("recorder-double-other-desk").text(),
            name => Text::verbatim(name.to_string()),
        }
    }

    /// The comparison as the app's follower published it last.
    pub fn update(&mut self, followed: Arc<Followed>) {
        self.followed = followed;
    }

    /// The differences not kept, in file order.
    pub fn open<'a>(&'a self, doc: &Document) -> Vec<&'a LiveDifference> {
        if self.followed.live.refused.is_some() {
            return Vec::new();
        }
        let kept = doc.checked();
        self.followed.live.differences.iter().filter(|d| !kept.iter().any(|k| d.is_kept_by(k))).collect()
    }

    /// The open difference selected: the one chosen while it is open, else the first.
    fn current<'a>(&self, open: &[&'a LiveDifference]) -> Option<&'a LiveDifference> {
        let chosen = self.selected.as_ref().and_then(|m| open.iter().find(|d| d.same_place(m)));
        chosen.or(open.first()).copied()
    }

    /// Whether `d` is a difference both desks took from the other at once.
    fn crossed(&self, d: &LiveDifference) -> bool {
        self.taken.iter().any(|t| d.same_place(t) && d.mark.mine == t.theirs && d.mark.theirs == t.mine)
    }

    /// Selects the next open difference (after the last, the first again).
    pub fn select_next(&mut self, doc: &Document) -> Result<(), Text> {
        let open = self.open(doc);
        if open.is_empty() {
            return Err(self.nothing_open());
        }
        let now = self.current(&open).and_then(|c| open.iter().position(|d| std::ptr::eq(*d, c)));
        let next = now.map_or(0, |i| (i + 1) % open.len());
        self.selected = Some(open[next].mark.clone());
        Ok(())
    }

    fn nothing_open(&self) -> Text {
        match &self.followed.live.refused {
            Some(why) => why.clone(),
            None => tr!("recorder-double-nothing-open", other = self.other()),
        }
    }

    /// The entry that takes the selected difference from theirs (one undo step).
    pub fn take(&mut self, doc: &Document) -> Result<Entry, Text> {
        let open = self.open(doc);
        let d = self.current(&open).ok_or_else(|| self.nothing_open())?.clone();
        let theirs: &Paifu = self.followed.theirs.as_deref().ok_or_else(|| self.nothing_open())?;
        let taken = live::take(doc.paifu(), theirs, &d.mark)
            .ok_or_else(|| tr!("recorder-double-changed", other = self.other()))?;
        self.taken.push(d.mark.clone());
        Ok(Entry::Take { text: format::write(&Paifu { matches: vec![taken] }) })
    }

    /// The entry that keeps mine for the selected difference (mine checked).
    pub fn keep(&mut self, doc: &Document) -> Result<Entry, Text> {
        let open = self.open(doc);
        let d = self.current(&open).ok_or_else(|| self.nothing_open())?;
        Ok(Entry::Check(d.mark.clone()))
    }

    /// Before the end of the frame being recorded is confirmed: `Some(why)` the first time the
    /// frame has open differences (a second confirm ends it).
    pub fn before_end(&mut self, doc: &Document) -> Option<Text> {
        let (_, _, frame) = current_frame(doc)?;
        if is_finished(frame) || self.asked_end == Some(frame.id) {
            return None;
        }
        let id = frame.id.to_string();
        let n = self.open(doc).iter().filter(|d| d.mark.frame == id).count();
        if n == 0 {
            return None;
        }
        self.asked_end = Some(frame.id);
        Some(tr!("recorder-double-end-open", frame = frame.id, count = n, other = self.other()))
    }

    /// What the view shows, in `lang`.
    pub fn shown(&self, doc: &Document, lang: Lang) -> DoubleShown {
        let f = &self.followed;
        let other = self.other();
        let (status, trouble) = match (&f.link, &f.live.refused) {
            (LinkState::Connecting, _) => {
                (tr!("recorder-double-connecting", other = &other, address = self.address.as_str()), true)
            }
            (LinkState::Unreachable { since, why }, _) => (
                tr!(
                    "recorder-double-unreachable",
                    other = &other,
                    since = since.format("%H:%M:%S").to_string(),
                    why = why
                ),
                true,
            ),
            (LinkState::Refused(why), _) => (tr!("recorder-double-refused", other = &other, why = why), true),
            (LinkState::Up, Some(why)) => (why.clone(), true),
            (LinkState::Up, None) => (self.pace(), false),
        };
        let open = self.open(doc);
        let current = self.current(&open);
        let rows = open
            .iter()
            .map(|d| DoubleRow {
                text: {
                    let row = tr!(
                        "recorder-double-row",
                        place = d.place(),
                        mine = d.mine(),
                        other = &other,
                        theirs = d.theirs()
                    );
                    match d.difference.consistent {
                        Some(crate::compare::Side::A) => tr!("recorder-double-mine-consistent", row = row),
                        Some(crate::compare::Side::B) => {
                            tr!("recorder-double-theirs-consistent", row = row, other = &other)
                        }
                        None => row,
                    }
                    .into_lang(lang)
                },
                selected: current.is_some_and(|c| std::ptr::eq(*d, c)),
                crossed: self.crossed(d),
            })
            .collect();
        let next = &self.keys[0];
        let header = tr!("recorder-double-header", count = open.len(), other = &other, next = next).into_lang(lang);
        DoubleShown { status: status.into_lang(lang), trouble, header, rows, keys: self.keys.clone() }
    }

    /// Who is behind whom: "desk A: 2 acts behind", "you: 1 act behind", "desk A: in step".
    fn pace(&self) -> Text {
        let b = self.followed.live.behind;
        let other = self.other();
        match (b.mine, b.theirs) {
            (0, 0) => tr!("recorder-double-in-step", other = other),
            (_, 0) => tr!("recorder-double-you-behind", count = b.mine),
            (0, _) => tr!("recorder-double-they-behind", other = &other, count = b.theirs),
            _ => Text::join(
                vec![
                    tr!("recorder-double-you-behind", count = b.mine),
                    tr!("recorder-double-they-behind", other = &other, count = b.theirs),
                ],
                tr!("recorder-double-separator"),
            ),
        }
    }
}

/// Where the differences kept while recording `file` are kept beside it (`NAME.jmjp.checked`).
pub fn checked_path(file: &Path) -> PathBuf {
    crate::document::side::SideFile::Checked.of(file)
}

/// Writes the differences `doc` keeps beside `file` (atomically, as JSON).
pub fn save_checked(doc: &Document, file: &Path, store: &dyn Store) -> std::io::Result<()> {
    let json = serde_json::to_string_pretty(doc.checked()).map_err(std::io::Error::other)?;
    store.replace(&checked_path(file), json.as_bytes())
}

/// The differences kept beside `file`, read as every JSON side file is ([`JsonFile`]).
fn checked_file(file: &Path) -> JsonFile {
    JsonFile::new(checked_path(file), tr!("recorder-checked-the-file").text(), tr!("recorder-checked-none").text())
}

/// The differences kept at earlier recordings of `file` (beside it, and in a journal left
/// beside it), kept on in `doc`: a restart does not forget them. What is not there holds none (a
/// mark only hides a difference with the very same values); a file beside it that does not read
/// is set aside, and what to tell the scorer is returned.
pub fn keep_checked(doc: &mut Document, file: &Path) -> Option<Text> {
    let (beside, problem) = match checked_file(file).load(|t| serde_json::from_str::<Vec<Mark>>(t)) {
        Ok(marks) => (marks.unwrap_or_default(), None),
        Err(p) => (Vec::new(), Some(p.text)),
    };
    let journaled = Journal::read(&journal_path(file)).map(|r| r.entries).unwrap_or_default();
    let from_journal = journaled.into_iter().filter_map(|e| match e {
        Entry::Check(m) => Some(m),
        _ => None,
    });
    for mark in beside.into_iter().chain(from_journal) {
        doc.check(mark);
    }
    problem
}
