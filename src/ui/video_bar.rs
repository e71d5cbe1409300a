//! The match video's line, shared by the editor and the recorder: the video's file or address,
//! whether it is synced, the buttons that play the act and sync the video on it (with their
//! keys; shown only once a video is linked), and what the video last said. [`VideoLine`] keeps a screen's video (its
//! [`crate::video::VideoDesk`], kept beside the file) and does what the line and the keys ask.

use egui::{RichText, Ui};

use crate::document::Document;
use crate::document::io::RealDisk;
use crate::i18n::{Lang, Text, tr};
use crate::video::{ActAt, VideoDesk};

/// What the line shows.
#[derive(Clone, Debug, Default)]
pub struct VideoShown {
    /// The video linked (its file or address), if any.
    pub linked: Option<String>,
    /// Sync points set.
    pub sync_points: usize,
    /// The keys of the two buttons, as the screen names them (`V`, `L`; `Y`).
    pub play_key: String,
    pub sync_key: String,
    /// What the video last said, and whether it is bad news.
    pub said: Option<(Text, bool)>,
    /// The field takes the keys now (asked for by its command).
    pub focus: bool,
}

/// What the user asked of the video.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VideoAsk {
    /// Link the video the field names.
    Link(String),
    /// Play the act shown or selected.
    Play,
    /// The video shows the act shown or selected now.
    Sync,
}

/// The line, with `field` the text of the video's field (kept by the screen).
pub fn video_bar(ui: &mut Ui, lang: Lang, field: &mut String, shown: &VideoShown) -> Option<VideoAsk> {
    let mut asked = None;
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(RichText::new(tr!("ui-video-bar-label").get(lang)).strong());
        let hint = tr!("ui-video-bar-hint").get(lang);
        let edit = egui::TextEdit::singleline(field).hint_text(hint).desired_width(320.0);
        let resp = ui.add(edit).labelled_by(label.id);
        if shown.focus {
            resp.request_focus();
        }
        let entered = resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let link = ui.button(tr!("ui-video-bar-link").get(lang)).on_hover_text(tr!("ui-video-bar-link-tip").get(lang));
        if (link.clicked() || entered) && !field.trim().is_empty() {
            asked = Some(VideoAsk::Link(field.trim().to_string()));
        }
        let linked = shown.linked.is_some();
        let state = match (&shown.linked, shown.sync_points) {
            (None, _) => tr!("ui-video-bar-none").text(),
            (Some(_), 0) => tr!("ui-video-bar-not-synced", key = shown.sync_key.as_str()),
            (Some(_), n) => tr!("ui-video-bar-synced", points = n),
        };
        ui.label(RichText::new(state.get(lang)).weak());
        // Playing and syncing are offered only once a video is linked.
        if linked {
            let play = egui::Button::new(tr!("ui-video-bar-play").get(lang)).shortcut_text(&shown.play_key);
            let play = ui.add_enabled(shown.sync_points > 0, play);
            if play.on_hover_text(tr!("ui-video-bar-play-tip").get(lang)).clicked() {
                asked = Some(VideoAsk::Play);
            }
            let sync = egui::Button::new(tr!("ui-video-bar-sync").get(lang)).shortcut_text(&shown.sync_key);
            if ui.add(sync).on_hover_text(tr!("ui-video-bar-sync-tip").get(lang)).clicked() {
                asked = Some(VideoAsk::Sync);
            }
        }
        if let Some((said, bad)) = &shown.said {
            let text = RichText::new(said.get(lang));
            ui.label(if *bad { text.color(super::palette::ERROR) } else { text });
        }
    });
    asked
}

/// The match video of the file a screen shows, and the text of its field: what the editor and
/// the recorder each keep.
#[derive(Debug, Default)]
pub struct VideoLine {
    desk: VideoDesk,
    field: String,
    /// The field is to take the keys at the next frame.
    focus: bool,
}

impl VideoLine {
    /// Draws the line for match `mi` of `doc`, `at` the act shown (frame, and act or the deal),
    /// `keys` the keys that play and sync as the screen names them, and does what it asks.
    pub fn bar(
        &mut self,
        ui: &mut Ui,
        lang: Lang,
        doc: &Document,
        mi: usize,
        at: (usize, Option<usize>),
        keys: [String; 2],
    ) {
        self.follow(doc);
        let [play_key, sync_key] = keys;
        let shown = VideoShown {
            linked: self.desk.source_text(),
            sync_points: self.desk.link().map_or(0, |l| l.sync.len()),
            play_key,
            sync_key,
            said: self.desk.said.clone(),
            focus: std::mem::take(&mut self.focus),
        };
        match video_bar(ui, lang, &mut self.field, &shown) {
            Some(VideoAsk::Link(text)) => {
                let answer = self.desk.link_to(&text, &RealDisk);
                self.tell(answer);
            }
            Some(VideoAsk::Play) => self.play(doc, mi, at),
            Some(VideoAsk::Sync) => self.sync(doc, mi, at),
            None => {}
        }
        ui.separator();
    }

    /// Whether a video is linked to the file (as of the line last drawn): the video's commands
    /// are offered only then.
    pub fn linked(&self) -> bool {
        self.desk.link().is_some()
    }

    /// The field takes the keys at the next frame (a video typed without the pointer).
    pub fn focus_field(&mut self) {
        self.focus = true;
    }

    /// Plays the video from 5 s before `at` (frame, and act or the deal) of match `mi`.
    pub fn play(&mut self, doc: &Document, mi: usize, at: (usize, Option<usize>)) {
        self.follow(doc);
        let Some(m) = doc.paifu().matches.get(mi) else { return };
        let answer = self.desk.play(m, ActAt { frame: at.0, act: at.1 });
        self.tell(answer);
    }

    /// The video shows `at` now: a sync point there.
    pub fn sync(&mut self, doc: &Document, mi: usize, at: (usize, Option<usize>)) {
        self.follow(doc);
        let Some(m) = doc.paifu().matches.get(mi) else { return };
        let answer = self.desk.sync(m, ActAt { frame: at.0, act: at.1 }, &RealDisk);
        self.tell(answer);
    }

    /// Follows the document's file; its field shows the video linked to it.
    fn follow(&mut self, doc: &Document) {
        if self.desk.follow(doc.path()) {
            self.field = self.desk.source_text().unwrap_or_default();
        }
    }

    fn tell(&mut self, answer: Result<Text, Text>) {
        self.desk.said = Some(match answer {
            Ok(t) => (t, false),
            Err(t) => (t, true),
        });
    }
}
