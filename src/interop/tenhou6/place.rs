//! The places and words of a tenhou.net/6 log's errors: a JSON path (`log[3][5][2]`), what an
//! item is, the value found; and the tile codes of a call or kan written as text.

use std::fmt;

use serde::de::{self, SeqAccess};
use serde_json::Value;

use super::codes::tile_from_code;
use crate::format::Tile;
use crate::i18n::{Msg, Text, tr};
use crate::interop::json::{JsonShape, Seed, fault};
use crate::interop::path_at;

/// A place in the log's JSON: `log[3][5][2]`, made as it is needed and written out only for an
/// error.
#[derive(Clone, Copy)]
pub(super) struct JsonPlace<'a> {
    parent: Option<&'a JsonPlace<'a>>,
    key: Key<'a>,
}

#[derive(Clone, Copy)]
enum Key<'a> {
    Name(&'a str),
    Index(usize),
}

impl<'a> JsonPlace<'a> {
    pub(super) fn named(name: &'a str) -> JsonPlace<'a> {
        JsonPlace { parent: None, key: Key::Name(name) }
    }

    pub(super) fn at(&'a self, i: usize) -> JsonPlace<'a> {
        JsonPlace { parent: Some(self), key: Key::Index(i) }
    }

    fn text(&self) -> Text {
        path_at(&self.to_string())
    }

    pub(super) fn fault<E: de::Error>(&self, message: Text) -> E {
        fault(Some(self.text()), message)
    }
}

impl fmt::Display for JsonPlace<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if let Some(p) = self.parent {
            p.fmt(f)?;
        }
        match self.key {
            Key::Name(n) => f.write_str(n),
            Key::Index(i) => write!(f, "[{i}]"),
        }
    }
}

pub(super) fn show(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 40 { format!("{}…", s.chars().take(40).collect::<String>()) } else { s }
}

/// What a JSON item is, in both languages tr!("interop-tenhou6-item-takes").
pub(super) type ItemName = Msg;

/// The tiles of a call or kan string with the letter taken out, and the letter's place in tiles.
pub(super) fn split_meld_text(s: &str) -> Result<(char, usize, Vec<Tile>), Text> {
    let letters: Vec<(usize, char)> = s.char_indices().filter(|(_, c)| !c.is_ascii_digit()).collect();
    let [(at, letter)] = letters[..] else {
        return Err(tr!("interop-tenhou6-not-a-call", text = s));
    };
    let digits: String = s.chars().filter(|c| c.is_ascii_digit()).collect();
    if !at.is_multiple_of(2) || !digits.len().is_multiple_of(2) {
        return Err(tr!("interop-tenhou6-call-not-pairs", text = s));
    }
    let mut out = Vec::with_capacity(4);
    for i in (0..digits.len()).step_by(2) {
        let code: i64 = digits[i..i + 2].parse().map_err(|_| tr!("interop-tenhou6-broken-tile-code", text = s))?;
        out.push(
            tile_from_code(code)
                .filter(|t| !t.is_unknown())
                .ok_or_else(|| tr!("interop-tenhou6-call-holds-non-tile", text = s, code = code))?,
        );
    }
    Ok((letter, at / 2, out))
}

/// "`what` must be a list, found `v`" at `path`.
pub(super) fn not_a_list<E: de::Error>(path: &JsonPlace, what: ItemName, v: &Value) -> E {
    path.fault(tr!("interop-tenhou6-not-a-list", what = what, value = show(v)))
}

/// "`what` must be a whole number, found `v`" at `path`.
pub(super) fn not_a_number<E: de::Error>(path: &JsonPlace, what: ItemName, v: &Value) -> E {
    path.fault(tr!("interop-tenhou6-not-a-number", what = what, value = show(v)))
}

/// A whole number, or the value found instead, for lists checked whole before their items.
pub(super) struct IntOr;

impl<'de> JsonShape<'de> for IntOr {
    type Out = Result<i64, Value>;

    fn int<E: de::Error>(self, n: i64) -> Result<Result<i64, Value>, E> {
        Ok(Ok(n))
    }

    fn other<E: de::Error>(self, v: Value) -> Result<Result<i64, Value>, E> {
        Ok(Err(v))
    }
}

/// The items of a list as whole numbers or what was found, or the value that is no list.
pub(super) fn ints_or<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<Vec<Result<i64, Value>>, A::Error> {
    let mut out = Vec::with_capacity(4);
    while let Some(n) = seq.next_element_seed(Seed(IntOr))? {
        out.push(n);
    }
    Ok(out)
}
