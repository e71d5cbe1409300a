//! Reading a tenhou.net/6 log: the JSON read by serde into a [`Tenhou6Log`] (a wrong value refused
//! at its path), then each kyoku made a frame (the order of its acts rebuilt by
//! [`super::rebuild`]).

use super::kyoku::{Kyoku, Result6};
use super::log::{Tenhou6Log, Tenhou6Rule};
use super::rebuild::order;
use super::room::Game;
use crate::format::{
    Choice, DORA_SLOTS, Frame, FrameFlow, Hand, Match, Name, Paifu, Player, Points, Seat, SeatHand, Severity, StrLit,
    Tile, TourInfo, dora_slot, ura_slot,
};
use crate::i18n::tr;
use crate::interop::json::convert_error;
use crate::interop::{ConvertError, no_flow, not_hundreds, path_at, the_file};
use crate::rules::{Table, dora_of};

pub(crate) fn points(v: i64, at: &str) -> Result<Points, ConvertError> {
    Points::from_points(v).ok_or_else(|| ConvertError::new(path_at(at), not_hundreds(v)))
}

/// The frame of one kyoku.
pub(crate) fn frame_of(k: &Kyoku, path: &str) -> Result<Frame, ConvertError> {
    let id = k.id();
    let mut frame = Frame::new(id);
    frame.kyoutaku = Some(Points(i32::try_from(k.kyotaku * 10).unwrap_or(0)));
    let mut start = [Points(0); 4];
    for s in Seat::ALL {
        start[s.index()] = points(k.scores[k.player(s)], &format!("{path}[1]"))?;
    }
    frame.start_points = Some(start);
    let mut dora = vec![Tile::UNKNOWN; DORA_SLOTS];
    for (i, t) in k.dora.iter().enumerate().take(5) {
        dora[dora_slot(i)] = dora_of(*t);
    }
    for (i, t) in k.ura.iter().enumerate().take(5) {
        dora[ura_slot(i)] = dora_of(*t);
    }
    frame.dora = dora;
    let start_hands: Vec<SeatHand> = Seat::ALL
        .into_iter()
        .map(|s| SeatHand { seat: s, hand: Hand { tiles: k.hands[k.player(s)].clone(), tsumo: None, furo: vec![] } })
        .collect();
    frame.flow = Some(FrameFlow { start_hands, acts: vec![], end_hands: vec![], times: Vec::new() });
    let (table, findings) = Table::start(&frame).ok_or_else(|| ConvertError::new(path_at(path), no_flow()))?;
    if let Some(f) = findings.iter().find(|f| f.severity == Severity::Error) {
        return Err(ConvertError::new(path_at(path), tr!("interop-at-frame", frame = id, text = &f.message)));
    }
    let (acts, table) =
        order(k, table).map_err(|m| ConvertError::new(path_at(path), tr!("interop-at-frame", frame = id, text = m)))?;
    // End points: the start, the changes of the result, less the sticks deposited.
    let dep = table.deposits();
    let mut change = [0i64; 4];
    match &k.result {
        Result6::Win(rows) => {
            for r in rows {
                for (p, d) in r.deltas.iter().enumerate() {
                    change[p] = change[p].saturating_add(*d);
                }
            }
        }
        Result6::Draw(_, d) => change = *d,
    }
    let mut end = [Points(0); 4];
    for s in Seat::ALL {
        let p = k.player(s);
        // Saturating: numbers of a damaged log may be anything; too large is refused by `points`.
        let v = k.scores[p].saturating_add(change[p]).saturating_sub(if dep[s.index()] { 1000 } else { 0 });
        end[s.index()] = points(v, &format!("{path}[16]"))?;
    }
    frame.end_points = Some(end);
    if let Some(flow) = frame.flow.as_mut() {
        flow.end_hands = Seat::ALL.into_iter().map(|s| SeatHand { seat: s, hand: table.hand_of(s) }).collect();
        flow.acts = acts;
    }
    Ok(frame)
}

/// Reads a tenhou.net/6 JSON log into a record of one match.
pub fn import(text: &str) -> Result<Paifu, ConvertError> {
    let log = decode(text)?;
    let mut m = Match::default();
    let names = log.name.unwrap_or_default();
    m.players = (0..4u8)
        .map(|id| Player {
            id,
            name: names
                .get(usize::from(id))
                .filter(|n| !n.is_empty())
                .map(|n| Name { last: Some(StrLit::native(n.clone())), first: None }),
            ..Player::default()
        })
        .collect();
    if let Some(title) = log.title {
        let part = |i: usize| title.get(i).filter(|s| !s.is_empty()).cloned();
        let (name, stage) = (part(0), part(1));
        if name.is_some() || stage.is_some() {
            m.tour = Some(TourInfo {
                name: name.map(|n| Choice::Custom(StrLit::native(n))),
                stage: stage.map(|s| Choice::Custom(StrLit::native(s))),
                ..TourInfo::default()
            });
        }
    }
    m.rules = match log.rule {
        // Ours first: the match's whole rules comment as this program wrote it.
        // (A text no rules comment can hold, a hand-edited one, is not taken.)
        Some(Tenhou6Rule { jmjp: Some(ours), .. }) => ours.filter(|r| crate::format::write::is_rules_text(r)),
        Some(Tenhou6Rule { disp, aka, .. }) => {
            Game { room: disp.unwrap_or_default(), red: aka.map(|a| a > 0), ranks: log.ranks }.rules_text()
        }
        None => None,
    };
    for (i, k) in log.log.iter().enumerate() {
        m.frames.push(frame_of(k, &format!("log[{i}]"))?);
    }
    Ok(Paifu { matches: vec![m] })
}

/// Reads a tenhou.net/6 JSON log into its typed form, without making it a record (what
/// [`import`] does first).
pub fn decode(text: &str) -> Result<Tenhou6Log, ConvertError> {
    serde_json::from_str(crate::format::strip_bom(text)).map_err(|e| convert_error(&e, the_file))
}

/// The rule preset and options a log's room name (`rule.disp`) says it was played with: Mahjong
/// Soul's rooms ("Gold Room South", "銅の間東喰赤"), tenhou's lobbies ("鳳南喰赤" is `tenhou`, "般南"
/// is `tenhou, red=none, kuitan=no`); `None` for any other.
pub fn rules_of_room(disp: &str) -> Option<String> {
    super::room::rules_of_room_with(disp, None)
}
