//! Reading a tenhou.net/6 log: the JSON of each kyoku read with the path of every value, then
//! made a frame (the order of its acts rebuilt by [`super::rebuild`]).

use serde_json::Value;

use super::codes::tile_from_code;
use super::kyoku::{CallKind, CallText, Kyoku, Out, Result6, Take, WinRow};
use super::rebuild::order;
use crate::format::{
    CalledFrom, Choice, DORA_SLOTS, Frame, FrameFlow, Hand, Match, Name, Paifu, Player, Points, Seat, SeatHand,
    Severity, StrLit, Tile, TourInfo, dora_slot, ura_slot,
};
use crate::i18n::{Msg, Text, tr};
use crate::interop::outcome::DrawKind;
use crate::interop::{ConvertError, no_flow, not_hundreds, path_at, the_file};
use crate::rules::{Table, dora_of};

pub(super) fn err(path: &str, message: Text) -> ConvertError {
    ConvertError::new(path_at(path), message)
}

pub(super) fn show(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 40 { format!("{}…", s.chars().take(40).collect::<String>()) } else { s }
}

/// What a JSON item is, in both languages tr!("interop-tenhou6-item-takes").
pub(super) type What = Msg;

pub(super) fn array<'a>(v: &'a Value, path: &str, what: What) -> Result<&'a Vec<Value>, ConvertError> {
    v.as_array().ok_or_else(|| err(path, tr!("interop-tenhou6-not-a-list", what = what, value = show(v))))
}

pub(super) fn int(v: &Value, path: &str, what: What) -> Result<i64, ConvertError> {
    v.as_i64().ok_or_else(|| err(path, tr!("interop-tenhou6-not-a-number", what = what, value = show(v))))
}

pub(super) fn tile(v: &Value, path: &str) -> Result<Tile, ConvertError> {
    let code = int(v, path, tr!("interop-tenhou6-item-tile"))?;
    tile_from_code(code).ok_or_else(|| err(path, tr!("interop-tenhou6-unknown-tile-code", code = code)))
}

pub(super) fn tiles(v: &Value, path: &str, what: What) -> Result<Vec<Tile>, ConvertError> {
    each(v, path, what, tile)
}

/// Reads every item of a list with `read`, each at its own path.
pub(super) fn each<T>(
    v: &Value,
    path: &str,
    what: What,
    read: fn(&Value, &str) -> Result<T, ConvertError>,
) -> Result<Vec<T>, ConvertError> {
    array(v, path, what)?.iter().enumerate().map(|(i, x)| read(x, &format!("{path}[{i}]"))).collect()
}

pub(super) fn four_ints(v: &Value, path: &str, what: What) -> Result<[i64; 4], ConvertError> {
    let a = array(v, path, what)?;
    if a.len() != 4 {
        return Err(err(path, tr!("interop-tenhou6-not-four-numbers", what = what, count = a.len())));
    }
    let mut out = [0; 4];
    for (i, x) in a.iter().enumerate() {
        out[i] = int(x, &format!("{path}[{i}]"), what)?;
    }
    Ok(out)
}

/// The tiles of a call or kan string with the letter taken out, and the letter's place in tiles.
pub(super) fn split_meld_text(s: &str, path: &str) -> Result<(char, usize, Vec<Tile>), ConvertError> {
    let letters: Vec<(usize, char)> = s.char_indices().filter(|(_, c)| !c.is_ascii_digit()).collect();
    let [(at, letter)] = letters[..] else {
        return Err(err(path, tr!("interop-tenhou6-not-a-call", text = s)));
    };
    let digits: String = s.chars().filter(|c| c.is_ascii_digit()).collect();
    if !at.is_multiple_of(2) || !digits.len().is_multiple_of(2) {
        return Err(err(path, tr!("interop-tenhou6-call-not-pairs", text = s)));
    }
    let mut out = Vec::new();
    for i in (0..digits.len()).step_by(2) {
        let code: i64 =
            digits[i..i + 2].parse().map_err(|_| err(path, tr!("interop-tenhou6-broken-tile-code", text = s)))?;
        out.push(
            tile_from_code(code)
                .filter(|t| !t.is_unknown())
                .ok_or_else(|| err(path, tr!("interop-tenhou6-call-holds-non-tile", text = s, code = code)))?,
        );
    }
    Ok((letter, at / 2, out))
}

pub(super) fn take(v: &Value, path: &str) -> Result<Take, ConvertError> {
    if let Some(s) = v.as_str() {
        let (letter, at, ts) = split_meld_text(s, path)?;
        let (kind, n, from) = match (letter, at) {
            ('c', 0) => (CallKind::Chi, 3, CalledFrom::Kamicha),
            ('p', 0) => (CallKind::Pon, 3, CalledFrom::Kamicha),
            ('p', 1) => (CallKind::Pon, 3, CalledFrom::Toimen),
            ('p', 2) => (CallKind::Pon, 3, CalledFrom::Shimocha),
            ('m', 0) => (CallKind::Daiminkan, 4, CalledFrom::Kamicha),
            ('m', 1) => (CallKind::Daiminkan, 4, CalledFrom::Toimen),
            ('m', 3) => (CallKind::Daiminkan, 4, CalledFrom::Shimocha),
            ('c' | 'p' | 'm', _) => {
                return Err(err(path, tr!("interop-tenhou6-call-letter-no-seat", text = s, letter = letter)));
            }
            _ => {
                return Err(err(path, tr!("interop-tenhou6-not-chi-pon-kan", text = s)));
            }
        };
        if ts.len() != n {
            let got = ts.len();
            return Err(err(path, tr!("interop-tenhou6-call-tile-count", text = s, got = got, n = n)));
        }
        let mut consumed = ts;
        let called = consumed.remove(at);
        return Ok(Take::Call(CallText { kind, called, consumed, from }));
    }
    Ok(Take::Tile(tile(v, path)?))
}

pub(super) fn out(v: &Value, path: &str) -> Result<Out, ConvertError> {
    if let Some(s) = v.as_str() {
        if let Some(rest) = s.strip_prefix('r') {
            if rest == "60" {
                return Ok(Out::Riichi(None));
            }
            let code: i64 = rest.parse().map_err(|_| err(path, tr!("interop-tenhou6-not-riichi-discard", text = s)))?;
            let t = tile_from_code(code)
                .filter(|t| !t.is_unknown())
                .ok_or_else(|| err(path, tr!("interop-tenhou6-not-a-tile-code", text = s, code = code)))?;
            return Ok(Out::Riichi(Some(t)));
        }
        let (letter, at, ts) = split_meld_text(s, path)?;
        return match letter {
            'a' if ts.len() == 4 => Ok(Out::Ankan([ts[0], ts[1], ts[2], ts[3]])),
            'k' if ts.len() == 4 && at <= 2 => Ok(Out::Kakan(ts[at])),
            'a' | 'k' => Err(err(path, tr!("interop-tenhou6-not-a-kan", text = s))),
            _ => Err(err(path, tr!("interop-tenhou6-not-a-discard", text = s))),
        };
    }
    match int(v, path, tr!("interop-tenhou6-item-discard"))? {
        60 => Ok(Out::Tsumogiri),
        0 => Ok(Out::Placeholder),
        code => Ok(Out::Tile(tile(&Value::from(code), path)?)),
    }
}

pub(super) fn result(v: &Value, path: &str) -> Result<Result6, ConvertError> {
    let a = array(v, path, tr!("interop-tenhou6-item-result"))?;
    let name =
        a.first().and_then(|n| n.as_str()).ok_or_else(|| err(path, tr!("interop-tenhou6-result-name-first").text()))?;
    if name == "和了" {
        let mut rows = Vec::new();
        if a.len() < 3 || a.len() % 2 != 1 {
            return Err(err(path, tr!("interop-tenhou6-win-pairs").text()));
        }
        for i in (1..a.len()).step_by(2) {
            let deltas = four_ints(&a[i], &format!("{path}[{i}]"), tr!("interop-tenhou6-item-point-changes"))?;
            let p = format!("{path}[{}]", i + 1);
            let d = array(&a[i + 1], &p, tr!("interop-tenhou6-item-win-details"))?;
            let seat = |j: usize| -> Result<usize, ConvertError> {
                let v = d.get(j).ok_or_else(|| err(&p, tr!("interop-tenhou6-win-details").text()))?;
                let n = int(v, &format!("{p}[{j}]"), tr!("interop-tenhou6-item-player"))?;
                usize::try_from(n)
                    .ok()
                    .filter(|n| *n < 4)
                    .ok_or_else(|| err(&format!("{p}[{j}]"), tr!("interop-tenhou6-not-a-player", n = n)))
            };
            rows.push(WinRow { deltas, who: seat(0)?, from: seat(1)?, pao: seat(2)? });
        }
        return Ok(Result6::Win(rows));
    }
    let kind =
        DrawKind::from_japanese(name).ok_or_else(|| err(path, tr!("interop-tenhou6-unknown-result", name = name)))?;
    let deltas = match a.get(1) {
        Some(d) => four_ints(d, &format!("{path}[1]"), tr!("interop-tenhou6-item-point-changes"))?,
        None => [0; 4],
    };
    Ok(Result6::Draw(kind, deltas))
}

pub(super) fn kyoku(v: &Value, path: &str) -> Result<Kyoku, ConvertError> {
    let a = array(v, path, tr!("interop-tenhou6-item-kyoku"))?;
    if a.len() < 17 {
        return Err(err(path, tr!("interop-tenhou6-kyoku-items", count = a.len())));
    }
    let head = array(&a[0], &format!("{path}[0]"), tr!("interop-tenhou6-item-round-head"))?;
    if head.len() != 3 {
        return Err(err(&format!("{path}[0]"), tr!("interop-tenhou6-round").text()));
    }
    let k = int(&head[0], &format!("{path}[0][0]"), tr!("interop-tenhou6-item-the-kyoku"))?;
    let kyoku = u8::try_from(k)
        .ok()
        .filter(|k| *k < 16)
        .ok_or_else(|| err(&format!("{path}[0][0]"), tr!("interop-tenhou6-kyoku-not-a-round", kyoku = k)))?;
    let h = int(&head[1], &format!("{path}[0][1]"), tr!("interop-tenhou6-item-honba"))?;
    let honba = u32::try_from(h)
        .map_err(|_| err(&format!("{path}[0][1]"), tr!("interop-tenhou6-honba-negative", honba = h)))?;
    let kyotaku = int(&head[2], &format!("{path}[0][2]"), tr!("interop-tenhou6-item-kyotaku"))?;
    if !(0..1000).contains(&kyotaku) {
        return Err(err(&format!("{path}[0][2]"), tr!("interop-tenhou6-riichi-sticks", kyotaku = kyotaku)));
    }
    let scores = four_ints(&a[1], &format!("{path}[1]"), tr!("interop-tenhou6-item-start-scores"))?;
    let dora = tiles(&a[2], &format!("{path}[2]"), tr!("interop-tenhou6-item-dora"))?;
    let ura = tiles(&a[3], &format!("{path}[3]"), tr!("interop-tenhou6-item-ura"))?;
    if dora.len() > 5 || ura.len() > 5 {
        return Err(err(&format!("{path}[2]"), tr!("interop-tenhou6-five-indicators").text()));
    }
    let mut hands: [Vec<Tile>; 4] = Default::default();
    let mut takes: [Vec<Take>; 4] = Default::default();
    let mut outs: [Vec<Out>; 4] = Default::default();
    for p in 0..4 {
        hands[p] = tiles(&a[4 + 3 * p], &format!("{path}[{}]", 4 + 3 * p), tr!("interop-tenhou6-item-start-hand"))?;
        if hands[p].len() != 13 {
            let n = hands[p].len();
            return Err(err(&format!("{path}[{}]", 4 + 3 * p), tr!("interop-tenhou6-start-hand-size", n = n)));
        }
        takes[p] = each(&a[5 + 3 * p], &format!("{path}[{}]", 5 + 3 * p), tr!("interop-tenhou6-item-takes"), take)?;
        outs[p] = each(&a[6 + 3 * p], &format!("{path}[{}]", 6 + 3 * p), tr!("interop-tenhou6-item-discards"), out)?;
    }
    let result = result(&a[16], &format!("{path}[16]"))?;
    Ok(Kyoku { kyoku, honba, kyotaku, scores, dora, ura, hands, takes, outs, result })
}

pub(super) fn points(v: i64, at: &str) -> Result<Points, ConvertError> {
    Points::from_points(v).ok_or_else(|| ConvertError::new(path_at(at), not_hundreds(v)))
}

/// The frame of one kyoku.
pub(super) fn frame_of(k: &Kyoku, path: &str) -> Result<Frame, ConvertError> {
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
        return Err(ConvertError::new(
            path_at(path),
            tr!("interop-at-frame", frame = id.to_string(), text = &f.message),
        ));
    }
    let (acts, table) = order(k, table)
        .map_err(|m| ConvertError::new(path_at(path), tr!("interop-at-frame", frame = id.to_string(), text = m)))?;
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
    let v: Value = serde_json::from_str(crate::format::strip_bom(text)).map_err(json_error)?;
    let obj =
        v.as_object().ok_or_else(|| ConvertError::new(the_file(), tr!("interop-tenhou6-not-an-object").text()))?;
    let log = obj.get("log").ok_or_else(|| ConvertError::new(the_file(), tr!("interop-tenhou6-no-log").text()))?;
    let log = array(log, "log", tr!("interop-tenhou6-item-log"))?;
    let mut m = Match::default();
    let names: Vec<String> = match obj.get("name") {
        Some(n) => {
            let a = array(n, "name", tr!("interop-tenhou6-item-names"))?;
            if a.len() != 4 {
                return Err(err("name", tr!("interop-tenhou6-four-names", count = a.len())));
            }
            a.iter().enumerate().map(|(i, x)| text_of(x, &format!("name[{i}]"))).collect::<Result<_, _>>()?
        }
        None => vec![String::new(); 4],
    };
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
    if let Some(t) = obj.get("title") {
        let a = array(t, "title", tr!("interop-tenhou6-item-title"))?;
        let part = |i: usize| -> Result<Option<String>, ConvertError> {
            match a.get(i) {
                Some(x) => text_of(x, &format!("title[{i}]")).map(|s| Some(s).filter(|s| !s.is_empty())),
                None => Ok(None),
            }
        };
        let (name, stage) = (part(0)?, part(1)?);
        if name.is_some() || stage.is_some() {
            m.tour = Some(TourInfo {
                name: name.map(|n| Choice::Custom(StrLit::native(n))),
                stage: stage.map(|s| Choice::Custom(StrLit::native(s))),
                ..TourInfo::default()
            });
        }
    }
    m.rules = obj.get("rule").and_then(|r| r.get("disp")).and_then(Value::as_str).and_then(rules_of_room);
    for (i, kv) in log.iter().enumerate() {
        let path = format!("log[{i}]");
        let k = kyoku(kv, &path)?;
        m.frames.push(frame_of(&k, &path)?);
    }
    Ok(Paifu { matches: vec![m] })
}

/// The rule preset a log's room name (`rule.disp`) says it was played with: Mahjong Soul's rooms
/// ("Gold Room South", "銅の間東喰赤", "大会戦東喰", "金之间"), tenhou's lobbies ("鳳南喰赤",
/// "般東喰", "上南喰赤速"); `None` for any other (a lobby without open tanyao, "般南", too).
pub fn rules_of_room(disp: &str) -> Option<String> {
    let soul = ["の間", "Room", "大会戦", "之间", "友人戦"];
    if soul.iter().any(|w| disp.contains(w)) {
        return Some("mahjong-soul".to_string());
    }
    let lobby = disp.trim_start_matches(['四', '三']).chars().next()?;
    // Without 喰 the lobby plays without open tanyao: no preset of ours.
    let tenhou =
        "般上特鳳技若銀琥孔".contains(lobby) && (disp.contains('東') || disp.contains('南')) && disp.contains('喰');
    tenhou.then(|| "tenhou".to_string())
}

/// A name or title part: text, or a number written as text.
pub(super) fn text_of(v: &Value, path: &str) -> Result<String, ConvertError> {
    match v {
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(n.to_string()),
        Value::Null => Ok(String::new()),
        _ => Err(err(path, tr!("interop-tenhou6-not-text", value = show(v)))),
    }
}

/// A JSON syntax error at its line and column, in plain words.
pub(crate) fn json_error(e: serde_json::Error) -> ConvertError {
    let at = tr!("interop-line-column", line = e.line(), column = e.column());
    let message = match e.classify() {
        serde_json::error::Category::Eof => tr!("interop-json-cut-off").text(),
        _ => tr!("interop-json-invalid", error = e.to_string()),
    };
    ConvertError::new(at, message)
}
