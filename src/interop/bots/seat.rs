//! One seat's view of a match as the mjai protocol gives it to an AI player: the other hands and
//! the other seats' draws hidden as `"?"`, cut into batches that each end where the seat is asked
//! for its action; the action the seat's player really took there; the AI's reply read.

use std::borrow::Cow;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess};
use serde_json::{Value, json};

use crate::format::Tile;
use crate::i18n::{Text, tr};
use crate::interop::json::{JsonShape, Lenient, Seed, Skip, read};
use crate::interop::mjai::tile_from_name;

/// Why a seat is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
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

impl Prompt {
    pub fn is_decision(self) -> bool {
        self != Prompt::Courtesy
    }
}

/// A batch of events for one seat, ending where it is asked.
#[derive(Clone, Debug, PartialEq)]
pub struct Batch {
    /// The events as the seat sees them.
    pub events: Vec<Value>,
    /// The index, in the match's events, of the event the batch ends with.
    pub at: usize,
    pub asked: Prompt,
}

/// What a player did, or what an AI would do, at a decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Play {
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

impl Play {
    /// "discard 3z", "riichi", "pon", "skip" / 「3z 打」「リーチ」「ポン」「見送り」.
    pub fn text(&self) -> Text {
        match self {
            Play::Discard(tile) => {
                tr!("interop-bots-choice-discard", name = crate::interop::mpsz::tiles_text(&[*tile]))
            }
            Play::Riichi => tr!("interop-bots-choice-riichi").text(),
            Play::Tsumo => tr!("interop-bots-choice-tsumo").text(),
            Play::Ron => tr!("interop-bots-choice-ron").text(),
            Play::Chi => tr!("interop-bots-choice-chi").text(),
            Play::Pon => tr!("interop-bots-choice-pon").text(),
            Play::Kan => tr!("interop-bots-choice-kan").text(),
            Play::NineTerminals => tr!("interop-bots-choice-nine-terminals").text(),
            Play::Skip => tr!("interop-bots-choice-skip").text(),
        }
    }

    /// The AI's reply to a batch of `asked` as a choice of `seat`; an error says what is wrong
    /// with it.
    pub fn of_reply(line: &str, seat: usize, asked: Prompt) -> Result<Play, Text> {
        let reply: Reply =
            serde_json::from_str(line.trim()).map_err(|e| tr!("interop-bots-reply-not-json", error = e.to_string()))?;
        let kind = reply.kind.as_deref().ok_or_else(|| tr!("interop-bots-reply-no-type").text())?;
        if kind != "none" && reply.actor.and_then(|a| usize::try_from(a).ok()) != Some(seat) {
            return Err(tr!("interop-bots-reply-other-seat", seat = seat));
        }
        let choice = match kind {
            "none" => Play::Skip,
            "dahai" => {
                let pai = reply.pai.as_deref().and_then(tile_from_name);
                Play::Discard(pai.ok_or_else(|| tr!("interop-bots-reply-no-tile").text())?)
            }
            "reach" => Play::Riichi,
            "hora" if asked == Prompt::Turn => Play::Tsumo,
            "hora" => Play::Ron,
            "chi" => Play::Chi,
            "pon" => Play::Pon,
            "daiminkan" | "ankan" | "kakan" => Play::Kan,
            "ryukyoku" => Play::NineTerminals,
            other => {
                return Err(tr!("interop-bots-reply-not-an-action", other = other));
            }
        };
        Ok(choice)
    }
}

/// An AI's reply as far as it is read: its type, its actor, its tile; each `None` when it is
/// not there or not of its kind (a reply that is not an object has none of them).
#[derive(Debug, Default)]
struct Reply {
    kind: Option<String>,
    actor: Option<i64>,
    pai: Option<String>,
}

impl<'de> Deserialize<'de> for Reply {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Reply, D::Error> {
        read(d, ReplyShape)
    }
}

struct ReplyShape;

impl<'de> JsonShape<'de> for ReplyShape {
    type Out = Reply;

    fn map<A: MapAccess<'de>>(self, mut map: A) -> Result<Reply, A::Error> {
        let mut reply = Reply::default();
        while let Some(key) = map.next_key::<Cow<'de, str>>()? {
            match key.as_ref() {
                "type" => reply.kind = map.next_value_seed(Seed(Lenient::<String>::new()))?,
                "actor" => reply.actor = map.next_value_seed(Seed(Lenient::<i64>::new()))?,
                "pai" => reply.pai = map.next_value_seed(Seed(Lenient::<String>::new()))?,
                _ => map.next_value_seed(Seed(Skip))?,
            }
        }
        Ok(reply)
    }

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<Reply, A::Error> {
        Skip.list(seq).map(|()| Reply::default())
    }

    fn other<E: de::Error>(self, _: Value) -> Result<Reply, E> {
        Ok(Reply::default())
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
    let kind = kind(&e).to_string();
    let mine = actor(&e) == Some(seat);
    let by = actor(&e);
    let Some(o) = e.as_object_mut() else { return e };
    match kind.as_str() {
        "start_game" => {
            o.insert("id".into(), json!(seat));
        }
        "start_kyoku" => {
            if let Some(hands) = o.get_mut("tehais").and_then(Value::as_array_mut) {
                for (p, hand) in hands.iter_mut().enumerate() {
                    if p != seat {
                        let n = hand.as_array().map_or(13, Vec::len);
                        *hand = json!(vec!["?"; n]);
                    }
                }
            }
        }
        "tsumo" if !mine => {
            o.insert("pai".into(), json!("?"));
        }
        // The protocol gives a kan from one's own hand no target; the reference players of the
        // `mjai` package read the `target` of every call, so the kan's own seat is named there.
        "ankan" | "kakan" => {
            if let Some(a) = by {
                o.insert("target".into(), json!(a));
            }
        }
        _ => {}
    }
    e
}

/// Why `seat` is asked after event `e`, if it is.
pub fn asked_after(e: &Value, seat: usize) -> Option<Prompt> {
    let mine = actor(e) == Some(seat);
    match kind(e) {
        "tsumo" if mine => Some(Prompt::Turn),
        "chi" | "pon" if mine => Some(Prompt::AfterCall),
        "reach" if mine => Some(Prompt::AfterRiichi),
        "dahai" if !mine => Some(Prompt::Discard),
        "kakan" if !mine => Some(Prompt::AddedKan),
        "start_game" | "end_kyoku" | "end_game" => Some(Prompt::Courtesy),
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
pub fn actual(events: &[Value], at: usize, seat: usize, asked: Prompt) -> Option<Play> {
    let next = events.get(at + 1..)?;
    match asked {
        Prompt::Turn | Prompt::AfterCall | Prompt::AfterRiichi => {
            let e = next.iter().find(|e| actor(e) == Some(seat) || kind(e) == "ryukyoku")?;
            Some(match kind(e) {
                "dahai" => Play::Discard(e.get("pai").and_then(Value::as_str).and_then(tile_from_name)?),
                "reach" => Play::Riichi,
                "hora" => Play::Tsumo,
                "ankan" | "kakan" => Play::Kan,
                "ryukyoku" => Play::NineTerminals,
                _ => return None,
            })
        }
        Prompt::Discard | Prompt::AddedKan => {
            // The events that answer a discard: calls and wins on it (a double ron has two).
            let answers = next.iter().take_while(|e| matches!(kind(e), "chi" | "pon" | "daiminkan" | "hora"));
            let mine = answers.clone().find(|e| actor(e) == Some(seat));
            match mine.map(kind) {
                Some("hora") => Some(Play::Ron),
                Some("chi") => Some(Play::Chi),
                Some("pon") => Some(Play::Pon),
                Some("daiminkan") => Some(Play::Kan),
                _ if next.is_empty() => None,
                _ => Some(Play::Skip),
            }
        }
        Prompt::Courtesy => None,
    }
}

/// True when choices `a` and `b` are the same decision (a discard of a red five and of a plain
/// five of the same suit are not).
pub fn agree(a: &Play, b: &Play) -> bool {
    a == b
}

/// The batch as one line of the protocol: a JSON array.
pub fn line(batch: &Batch) -> String {
    Value::Array(batch.events.clone()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(s: &str) -> Value {
        serde_json::from_str(s).unwrap_or(Value::Null)
    }

    /// A frame's opening as mjai writes it: East draws and discards, South calls pon.
    fn opening() -> Vec<Value> {
        [
            r#"{"type":"start_game","names":["a","b","c","d"]}"#,
            r#"{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m","scores":[25000,25000,25000,25000],"tehais":[["1m","2m"],["3m","4m"],["5mr","6m"],["7m","8m"]]}"#,
            r#"{"type":"tsumo","actor":0,"pai":"9m"}"#,
            r#"{"type":"dahai","actor":0,"pai":"9m","tsumogiri":true}"#,
            r#"{"type":"pon","actor":1,"target":0,"pai":"9m","consumed":["9m","9m"]}"#,
            r#"{"type":"dahai","actor":1,"pai":"3m","tsumogiri":false}"#,
            r#"{"type":"tsumo","actor":2,"pai":"4p"}"#,
        ]
        .iter()
        .map(|s| ev(s))
        .collect()
    }

    #[test]
    fn a_seat_sees_its_own_hand_and_draws_only() {
        let e = opening();
        let west = seen_by(&e[1], 2);
        assert_eq!(west["tehais"], ev(r#"[["?","?"],["?","?"],["5mr","6m"],["?","?"]]"#));
        assert_eq!(seen_by(&e[0], 2)["id"], 2);
        assert_eq!(seen_by(&e[2], 2)["pai"], "?", "another seat's draw");
        assert_eq!(seen_by(&e[6], 2)["pai"], "4p", "its own draw");
        assert_eq!(seen_by(&e[3], 2), e[3], "a discard is seen as it is");
    }

    #[test]
    fn batches_end_where_the_seat_may_act() {
        let e = opening();
        let south: Vec<(usize, Prompt)> = batches(&e, 1, 0).iter().map(|b| (b.at, b.asked)).collect();
        // start_game; East's discard (a call is possible); after its own pon (a discard).
        assert_eq!(south, [(0, Prompt::Courtesy), (3, Prompt::Discard), (4, Prompt::AfterCall)]);
        let west: Vec<(usize, Prompt)> = batches(&e, 2, 0).iter().map(|b| (b.at, b.asked)).collect();
        assert_eq!(west, [(0, Prompt::Courtesy), (3, Prompt::Discard), (5, Prompt::Discard), (6, Prompt::Turn)]);
        // From event 4 on: what was sent before is not sent again.
        assert_eq!(batches(&e, 2, 4)[0].events.len(), 2);
        assert_eq!(actual(&e, 3, 1, Prompt::Discard), Some(Play::Pon));
        assert_eq!(actual(&e, 3, 2, Prompt::Discard), Some(Play::Skip));
        assert_eq!(
            actual(&e, 4, 1, Prompt::AfterCall),
            Some(Play::Discard(Tile::number(crate::format::Suit::Man, 3).unwrap_or(Tile::UNKNOWN)))
        );
        assert_eq!(actual(&e, 6, 2, Prompt::Turn), None, "not recorded yet");
    }

    #[test]
    fn replies_are_read_or_refused_with_why() {
        assert_eq!(Play::of_reply(r#"{"type":"none"}"#, 1, Prompt::Discard), Ok(Play::Skip));
        assert_eq!(Play::of_reply(r#"{"type":"pon","actor":1}"#, 1, Prompt::Discard), Ok(Play::Pon));
        assert_eq!(Play::of_reply(r#"{"type":"hora","actor":1}"#, 1, Prompt::Turn), Ok(Play::Tsumo));
        assert_eq!(Play::of_reply(r#"{"type":"hora","actor":1}"#, 1, Prompt::Discard), Ok(Play::Ron));
        let wrong = |s: &str| Play::of_reply(s, 1, Prompt::Turn).err().map(|t| t.en).unwrap_or_default();
        assert!(wrong("garbage").contains("not JSON"));
        assert!(wrong(r#"{"type":"dahai","actor":2,"pai":"1m"}"#).contains("another seat"));
        assert!(wrong(r#"{"type":"dahai","actor":1,"pai":"1x"}"#).contains("names no tile"));
        assert!(wrong(r#"{"type":"fly","actor":1}"#).contains("not an action"));
        // Read leniently: what is not of its kind is not there; anything else is skipped.
        assert!(wrong(r#"[{"type":"none"}]"#).contains("no \"type\""));
        assert!(wrong(r#"{"type":5}"#).contains("no \"type\""));
        assert!(wrong(r#"{"type":"dahai","actor":"1","pai":"1m"}"#).contains("another seat"));
        assert!(wrong(r#"{"type":"dahai","actor":1,"pai":["1m"]}"#).contains("names no tile"));
        let deep = format!(r#"{{"type":"none","x":{}}}"#, "[".repeat(10_000));
        assert!(wrong(&deep).contains("not JSON"));
        let reply = r#"{"type":"dahai","actor":1,"pai":"2m","meta":{"q":[0.5,[1]]},"type":"dahai"}"#;
        assert_eq!(Play::of_reply(reply, 1, Prompt::Turn), Ok(Play::Discard(tile_from_name("2m").unwrap())));
    }
}
