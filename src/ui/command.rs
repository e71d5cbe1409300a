//! Every action of the application: its label, tooltip and keyboard shortcuts in one place.
//! Views only send commands; the app carries them out.

use egui::{Key, KeyboardShortcut, Modifiers};

use crate::i18n::{Lang, T};

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
}

const NONE: Modifiers = Modifiers::NONE;
const CTRL: Modifiers = Modifiers::COMMAND;
const CTRL_SHIFT: Modifiers = Modifiers { shift: true, ..Modifiers::COMMAND };

impl Command {
    /// Every command, in menu order.
    pub const ALL: [Command; 31] = [
        Command::NewMatch,
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
        Command::SaveMatchAs,
        Command::MergeFile,
        Command::OpenText,
        Command::Import,
        Command::Export,
        Command::CopyViewerUrl,
    ];

    fn texts(self) -> (T, T) {
        match self {
            Command::NewMatch => (T::CmdNewMatch, T::CmdNewMatchTip),
            Command::Open => (T::CmdOpen, T::CmdOpenTip),
            Command::Save => (T::CmdSave, T::CmdSaveTip),
            Command::SaveAs => (T::CmdSaveAs, T::CmdSaveAsTip),
            Command::Close => (T::CmdClose, T::CmdCloseTip),
            Command::Undo => (T::CmdUndo, T::CmdUndoTip),
            Command::Redo => (T::CmdRedo, T::CmdRedoTip),
            Command::Settings => (T::CmdSettings, T::CmdSettingsTip),
            Command::Quit => (T::CmdQuit, T::CmdQuitTip),
            Command::Form(Section::Tournament) => (T::CmdTournament, T::CmdTournamentTip),
            Command::Form(Section::TimePlace) => (T::CmdTimePlace, T::CmdTimePlaceTip),
            Command::Form(Section::Recorders) => (T::CmdRecorders, T::CmdRecordersTip),
            Command::Form(Section::Players) => (T::CmdPlayers, T::CmdPlayersTip),
            Command::Form(Section::PointRules) => (T::CmdPointRules, T::CmdPointRulesTip),
            Command::Form(Section::Results) => (T::CmdResults, T::CmdResultsTip),
            Command::Record => (T::CmdRecord, T::CmdRecordTip),
            Command::Editor => (T::CmdEditor, T::CmdEditorTip),
            Command::PrevAct => (T::CmdPrevAct, T::CmdPrevActTip),
            Command::NextAct => (T::CmdNextAct, T::CmdNextActTip),
            Command::FirstAct => (T::CmdFirstAct, T::CmdFirstActTip),
            Command::LastAct => (T::CmdLastAct, T::CmdLastActTip),
            Command::PrevFrame => (T::CmdPrevFrame, T::CmdPrevFrameTip),
            Command::NextFrame => (T::CmdNextFrame, T::CmdNextFrameTip),
            Command::InsertAct => (T::CmdInsertAct, T::CmdInsertActTip),
            Command::DeleteAct => (T::CmdDeleteAct, T::CmdDeleteActTip),
            Command::SaveMatchAs => (T::CmdSaveMatchAs, T::CmdSaveMatchAsTip),
            Command::MergeFile => (T::CmdMergeFile, T::CmdMergeFileTip),
            Command::OpenText => (T::CmdOpenText, T::CmdOpenTextTip),
            Command::Import => (T::CmdImport, T::CmdImportTip),
            Command::Export => (T::CmdExport, T::CmdExportTip),
            Command::CopyViewerUrl => (T::CmdCopyViewerUrl, T::CmdCopyViewerUrlTip),
        }
    }

    pub fn label(self, lang: Lang) -> &'static str {
        self.texts().0.tr(lang)
    }

    pub fn tooltip(self, lang: Lang) -> &'static str {
        self.texts().1.tr(lang)
    }

    /// The keyboard shortcuts, the first one shown on buttons and in menus.
    pub fn shortcuts(self) -> Vec<KeyboardShortcut> {
        fn k(modifiers: Modifiers, key: Key) -> KeyboardShortcut {
            KeyboardShortcut::new(modifiers, key)
        }
        match self {
            Command::NewMatch => vec![k(CTRL, Key::N)],
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
            Command::SaveMatchAs => vec![k(CTRL_SHIFT, Key::E)],
            Command::MergeFile => vec![k(CTRL_SHIFT, Key::O)],
            Command::OpenText => vec![k(CTRL, Key::Enter)],
            Command::Import => vec![k(CTRL_SHIFT, Key::I)],
            Command::Export => vec![k(CTRL_SHIFT, Key::X)],
            Command::CopyViewerUrl => vec![k(CTRL_SHIFT, Key::U)],
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_commands_share_a_shortcut() {
        let mut seen: Vec<(KeyboardShortcut, Command)> = Vec::new();
        for c in Command::ALL {
            for s in c.shortcuts() {
                if let Some((_, other)) = seen.iter().find(|(x, _)| *x == s) {
                    panic!("{c:?} and {other:?} share {s:?}");
                }
                seen.push((s, c));
            }
        }
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
    }
}
