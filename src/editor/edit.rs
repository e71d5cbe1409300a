//! The editor's work on a paifu, apart from the screen: corrections of a frame as values that
//! make the corrected frame (the editor makes each one undo step), the list of frames with their
//! results and point changes, and the points of each player across a match. No egui here.

use crate::format::{
    Act, DORA_SLOTS, Discard, Draw, Frame, FrameFlow, FrameId, Hand, Match, Points, Seat, SeatHand, StrLit, Tile,
    dora_slot, ura_slot,
};
use crate::i18n::{Text, tr};
use crate::rules::{FrameEnd, Table, dora_of, fill_end_hands};

/// One correction of a frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FrameEdit {
    /// Act `act` (from 0) becomes `to`.
    ReplaceAct {
        act: usize,
        to: Act,
    },
    /// `act` is put in before act `at` (`at` = the number of acts appends it).
    InsertAct {
        at: usize,
        act: Act,
    },
    /// Act `act` is taken out.
    DeleteAct {
        act: usize,
    },
    /// The start hand of `seat` (13 tiles, or 14 for East: the 14th is its first tsumo).
    StartHand {
        seat: Seat,
        tiles: Vec<Tile>,
    },
    /// The dora indicators as shown (dora, then kan dora 1..4) and the ura indicators under them.
    Indicators {
        dora: Vec<Tile>,
        ura: Vec<Tile>,
    },
    StartPoints(Option<[Points; 4]>),
    EndPoints(Option<[Points; 4]>),
    Kyoutaku(Option<Points>),
    Comment(Option<StrLit>),
    /// The end hands are written as the replay of the acts leaves them.
    EndHandsFromReplay,
}

/// Why a correction cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    NoFlow,
    NoSuchAct(usize),
    HandSize { seat: Seat, count: usize },
    TooManyIndicators(usize),
    NoReplay,
}

impl EditError {
    /// The message in both languages.
    pub fn text(&self) -> Text {
        match self {
            EditError::NoFlow => tr!("editor-error-no-flow").text(),
            EditError::NoSuchAct(n) => tr!("editor-error-no-such-act", act = *n),
            EditError::HandSize { seat, count } => {
                // The seat as a wind (English "South" as the program always wrote it, 南家).
                let seat = crate::format::Wind::ALL[seat.index()].word();
                tr!("editor-error-hand-size", seat = seat, count = *count)
            }
            EditError::TooManyIndicators(n) => tr!("editor-error-too-many-indicators", count = *n),
            EditError::NoReplay => tr!("editor-error-no-replay").text(),
        }
    }
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text().en)
    }
}

impl std::error::Error for EditError {}

impl FrameEdit {
    /// The frame after this correction; `f` is not changed.
    pub fn applied(&self, f: &Frame) -> Result<Frame, EditError> {
        let mut out = f.clone();
        match self {
            FrameEdit::ReplaceAct { act, to } => {
                let acts = acts_of(&mut out)?;
                let slot = acts.get_mut(*act).ok_or(EditError::NoSuchAct(act + 1))?;
                *slot = *to;
            }
            FrameEdit::InsertAct { at, act } => {
                if *at > acts_of(&mut out)?.len() {
                    return Err(EditError::NoSuchAct(at + 1));
                }
                // An act added afterwards was not entered as it happened: it has no time.
                if let Some(flow) = out.flow.as_mut() {
                    flow.insert_act(*at, *act, None);
                }
            }
            FrameEdit::DeleteAct { act } => {
                if *act >= acts_of(&mut out)?.len() {
                    return Err(EditError::NoSuchAct(act + 1));
                }
                if let Some(flow) = out.flow.as_mut() {
                    flow.remove_act(*act);
                }
            }
            FrameEdit::StartHand { seat, tiles } => {
                let hand = Hand::dealt(*seat, tiles).ok_or(EditError::HandSize { seat: *seat, count: tiles.len() })?;
                let flow = out.flow.get_or_insert_with(FrameFlow::default);
                match flow.start_hands.iter_mut().find(|h| h.seat == *seat) {
                    Some(h) => h.hand = hand,
                    None => {
                        flow.start_hands.push(SeatHand { seat: *seat, hand });
                        flow.start_hands.sort_by_key(|h| h.seat.index());
                    }
                }
            }
            FrameEdit::Indicators { dora, ura } => {
                let most = dora.len().max(ura.len());
                if most > 5 {
                    return Err(EditError::TooManyIndicators(most));
                }
                let mut slots = vec![Tile::UNKNOWN; DORA_SLOTS];
                for (n, t) in dora.iter().enumerate() {
                    slots[dora_slot(n)] = dora_of(*t);
                }
                for (n, t) in ura.iter().enumerate() {
                    slots[ura_slot(n)] = dora_of(*t);
                }
                out.dora = slots;
            }
            FrameEdit::StartPoints(p) => out.start_points = *p,
            FrameEdit::EndPoints(p) => out.end_points = *p,
            FrameEdit::Kyoutaku(k) => out.kyoutaku = *k,
            FrameEdit::Comment(c) => out.comment = c.clone().filter(|c| !c.is_empty()),
            FrameEdit::EndHandsFromReplay => {
                if out.flow.is_none() {
                    return Err(EditError::NoFlow);
                }
                if Table::replay(&out, usize::MAX).is_none() {
                    return Err(EditError::NoReplay);
                }
                fill_end_hands(&mut out);
            }
        }
        Ok(out)
    }
}

/// The kind of an act's discard part, for quick changes (a tsumogiri recorded as a discard from
/// the hand, a riichi missed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActKind {
    /// A tile from the hand.
    Discard,
    Tsumogiri,
    Riichi,
    /// A tsumo win on the draw.
    Tsumo,
}

/// `act` with its discard part made of `kind`, keeping the tile where one is known (the tile
/// discarded, or the tile drawn); `None` when there is no tile to make it from.
pub fn with_kind(act: Act, kind: ActKind) -> Option<Act> {
    let drawn = match act.draw {
        Draw::Tile(t) | Draw::Rinshan(t) => Some(t),
        _ => None,
    };
    let tile = match act.discard {
        Some(Discard::Tile(t) | Discard::Riichi(t)) => Some(t),
        Some(Discard::Tsumogiri | Discard::Tsumo) | None => drawn,
        Some(Discard::Karagiri) => drawn,
        Some(Discard::Kakan(_) | Discard::Ankan(_)) => return None,
    };
    let discard = match kind {
        ActKind::Discard => Discard::Tile(tile?),
        ActKind::Tsumogiri => {
            drawn?;
            Discard::Tsumogiri
        }
        ActKind::Riichi => Discard::Riichi(tile?),
        ActKind::Tsumo => {
            if drawn.is_none() && act.draw != Draw::Oya {
                return None;
            }
            Discard::Tsumo
        }
    };
    Some(Act { discard: Some(discard), ..act })
}

fn acts_of(f: &mut Frame) -> Result<&mut Vec<Act>, EditError> {
    f.flow.as_mut().map(|fl| &mut fl.acts).ok_or(EditError::NoFlow)
}

/// The dora indicators shown (dora, kan dora 1..4) and the ura indicators of a frame, up to the
/// last one known; unknown ones in between stay unknown.
pub fn indicators(f: &Frame) -> (Vec<Tile>, Vec<Tile>) {
    let pick = |slot: fn(usize) -> usize| -> Vec<Tile> {
        let mut v: Vec<Tile> = (0..5)
            .map(|n| f.dora.get(slot(n)).and_then(|d| crate::rules::indicator_of(*d)).unwrap_or(Tile::UNKNOWN))
            .collect();
        while v.last().is_some_and(|t| t.is_unknown()) {
            v.pop();
        }
        v
    };
    (pick(dora_slot), pick(ura_slot))
}

/// How a frame ended, as the replay of its acts says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayResult {
    Tsumo(Seat),
    Ron {
        winners: Vec<Seat>,
        discarder: Seat,
    },
    Exhaustive,
    /// No win and tiles left: an abortive draw, or a frame not finished.
    NoResult,
    /// The frame cannot be replayed (no flow, or a broken start).
    Unknown,
}

impl ReplayResult {
    /// `E tsumo`, `S ron off W`, `exhaustive draw`; in Japanese `東家 ツモ`, `南家 ロン（西家放銃）`, `流局`.
    pub fn text(&self) -> Text {
        match self {
            ReplayResult::Tsumo(seat) => tr!("editor-result-tsumo", seat = seat.word()),
            ReplayResult::Ron { winners, discarder } => {
                let winners =
                    Text::join(winners.iter().map(|x| x.word().text()), tr!("editor-result-winners-separator"));
                tr!("editor-result-ron", winners = winners, discarder = discarder.word())
            }
            ReplayResult::Exhaustive => tr!("editor-result-exhaustive").text(),
            ReplayResult::NoResult => tr!("editor-result-no-result").text(),
            ReplayResult::Unknown => Text::verbatim("—"),
        }
    }
}

/// One line of the frame list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameRow {
    pub id: FrameId,
    pub result: ReplayResult,
    /// End points minus start points, in real points, by player (plyerId order).
    pub changes: Option<[i64; 4]>,
}

/// The frame list of a match.
pub fn frame_rows(m: &Match) -> Vec<FrameRow> {
    m.frames
        .iter()
        .map(|f| {
            let result = match Table::replay(f, usize::MAX).map(|t| t.end()) {
                Some(FrameEnd::Tsumo { seat, .. }) => ReplayResult::Tsumo(seat),
                Some(FrameEnd::Ron { winners, discarder, .. }) => ReplayResult::Ron { winners, discarder },
                Some(FrameEnd::Exhaustive) => ReplayResult::Exhaustive,
                Some(FrameEnd::NoResult) => ReplayResult::NoResult,
                None => ReplayResult::Unknown,
            };
            let changes = match (f.start_points, f.end_points) {
                (Some(s), Some(e)) => {
                    Some(f.id.by_player(std::array::from_fn(|i| e[i].as_points() - s[i].as_points())))
                }
                _ => None,
            };
            FrameRow { id: f.id, result, changes }
        })
        .collect()
}

/// Each player's points (plyerId order, real points) at the start of every frame, then after the
/// last frame: the line of the points chart. Frames without start points are left out.
pub fn points_by_frame(m: &Match) -> Vec<(String, [i64; 4])> {
    let by_player = |f: &Frame, p: [Points; 4]| f.id.by_player(p.map(Points::as_points));
    let mut out: Vec<(String, [i64; 4])> =
        m.frames.iter().filter_map(|f| f.start_points.map(|p| (f.id.to_string(), by_player(f, p)))).collect();
    if let Some(last) = m.frames.last()
        && let Some(p) = last.end_points
    {
        out.push(("end".into(), by_player(last, p)));
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::format::parse_act;

    #[test]
    fn kinds_of_an_act_keep_its_tile() {
        let a = parse_act("(s,5p,3m)").unwrap();
        assert_eq!(with_kind(a, ActKind::Tsumogiri), Some(parse_act("(s,5p,tg)").unwrap()));
        assert_eq!(with_kind(a, ActKind::Riichi), Some(parse_act("(s,5p,rc[3m])").unwrap()));
        let tg = parse_act("(s,5p,tg)").unwrap();
        assert_eq!(with_kind(tg, ActKind::Discard), Some(parse_act("(s,5p,5p)").unwrap()));
        assert_eq!(with_kind(tg, ActKind::Tsumo), Some(parse_act("(s,5p,tm)").unwrap()));
        let pon = parse_act("(w,pn[2m2m],7s)").unwrap();
        assert_eq!(with_kind(pon, ActKind::Tsumogiri), None, "nothing was drawn");
        assert_eq!(with_kind(pon, ActKind::Riichi), Some(parse_act("(w,pn[2m2m],rc[7s])").unwrap()));
    }

    fn frame() -> Frame {
        crate::rules::simulate::random_match(7, 2).frames[0].clone()
    }

    #[test]
    fn act_edits_replace_insert_and_delete_and_refuse_what_is_not_there() {
        let f = frame();
        let n = f.flow.as_ref().unwrap().acts.len();
        let to = parse_act("(e,1m,tg)").unwrap();
        let g = FrameEdit::ReplaceAct { act: 0, to }.applied(&f).unwrap();
        assert_eq!(g.flow.as_ref().unwrap().acts[0], to);
        let g = FrameEdit::InsertAct { at: n, act: to }.applied(&f).unwrap();
        assert_eq!(g.flow.as_ref().unwrap().acts.len(), n + 1);
        let g = FrameEdit::DeleteAct { act: 0 }.applied(&f).unwrap();
        assert_eq!(g.flow.as_ref().unwrap().acts[..], f.flow.as_ref().unwrap().acts[1..]);
        assert_eq!(FrameEdit::DeleteAct { act: n }.applied(&f), Err(EditError::NoSuchAct(n + 1)));
        assert_eq!(FrameEdit::InsertAct { at: n + 1, act: to }.applied(&f), Err(EditError::NoSuchAct(n + 2)));
        let act = Act { seat: Seat::East, draw: Draw::Tile(Tile::UNKNOWN), discard: Some(Discard::Tsumogiri) };
        assert!(FrameEdit::ReplaceAct { act: 0, to: act }.applied(&Frame::new(f.id)).is_err());
    }

    #[test]
    fn indicators_round_trip_through_the_ten_dora_slots() {
        let f = frame();
        let (dora, ura) = indicators(&f);
        let g = FrameEdit::Indicators { dora: dora.clone(), ura: ura.clone() }.applied(&f).unwrap();
        assert_eq!(indicators(&g), (dora.clone(), ura));
        let mut more = dora.clone();
        more.resize(6, Tile::UNKNOWN);
        assert_eq!(FrameEdit::Indicators { dora: more, ura: vec![] }.applied(&f), Err(EditError::TooManyIndicators(6)));
    }

    #[test]
    fn a_start_hand_must_have_thirteen_tiles_and_east_may_have_fourteen() {
        let f = frame();
        let tiles = |n: usize| vec![Tile::UNKNOWN; n];
        assert!(FrameEdit::StartHand { seat: Seat::East, tiles: tiles(14) }.applied(&f).is_ok());
        assert_eq!(
            FrameEdit::StartHand { seat: Seat::South, tiles: tiles(14) }.applied(&f),
            Err(EditError::HandSize { seat: Seat::South, count: 14 })
        );
        assert!(EditError::HandSize { seat: Seat::South, count: 12 }.text().ja.contains("南家"));
    }
}
