//! A tenhou.net/6 log as typed values: [`Tenhou6Log`] (title, names, rule, kyoku), each kyoku
//! read by a hand-written visitor over its list of 17 items (`super::items`), which mix numbers,
//! strings and lists. A value that does not belong is refused at its JSON path (`log[3][5][2]`)
//! with what it should be and what was found, in both languages.

use serde::de::{self, Deserializer, MapAccess, SeqAccess};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::items::KyokuAt;
use super::kyoku::Kyoku;
use super::place::{JsonPlace, not_a_list, show};
use crate::i18n::tr;
use crate::interop::json::{JsonShape, Lenient, Seed, Skip, fault, read, skip_rest};
use crate::interop::the_file;

/// A tenhou.net/6 log read into types, not yet made a record (`serde_json::from_str` reads it;
/// [`super::import`] makes it a record).
#[derive(Clone, Debug)]
pub struct Tenhou6Log {
    /// The title's first two parts (the event, the stage), as text.
    pub title: Option<Vec<String>>,
    /// The four players' names, as text.
    pub name: Option<Vec<String>>,
    pub rule: Option<Tenhou6Rule>,
    /// The players' dan (`四段`) and rate, as tenhou's own logs give them; empty when not given.
    pub ranks: Vec<super::Rank>,
    pub(super) log: Vec<Kyoku>,
}

impl Tenhou6Log {
    /// How many kyoku the log holds.
    pub fn kyoku_count(&self) -> usize {
        self.log.len()
    }
}

/// The `rule` of a log, read leniently: what is not there or not of its kind is `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tenhou6Rule {
    /// The room's name: "鳳南喰赤", "Gold Room South".
    pub disp: Option<String>,
    /// Red fives: 1 with, 0 without (`aka`, or tenhou's `aka51`..`aka53`).
    pub aka: Option<i64>,
    /// What this program wrote in `rule.jmjp` (read first): the match's whole rules comment, or
    /// `Some(None)` where the match had none.
    pub jmjp: Option<Option<String>>,
}

/// The keys of the log's object.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum Field {
    Title,
    Name,
    Rule,
    Log,
    Dan,
    Rate,
    #[serde(other)]
    Other,
}

impl<'de> Deserialize<'de> for Tenhou6Log {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tenhou6Log, D::Error> {
        read(d, LogObject)
    }
}

struct LogObject;

impl<'de> JsonShape<'de> for LogObject {
    type Out = Tenhou6Log;

    const EXPECTING: &'static str = "a tenhou.net/6 log";

    fn map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tenhou6Log, A::Error> {
        let (mut title, mut name, mut rule, mut log) = (None, None, None, None);
        let (mut dan, mut rate) = (Value::Null, Value::Null);
        while let Some(key) = map.next_key::<Field>()? {
            match key {
                Field::Dan => dan = map.next_value()?,
                Field::Rate => rate = map.next_value()?,
                Field::Title => title = Some(map.next_value_seed(Seed(Title))?),
                Field::Name => name = Some(map.next_value_seed(Seed(Names))?),
                Field::Rule => rule = Some(map.next_value_seed(Seed(Rule))?),
                Field::Log => log = Some(map.next_value_seed(Seed(KyokuList))?),
                Field::Other => map.next_value_seed(Seed(Skip))?,
            }
        }
        let log = log.ok_or_else(|| fault(Some(the_file()), tr!("interop-tenhou6-no-log").text()))?;
        Ok(Tenhou6Log { title, name, rule, ranks: ranks_of(&dan, &rate), log })
    }

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<Tenhou6Log, A::Error> {
        // A list is read to its end first: broken JSON is told as such.
        Skip.list(seq)?;
        self.other(Value::Null)
    }

    fn other<E: de::Error>(self, _: Value) -> Result<Tenhou6Log, E> {
        Err(fault(Some(the_file()), tr!("interop-tenhou6-not-an-object").text()))
    }
}

/// The four players' ranks of a log's `dan` and `rate` lists, read leniently: none unless one of
/// them is a list of four.
fn ranks_of(dan: &Value, rate: &Value) -> Vec<super::Rank> {
    let four = |v: &Value| v.as_array().filter(|a| a.len() == 4).cloned();
    let (dans, rates) = (four(dan), four(rate));
    if dans.is_none() && rates.is_none() {
        return Vec::new();
    }
    (0..4)
        .map(|i| super::Rank {
            dan: dans.as_ref().and_then(|d| d[i].as_str()).unwrap_or_default().to_string(),
            rate: rates.as_ref().and_then(|r| r[i].as_f64()).filter(|r| r.is_finite()),
        })
        .collect()
}

/// A name or title part: text, or a number written as text.
struct TextOr;

impl<'de> JsonShape<'de> for TextOr {
    type Out = Result<String, Value>;

    fn text<E: de::Error>(self, s: &str) -> Result<Result<String, Value>, E> {
        Ok(Ok(s.to_string()))
    }

    fn other<E: de::Error>(self, v: Value) -> Result<Result<String, Value>, E> {
        Ok(match v {
            Value::Number(n) => Ok(n.to_string()),
            Value::Null => Ok(String::new()),
            v => Err(v),
        })
    }
}

fn text_part<E: de::Error>(part: Result<String, Value>, path: &JsonPlace) -> Result<String, E> {
    part.map_err(|v| path.fault(tr!("interop-tenhou6-not-text", value = show(&v))))
}

/// The title: its first two parts are read.
struct Title;

impl<'de> JsonShape<'de> for Title {
    type Out = Vec<String>;

    fn list<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
        let title = JsonPlace::named("title");
        let mut parts = Vec::with_capacity(2);
        for i in 0..2 {
            match seq.next_element_seed(Seed(TextOr))? {
                Some(p) => parts.push(text_part(p, &title.at(i))?),
                None => return Ok(parts),
            }
        }
        skip_rest(&mut seq)?;
        Ok(parts)
    }

    fn other<E: de::Error>(self, v: Value) -> Result<Vec<String>, E> {
        Err(not_a_list(&JsonPlace::named("title"), tr!("interop-tenhou6-item-title"), &v))
    }
}

/// The four names.
struct Names;

impl<'de> JsonShape<'de> for Names {
    type Out = Vec<String>;

    fn list<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
        let name = JsonPlace::named("name");
        let mut parts = Vec::with_capacity(4);
        while let Some(p) = seq.next_element_seed(Seed(TextOr))? {
            parts.push(p);
        }
        if parts.len() != 4 {
            return Err(name.fault(tr!("interop-tenhou6-four-names", count = parts.len())));
        }
        parts.into_iter().enumerate().map(|(i, p)| text_part(p, &name.at(i))).collect()
    }

    fn other<E: de::Error>(self, v: Value) -> Result<Vec<String>, E> {
        Err(not_a_list(&JsonPlace::named("name"), tr!("interop-tenhou6-item-names"), &v))
    }
}

/// The rule: its room name and red fives, if they are there.
struct Rule;

impl<'de> JsonShape<'de> for Rule {
    type Out = Tenhou6Rule;

    fn map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tenhou6Rule, A::Error> {
        let mut rule = Tenhou6Rule::default();
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match key.as_ref() {
                "disp" => rule.disp = map.next_value_seed(Seed(Lenient::<String>::new()))?,
                "aka" | "aka51" | "aka52" | "aka53" => {
                    let aka = map.next_value_seed(Seed(Lenient::<i64>::new()))?;
                    rule.aka = rule.aka.max(aka);
                }
                "jmjp" => {
                    let ours: Value = map.next_value()?;
                    rule.jmjp = Some(ours.get("rules").and_then(Value::as_str).map(str::to_string));
                }
                _ => map.next_value_seed(Seed(Skip))?,
            }
        }
        Ok(rule)
    }

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<Tenhou6Rule, A::Error> {
        Skip.list(seq).map(|()| Tenhou6Rule::default())
    }

    fn other<E: de::Error>(self, _: Value) -> Result<Tenhou6Rule, E> {
        Ok(Tenhou6Rule::default())
    }
}

/// The list of kyoku.
struct KyokuList;

impl<'de> JsonShape<'de> for KyokuList {
    type Out = Vec<Kyoku>;

    fn list<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Kyoku>, A::Error> {
        let log = JsonPlace::named("log");
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(8).min(64));
        while let Some(k) = seq.next_element_seed(Seed(KyokuAt(log.at(out.len()))))? {
            out.push(k);
        }
        Ok(out)
    }

    fn other<E: de::Error>(self, v: Value) -> Result<Vec<Kyoku>, E> {
        Err(not_a_list(&JsonPlace::named("log"), tr!("interop-tenhou6-item-log"), &v))
    }
}

#[cfg(test)]
mod tests {
    use super::super::codes::tile_from_code;
    use super::super::kyoku::{CallKind, CallText, Out, Result6, Take, WinRow};
    use super::*;
    use crate::format::CalledFrom;
    use crate::interop::json::error_of;
    use crate::interop::outcome::DrawKind;

    const H: &str = "[11,12,13,14,15,16,17,18,19,21,22,23,24]";

    fn kyoku(takes: &str, outs: &str, result: &str) -> String {
        format!(
            r#"{{"title":["A cup",3,"x"],"name":["a","b",null,7],"rule":{{"disp":"鳳南喰赤","aka":1,"x":[[]]}},"log":[[[0,0,0],[25000,25000,25000,25000],[21],[],{H},{takes},{outs},{H},[],[],{H},[],[],{H},[],[],{result},"more"]]}}"#
        )
    }

    #[test]
    fn a_log_is_read_into_its_types_by_serde() {
        let text = kyoku(r#"[11,"c272526",46]"#, r#"[60,"r12",0,"272727a27","3636k3636"]"#, r#"["流局",[0,0,0,0]]"#);
        let log: Tenhou6Log = serde_json::from_str(&text).unwrap();
        assert_eq!(log.title, Some(vec!["A cup".to_string(), "3".to_string()]));
        assert_eq!(log.name, Some(vec!["a".into(), "b".into(), String::new(), "7".into()]));
        assert_eq!(log.rule, Some(Tenhou6Rule { disp: Some("鳳南喰赤".into()), aka: Some(1), jmjp: None }));
        assert_eq!(log.kyoku_count(), 1);
        let k = &log.log[0];
        assert_eq!((k.kyoku, k.honba, k.kyotaku, k.scores), (0, 0, 0, [25000; 4]));
        let t = |c| tile_from_code(c).unwrap();
        assert_eq!(k.takes[0][0], Take::Tile(t(11)));
        let chi =
            CallText { kind: CallKind::Chi, called: t(27), consumed: vec![t(25), t(26)], from: CalledFrom::Kamicha };
        assert_eq!(k.takes[0][1], Take::Call(chi));
        let outs =
            [Out::Tsumogiri, Out::Riichi(Some(t(12))), Out::Placeholder, Out::Ankan([t(27); 4]), Out::Kakan(t(36))];
        assert_eq!(k.outs[0], outs);
        assert_eq!(k.result, Result6::Draw(DrawKind::Exhaustive, [0; 4]));
        let win = kyoku("[11]", "[11]", r#"["和了",[-1000,1000,0,0],[1,0,1],[0,0,0,0],[2,0,2]]"#);
        let log: Tenhou6Log = serde_json::from_str(&win).unwrap();
        let rows = vec![
            WinRow { deltas: [-1000, 1000, 0, 0], who: 1, from: 0, pao: 1 },
            WinRow { deltas: [0; 4], who: 2, from: 0, pao: 2 },
        ];
        assert_eq!(log.log[0].result, Result6::Win(rows));
    }

    /// Where and why reading `text` fails.
    fn refused(text: &str) -> (String, String) {
        let e = serde_json::from_str::<Tenhou6Log>(text).unwrap_err();
        let (at, message) = error_of(&e);
        (at.map(|t| t.en).unwrap_or_default(), message.en)
    }

    #[test]
    fn a_wrong_value_is_refused_at_its_path() {
        let cases = [
            (kyoku("[11]", "[11]", r#"["和了",[0,0,0,0]]"#), "log[0][16]", "one pair per winner"),
            (kyoku("[11]", "[11]", r#"["和了",[0,0,0,0],[1,0]]"#), "log[0][16][2]", ""),
            (kyoku("[11]", "[11]", r#"["和了",[0,0,0,0],[1,"0",1]]"#), "log[0][16][2][1]", "found \"0\""),
            (kyoku("[11]", "[11]", r#"["和了",[0,0,0,0],[1,4,1]]"#), "log[0][16][2][1]", "4"),
            (kyoku("[11]", "[11]", r#"[5]"#), "log[0][16]", ""),
            (kyoku("[11]", "[11]", r#"["流局",[0,0]]"#), "log[0][16][1]", "found 2"),
            (kyoku("[11]", "[11]", r#"["九種九牌",[0,1000,-1000,0]]"#), "log[0][16][1]", "moves no points"),
            (kyoku("[11]", r#"[{"a":1}]"#, r#"["流局"]"#), "log[0][6][0]", r#"found {"a":1}"#),
            (kyoku("[11]", r#"["r99"]"#, r#"["流局"]"#), "log[0][6][0]", "r99"),
            (kyoku("[11]", r#"["2727a27"]"#, r#"["流局"]"#), "log[0][6][0]", "2727a27"),
            (kyoku("[11.5]", "[11]", r#"["流局"]"#), "log[0][5][0]", "found 11.5"),
            (kyoku("[11]", "[11]", r#"["流局"]"#).replace("[0,0,0]", "[0,0]"), "log[0][0]", ""),
            (kyoku("[11]", "[11]", r#"["流局"]"#).replace("[0,0,0]", "[16,0,0]"), "log[0][0][0]", "16"),
            (kyoku("[11]", "[11]", r#"["流局"]"#).replace("[0,0,0]", "[0,-1,0]"), "log[0][0][1]", "-1"),
            (kyoku("[11]", "[11]", r#"["流局"]"#).replace("[21]", "[21,21,21,21,21,21]"), "log[0][2]", ""),
            (kyoku("[11]", "[11]", r#"["流局"]"#).replace(r#""a","b""#, r#""a""#), "name", "3"),
            (kyoku("[11]", "[11]", r#"["流局"]"#).replace(r#""b""#, "[]"), "name[1]", "[]"),
            (kyoku("[11]", "[11]", r#"["流局"]"#).replace("\"A cup\"", "{}"), "title[0]", "{}"),
            (r#"{"log":{}}"#.to_string(), "log", "the log must be a list"),
            (r#"{"log":[5]}"#.to_string(), "log[0]", "found 5"),
            (r#"{"name":"x"}"#.to_string(), "name", ""),
            (r#"{"title":[]}"#.to_string(), "the file", "no \"log\""),
            ("[1,2]".to_string(), "the file", "one JSON object"),
            ("\"x\"".to_string(), "the file", "one JSON object"),
        ];
        for (text, at, words) in cases {
            let (where_, why) = refused(&text);
            assert!(where_ == at && why.contains(words), "{text}\n=> {where_}: {why}");
        }
        let (at, why) = refused(&format!("{{\"log\":[[{}", "[".repeat(200)));
        assert!(at.starts_with("line 1, column") && why.contains("recursion limit"), "{at}: {why}");
        let (at, why) = refused(&format!(r#"{{"log":[],"x":{}"#, "[".repeat(100)));
        assert!(at.starts_with("line 1, column") && why.contains("ends too early"), "{at}: {why}");
    }
}
