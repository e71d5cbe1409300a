//! The problems list the editor and the recorder share: a heading with the counts, then each
//! finding of the document's analysis, errors first, red for an error and amber for a warning.
//! Under the first problem of a frame whose likely cause was found, the cause in the game's words
//! and a **Fix** button (and **Look at the video** when a video is linked and several changes
//! fit). A click says where to go or what to fix; the screen does it.

use std::sync::Arc;
use std::time::Duration;

use egui::{RichText, Sense, Ui};

use crate::document::Document;
use crate::format::{Diagnostic, RecordPlace, Severity};
use crate::i18n::{Lang, tr};
use crate::rules::repair::{Cause, EndHands};

use super::{ERROR, WARNING};

/// A list above this many problems shows one line each, and only the rows in view.
const MANY: usize = 200;

/// How long one screen frame may spend working out causes; the rest come in the next frames.
const BUDGET: Duration = Duration::from_millis(25);

/// The colour of a likely cause.
const CAUSE: egui::Color32 = super::palette::GOOD;

/// What the user clicked.
#[derive(Clone, Debug)]
pub enum Clicked {
    /// A problem: go to its place.
    Go(RecordPlace),
    /// The Fix of a frame's likely cause.
    Fix { match_index: usize, frame: usize, cause: Arc<Cause> },
    /// Look at the match video where a likely cause with several candidates lies: its act, or
    /// the deal (`act: None`) when it concerns a hand or an indicator.
    Video { match_index: usize, frame: usize, act: Option<usize> },
}

pub use crate::document::analysis::FrameCause;

/// "Problems (1 error, 2 warnings)".
pub fn heading(lang: Lang, diagnostics: &[Diagnostic], errors: usize) -> String {
    let warnings = diagnostics.len().saturating_sub(errors);
    tr!("ui-problems-heading", errors = errors, warnings = warnings).into_lang(lang)
}

/// The cause line: "Likely cause: act 25, E discarded rd …".
pub fn cause_text(lang: Lang, cause: &Cause) -> String {
    tr!("ui-likely-cause", cause = cause.describe()).into_lang(lang)
}

/// The likely causes of the frames with problems, in the order of the list: those already worked
/// out, and as many more as the time budget allows (a repaint is asked for the rest).
fn causes(ui: &Ui, doc: &Document, end_hands: EndHands) -> Vec<FrameCause> {
    let (causes, complete) = doc.first_causes(end_hands, BUDGET);
    if !complete {
        ui.ctx().request_repaint();
    }
    causes
}

/// Draws the heading and the problems of `doc` (`id` keeps this list's scroll position apart
/// from another's; `end_hands` says whether the recorded end hands are evidence or written from
/// the replay; the problems at `selected` are marked, and scrolled to when it changes; `first`:
/// the cause to name for one frame instead of the document's first, as the recorder's header
/// ranks it at the live end; `video`: a match video is linked, so "Look at the video" is offered
/// where the record cannot decide). Returns what was clicked.
pub fn list(
    ui: &mut Ui,
    lang: Lang,
    id: &str,
    doc: &Document,
    (end_hands, first, video): (EndHands, Option<FrameCause>, bool),
    selected: Option<RecordPlace>,
) -> Option<Clicked> {
    let mut causes = causes(ui, doc, end_hands);
    if let Some((at, cause)) = first {
        causes.retain(|(f, _)| *f != at);
        causes.push((at, cause));
    }
    let analysis = doc.analysis();
    let (diagnostics, errors) = (analysis.diagnostics(), analysis.errors());
    ui.heading(heading(lang, diagnostics, errors));
    if let Some((preset, frames)) = analysis.fitting() {
        let note = tr!("ui-problems-rules-fit", frames = frames, preset = preset.label(lang));
        ui.label(RichText::new(note.into_lang(lang)).color(CAUSE));
    }
    if diagnostics.is_empty() {
        ui.label(RichText::new(tr!("ui-no-problems").get(lang)).weak());
        return None;
    }
    let matches = doc.paifu().matches.len();
    let mut clicked = None;
    // A few problems are shown whole; thousands (a file far off) one line each, only those in view.
    let many = diagnostics.len() > MANY;
    // The cause goes under the first problem of its frame.
    let first_of_frame = |i: usize| {
        let p = diagnostics[i].place;
        p.frame.is_some()
            && !diagnostics[..i].iter().any(|d| d.place.match_index == p.match_index && d.place.frame == p.frame)
    };
    let mut row = |ui: &mut Ui, i: usize| {
        let d = &diagnostics[i];
        let color = if d.severity == Severity::Error { ERROR } else { WARNING };
        let prefix = if matches > 1 { format!("#{} ", d.place.match_index + 1) } else { String::new() };
        let mut text = RichText::new(format!("{prefix}{}", d.message.get(lang))).color(color);
        let here = selected == Some(d.place);
        if here {
            text = text.strong().background_color(ui.visuals().selection.bg_fill.gamma_multiply(0.35));
        }
        let label = egui::Label::new(text).sense(Sense::click());
        let r = ui.add(if many { label.truncate() } else { label.wrap() });
        // Gone to with F8: scrolled into view once.
        let scrolled = egui::Id::unique(id).with("scrolled");
        if here && ui.data(|m| m.get_temp::<Option<RecordPlace>>(scrolled)) != Some(selected) {
            r.scroll_to_me(Some(egui::Align::Center));
            ui.data_mut(|m| m.insert_temp(scrolled, selected));
        }
        if r.on_hover_text(tr!("ui-go-there").get(lang)).clicked() {
            clicked = Some(Clicked::Go(d.place));
        }
        if !first_of_frame(i) {
            return;
        }
        let at = (d.place.match_index, d.place.frame.unwrap_or_default());
        if let Some((_, cause)) = causes.iter().find(|(f, _)| *f == at) {
            ui.horizontal_wrapped(|ui| {
                ui.add_space(12.0);
                let fix = ui.button(tr!("ui-fix").get(lang)).on_hover_text(tr!("ui-fix-tip").get(lang));
                if fix.clicked() {
                    clicked = Some(Clicked::Fix { match_index: at.0, frame: at.1, cause: cause.clone() });
                }
                // Several changes fit: what the record cannot decide, the video can (when linked).
                if video && cause.others > 0 {
                    let look = ui.button(tr!("ui-command-look-at-video").get(lang));
                    if look.on_hover_text(tr!("ui-look-at-video-tip").get(lang)).clicked() {
                        clicked = Some(Clicked::Video { match_index: at.0, frame: at.1, act: cause.act() });
                    }
                }
                let label = egui::Label::new(RichText::new(cause_text(lang, cause)).color(CAUSE));
                ui.add(if many { label.truncate() } else { label.wrap() });
            });
        }
    };
    let area = egui::ScrollArea::vertical().id_salt(id).auto_shrink([false, false]);
    if many {
        let h = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
        area.show_rows(ui, h, diagnostics.len(), |ui, range| {
            for i in range {
                row(ui, i);
            }
        });
    } else {
        area.show(ui, |ui| {
            for i in 0..diagnostics.len() {
                row(ui, i);
            }
        });
    }
    clicked
}
