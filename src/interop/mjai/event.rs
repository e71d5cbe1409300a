//! The events of an mjai log as typed values: each line one [`MjaiEvent`], told by its `type`.
//!
//! The fields are read by the shapes of [`crate::interop::json`], so a wrong value is refused with
//! the field's name and the value found, in both languages; what the reader does not use is
//! skipped (and an event type it does not know is refused by [`plain`]).

use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess};
use serde_json::Value;

use super::tiles::tile_from_name;
use crate::format::{Tile, Wind};
use crate::i18n::{Text, tr};
use crate::interop::json::{JsonShape, Lenient, Seed, fault, read, skip_rest};
use crate::interop::{not_a_list, not_a_player};

/// One event of an mjai log.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MjaiEvent {
    StartGame {
        /// The players' names; what is not a name is left out.
        #[serde(default, deserialize_with = "names")]
        names: Vec<Option<String>>,
    },
    StartKyoku(StartKyoku),
    Tsumo {
        #[serde(deserialize_with = "actor")]
        actor: usize,
        #[serde(deserialize_with = "pai")]
        pai: Tile,
    },
    Dahai {
        #[serde(deserialize_with = "actor")]
        actor: usize,
        #[serde(deserialize_with = "pai")]
        pai: Tile,
        /// Anything but `true` is false.
        #[serde(default, deserialize_with = "tsumogiri")]
        tsumogiri: bool,
    },
    Chi {
        #[serde(deserialize_with = "actor")]
        actor: usize,
        #[serde(deserialize_with = "consumed")]
        consumed: Vec<Tile>,
    },
    Pon {
        #[serde(deserialize_with = "actor")]
        actor: usize,
        #[serde(deserialize_with = "consumed")]
        consumed: Vec<Tile>,
    },
    Daiminkan {
        #[serde(deserialize_with = "actor")]
        actor: usize,
        #[serde(deserialize_with = "consumed")]
        consumed: Vec<Tile>,
    },
    Kakan {
        #[serde(deserialize_with = "actor")]
        actor: usize,
        #[serde(deserialize_with = "pai")]
        pai: Tile,
    },
    Ankan {
        #[serde(deserialize_with = "actor")]
        actor: usize,
        #[serde(deserialize_with = "consumed")]
        consumed: Vec<Tile>,
    },
    Dora {
        #[serde(deserialize_with = "dora_marker")]
        dora_marker: Tile,
    },
    Reach,
    ReachAccepted,
    Hora {
        #[serde(deserialize_with = "actor")]
        actor: usize,
        #[serde(deserialize_with = "target")]
        target: usize,
        #[serde(default, deserialize_with = "deltas")]
        deltas: Option<[i64; 4]>,
        #[serde(default, deserialize_with = "ura_markers")]
        ura_markers: Option<Vec<Tile>>,
    },
    Ryukyoku {
        #[serde(default, deserialize_with = "deltas")]
        deltas: Option<[i64; 4]>,
    },
    EndKyoku,
    EndGame,
    #[serde(rename = "none")]
    Nothing,
}

impl MjaiEvent {
    /// Its `type`.
    pub fn kind(&self) -> &'static str {
        match self {
            MjaiEvent::StartGame { .. } => "start_game",
            MjaiEvent::StartKyoku(_) => "start_kyoku",
            MjaiEvent::Tsumo { .. } => "tsumo",
            MjaiEvent::Dahai { .. } => "dahai",
            MjaiEvent::Chi { .. } => "chi",
            MjaiEvent::Pon { .. } => "pon",
            MjaiEvent::Daiminkan { .. } => "daiminkan",
            MjaiEvent::Kakan { .. } => "kakan",
            MjaiEvent::Ankan { .. } => "ankan",
            MjaiEvent::Dora { .. } => "dora",
            MjaiEvent::Reach => "reach",
            MjaiEvent::ReachAccepted => "reach_accepted",
            MjaiEvent::Hora { .. } => "hora",
            MjaiEvent::Ryukyoku { .. } => "ryukyoku",
            MjaiEvent::EndKyoku => "end_kyoku",
            MjaiEvent::EndGame => "end_game",
            MjaiEvent::Nothing => "none",
        }
    }
}

/// A `start_kyoku`: the round, the sticks, the scores and hands by player, the dora indicator.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct StartKyoku {
    #[serde(deserialize_with = "bakaze")]
    pub bakaze: Wind,
    #[serde(deserialize_with = "kyoku")]
    pub kyoku: i64,
    #[serde(deserialize_with = "honba")]
    pub honba: i64,
    #[serde(deserialize_with = "kyotaku")]
    pub kyotaku: i64,
    #[serde(deserialize_with = "oya")]
    pub oya: usize,
    #[serde(deserialize_with = "scores")]
    pub scores: [i64; 4],
    #[serde(deserialize_with = "tehais")]
    pub tehais: [Vec<Tile>; 4],
    #[serde(deserialize_with = "dora_marker")]
    pub dora_marker: Tile,
}

/// serde's own words for an event it could not read, in ours: a missing field, an unknown type.
pub(super) fn plain(e: &serde_json::Error) -> Option<Text> {
    let text = e.to_string();
    if let Some(rest) = text.strip_prefix("missing field `") {
        let name = rest.split('`').next().unwrap_or("");
        return Some(tr!("interop-mjai-the-event-has-no", name = name.to_string()));
    }
    let rest = text.strip_prefix("unknown variant `")?;
    let other = rest.rsplit_once("`, expected").map_or(rest, |(kind, _)| kind);
    Some(tr!("interop-mjai-is-not-an-mjai-event-type", other = other.to_string()))
}

fn wrong<E: de::Error>(message: Text) -> E {
    fault(None, message)
}

/// A whole number (`kyoku`, `honba`, `kyotaku`).
struct Int(&'static str);

impl<'de> JsonShape<'de> for Int {
    type Out = i64;

    fn int<E: de::Error>(self, n: i64) -> Result<i64, E> {
        Ok(n)
    }

    fn other<E: de::Error>(self, v: Value) -> Result<i64, E> {
        Err(wrong(tr!("interop-mjai-must-be-a-whole-number-found", name = self.0.to_string(), v = v.to_string())))
    }
}

/// A player, 0-3 (`actor`, `target`, `oya`).
struct Player(&'static str);

impl<'de> JsonShape<'de> for Player {
    type Out = usize;

    fn int<E: de::Error>(self, n: i64) -> Result<usize, E> {
        usize::try_from(n).ok().filter(|n| *n < 4).ok_or_else(|| wrong(not_a_player(self.0, n)))
    }

    fn other<E: de::Error>(self, v: Value) -> Result<usize, E> {
        let name = self.0;
        Int(name).other(v).and_then(|n| Player(name).int(n))
    }
}

/// A tile by its mjai name (`pai`, `dora_marker`).
struct TileName(&'static str);

impl<'de> JsonShape<'de> for TileName {
    type Out = Tile;

    fn text<E: de::Error>(self, s: &str) -> Result<Tile, E> {
        match tile_from_name(s) {
            Some(t) => Ok(t),
            None => self.other(Value::from(s)),
        }
    }

    fn other<E: de::Error>(self, v: Value) -> Result<Tile, E> {
        Err(wrong(tr!("interop-mjai-is-not-an-mjai-tile-1m", name = self.0.to_string(), v = v.to_string())))
    }
}

/// One tile of a list of tiles named `.0`.
struct ListedTile(&'static str);

impl<'de> JsonShape<'de> for ListedTile {
    type Out = Tile;

    fn text<E: de::Error>(self, s: &str) -> Result<Tile, E> {
        match tile_from_name(s) {
            Some(t) => Ok(t),
            None => self.other(Value::from(s)),
        }
    }

    fn other<E: de::Error>(self, x: Value) -> Result<Tile, E> {
        let message = match self.0 {
            "tehais" => tr!("interop-mjai-tehais-is-not-an-mjai-tile", t = x.to_string()),
            name => tr!("interop-mjai-is-not-an-mjai-tile", name = name.to_string(), x = x.to_string()),
        };
        Err(wrong(message))
    }
}

/// A list of tiles (`consumed`, `ura_markers`, each hand of `tehais`).
struct Tiles(&'static str);

impl<'de> JsonShape<'de> for Tiles {
    type Out = Vec<Tile>;

    fn list<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Tile>, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(4).min(16));
        while let Some(t) = seq.next_element_seed(Seed(ListedTile(self.0)))? {
            out.push(t);
        }
        Ok(out)
    }

    fn other<E: de::Error>(self, _: Value) -> Result<Vec<Tile>, E> {
        Err(wrong(match self.0 {
            "tehais" => tr!("interop-mjai-each-of-tehais-must-be-a").text(),
            name => not_a_list(name),
        }))
    }
}

/// Four whole numbers, one per player (`scores`, `deltas`).
struct Four(&'static str);

impl<'de> JsonShape<'de> for Four {
    type Out = [i64; 4];

    fn list<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[i64; 4], A::Error> {
        let mut items = Vec::with_capacity(4);
        while let Some(n) = seq.next_element_seed(Seed(Lenient::<i64>::new()))? {
            items.push(n);
        }
        let [a, b, c, d] = items[..] else {
            return self.other(Value::Null);
        };
        let mut out = [0; 4];
        for (i, n) in [a, b, c, d].into_iter().enumerate() {
            out[i] = n.ok_or_else(|| {
                wrong(tr!("interop-mjai-must-be-a-whole-number", name = self.0.to_string(), i = i.to_string()))
            })?;
        }
        Ok(out)
    }

    fn other<E: de::Error>(self, _: Value) -> Result<[i64; 4], E> {
        Err(wrong(tr!("interop-mjai-must-list-four-numbers-one-per", name = self.0.to_string())))
    }
}

/// The four start hands, by player.
struct Tehais;

impl<'de> JsonShape<'de> for Tehais {
    type Out = [Vec<Tile>; 4];

    fn list<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[Vec<Tile>; 4], A::Error> {
        let mut hands: [Vec<Tile>; 4] = Default::default();
        for hand in &mut hands {
            *hand = seq.next_element_seed(Seed(Tiles("tehais")))?.ok_or_else(not_four_hands)?;
        }
        if seq.next_element_seed(Seed(crate::interop::json::Skip))?.is_some() {
            skip_rest(&mut seq)?;
            return Err(not_four_hands());
        }
        Ok(hands)
    }

    fn other<E: de::Error>(self, _: Value) -> Result<[Vec<Tile>; 4], E> {
        Err(not_four_hands())
    }
}

fn not_four_hands<E: de::Error>() -> E {
    wrong(tr!("interop-mjai-tehais-must-list-four-hands").text())
}

/// The round wind: `E`, `S`, `W` or `N`.
struct Bakaze;

impl<'de> JsonShape<'de> for Bakaze {
    type Out = Wind;

    fn text<E: de::Error>(self, w: &str) -> Result<Wind, E> {
        match w.as_bytes() {
            [c] => Wind::from_code(*c).ok_or_else(not_a_wind),
            _ => Err(not_a_wind()),
        }
    }

    fn other<E: de::Error>(self, _: Value) -> Result<Wind, E> {
        Err(not_a_wind())
    }
}

fn not_a_wind<E: de::Error>() -> E {
    wrong(tr!("interop-mjai-bakaze-must-be-e-s-w").text())
}

/// The players' names of `start_game`: a name that is not text is none.
struct Names;

impl<'de> JsonShape<'de> for Names {
    type Out = Vec<Option<String>>;

    fn list<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Option<String>>, A::Error> {
        let mut out = Vec::with_capacity(4);
        while let Some(n) = seq.next_element_seed(Seed(Lenient::<String>::new()))? {
            out.push(n);
        }
        Ok(out)
    }

    fn map<A: de::MapAccess<'de>>(self, map: A) -> Result<Vec<Option<String>>, A::Error> {
        crate::interop::json::Skip.map(map).map(|()| vec![])
    }

    fn other<E: de::Error>(self, _: Value) -> Result<Vec<Option<String>>, E> {
        Ok(vec![])
    }
}

fn names<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Option<String>>, D::Error> {
    read(d, Names)
}

fn actor<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    read(d, Player("actor"))
}

fn target<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    read(d, Player("target"))
}

fn oya<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    read(d, Player("oya"))
}

fn pai<'de, D: Deserializer<'de>>(d: D) -> Result<Tile, D::Error> {
    read(d, TileName("pai"))
}

fn dora_marker<'de, D: Deserializer<'de>>(d: D) -> Result<Tile, D::Error> {
    read(d, TileName("dora_marker"))
}

fn consumed<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Tile>, D::Error> {
    read(d, Tiles("consumed"))
}

fn ura_markers<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<Tile>>, D::Error> {
    read(d, Tiles("ura_markers")).map(Some)
}

fn tsumogiri<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    read(d, Lenient::<bool>::new()).map(|b| b.unwrap_or(false))
}

fn deltas<'de, D: Deserializer<'de>>(d: D) -> Result<Option<[i64; 4]>, D::Error> {
    read(d, Four("deltas")).map(Some)
}

fn scores<'de, D: Deserializer<'de>>(d: D) -> Result<[i64; 4], D::Error> {
    read(d, Four("scores"))
}

fn tehais<'de, D: Deserializer<'de>>(d: D) -> Result<[Vec<Tile>; 4], D::Error> {
    read(d, Tehais)
}

fn bakaze<'de, D: Deserializer<'de>>(d: D) -> Result<Wind, D::Error> {
    read(d, Bakaze)
}

fn kyoku<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    read(d, Int("kyoku"))
}

fn honba<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    read(d, Int("honba"))
}

fn kyotaku<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    read(d, Int("kyotaku"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interop::json::error_of;

    fn tile(name: &str) -> Tile {
        tile_from_name(name).unwrap()
    }

    #[test]
    fn events_are_read_into_their_types() {
        let e: MjaiEvent = serde_json::from_str(r#"{"type":"dahai","actor":2,"pai":"5mr","tsumogiri":true}"#).unwrap();
        assert_eq!(e, MjaiEvent::Dahai { actor: 2, pai: tile("5mr"), tsumogiri: true });
        // Anything but true is false; fields the reader does not use are skipped.
        let e: MjaiEvent =
            serde_json::from_str(r#"{"type":"dahai","actor":2,"pai":"E","tsumogiri":"yes","meta":{"q":[[1]]}}"#)
                .unwrap();
        assert_eq!(e, MjaiEvent::Dahai { actor: 2, pai: tile("E"), tsumogiri: false });
        let e: MjaiEvent = serde_json::from_str(r#"{"type":"reach","actor":1}"#).unwrap();
        assert_eq!((e.kind(), e), ("reach", MjaiEvent::Reach));
        let e: MjaiEvent = serde_json::from_str(r#"{"type":"none"}"#).unwrap();
        assert_eq!(e, MjaiEvent::Nothing);
        let e: MjaiEvent = serde_json::from_str(r#"{"type":"start_game","names":["a",5,null,"d"]}"#).unwrap();
        assert_eq!(e, MjaiEvent::StartGame { names: vec![Some("a".into()), None, None, Some("d".into())] });
        let e: MjaiEvent = serde_json::from_str(r#"{"type":"start_game"}"#).unwrap();
        assert_eq!(e, MjaiEvent::StartGame { names: vec![] });
        let e: MjaiEvent =
            serde_json::from_str(r#"{"type":"hora","actor":1,"target":0,"deltas":[-1000,1000,0,0]}"#).unwrap();
        assert_eq!(e, MjaiEvent::Hora { actor: 1, target: 0, deltas: Some([-1000, 1000, 0, 0]), ura_markers: None });
        let e: MjaiEvent = serde_json::from_str(
            r#"{"type":"start_kyoku","bakaze":"S","kyoku":2,"honba":1,"kyotaku":0,"oya":1,"dora_marker":"?","scores":[1,2,3,4],"tehais":[[],["1m"],[],["?"]]}"#,
        )
        .unwrap();
        let MjaiEvent::StartKyoku(k) = e else { panic!("{e:?}") };
        assert_eq!((k.bakaze, k.kyoku, k.honba, k.oya, k.scores), (Wind::South, 2, 1, 1, [1, 2, 3, 4]));
        assert_eq!(k.tehais, [vec![], vec![tile("1m")], vec![], vec![Tile::UNKNOWN]]);
    }

    /// The words of the error reading `line` as an event.
    fn refused(line: &str) -> String {
        let e = serde_json::from_str::<MjaiEvent>(line).unwrap_err();
        match plain(&e) {
            Some(t) => t.en,
            None => error_of(&e).1.en,
        }
    }

    #[test]
    fn a_wrong_field_is_named_with_what_was_found() {
        let cases = [
            (r#"{"type":"tsumo","actor":0,"pai":[1]}"#, r#""pai": [1] is not an mjai tile"#),
            (r#"{"type":"tsumo","actor":"0","pai":"1m"}"#, r#""actor" must be a whole number, found "0""#),
            (r#"{"type":"tsumo","actor":4,"pai":"1m"}"#, r#""actor": 4 is not a player"#),
            (r#"{"type":"tsumo","actor":0.0,"pai":"1m"}"#, r#""actor" must be a whole number, found 0.0"#),
            (r#"{"type":"pon","actor":0,"consumed":"1m1m"}"#, r#""consumed" must be a list"#),
            (r#"{"type":"ankan","actor":0,"consumed":["1m","1z"]}"#, r#""consumed": "1z" is not an mjai tile"#),
            (r#"{"type":"ryukyoku","deltas":[0,0,0]}"#, r#""deltas" must list four numbers"#),
            (r#"{"type":"ryukyoku","deltas":[0,0,"x",0]}"#, r#""deltas"[2] must be a whole number"#),
            (r#"{"type":"tsumo","actor":0}"#, r#"the event has no "pai""#),
            (r#"{"actor":0}"#, r#"the event has no "type""#),
            (r#"{"type":"fly"}"#, r#""fly" is not an mjai event type"#),
            (r#"{"type":5}"#, "not what this log has here"),
        ];
        for (line, words) in cases {
            assert!(refused(line).contains(words), "{line}: {}", refused(line));
        }
        let tehais = |t: &str| {
            format!(
                r#"{{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m","scores":[0,0,0,0],"tehais":{t}}}"#
            )
        };
        assert!(refused(&tehais("[[],[],[]]")).contains(r#""tehais" must list four hands"#));
        assert!(refused(&tehais("[[],[],[],[],[]]")).contains(r#""tehais" must list four hands"#));
        assert!(refused(&tehais(r#"[[],[],"x",[]]"#)).contains(r#"each of "tehais" must be a list"#));
        assert!(refused(&tehais(r#"[[],[],["1m",3],[]]"#)).contains(r#""tehais": 3 is not an mjai tile"#));
        assert!(
            refused(&tehais("[[],[],[],[]]").replace("\"E\"", "\"EE\"")).contains("\"bakaze\" must be E, S, W or N")
        );
    }
}
