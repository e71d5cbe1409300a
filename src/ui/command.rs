//! Every action of the application: its label, tooltip and keyboard shortcuts in one place.
//! Views only send commands; the app carries them out.

use egui::{Key, KeyboardShortcut, Modifiers};

use crate::i18n::{Lang, Msg, tr};

/// A section of the match forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    Tournament,
    TimePlace,
    Recorders,
    Players,
    PointRules,
    Results,
}

impl Section {
    pub const ALL: [Section; 6] = [
        Section::Tournament,
        Section::TimePlace,
        Section::Recorders,
        Section::Players,
        Section::PointRules,
        Section::Results,
    ];

    pub fn command(self) -> Command {
        Command::Form(self)
    }
}

/// An action the user can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    NewMatch,
    /// A new match with the tournament, place, recorders and point rules of the last one.
    NewLikeLast,
    /// The people of every .jmjp file of a folder into the roster.
    ImportRoster,
    /// A season's tournament points, from a folder of .jmjp files.
    Standings,
    Open,
    Save,
    SaveAs,
    Close,
    Undo,
    Redo,
    Settings,
    Quit,
    Form(Section),
    /// The live recorder.
    Record,
    /// The editor: problems, frames, replay, corrections.
    Editor,
    PrevAct,
    NextAct,
    FirstAct,
    LastAct,
    PrevFrame,
    NextFrame,
    /// The act typed in the editor's act field goes in after the current act.
    InsertAct,
    /// The current act is taken out.
    DeleteAct,
    /// The match video plays from 5 s before the act shown.
    PlayVideo,
    /// The match video shows the act shown now (a sync point).
    SyncVideo,
    /// The match video's field takes the keys: a video file or address typed, Enter links it.
    LinkVideo,
    /// The next problem of the problems list: its frame and act shown.
    NextProblem,
    /// The problem before.
    PrevProblem,
    /// The likely cause shown for the problem's frame is applied (one undo step).
    FixProblem,
    /// The match shown is written to a file of its own (split).
    SaveMatchAs,
    /// The matches of another file are added to this one (merge).
    MergeFile,
    /// The text view's text is read again as a paifu.
    OpenText,
    /// An mjai or tenhou.net/6 log read into a new document.
    Import,
    /// The match shown written as an mjai or tenhou.net/6 log.
    Export,
    /// The tenhou.net/6 viewer address of the match shown, to the clipboard.
    CopyViewerUrl,
    /// Double entry: the open file compared with another recording of the match.
    Compare,
    PrevDifference,
    NextDifference,
    /// The difference shown keeps this file's side (A).
    KeepMine,
    /// The difference shown takes the other recording's side (B).
    TakeTheirs,
    /// The chosen version becomes the document's record and is saved.
    SaveReconciled,
    /// The user guide, in the browser, at the chapter of the screen shown.
    Guide,
    /// The version and the licences.
    About,
}

/// Where a command applies: everywhere, or on one screen only. Two commands of different
/// screens may share a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    App,
    Editor,
    /// The text view of a file that does not parse.
    Text,
    Compare,
    /// The recorder's own keys (its keymap, read after the app's shortcuts).
    Recorder,
}

impl Scope {
    /// Whether a key of one scope and a key of the other can be pressed on the same screen.
    pub fn overlaps(self, other: Scope) -> bool {
        self == Scope::App || other == Scope::App || self == other
    }
}

const NONE: Modifiers = Modifiers::NONE;
const CTRL: Modifiers = Modifiers::COMMAND;
const CTRL_SHIFT: Modifiers = Modifiers { shift: true, ..Modifiers::COMMAND };
const SHIFT: Modifiers = Modifiers::SHIFT;

impl Command {
    /// Every command, in menu order.
    pub const ALL: [Command; 48] = [
        Command::NewMatch,
        Command::NewLikeLast,
        Command::ImportRoster,
        Command::Standings,
        Command::Open,
        Command::Save,
        Command::SaveAs,
        Command::Close,
        Command::Settings,
        Command::Quit,
        Command::Undo,
        Command::Redo,
        Command::Form(Section::Tournament),
        Command::Form(Section::TimePlace),
        Command::Form(Section::Recorders),
        Command::Form(Section::Players),
        Command::Form(Section::PointRules),
        Command::Form(Section::Results),
        Command::Record,
        Command::Editor,
        Command::PrevAct,
        Command::NextAct,
        Command::FirstAct,
        Command::LastAct,
        Command::PrevFrame,
        Command::NextFrame,
        Command::InsertAct,
        Command::DeleteAct,
        Command::PlayVideo,
        Command::SyncVideo,
        Command::LinkVideo,
        Command::NextProblem,
        Command::PrevProblem,
        Command::FixProblem,
        Command::SaveMatchAs,
        Command::MergeFile,
        Command::OpenText,
        Command::Import,
        Command::Export,
        Command::CopyViewerUrl,
        Command::Compare,
        Command::PrevDifference,
        Command::NextDifference,
        Command::KeepMine,
        Command::TakeTheirs,
        Command::SaveReconciled,
        Command::Guide,
        Command::About,
    ];

    fn texts(self) -> (Msg, Msg) {
        match self {
            Command::NewMatch => (tr!("ui-command-new-match"), tr!("ui-command-new-match-tip")),
            Command::NewLikeLast => (tr!("ui-command-new-like-last"), tr!("ui-command-new-like-last-tip")),
            Command::ImportRoster => (tr!("ui-command-import-roster"), tr!("ui-command-import-roster-tip")),
            Command::Standings => (tr!("ui-command-standings"), tr!("ui-command-standings-tip")),
            Command::Open => (tr!("ui-command-open"), tr!("ui-command-open-tip")),
            Command::Save => (tr!("ui-command-save"), tr!("ui-command-save-tip")),
            Command::SaveAs => (tr!("ui-command-save-as"), tr!("ui-command-save-as-tip")),
            Command::Close => (tr!("ui-command-close"), tr!("ui-command-close-tip")),
            Command::Undo => (tr!("ui-command-undo"), tr!("ui-command-undo-tip")),
            Command::Redo => (tr!("ui-command-redo"), tr!("ui-command-redo-tip")),
            Command::Settings => (tr!("ui-command-settings"), tr!("ui-command-settings-tip")),
            Command::Quit => (tr!("ui-command-quit"), tr!("ui-command-quit-tip")),
            Command::Form(Section::Tournament) => (tr!("ui-command-tournament"), tr!("ui-command-tournament-tip")),
            Command::Form(Section::TimePlace) => (tr!("ui-command-time-place"), tr!("ui-command-time-place-tip")),
            Command::Form(Section::Recorders) => (tr!("ui-command-recorders"), tr!("ui-command-recorders-tip")),
            Command::Form(Section::Players) => (tr!("ui-command-players"), tr!("ui-command-players-tip")),
            Command::Form(Section::PointRules) => (tr!("ui-command-point-rules"), tr!("ui-command-point-rules-tip")),
            Command::Form(Section::Results) => (tr!("ui-command-results"), tr!("ui-command-results-tip")),
            Command::Record => (tr!("ui-command-record"), tr!("ui-command-record-tip")),
            Command::Editor => (tr!("ui-command-editor"), tr!("ui-command-editor-tip")),
            Command::PrevAct => (tr!("ui-command-prev-act"), tr!("ui-command-prev-act-tip")),
            Command::NextAct => (tr!("ui-command-next-act"), tr!("ui-command-next-act-tip")),
            Command::FirstAct => (tr!("ui-command-first-act"), tr!("ui-command-first-act-tip")),
            Command::LastAct => (tr!("ui-command-last-act"), tr!("ui-command-last-act-tip")),
            Command::PrevFrame => (tr!("ui-command-prev-frame"), tr!("ui-command-prev-frame-tip")),
            Command::NextFrame => (tr!("ui-command-next-frame"), tr!("ui-command-next-frame-tip")),
            Command::InsertAct => (tr!("ui-command-insert-act"), tr!("ui-command-insert-act-tip")),
            Command::DeleteAct => (tr!("ui-command-delete-act"), tr!("ui-command-delete-act-tip")),
            Command::PlayVideo => (tr!("ui-command-play-video"), tr!("ui-command-play-video-tip")),
            Command::SyncVideo => (tr!("ui-command-sync-video"), tr!("ui-command-sync-video-tip")),
            Command::LinkVideo => (tr!("ui-command-link-video"), tr!("ui-command-link-video-tip")),
            Command::NextProblem => (tr!("ui-command-next-problem"), tr!("ui-command-next-problem-tip")),
            Command::PrevProblem => (tr!("ui-command-prev-problem"), tr!("ui-command-prev-problem-tip")),
            Command::FixProblem => (tr!("ui-command-fix-problem"), tr!("ui-command-fix-problem-tip")),
            Command::SaveMatchAs => (tr!("ui-command-save-match-as"), tr!("ui-command-save-match-as-tip")),
            Command::MergeFile => (tr!("ui-command-merge-file"), tr!("ui-command-merge-file-tip")),
            Command::OpenText => (tr!("ui-command-open-text"), tr!("ui-command-open-text-tip")),
            Command::Import => (tr!("ui-command-import"), tr!("ui-command-import-tip")),
            Command::Export => (tr!("ui-command-export"), tr!("ui-command-export-tip")),
            Command::CopyViewerUrl => (tr!("ui-command-copy-viewer-url"), tr!("ui-command-copy-viewer-url-tip")),
            Command::Compare => (tr!("ui-command-compare"), tr!("ui-command-compare-tip")),
            Command::PrevDifference => (tr!("ui-command-prev-difference"), tr!("ui-command-prev-difference-tip")),
            Command::NextDifference => (tr!("ui-command-next-difference"), tr!("ui-command-next-difference-tip")),
            Command::KeepMine => (tr!("ui-command-keep-mine"), tr!("ui-command-keep-mine-tip")),
            Command::TakeTheirs => (tr!("ui-command-take-theirs"), tr!("ui-command-take-theirs-tip")),
            Command::SaveReconciled => (tr!("ui-command-save-reconciled"), tr!("ui-command-save-reconciled-tip")),
            Command::Guide => (tr!("ui-command-guide"), tr!("ui-command-guide-tip")),
            Command::About => (tr!("ui-command-about"), tr!("ui-command-about-tip")),
        }
    }

    pub fn label(self, lang: Lang) -> &'static str {
        self.texts().0.get(lang)
    }

    pub fn tooltip(self, lang: Lang) -> &'static str {
        self.texts().1.get(lang)
    }

    /// The keyboard shortcuts, the first one shown on buttons and in menus.
    pub fn shortcuts(self) -> Vec<KeyboardShortcut> {
        fn k(modifiers: Modifiers, key: Key) -> KeyboardShortcut {
            KeyboardShortcut::new(modifiers, key)
        }
        match self {
            Command::NewMatch => vec![k(CTRL, Key::N)],
            Command::NewLikeLast => vec![k(CTRL_SHIFT, Key::N)],
            Command::ImportRoster => vec![k(CTRL_SHIFT, Key::R)],
            Command::Standings => vec![k(CTRL_SHIFT, Key::T)],
            Command::Open => vec![k(CTRL, Key::O)],
            Command::Save => vec![k(CTRL, Key::S)],
            Command::SaveAs => vec![k(CTRL_SHIFT, Key::S)],
            Command::Close => vec![k(CTRL, Key::W)],
            Command::Undo => vec![k(CTRL, Key::Z)],
            Command::Redo => vec![k(CTRL_SHIFT, Key::Z), k(CTRL, Key::Y)],
            Command::Settings => vec![k(CTRL, Key::Comma)],
            Command::Quit => vec![k(CTRL, Key::Q)],
            Command::Form(Section::Tournament) => vec![k(CTRL, Key::Num1)],
            Command::Form(Section::TimePlace) => vec![k(CTRL, Key::Num2)],
            Command::Form(Section::Recorders) => vec![k(CTRL, Key::Num3)],
            Command::Form(Section::Players) => vec![k(CTRL, Key::Num4)],
            Command::Form(Section::PointRules) => vec![k(CTRL, Key::Num5)],
            Command::Form(Section::Results) => vec![k(CTRL, Key::Num6)],
            Command::Record => vec![k(CTRL, Key::R)],
            Command::Editor => vec![k(CTRL, Key::E)],
            Command::PrevAct => vec![k(NONE, Key::ArrowLeft)],
            Command::NextAct => vec![k(NONE, Key::ArrowRight)],
            Command::FirstAct => vec![k(NONE, Key::Home)],
            Command::LastAct => vec![k(NONE, Key::End)],
            Command::PrevFrame => vec![k(NONE, Key::PageUp), k(NONE, Key::ArrowUp)],
            Command::NextFrame => vec![k(NONE, Key::PageDown), k(NONE, Key::ArrowDown)],
            Command::InsertAct => vec![k(CTRL, Key::I)],
            Command::DeleteAct => vec![k(CTRL, Key::Delete)],
            Command::PlayVideo => vec![k(NONE, Key::V)],
            Command::SyncVideo => vec![k(NONE, Key::Y)],
            Command::LinkVideo => vec![k(CTRL_SHIFT, Key::V)],
            Command::NextProblem => vec![k(NONE, Key::F8)],
            Command::PrevProblem => vec![k(SHIFT, Key::F8)],
            Command::FixProblem => vec![k(CTRL, Key::Period)],
            Command::SaveMatchAs => vec![k(CTRL_SHIFT, Key::E)],
            Command::MergeFile => vec![k(CTRL_SHIFT, Key::O)],
            Command::OpenText => vec![k(CTRL, Key::Enter)],
            Command::Import => vec![k(CTRL_SHIFT, Key::I)],
            Command::Export => vec![k(CTRL_SHIFT, Key::X)],
            Command::CopyViewerUrl => vec![k(CTRL_SHIFT, Key::U)],
            Command::Compare => vec![k(CTRL_SHIFT, Key::D)],
            Command::PrevDifference => vec![k(NONE, Key::ArrowUp), k(NONE, Key::PageUp)],
            Command::NextDifference => vec![k(NONE, Key::ArrowDown), k(NONE, Key::PageDown)],
            Command::KeepMine => vec![k(NONE, Key::ArrowLeft), k(NONE, Key::A)],
            Command::TakeTheirs => vec![k(NONE, Key::ArrowRight), k(NONE, Key::B)],
            Command::SaveReconciled => vec![k(CTRL, Key::Enter)],
            Command::Guide => vec![k(NONE, Key::F1)],
            Command::About => vec![k(SHIFT, Key::F1)],
        }
    }

    /// Where the command applies: the editor's own (the replay's steps, inserting and deleting
    /// an act), the text view's, the compare screen's, or everywhere.
    pub fn scope(self) -> Scope {
        match self {
            Command::PrevAct
            | Command::NextAct
            | Command::FirstAct
            | Command::LastAct
            | Command::PrevFrame
            | Command::NextFrame
            | Command::InsertAct
            | Command::DeleteAct
            | Command::PlayVideo
            | Command::SyncVideo
            | Command::LinkVideo
            | Command::NextProblem
            | Command::PrevProblem
            | Command::FixProblem => Scope::Editor,
            Command::OpenText => Scope::Text,
            Command::PrevDifference
            | Command::NextDifference
            | Command::KeepMine
            | Command::TakeTheirs
            | Command::SaveReconciled => Scope::Compare,
            _ => Scope::App,
        }
    }

    /// True for the editor's own commands. The editor carries them out; they apply only while it
    /// is shown.
    pub fn is_editors(self) -> bool {
        self.scope() == Scope::Editor
    }

    /// False for commands a focused text field handles itself (its own undo), so the shortcut is
    /// left to the field.
    pub fn works_in_text_field(self) -> bool {
        !matches!(
            self,
            Command::Undo
                | Command::Redo
                | Command::PrevAct
                | Command::NextAct
                | Command::FirstAct
                | Command::LastAct
                | Command::PrevFrame
                | Command::NextFrame
                | Command::DeleteAct
                | Command::PlayVideo
                | Command::SyncVideo
                | Command::PrevDifference
                | Command::NextDifference
                | Command::KeepMine
                | Command::TakeTheirs
        )
    }

    /// The shortcut as shown to the user (`Ctrl+S`).
    pub fn shortcut_text(self, ctx: &egui::Context) -> String {
        self.shortcuts().first().map(|s| ctx.format_shortcut(s)).unwrap_or_default()
    }

    /// A menu or toolbar button for this command, with its shortcut and tooltip.
    pub fn button(self, ui: &mut egui::Ui, lang: Lang, enabled: bool) -> bool {
        let text = self.shortcut_text(ui.ctx());
        ui.add_enabled(enabled, egui::Button::new(self.label(lang)).shortcut_text(text))
            .on_hover_text(self.tooltip(lang))
            .clicked()
    }
}

/// The menus: a title and the commands under it, in groups with a separator between them.
pub fn menus() -> [(Msg, Vec<Vec<Command>>); 5] {
    use Command as C;
    let forms: Vec<Command> = Section::ALL.iter().map(|s| s.command()).collect();
    [
        (
            tr!("ui-menu-file"),
            vec![
                vec![C::NewMatch, C::NewLikeLast, C::Open, C::Save, C::SaveAs, C::Close],
                vec![C::SaveMatchAs, C::MergeFile, C::Compare, C::Import, C::Export, C::CopyViewerUrl],
                vec![C::ImportRoster, C::Standings],
                vec![C::Settings, C::Quit],
            ],
        ),
        (
            tr!("ui-menu-edit"),
            vec![
                vec![C::Undo, C::Redo],
                vec![C::InsertAct, C::DeleteAct],
                vec![C::PlayVideo, C::SyncVideo, C::LinkVideo],
                vec![C::KeepMine, C::TakeTheirs, C::SaveReconciled],
            ],
        ),
        (
            tr!("ui-menu-go"),
            vec![
                vec![C::PrevAct, C::NextAct, C::FirstAct, C::LastAct, C::PrevFrame, C::NextFrame],
                vec![C::NextProblem, C::PrevProblem, C::FixProblem],
                vec![C::PrevDifference, C::NextDifference],
            ],
        ),
        (tr!("ui-menu-match"), vec![vec![C::Record, C::Editor], forms]),
        (tr!("ui-menu-help"), vec![vec![C::Guide], vec![C::About]]),
    ]
}

/// The app's shortcuts in the order they are read: more modifiers first, because egui matches a
/// shortcut "logically" (Ctrl+Z also matches a Ctrl+Shift+Z press), so Redo must be asked before
/// Undo.
pub fn dispatch_order() -> Vec<(Command, KeyboardShortcut)> {
    let mut all: Vec<(Command, KeyboardShortcut)> =
        Command::ALL.iter().flat_map(|c| c.shortcuts().into_iter().map(move |s| (*c, s))).collect();
    all.sort_by_key(|(_, s)| {
        let m = s.modifiers;
        std::cmp::Reverse(u8::from(m.shift) + u8::from(m.alt) + u8::from(m.ctrl || m.command || m.mac_cmd))
    });
    all
}

/// Keys that do not reach what they are bound to, among the bindings that can be pressed on one
/// screen (see [`Scope`]: the app's commands everywhere, a screen's own only there; the keys of
/// `after` are the recorder's). The app's shortcuts are read first, in
/// [`dispatch_order`] and with egui's logical matching (a shortcut takes a press with more Shift
/// or Alt than it names); then the keys of `after` (the recorder's), each taking only its exact
/// press. Pressing a binding's own key reaches the first binding that takes it; when that is
/// another binding, the two clash. Each clash is said in a line.
pub fn clashes(after: &[(String, KeyboardShortcut)]) -> Vec<String> {
    let mut all: Vec<(String, KeyboardShortcut, Scope)> =
        dispatch_order().into_iter().map(|(c, s)| (format!("{c:?} ({})", c.label(Lang::En)), s, c.scope())).collect();
    let app = all.len();
    all.extend(after.iter().map(|(n, s)| (n.clone(), *s, Scope::Recorder)));
    let shown = |s: &KeyboardShortcut| s.format(&egui::ModifierNames::NAMES, false);
    let takes = |j: usize, press: &KeyboardShortcut, scope: Scope| {
        let t = &all[j].1;
        all[j].2.overlaps(scope)
            && t.logical_key == press.logical_key
            && if j < app { press.modifiers.matches_logically(t.modifiers) } else { press.modifiers == t.modifiers }
    };
    let mut out = Vec::new();
    for (i, (name, s, scope)) in all.iter().enumerate() {
        let first = (0..all.len()).find(|j| takes(*j, s, *scope));
        if let Some(j) = first.filter(|j| *j != i) {
            out.push(format!("{name}: pressing {} reaches {} first", shown(s), all[j].0));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shortcut_reaches_its_own_command() {
        let clashes = clashes(&[]);
        assert!(clashes.is_empty(), "{clashes:#?}");
    }

    #[test]
    fn the_check_finds_a_shared_key_and_a_shortcut_read_too_late() {
        let again = [("Another save".to_string(), KeyboardShortcut::new(CTRL, Key::S))];
        assert_eq!(clashes(&again).len(), 1, "Ctrl+S is Save");
        // Read after the app's, a Ctrl+Shift+W would be taken by Close (Ctrl+W) first.
        let late = [("Late".to_string(), KeyboardShortcut::new(CTRL_SHIFT, Key::W))];
        let found = clashes(&late);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("Close"), "{found:?}");
    }

    #[test]
    fn two_screens_may_share_a_key_but_a_screen_and_the_app_may_not() {
        // Up is the editor's previous frame and the compare screen's previous difference.
        let up = |c: Command| c.shortcuts().contains(&KeyboardShortcut::new(NONE, Key::ArrowUp));
        assert!(up(Command::PrevFrame) && up(Command::PrevDifference));
        assert!(!Scope::Editor.overlaps(Scope::Compare) && Scope::App.overlaps(Scope::Compare));
        // A recorder key on Up would still be fine; one on Ctrl+S (the app's Save) is not.
        let keys = [
            ("Recorder up".to_string(), KeyboardShortcut::new(NONE, Key::ArrowUp)),
            ("Recorder save".to_string(), KeyboardShortcut::new(CTRL, Key::S)),
        ];
        let found = clashes(&keys);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with("Recorder save"), "{found:?}");
    }

    #[test]
    fn every_command_is_listed_once_with_texts_in_both_languages() {
        for (i, c) in Command::ALL.iter().enumerate() {
            assert!(!Command::ALL[i + 1..].contains(c), "{c:?} twice");
            for lang in [Lang::En, Lang::Ja] {
                assert!(!c.label(lang).is_empty() && !c.tooltip(lang).is_empty());
            }
            assert!(!c.shortcuts().is_empty(), "{c:?} has no shortcut");
        }
        for s in Section::ALL {
            assert!(Command::ALL.contains(&s.command()));
        }
        // Every command but the text view's (a button of that screen) is in a menu, once.
        let in_menus: Vec<Command> = menus().into_iter().flat_map(|(_, g)| g.into_iter().flatten()).collect();
        for c in Command::ALL.iter().filter(|c| **c != Command::OpenText) {
            assert_eq!(in_menus.iter().filter(|m| *m == c).count(), 1, "{c:?}");
        }
    }
}
