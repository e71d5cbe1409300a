//! Writing a match as a tenhou.net/6 log, and its viewer address.

use serde_json::Value;

use super::codes::{code_of, code2};
use super::room::{Game, tenhou_disp};
use crate::format::{Act, CalledFrom, Choice, Discard, Draw, Frame, Match, Paifu, Seat, Tile, by_player, player_at};
use crate::i18n::{Text, tr};
use crate::interop::outcome::{DrawKind, FrameOutcome, Win};
use crate::interop::{ConvertError, act_problem, frame_at, player_names, single_match, strlit_text};
use crate::rules::{Table, indicator_of};

/// Writes a record as tenhou.net/6 JSON: one log per match (so a file of one match).
pub fn export(paifu: &Paifu) -> Result<String, ConvertError> {
    export_match(single_match(paifu, crate::interop::Format::Tenhou6)?, 0, 1)
}

/// The tenhou.net/6 JSON of one match.
pub fn export_match(m: &Match, mi: usize, of: usize) -> Result<String, ConvertError> {
    let title = match &m.tour {
        Some(t) => [choice_text(t.name.as_ref()), choice_text(t.stage.as_ref())],
        None => [String::new(), String::new()],
    };
    let names = player_names(m);
    let red = m.frames.iter().any(frame_has_red);
    let mut log = Vec::new();
    for f in &m.frames {
        log.push(kyoku_json(f).map_err(|e| ConvertError::new(frame_at(mi, of, f.id), e))?);
    }
    let (rule, ranks) = rule_json(m, red);
    Ok(format!(
        "{{\"title\":{},\"name\":{},\"rule\":{}{ranks},\"log\":{}}}",
        Value::from(title.to_vec()),
        Value::from(names.to_vec()),
        rule,
        Value::Array(log)
    ))
}

/// The `rule` of a match's log: `disp` in tenhou's own grammar (`般南喰赤`) and `aka` by its
/// rules (by its tiles where it names none), and ours: the whole rules comment and the original
/// room in `jmjp` (read first on import). With the `dan` and `rate` lists its comment keeps, as
/// the text that follows `rule` (empty when it keeps none).
fn rule_json(m: &Match, red: bool) -> (Value, String) {
    let mut options = crate::rules::rules_of(m, None);
    if m.rules.is_none() {
        // Nothing said: the tiles tell.
        options.red_fives = red;
    }
    // The comment read once: the preset, and the room and ranks its note keeps.
    let spec = m.rules.as_deref().map(crate::rules::options::RulesSpec::parse);
    let game = spec.as_ref().map(Game::of_spec).unwrap_or_default();
    let mut ours = serde_json::Map::new();
    ours.insert("rules".into(), m.rules.as_deref().map_or(Value::Null, Value::from));
    if !game.room.is_empty() {
        ours.insert("room".into(), Value::from(game.room.clone()));
    }
    let rule = serde_json::json!({
        "disp": tenhou_disp(m, &options, spec.as_ref(), &game),
        "aka": i32::from(options.red_fives),
        "jmjp": Value::Object(ours),
    });
    let ranks = if game.ranks.len() == 4 {
        let dan: Vec<Value> = game.ranks.iter().map(|r| Value::from(r.dan.clone())).collect();
        // A whole rate as tenhou writes it: 1500, not 1500.0.
        let whole = |r: f64| if r.fract() == 0.0 && r.abs() < 1e15 { Value::from(r as i64) } else { Value::from(r) };
        let rate: Vec<Value> = game.ranks.iter().map(|r| r.rate.map_or(Value::Null, whole)).collect();
        format!(",\"dan\":{},\"rate\":{}", Value::Array(dan), Value::Array(rate))
    } else {
        String::new()
    };
    (rule, ranks)
}

pub(super) fn frame_has_red(f: &Frame) -> bool {
    f.flow.as_ref().is_some_and(|fl| fl.start_hands.iter().any(|h| h.hand.tiles.iter().any(|t| t.is_red())))
        || f.flow
            .as_ref()
            .is_some_and(|fl| fl.acts.iter().any(|a| matches!(a.draw, Draw::Tile(t) | Draw::Rinshan(t) if t.is_red())))
}

pub(super) fn choice_text<T>(c: Option<&Choice<T>>) -> String
where
    T: crate::format::Shorthand,
{
    match c {
        Some(Choice::Known(k)) => k.japanese().to_string(),
        Some(Choice::Custom(s)) => strlit_text(s),
        Some(Choice::Unknown(w)) => w.clone(),
        None => String::new(),
    }
}

/// One kyoku's 17 items.
pub(super) fn kyoku_json(f: &Frame) -> Result<Value, Text> {
    let flow = f.flow.as_ref().ok_or_else(|| tr!("interop-tenhou6-the-frame-has-no-acts-tenhou").text())?;
    let number = usize::from(f.id.number.clamp(1, 4));
    let dealer = number - 1;
    let player = |s: Seat| player_at(s, dealer);
    let kyoku = (f.id.wind as usize) * 4 + dealer;
    let kyotaku = f.kyoutaku.map_or(0, |k| k.as_points() / 1000);
    let start = f.start_points.ok_or_else(|| tr!("interop-tenhou6-the-frame-has-no-start-points").text())?;
    let mut scores = [0i64; 4];
    let mut hands: [Vec<i64>; 4] = Default::default();
    for s in Seat::ALL {
        scores[player(s)] = start[s.index()].as_points();
    }
    let mut takes: [Vec<Value>; 4] = Default::default();
    let mut outs: [Vec<Value>; 4] = Default::default();
    for sh in &flow.start_hands {
        let mut tiles = sh.hand.tiles.clone();
        if tiles.len() == 14 && sh.seat == Seat::East {
            // A 14-tile dealer hand (oy): tenhou deals 13 and counts the 14th as the first draw.
            let t = sh.hand.tsumo.or_else(|| tiles.pop()).unwrap_or(Tile::UNKNOWN);
            takes[player(sh.seat)].push(Value::from(code_of(t)));
        } else if let Some(t) = sh.hand.tsumo
            && sh.seat == Seat::East
        {
            takes[player(sh.seat)].push(Value::from(code_of(t)));
        }
        hands[player(sh.seat)] = tiles.iter().map(|t| code_of(*t)).collect();
    }
    let (mut table, _) = Table::start(f).ok_or_else(|| tr!("interop-tenhou6-the-frame-has-no-acts").text())?;
    for (n, act) in flow.acts.iter().enumerate() {
        let p = player(act.seat);
        let drawn = write_take(&table, n, act, &mut takes[p], &mut outs[p])?;
        write_out(&table, n, act, drawn, &mut outs[p])?;
        table.apply(act);
    }
    let result = result_json(f, &table, dealer)?;
    let mut dora = Vec::new();
    let mut ura = Vec::new();
    for (i, d) in f.dora.iter().enumerate() {
        if let Some(ind) = indicator_of(*d) {
            if i % 2 == 0 { &mut dora } else { &mut ura }.push(code_of(ind));
        }
    }
    let mut items = vec![
        Value::from(vec![kyoku as i64, i64::from(f.id.honba), kyotaku]),
        Value::from(scores.to_vec()),
        Value::from(dora),
        Value::from(ura),
    ];
    for p in 0..4 {
        items.push(Value::from(hands[p].clone()));
        items.push(Value::Array(takes[p].clone()));
        items.push(Value::Array(outs[p].clone()));
    }
    items.push(result);
    Ok(Value::Array(items))
}

/// Act `n`'s take onto its player's takes: a drawn tile, or a call as tenhou writes it (a
/// daiminkan also puts its 0 onto the player's outs). The tile drawn, if any.
fn write_take(
    table: &Table,
    n: usize,
    act: &Act,
    takes: &mut Vec<Value>,
    outs: &mut Vec<Value>,
) -> Result<Option<Tile>, Text> {
    let at = |problem: Text| act_problem(n, act.seat, problem);
    let last = match table.phase {
        crate::rules::Phase::Draw { last_discard: Some(d), .. } => Some(d),
        _ => None,
    };
    let called_from = |tile_needed: bool| -> Result<(Tile, CalledFrom), Text> {
        let d = last.ok_or_else(|| at(tr!("interop-tenhou6-a-call-with-no-discard-to").text()))?;
        let from = CalledFrom::between(act.seat, d.seat)
            .ok_or_else(|| at(tr!("interop-tenhou6-a-call-on-its-own-discard").text()))?;
        let _ = tile_needed;
        Ok((d.tile, from))
    };
    Ok(match act.draw {
        Draw::Tile(t) | Draw::Rinshan(t) => {
            takes.push(Value::from(code_of(t)));
            Some(t)
        }
        Draw::Oya => table.seats[act.seat.index()].hand.last().copied(),
        Draw::Chi(pair) => {
            let (called, _) = called_from(true)?;
            takes.push(Value::from(format!("c{}{}{}", code2(called), code2(pair[0]), code2(pair[1]))));
            None
        }
        Draw::Pon(pair) => {
            let (called, from) = called_from(true)?;
            takes.push(Value::from(meld_text('p', called, &pair, from)));
            None
        }
        Draw::Daiminkan(three) => {
            let (called, from) = called_from(true)?;
            takes.push(Value::from(meld_text('m', called, &three, from)));
            outs.push(Value::from(0));
            None
        }
        Draw::Ron => None,
    })
}

/// Act `n`'s out onto its player's outs: a discard (60 for tsumogiri, r for riichi) or a kan
/// declared on its own turn; a tsumo or a call without a discard writes nothing.
fn write_out(table: &Table, n: usize, act: &Act, drawn: Option<Tile>, outs: &mut Vec<Value>) -> Result<(), Text> {
    let at = |problem: Text| act_problem(n, act.seat, problem);
    match act.discard {
        Some(Discard::Tile(t)) => outs.push(Value::from(code_of(t))),
        Some(Discard::Tsumogiri) => outs.push(Value::from(60)),
        Some(Discard::Karagiri) => outs.push(Value::from(code_of(
            drawn.ok_or_else(|| at(tr!("interop-tenhou6-kg-without-a-drawn-tile").text()))?,
        ))),
        Some(Discard::Riichi(t)) => {
            let s = if drawn == Some(t) { "r60".to_string() } else { format!("r{}", code2(t)) };
            outs.push(Value::from(s));
        }
        Some(Discard::Ankan(ts)) => {
            outs.push(Value::from(format!("{}{}{}a{}", code2(ts[0]), code2(ts[1]), code2(ts[2]), code2(ts[3]))))
        }
        Some(Discard::Kakan(added)) => {
            let pon = table.seats[act.seat.index()]
                .pon_of(added)
                .ok_or_else(|| at(tr!("interop-tenhou6-a-kakan-with-no-pon-of").text()))?;
            let from = pon.from.and_then(|s| CalledFrom::between(act.seat, s)).unwrap_or(CalledFrom::Kamicha);
            let t = |i: usize| pon.tiles.get(i).copied().unwrap_or(Tile::UNKNOWN);
            let base = meld_text('p', t(0), &[t(1), t(2)], from);
            outs.push(Value::from(base.replacen('p', &format!("k{}", code2(added)), 1)));
        }
        Some(Discard::Tsumo) | None => {}
    }
    Ok(())
}

/// A pon or daiminkan text: the letter stands before the called tile, at the source's place.
pub(super) fn meld_text(letter: char, called: Tile, hand: &[Tile], from: CalledFrom) -> String {
    let codes: Vec<String> = hand.iter().map(|t| code2(*t)).collect();
    let at = match from {
        CalledFrom::Kamicha => 0,
        CalledFrom::Toimen => 1,
        CalledFrom::Shimocha => hand.len(),
    };
    let mut s = String::new();
    for (i, c) in codes.iter().enumerate() {
        if i == at {
            s.push(letter);
            s.push_str(&code2(called));
        }
        s.push_str(c);
    }
    if at == hand.len() {
        s.push(letter);
        s.push_str(&code2(called));
    }
    s
}

pub(super) fn result_json(f: &Frame, table: &Table, dealer: usize) -> Result<Value, Text> {
    let player = |s: Seat| player_at(s, dealer);
    let by_player = |d: &[i64; 4]| Value::from(by_player(*d, dealer).to_vec());
    Ok(match crate::interop::outcome::outcome(f, table)? {
        FrameOutcome::Win(wins) => {
            let mut items = vec![Value::from("和了")];
            for Win { who, from, pao, deltas } in wins {
                items.push(by_player(&deltas));
                items.push(Value::from(vec![player(who), player(from), player(pao)]));
            }
            Value::Array(items)
        }
        FrameOutcome::Draw { kind, deltas } => match kind {
            DrawKind::Exhaustive | DrawKind::Nagashi => {
                Value::from(vec![Value::from(kind.japanese()), by_player(&deltas)])
            }
            _ => Value::from(vec![Value::from(kind.japanese())]),
        },
    })
}

/// The tenhou.net/6 viewer address that shows this log: `https://tenhou.net/6/#json=` and the
/// JSON, URI-encoded as JavaScript's `encodeURIComponent` does.
pub fn viewer_url(json: &str) -> String {
    let mut s = String::from("https://tenhou.net/6/#json=");
    for b in json.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')' => {
                s.push(char::from(b))
            }
            _ => s.push_str(&format!("%{b:02X}")),
        }
    }
    s
}
