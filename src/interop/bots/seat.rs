//! One seat's view of a match as the mjai protocol gives it to an AI player: the other hands and
//! the other seats' draws hidden as `"?"`, cut into batches that each end where the seat is asked
//! for its action; the action the seat's player really took there; the AI's reply read.

use serde_json::{Value, json};

use crate::format::Tile;
use crate::i18n::Text;
use crate::interop::mjai::tile_from_name;

/// Why a seat is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// Its own draw: discard, riichi, tsumo, a kan, or nine terminals.
    Turn,
    /// After its own chi or pon: a discard.
    AfterCall,
    /// After its own riichi: the riichi discard.
    AfterRiichi,
    /// Another seat's discard: ron, a call, or skip.
    Discard,
    /// Another seat's added kan: ron (chankan) or skip.
    AddedKan,
    /// The start of the game, the end of a frame or of the game: any reply is taken.
    Courtesy,
}

impl Asked {
    pub fn is_decision(self) -> bool {
        self != Asked::Courtesy
    }
}

/// A batch of events for one seat, ending where it is asked.
#[derive(Clone, Debug, PartialEq)]
pub struct Batch {
    /// The events as the seat sees them.
    pub events: Vec<Value>,
    /// The index, in the match's events, of the event the batch ends with.
    pub at: usize,
    pub asked: Asked,
}

/// What a player did, or what an AI would do, at a decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    Discard(Tile),
    Riichi,
    Tsumo,
    Ron,
    Chi,
    Pon,
    Kan,
    /// Nine terminals (kyuushu kyuuhai).
    NineTerminals,
    Skip,
}

impl Choice {
    /// "discard 3z", "riichi", "pon", "skip" / 「3z 打」「リーチ」「ポン」「見送り」.
    pub fn text(&self) -> Text {
        let t = |en: &str, ja: &str| Text::new(en, ja);
        match self {
            Choice::Discard(tile) => {
                let name = crate::interop::mpsz::tiles_text(&[*tile]);
                Text::new(format!("discard {name}"), format!("{name} 打"))
            }
            Choice::Riichi => t("riichi", "リーチ"),
            Choice::Tsumo => t("tsumo", "ツモ"),
            Choice::Ron => t("ron", "ロン"),
            Choice::Chi => t("chi", "チー"),
            Choice::Pon => t("pon", "ポン"),
            Choice::Kan => t("kan", "カン"),
            Choice::NineTerminals => t("nine terminals", "九種九牌"),
            Choice::Skip => t("skip", "見送り"),
        }
    }

    /// The AI's reply to a batch of `asked` as a choice of `seat`; an error says what is wrong
    /// with it.
    pub fn of_reply(line: &str, seat: usize, asked: Asked) -> Result<Choice, Text> {
        let v: Value = serde_json::from_str(line.trim()).map_err(|e| {
            Text::new(format!("the reply is not JSON ({e})"), format!("返答が JSON ではありません（{e}）"))
        })?;
        let kind = v
            .get("type")
            .and_then(Value::as_str)
            .ok_or_else(|| Text::new("the reply has no \"type\"", "返答に \"type\" がありません"))?;
        if kind != "none" && v.get("actor").and_then(Value::as_u64) != Some(seat as u64) {
            return Err(Text::new(
                format!("the reply is for another seat (its actor is not {seat})"),
                format!("返答が別の席のものです（actor が {seat} ではありません）"),
            ));
        }
        let choice = match kind {
            "none" => Choice::Skip,
            "dahai" => {
                let pai = v
                    .get("pai")
                    .and_then(Value::as_str)
                    .and_then(tile_from_name)
                    .ok_or_else(|| Text::new("the discard names no tile", "打牌の牌がありません"))?;
                Choice::Discard(pai)
            }
            "reach" => Choice::Riichi,
            "hora" if asked == Asked::Turn => Choice::Tsumo,
            "hora" => Choice::Ron,
            "chi" => Choice::Chi,
            "pon" => Choice::Pon,
            "daiminkan" | "ankan" | "kakan" => Choice::Kan,
            "ryukyoku" => Choice::NineTerminals,
            other => {
                return Err(Text::new(
                    format!("\"{other}\" is not an action"),
                    format!("\"{other}\" は行為ではありません"),
                ));
            }
        };
        Ok(choice)
    }
}

fn kind(e: &Value) -> &str {
    e.get("type").and_then(Value::as_str).unwrap_or("")
}

fn actor(e: &Value) -> Option<usize> {
    e.get("actor").and_then(Value::as_u64).and_then(|a| usize::try_from(a).ok())
}

/// Event `e` as `seat` sees it: the other hands and the other seats' draws hidden, `start_game`
/// naming the seat.
pub fn seen_by(e: &Value, seat: usize) -> Value {
    let mut e = e.clone();
    match kind(&e) {
        "start_game" => {
            e["id"] = json!(seat);
        }
        "start_kyoku" => {
            if let Some(hands) = e.get_mut("tehais").and_then(Value::as_array_mut) {
                for (p, hand) in hands.iter_mut().enumerate() {
                    if p != seat {
                        let n = hand.as_array().map_or(13, Vec::len);
                        *hand = json!(vec!["?"; n]);
                    }
                }
            }
        }
        "tsumo" if actor(&e) != Some(seat) => {
            e["pai"] = json!("?");
        }
        // The protocol gives a kan from one's own hand no target; the reference players of the
        // `mjai` package read the `target` of every call, so the kan's own seat is named there.
        "ankan" | "kakan" => {
            if let Some(a) = actor(&e) {
                e["target"] = json!(a);
            }
        }
        _ => {}
    }
    e
}

/// Why `seat` is asked after event `e`, if it is.
pub fn asked_after(e: &Value, seat: usize) -> Option<Asked> {
    let mine = actor(e) == Some(seat);
    match kind(e) {
        "tsumo" if mine => Some(Asked::Turn),
        "chi" | "pon" if mine => Some(Asked::AfterCall),
        "reach" if mine => Some(Asked::AfterRiichi),
        "dahai" if !mine => Some(Asked::Discard),
        "kakan" if !mine => Some(Asked::AddedKan),
        "start_game" | "end_kyoku" | "end_game" => Some(Asked::Courtesy),
        _ => None,
    }
}

/// The batches of `events` for `seat` from event `from` on. Events after the last point where the
/// seat is asked are left for later (they are not sent yet).
pub fn batches(events: &[Value], seat: usize, from: usize) -> Vec<Batch> {
    let mut out = Vec::new();
    let mut pending = Vec::new();
    for (i, e) in events.iter().enumerate().skip(from) {
        pending.push(seen_by(e, seat));
        if let Some(asked) = asked_after(e, seat) {
            out.push(Batch { events: std::mem::take(&mut pending), at: i, asked });
        }
    }
    out
}

/// What `seat`'s player did at the decision asked after event `at`; `None` while the match has not
/// got that far (a live recording).
pub fn actual(events: &[Value], at: usize, seat: usize, asked: Asked) -> Option<Choice> {
    let next = events.get(at + 1..)?;
    match asked {
        Asked::Turn | Asked::AfterCall | Asked::AfterRiichi => {
            let e = next.iter().find(|e| actor(e) == Some(seat) || kind(e) == "ryukyoku")?;
            Some(match kind(e) {
                "dahai" => Choice::Discard(e.get("pai").and_then(Value::as_str).and_then(tile_from_name)?),
                "reach" => Choice::Riichi,
                "hora" => Choice::Tsumo,
                "ankan" | "kakan" => Choice::Kan,
                "ryukyoku" => Choice::NineTerminals,
                _ => return None,
            })
        }
        Asked::Discard | Asked::AddedKan => {
            // The events that answer a discard: calls and wins on it (a double ron has two).
            let answers = next.iter().take_while(|e| matches!(kind(e), "chi" | "pon" | "daiminkan" | "hora"));
            let mine = answers.clone().find(|e| actor(e) == Some(seat));
            match mine.map(kind) {
                Some("hora") => Some(Choice::Ron),
                Some("chi") => Some(Choice::Chi),
                Some("pon") => Some(Choice::Pon),
                Some("daiminkan") => Some(Choice::Kan),
                _ if next.is_empty() => None,
                _ => Some(Choice::Skip),
            }
        }
        Asked::Courtesy => None,
    }
}

/// True when choices `a` and `b` are the same decision (a discard of a red five and of a plain
/// five of the same suit are not).
pub fn agree(a: &Choice, b: &Choice) -> bool {
    a == b
}

/// The batch as one line of the protocol: a JSON array.
pub fn line(batch: &Batch) -> String {
    Value::Array(batch.events.clone()).to_string()
}
