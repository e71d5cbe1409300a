//! What the screens share, and nothing of any one screen: the command table, the table of four
//! seats, the tile faces, the problems list, the text fields, the fonts. No feature is used here.

pub mod command;
pub mod fields;
pub mod focus;
pub mod help;
pub mod menu;
pub mod modal;
pub mod opening;
pub mod palette;
pub mod path_question;
pub mod problems;
pub mod rules_options;
pub mod screen;
pub mod start;
pub mod table_view;
pub mod tiles;
pub mod typing;
pub mod video_bar;
pub mod window;

use egui::{FontData, FontDefinitions, FontFamily};

pub use fields::{entered, focus_next_field, text_field, text_input, text_input_plain, text_input_response};

use crate::format::Match;
use crate::i18n::Lang;

/// The Japanese font shipped with the program (M+ 1, SIL Open Font License; see assets/fonts).
pub const JAPANESE_FONT: &[u8] = include_bytes!("../../assets/fonts/Mplus1-Regular.otf");

/// Installs egui's own fonts plus the Japanese font as a fallback for every family, so kanji and
/// kana render on a machine with no fonts installed.
pub fn install_fonts(ctx: &egui::Context) {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert("mplus1".into(), FontData::from_static(JAPANESE_FONT).into());
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts.families.entry(family).or_default().push("mplus1".into());
    }
    ctx.set_fonts(fonts);
}

/// A change the user made: `group` names the field being typed into (one undo step while the
/// same field is typed), `None` for a choice or a button (a step of its own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub group: Option<String>,
}

/// Collects the change a view made this frame.
#[derive(Default)]
pub struct Tracker {
    pub change: Option<Change>,
}

impl Tracker {
    /// Text typed into the field `key`.
    pub fn typed(&mut self, changed: bool, key: &str) {
        if changed {
            self.change = Some(Change { group: Some(key.to_string()) });
        }
    }

    /// A choice made or a button pressed.
    pub fn picked(&mut self, changed: bool) {
        if changed {
            self.change = Some(Change { group: None });
        }
    }
}

pub use palette::{ERROR, WARNING};

/// The players' names by plyerId as the screens show them: the name, or the seat wind at E1-0
/// when a player has none.
pub fn player_names(m: &Match, lang: Lang) -> [String; 4] {
    let names = crate::interop::player_names(m);
    std::array::from_fn(|i| match &names[i] {
        n if !n.is_empty() => n.clone(),
        _ => crate::format::Wind::ALL[i].name(lang).to_string(),
    })
}

/// The index a chart's axis mark stands for: a whole number from 0 (a mark between two
/// entries, or before the first, stands for none).
pub fn chart_index(value: f64) -> Option<usize> {
    let i = value.round();
    ((value - i).abs() <= 1e-6 && i >= 0.0).then_some(i as usize)
}
