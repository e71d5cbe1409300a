//! A recording started, ended and recovered, as the shell asks for it: the recorder decides
//! (which file, the journal, the AI players, the journal set aside) and reports what the shell
//! is to do (show the recorder, remember the file and the people, say what went wrong).

use std::path::{Path, PathBuf};

use super::ai::AiPlayers;
use super::screen::RecorderScreen;
use crate::document::{Disk, Document, MatchInfo, io};
use crate::i18n::{Lang, Text, tr};
use crate::interop::bots::Endpoint;

/// What the shell is to do once the recorder has started or ended a recording.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct RecordingReport {
    /// The recorder records: its screen is shown.
    pub recording: bool,
    /// A recording started or ended: the people of the record are remembered.
    pub people: bool,
    /// The file recorded into, to put first among the recent files.
    pub recent: Option<PathBuf>,
    /// What went wrong, in the order it happened (the status bar shows the last).
    pub warnings: Vec<Text>,
}

/// The AI players the settings ask for: whether they are on, and each seat's bot (or why one
/// cannot be read).
pub type AiAsked = (bool, Result<Vec<(usize, Endpoint)>, Text>);

/// Starts recording the open document (`open`: its recorder slot and the document) unless it is
/// recording already: into its own file, or a new dated file in `autosave`, with a journal next
/// to it, and the AI players when they are on; `wake` wakes the window when they report, and
/// `followed` is where the recorder reads the desk double entry follows.
pub fn start(
    open: Option<(&mut Option<RecorderScreen>, &mut Document)>,
    autosave: &Path,
    ai: AiAsked,
    (wake, followed): (std::sync::Arc<dyn Fn() + Send + Sync>, crate::compare::live::FollowedWatch),
) -> RecordingReport {
    let mut report = RecordingReport::default();
    let players = match ai {
        (on, Ok(seats)) => (on && !seats.is_empty()).then_some(seats),
        (_, Err(why)) => {
            report.warnings.push(why);
            None
        }
    };
    let Some((slot, doc)) = open else { return report };
    if slot.is_none() {
        match RecorderScreen::start(doc, autosave) {
            Ok(mut r) => {
                r.ai = players.map(|seats| AiPlayers::start(seats, doc, wake));
                r.followed = followed;
                report.recent = r.path();
                *slot = Some(r);
            }
            Err(e) => {
                report.warnings.push(e);
                return report;
            }
        }
    }
    RecordingReport { recording: true, people: true, ..report }
}

/// Ends the recording in `slot`, if there is one: the journal is removed when the file holds
/// everything.
pub fn stop(slot: &mut Option<RecorderScreen>, doc: &Document) -> RecordingReport {
    let Some(r) = slot.take() else { return RecordingReport::default() };
    let warnings = r.finish(doc).err().map(Text::verbatim).into_iter().collect();
    RecordingReport { people: true, warnings, ..RecordingReport::default() }
}

/// The document a journal rebuilt, kept: in the file of the document open now (`open`), to be
/// recorded on.
pub fn keep_recovered(open: Option<&Document>, rebuilt: Option<Document>) -> Option<Document> {
    let (open, mut doc) = (open?, rebuilt?);
    if let Some(disk) = open.disk().cloned() {
        doc.keep_at(Disk { path: disk.path, stamp: disk.stamp });
    }
    Some(doc)
}

/// The journal next to `path`, declined: set aside (renamed, never deleted).
pub fn set_aside(path: &Path) {
    let j = io::journal_path(path);
    let _ = std::fs::rename(&j, crate::document::side::SideFile::OldJournal.of(path));
}

/// A change of the match forms (`info`, typed in the field `group`), made on the match at
/// `match_index`: while `slot` records and that match is the last (the one recorded), as an
/// entry of the journal; otherwise as one undo step of the document. True when made.
pub fn set_info(
    slot: &mut Option<RecorderScreen>,
    doc: &mut Document,
    match_index: usize,
    (info, group): (MatchInfo, Option<String>),
) -> bool {
    let last = doc.paifu().matches.len().saturating_sub(1);
    match slot {
        Some(rec) if match_index == last => {
            let header = super::entry::header_of(&info);
            rec.enter(doc, super::Entry::Info { group, header })
        }
        _ => doc.set_info(match_index, info, group.as_deref()),
    }
}

/// Undo (or redo) of the open document: while `slot` records, an entry of the journal; otherwise
/// a step of the document's history. What to tell when there was nothing to undo or redo.
pub fn undo(slot: &mut Option<RecorderScreen>, doc: &mut Document, redo: bool) -> Option<Text> {
    match slot {
        Some(rec) => {
            rec.undo(doc, redo);
            None
        }
        None if redo => (!doc.redo()).then(|| tr!("app-nothing-to-redo").text()),
        None => (!doc.undo()).then(|| tr!("app-nothing-to-undo").text()),
    }
}

/// The question asked when the journal next to `path` holds `entries` entries the file does not
/// (and, when `damage` is given, a damaged line after which its entries are left out).
pub fn recover_question(path: &Path, entries: usize, damage: Option<&super::Damage>, lang: Lang) -> String {
    let mut body = format!("{}\n{}", path.display(), tr!("recorder-recover-body", entries = entries).get(lang));
    if let Some(d) = damage {
        let why = d.message.clone();
        body.push('\n');
        body.push_str(tr!("recorder-recover-damage", line = d.line, why = why, left = d.left_out).get(lang));
    }
    body
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Match, Paifu};
    use std::sync::Arc;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("jmjp-recording-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn new_match() -> Document {
        Document::new(Paifu { matches: vec![Match::default()] }, false)
    }

    #[test]
    fn a_new_match_records_into_a_dated_file_once_and_stopping_removes_its_journal() {
        let dir = folder("start");
        let (mut slot, mut doc) = (None, new_match());
        let ai_wrong = (false, Err(Text::new("seat 2: no such bot", "席 2：ボットがありません")));
        let report = start(Some((&mut slot, &mut doc)), &dir, ai_wrong, (Arc::new(|| {}), Default::default()));
        // A bot that cannot be read is said even while the AI players are off; recording goes on.
        assert_eq!(report.warnings, [Text::new("seat 2: no such bot", "席 2：ボットがありません")]);
        assert!(report.recording && report.people);
        let file = report.recent.expect("the file recorded into is remembered");
        assert_eq!(file.parent(), Some(dir.as_path()));
        assert!(file.exists() && io::journal_path(&file).exists(), "the file and its journal are written");
        // Asked again, the recorder keeps the recording it has.
        let again =
            start(Some((&mut slot, &mut doc)), &dir, (true, Ok(Vec::new())), (Arc::new(|| {}), Default::default()));
        assert_eq!(again, RecordingReport { recording: true, people: true, ..RecordingReport::default() });
        assert!(slot.as_ref().is_some_and(|r| r.ai.is_none()), "no seat has a bot: no AI players");
        let stopped = stop(&mut slot, &doc);
        assert_eq!(stopped, RecordingReport { people: true, ..RecordingReport::default() });
        assert!(slot.is_none() && !io::journal_path(&file).exists(), "the file holds everything");
        assert_eq!(stop(&mut slot, &doc), RecordingReport::default(), "nothing to stop");
        // No document open: only what the settings say is wrong.
        assert_eq!(
            start(None, &dir, (true, Ok(Vec::new())), (Arc::new(|| {}), Default::default())),
            RecordingReport::default()
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_recovery_is_kept_in_the_open_file_or_its_journal_set_aside() {
        let dir = folder("recover");
        let path = dir.join("m.jmjp");
        let mut open = new_match();
        open.keep_at(Disk { path: path.clone(), stamp: None });
        let kept = keep_recovered(Some(&open), Some(new_match())).expect("kept");
        assert_eq!(kept.path(), Some(path.as_path()), "the rebuilt document stays in the file it was recorded into");
        assert!(keep_recovered(None, Some(new_match())).is_none());
        let journal = io::journal_path(&path);
        std::fs::write(&journal, "entries").unwrap();
        set_aside(&path);
        assert!(!journal.exists());
        assert_eq!(std::fs::read_to_string(journal.with_extension("journal.old")).unwrap(), "entries", "never deleted");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
