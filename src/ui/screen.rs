//! The screens the shell shows in the middle, and the chapter of the guide that tells about each.

use super::command::Section;
use super::help::GuidePage;

/// The screen shown in the middle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Start,
    Match(Section),
    Settings,
    Recorder,
    /// Problems, frames, replay and corrections of the open file.
    Editor,
    /// A file that does not parse, shown as text to be fixed.
    Text,
    /// Double entry: the open file and another recording of the match, reconciled.
    Compare,
    /// A season's standings (File > Standings…).
    Standings,
}

impl Screen {
    /// The chapter of the user guide that tells about the screen (Help > User guide, F1).
    pub fn chapter(self) -> GuidePage {
        match self {
            Screen::Start => GuidePage::App,
            Screen::Match(_) => GuidePage::Forms,
            Screen::Settings => GuidePage::Settings,
            Screen::Recorder => GuidePage::Recording,
            Screen::Editor => GuidePage::Editor,
            Screen::Text => GuidePage::TextView,
            Screen::Compare => GuidePage::Compare,
            Screen::Standings => GuidePage::Standings,
        }
    }
}
