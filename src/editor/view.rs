//! The editor screen: on the left the frames of the match (id, result, point changes) and the
//! problems of the whole file (errors first, a click goes there); in the middle the table as it
//! stood at the chosen act, with the step controls and a chart of the players' points; on the
//! right the acts of the frame, the field that corrects, inserts or deletes an act, and the
//! frame's own fields (start hands, dora, points, kyoutaku, comment).
//!
//! The view draws from the document and returns what the user asked for as [`Event`]s; the
//! [`super::Editor`] carries them out.

use egui::{RichText, Ui};

use super::act_box::{ActBox, BoxAsked};
use super::edit::{self as editor, FrameEdit, FrameRow};
use crate::document::{Cached, Document, Revision};
use crate::format::{Act, Frame, Points, RecordPlace, Seat, StrLit, Tile, act_text};
use crate::i18n::{Lang, Text, tr};
use crate::interop::mpsz;
use crate::rules::Table;
use crate::rules::repair::{Cause, EndHands};
use crate::ui::command::Command;
use crate::ui::fields::{hand_tiles, read_points};
use crate::ui::problems::Clicked;
use crate::ui::{ERROR, palette, problems, table_view, tiles};
use std::sync::Arc;

/// What the user asked for.
#[derive(Clone, Debug)]
pub enum Event {
    Command(Command),
    /// Another match of the file.
    Match(usize),
    /// Another frame of the match.
    Frame(usize),
    /// The replay goes to this many acts applied.
    Goto(usize),
    /// A problem was clicked.
    Jump(RecordPlace),
    /// The Fix of a frame's likely cause was pressed.
    Fix {
        match_index: usize,
        frame: usize,
        cause: Arc<Cause>,
    },
    /// A correction of the frame shown.
    Edit(FrameEdit),
    /// Look at the match video at act `act` of frame `frame` (its deal when `None`).
    Video {
        match_index: usize,
        frame: usize,
        act: Option<usize>,
    },
}

/// The text buffers of the frame's own fields.
#[derive(Clone, Debug, Default)]
pub struct FrameFields {
    pub hands: [String; 4],
    pub dora: String,
    pub ura: String,
    pub start: [String; 4],
    pub end: [String; 4],
    pub kyoutaku: String,
    pub comment: String,
}

impl FrameFields {
    fn of(f: &Frame) -> FrameFields {
        let mut out = FrameFields::default();
        if let Some(flow) = &f.flow {
            for sh in &flow.start_hands {
                let mut t = sh.hand.tiles.clone();
                t.extend(sh.hand.tsumo);
                out.hands[sh.seat.index()] = mpsz::tiles_text(&t);
            }
        }
        let (dora, ura) = editor::indicators(f);
        out.dora = mpsz::tiles_text(&dora);
        out.ura = mpsz::tiles_text(&ura);
        let pts = |p: Option<[Points; 4]>| p.map(|p| p.map(|x| x.as_points().to_string())).unwrap_or_default();
        out.start = pts(f.start_points);
        out.end = pts(f.end_points);
        out.kyoutaku = f.kyoutaku.map(|k| k.as_points().to_string()).unwrap_or_default();
        out.comment = f.comment.as_ref().and_then(|c| c.native.clone().or(c.roman.clone())).unwrap_or_default();
        out
    }
}

/// The frame list and the points chart of a match.
type Rows = (Vec<FrameRow>, Vec<(String, [i64; 4])>);

/// What the screen keeps between frames (kept by the [`super::Editor`]).
#[derive(Clone, Debug, Default)]
pub struct EditorState {
    /// The frame shown, in the match the app has chosen.
    pub frame: usize,
    /// How many acts of the frame the table has applied (0 = as dealt).
    pub position: usize,
    /// The act field, filled from the act shown whenever the replay moves or the document changes.
    pub act: ActBox,
    act_for: Cached<(Revision, usize, usize, usize), ()>,
    /// The frame's own fields, filled whenever another frame is shown or the document changes.
    pub fields: FrameFields,
    fields_for: Cached<(Revision, usize, usize), ()>,
    pub field_error: Option<String>,
    /// Worked out once per revision and match rather than once per screen frame.
    rows: Cached<(Revision, usize), Rows>,
    /// The table at the act shown.
    table: Cached<(Revision, usize, usize, usize), Option<Table>>,
    /// The problem gone to with F8 / Shift+F8, marked in the list, and where the editor stood
    /// then (match, frame, position): it counts only while the editor still stands there.
    pub problem: Option<(RecordPlace, (usize, usize, usize))>,
    /// Why the last F8 or Ctrl+. did nothing (no problem, no likely cause).
    pub problem_note: Option<Text>,
    /// A match video is linked to the file: the problems list offers it.
    pub video: bool,
}

impl EditorState {
    /// The problem F8 went to, while the editor still shows match `mi` where it went.
    pub fn current_problem(&self, mi: usize) -> Option<RecordPlace> {
        self.problem.filter(|(_, at)| *at == (mi, self.frame, self.position)).map(|(p, _)| p)
    }

    /// The first frame, shown as it ended.
    pub fn at_end() -> EditorState {
        EditorState { position: usize::MAX, ..EditorState::default() }
    }

    /// Keeps the frame and the replay position inside the match `mi` of `doc`.
    pub fn clamp(&mut self, doc: &Document, mi: usize) {
        let frames = doc.paifu().matches.get(mi).map_or(0, |m| m.frames.len());
        self.frame = self.frame.min(frames.saturating_sub(1));
        self.position = self.position.min(acts_in(doc, mi, self.frame));
    }
}

/// The number of acts of frame `fi` of match `mi`.
pub fn acts_in(doc: &Document, mi: usize, fi: usize) -> usize {
    doc.frame(mi, fi).and_then(|f| f.flow.as_ref()).map_or(0, |fl| fl.acts.len())
}

/// Draws the screen; `players` are the names by plyerId.
pub fn show(
    ui: &mut Ui,
    lang: Lang,
    doc: &Document,
    mi: usize,
    state: &mut EditorState,
    players: &[String; 4],
) -> Vec<Event> {
    let mut events = Vec::new();
    state.clamp(doc, mi);
    let rev = doc.revision();
    let Some(m) = doc.paifu().matches.get(mi) else { return events };
    state.rows.get((rev, mi), || (editor::frame_rows(m), editor::points_by_frame(m)));
    let frame = m.frames.get(state.frame);
    let key = (rev, mi, state.frame, state.position);
    state.table.get(key, || frame.and_then(|f| Table::replay(f, key.3)));
    if let Some(f) = frame {
        if state.fields_for.renew((rev, mi, state.frame)) {
            state.fields = FrameFields::of(f);
            state.field_error = None;
        }
        if state.act_for.renew(key) {
            state.act.fill(current_act(f, state.position));
        }
    }

    egui::Panel::left("editor.left").resizable(true).default_size(340.0).show(ui, |ui| {
        // The chart of the points at the bottom, the frames and the problems above it.
        egui::Panel::bottom("editor.chart").resizable(true).default_size(170.0).show(ui, |ui| {
            points_chart(ui, lang, &state.rows.value().1, players, frame.map(|f| f.id.to_string()));
        });
        egui::CentralPanel::default().show(ui, |ui| left_panel(ui, lang, doc, mi, state, players, &mut events));
    });
    egui::Panel::right("editor.right").resizable(true).default_size(420.0).show(ui, |ui| {
        if let Some(f) = frame {
            right_panel(ui, lang, f, state, &mut events);
        }
    });
    egui::CentralPanel::default().show(ui, |ui| match frame {
        Some(f) => centre(ui, lang, f, state, players, &mut events),
        None => {
            ui.label(RichText::new(tr!("editor-no-frames").get(lang)).weak());
        }
    });
    events
}

/// The act the replay stopped after (`None` at the start of the frame).
fn current_act(f: &Frame, position: usize) -> Option<Act> {
    position.checked_sub(1).and_then(|n| f.flow.as_ref()?.acts.get(n).copied())
}

fn signed(v: i64) -> String {
    if v > 0 { format!("+{v}") } else { v.to_string() }
}

fn left_panel(
    ui: &mut Ui,
    lang: Lang,
    doc: &Document,
    mi: usize,
    state: &EditorState,
    players: &[String; 4],
    events: &mut Vec<Event>,
) {
    let matches = doc.paifu().matches.len();
    if matches > 1 {
        ui.horizontal(|ui| {
            let l = ui.label(tr!("editor-match").get(lang));
            let mut index = mi;
            egui::ComboBox::from_id_salt("editor.match")
                .selected_text(format!("{} / {matches}", mi + 1))
                .show_ui(ui, |ui| {
                    for i in 0..matches {
                        ui.selectable_value(&mut index, i, format!("{}", i + 1));
                    }
                })
                .response
                .labelled_by(l.id);
            if index != mi {
                events.push(Event::Match(index));
            }
        });
    }
    ui.heading(tr!("editor-frames").get(lang));
    let rows = &state.rows.value().0;
    egui::ScrollArea::vertical().id_salt("editor.frames").max_height(ui.available_height() * 0.45).show(ui, |ui| {
        egui::Grid::new("editor.frames.grid").striped(true).spacing([8.0, 2.0]).show(ui, |ui| {
            ui.label("");
            ui.label(RichText::new(tr!("editor-result").get(lang)).weak());
            for p in players {
                ui.label(RichText::new(p).weak());
            }
            ui.end_row();
            for (i, r) in rows.iter().enumerate() {
                let id = r.id.name(lang);
                if ui.selectable_label(i == state.frame, RichText::new(&id).monospace()).clicked() {
                    events.push(Event::Frame(i));
                }
                ui.label(r.result.text().get(lang));
                for p in 0..4 {
                    let t = r.changes.map(|c| signed(c[p])).unwrap_or_else(|| "—".into());
                    let neg = r.changes.is_some_and(|c| c[p] < 0);
                    let t = RichText::new(t).monospace();
                    ui.label(if neg { t.color(ERROR) } else { t });
                }
                ui.end_row();
            }
        });
    });
    ui.separator();
    if let Some(note) = &state.problem_note {
        ui.colored_label(crate::ui::WARNING, note.get(lang));
    }
    let how = (EndHands::Evidence, None, state.video);
    match problems::list(ui, lang, "editor.problems", doc, how, state.current_problem(mi)) {
        Some(Clicked::Go(place)) => events.push(Event::Jump(place)),
        Some(Clicked::Fix { match_index, frame, cause }) => events.push(Event::Fix { match_index, frame, cause }),
        Some(Clicked::Video { match_index, frame, act }) => events.push(Event::Video { match_index, frame, act }),
        None => {}
    }
}

fn centre(ui: &mut Ui, lang: Lang, f: &Frame, state: &EditorState, players: &[String; 4], events: &mut Vec<Event>) {
    let n = f.flow.as_ref().map_or(0, |fl| fl.acts.len());
    let t = state.table.value().as_ref();
    // Rows wider than the panel would widen it; the table is laid out for the width there is.
    let width = ui.available_width();
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(f.id.heading(lang)).size(22.0).strong());
        // The sticks on the table at the act selected (a riichi once its discard passed).
        let ended = f.end_points.is_some() && state.position >= n;
        let k = t.map_or(f.kyoutaku.unwrap_or_default(), |t| t.kyoutaku_now(f.kyoutaku, ended));
        ui.label(tr!("ui-honba-kyoutaku", honba = f.id.honba, kyoutaku = k.as_points()).into_lang(lang));
        if let Some(t) = t {
            ui.separator();
            ui.label(tr!("ui-dora").get(lang));
            let (dora, _) = editor::indicators(f);
            for i in 0..t.dora_shown() {
                let ind = dora.get(i).copied().unwrap_or(Tile::UNKNOWN);
                ui.add(tiles::image(ui.ctx(), ind, 20.0, false)).on_hover_text(ind.code());
            }
            ui.separator();
            ui.label(tr!("ui-tiles-left", count = t.wall_left.max(0)).into_lang(lang));
        }
    });
    ui.horizontal_wrapped(|ui| {
        for c in [Command::FirstAct, Command::PrevAct] {
            if c.button(ui, lang, state.position > 0) {
                events.push(Event::Command(c));
            }
        }
        ui.spacing_mut().slider_width = 140.0;
        let mut pos = state.position;
        let slider = egui::Slider::new(&mut pos, 0..=n).text(tr!("editor-acts-slider").get(lang));
        let l = ui.label(tr!("editor-act").get(lang));
        if ui.add_enabled(n > 0, slider).labelled_by(l.id).changed() {
            events.push(Event::Goto(pos));
        }
        for c in [Command::NextAct, Command::LastAct] {
            if c.button(ui, lang, state.position < n) {
                events.push(Event::Command(c));
            }
        }
    });
    let what = match current_act(f, state.position) {
        Some(a) => tr!("editor-after-act", position = state.position, count = n, act = a.text()).into_lang(lang),
        None => tr!("editor-as-dealt").get(lang).to_string(),
    };
    ui.label(RichText::new(what).strong().color(palette::ACCENT));
    ui.separator();
    match t {
        Some(t) => {
            let turn = current_act(f, state.position).map(|a| a.seat);
            let names = f.id.by_seat(players.clone());
            egui::ScrollArea::vertical().id_salt("editor.table").show(ui, |ui| {
                ui.set_max_width(width);
                table_view::table(ui, lang, t, turn, &names, Some(&table_view::Centre::of(f, t)));
            });
        }
        None => {
            ui.label(RichText::new(tr!("editor-cannot-replay").get(lang)).color(ERROR));
        }
    }
}

fn right_panel(ui: &mut Ui, lang: Lang, f: &Frame, state: &mut EditorState, events: &mut Vec<Event>) {
    let acts: &[Act] = f.flow.as_ref().map_or(&[], |fl| fl.acts.as_slice());
    ui.heading(tr!("editor-acts").get(lang));
    let row = ui.text_style_height(&egui::TextStyle::Monospace) + 6.0;
    let mut area = egui::ScrollArea::vertical().id_salt("editor.acts").max_height(ui.available_height() * 0.4);
    // Keep the current act in view when the replay moves.
    let key = egui::Id::unique("editor.acts.pos");
    let last: Option<usize> = ui.data(|d| d.get_temp(key));
    if last != Some(state.position) {
        area = area.vertical_scroll_offset((state.position as f32 - 4.0).max(0.0) * row);
        ui.data_mut(|d| d.insert_temp(key, state.position));
    }
    area.show_rows(ui, row, acts.len(), |ui, range| {
        for n in range {
            let text = format!("{:>3}  {}", n + 1, act_text(&acts[n]));
            if ui.selectable_label(state.position == n + 1, RichText::new(text).monospace()).clicked() {
                events.push(Event::Goto(n + 1));
            }
        }
    });
    ui.separator();
    for asked in state.act.show(ui, lang, state.position, current_act(f, state.position)) {
        events.push(match asked {
            BoxAsked::Edit(e) => Event::Edit(e),
            BoxAsked::Command(c) => Event::Command(c),
        });
    }
    ui.separator();
    egui::CollapsingHeader::new(RichText::new(tr!("editor-frame").get(lang)).heading()).default_open(true).show(
        ui,
        |ui| {
            egui::ScrollArea::vertical().id_salt("editor.fields").show(ui, |ui| frame_fields(ui, lang, state, events));
        },
    );
}

/// One row of the frame fields: a label, the field(s), an Apply button (Enter in a field applies
/// too). Returns true when the row is to be applied.
fn apply_button(ui: &mut Ui, lang: Lang, enter: bool) -> bool {
    ui.add(egui::Button::new(tr!("editor-apply").get(lang)).small()).clicked() || enter
}

fn entered(r: &egui::Response, ui: &Ui) -> bool {
    r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
}

fn field(ui: &mut Ui, label: egui::Id, key: &str, text: &mut String, width: f32) -> bool {
    let h = ui.spacing().interact_size.y;
    let r = ui.add_sized([width, h], egui::TextEdit::singleline(text).id_salt(key)).labelled_by(label);
    entered(&r, ui)
}

/// The width of the frame fields' text column (four points fields share it).
const FIELD: f32 = 220.0;

fn frame_fields(ui: &mut Ui, lang: Lang, state: &mut EditorState, events: &mut Vec<Event>) {
    let fl = &mut state.fields;
    let mut result: Option<Result<FrameEdit, String>> = None;
    egui::Grid::new("editor.fields.grid").num_columns(3).spacing([6.0, 4.0]).show(ui, |ui| {
        for seat in Seat::ALL {
            let l = ui.label(tr!("editor-start-hand", seat = seat.word()).into_lang(lang));
            let enter = field(ui, l.id, &format!("editor.hand.{}", seat.index()), &mut fl.hands[seat.index()], FIELD);
            if apply_button(ui, lang, enter) {
                result =
                    Some(hand_tiles(&fl.hands[seat.index()], lang).map(|tiles| FrameEdit::StartHand { seat, tiles }));
            }
            ui.end_row();
        }
        let l = ui.label(tr!("editor-dora-indicators").get(lang));
        let e1 = field(ui, l.id, "editor.dora", &mut fl.dora, FIELD);
        let apply_dora = apply_button(ui, lang, e1);
        ui.end_row();
        let l = ui.label(tr!("editor-ura-indicators").get(lang));
        let e2 = field(ui, l.id, "editor.ura", &mut fl.ura, FIELD);
        let apply_ura = apply_button(ui, lang, e2);
        ui.end_row();
        if apply_dora || apply_ura {
            result = Some(
                hand_tiles(&fl.dora, lang)
                    .and_then(|dora| hand_tiles(&fl.ura, lang).map(|ura| FrameEdit::Indicators { dora, ura })),
            );
        }
        for (which, name) in [(0, tr!("editor-start-points")), (1, tr!("editor-end-points"))] {
            let l = ui.label(name.get(lang));
            let mut enter = false;
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = 3.0;
                let pts = if which == 0 { &mut fl.start } else { &mut fl.end };
                for (i, p) in pts.iter_mut().enumerate() {
                    enter |= field(ui, l.id, &format!("editor.points.{which}.{i}"), p, (FIELD - 9.0) / 4.0);
                }
            });
            if apply_button(ui, lang, enter) {
                let pts = if which == 0 { &fl.start } else { &fl.end };
                result = Some(
                    read_four(pts, lang, name.get(lang))
                        .map(|p| if which == 0 { FrameEdit::StartPoints(p) } else { FrameEdit::EndPoints(p) }),
                );
            }
            ui.end_row();
        }
        let l = ui.label(tr!("editor-kyoutaku").get(lang));
        let enter = field(ui, l.id, "editor.kyoutaku", &mut fl.kyoutaku, 80.0);
        if apply_button(ui, lang, enter) {
            result = Some(read_one(&fl.kyoutaku, lang, tr!("editor-kyoutaku").get(lang)).map(FrameEdit::Kyoutaku));
        }
        ui.end_row();
        let l = ui.label(tr!("editor-comment").get(lang));
        let enter = field(ui, l.id, "editor.comment", &mut fl.comment, FIELD);
        if apply_button(ui, lang, enter) {
            let c = fl.comment.trim();
            result = Some(Ok(FrameEdit::Comment((!c.is_empty()).then(|| StrLit::native(c)))));
        }
        ui.end_row();
    });
    if ui
        .button(tr!("editor-end-hands-from-replay").get(lang))
        .on_hover_text(tr!("editor-end-hands-tip").get(lang))
        .clicked()
    {
        result = Some(Ok(FrameEdit::EndHandsFromReplay));
    }
    match result {
        Some(Ok(e)) => {
            state.field_error = None;
            events.push(Event::Edit(e));
        }
        Some(Err(e)) => state.field_error = Some(e),
        None => {}
    }
    if let Some(e) = &state.field_error {
        ui.colored_label(ERROR, e);
    }
}

fn read_one(text: &str, lang: Lang, what: &str) -> Result<Option<Points>, String> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    read_points(text, lang, what).map(Some)
}

/// Four points, or none when all four are empty.
fn read_four(texts: &[String; 4], lang: Lang, what: &str) -> Result<Option<[Points; 4]>, String> {
    if texts.iter().all(|t| t.trim().is_empty()) {
        return Ok(None);
    }
    let mut out = [Points(0); 4];
    for (i, t) in texts.iter().enumerate() {
        out[i] = read_one(t, lang, what)?.ok_or_else(|| tr!("editor-points-all-or-none").get(lang).to_string())?;
    }
    Ok(Some(out))
}

/// The four players' points across the frames; a vertical line marks the frame shown.
fn points_chart(ui: &mut Ui, lang: Lang, points: &[(String, [i64; 4])], players: &[String; 4], frame: Option<String>) {
    use egui_plot::{Legend, Line, Plot, PlotPoints, VLine};
    if points.is_empty() {
        ui.label(RichText::new(tr!("editor-no-points").get(lang)).weak());
        return;
    }
    let labels: Vec<String> = points.iter().map(|(l, _)| l.clone()).collect();
    let end_label = tr!("editor-end-label").get(lang).to_string();
    Plot::new("editor.points")
        .legend(Legend::default())
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .x_axis_formatter(move |mark, _| {
            match crate::ui::chart_index(mark.value).and_then(|i| labels.get(i)).map(String::as_str) {
                Some("end") => end_label.clone(),
                Some(l) => l.to_string(),
                None => String::new(),
            }
        })
        .show(ui, |plot| {
            for (p, name) in players.iter().enumerate() {
                let series: Vec<[f64; 2]> =
                    points.iter().enumerate().map(|(x, (_, v))| [x as f64, v[p] as f64]).collect();
                plot.line(Line::new(name.clone(), PlotPoints::from(series)).color(palette::SERIES[p]).width(2.0));
            }
            if let Some(x) = frame.and_then(|id| points.iter().position(|(l, _)| *l == id)) {
                plot.add(VLine::new("", x as f64).color(palette::MARKER));
            }
        });
}
