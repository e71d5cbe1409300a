//! The record's commands as read from its JSON, and their arguments read one by one: a seat, a
//! tile, a list of tiles, points. Every fault names the command (its index in the array and its
//! name) and the argument (counted from 1).

use serde_json::Value;

use crate::format::{Points, Tile};
use crate::i18n::{Text, tr};
use crate::interop::{ConvertError, not_hundreds};

/// One command of the record: `{"time": .., "id": .., "cmd": "tsumo", "args": ["A0", "69", "2m"]}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct RecordCommand {
    /// Its index in the array (from 0).
    pub(super) index: usize,
    pub(super) cmd: String,
    pub(super) args: Vec<String>,
    /// Its `time` ("2023-04-28 21:21:00"): the game's start for the first commands, then one
    /// second more for each command (not when the act happened).
    pub(super) time: Option<String>,
}

/// Where command `index` is: "command 137 (sutehai)".
pub(super) fn command_at(index: usize, cmd: Option<&str>) -> Text {
    match cmd {
        Some(cmd) => tr!("interop-mleague-command-at", index = index, cmd = cmd),
        None => tr!("interop-mleague-item-at", index = index),
    }
}

/// Where a fault of the array is: the command's index and its name, when it has one; none for
/// the whole array.
pub(super) type ItemAt = Option<(usize, Option<String>)>;

/// The commands of a JSON array already parsed.
pub(super) fn commands_of(v: Value) -> Result<Vec<RecordCommand>, (ItemAt, Text)> {
    let Value::Array(items) = v else {
        return Err((None, tr!("interop-mleague-not-a-list").text()));
    };
    let mut out = Vec::with_capacity(items.len());
    for (index, item) in items.into_iter().enumerate() {
        out.push(command_of(index, item).map_err(|(cmd, m)| (Some((index, cmd)), m))?);
    }
    Ok(out)
}

/// One item of the array as a command: an object with a text `cmd` and a list `args` of texts
/// (a number is taken as its text). A fault comes with the command's name when it has one.
fn command_of(index: usize, item: Value) -> Result<RecordCommand, (Option<String>, Text)> {
    let Value::Object(mut o) = item else {
        return Err((None, tr!("interop-mleague-not-a-command").text()));
    };
    let Some(Value::String(cmd)) = o.remove("cmd") else {
        return Err((None, tr!("interop-mleague-not-a-command").text()));
    };
    let args = match o.remove("args") {
        Some(Value::Array(a)) => a,
        _ => return Err((Some(cmd), tr!("interop-mleague-no-args").text())),
    };
    let mut texts = Vec::with_capacity(args.len());
    for (n, a) in args.into_iter().enumerate() {
        match a {
            Value::String(s) => texts.push(s),
            Value::Number(x) => texts.push(x.to_string()),
            other => {
                let value = other.to_string();
                return Err((Some(cmd), tr!("interop-mleague-arg-not-text", n = n + 1, value = value)));
            }
        }
    }
    let time = match o.remove("time") {
        Some(Value::String(t)) => Some(t),
        _ => None,
    };
    Ok(RecordCommand { index, cmd, args: texts, time })
}

impl RecordCommand {
    /// Where this command is.
    pub(super) fn at(&self) -> Text {
        command_at(self.index, Some(&self.cmd))
    }

    /// A fault of this command.
    pub(super) fn fault(&self, message: Text) -> ConvertError {
        ConvertError::new(self.at(), message)
    }

    /// Argument `n` (from 0), which the command must have; `what` says what it is.
    pub(super) fn arg(&self, n: usize, what: crate::i18n::Msg) -> Result<&str, ConvertError> {
        self.args
            .get(n)
            .map(String::as_str)
            .ok_or_else(|| self.fault(tr!("interop-mleague-missing-arg", n = n + 1, what = what)))
    }

    /// Argument `n` as a seat: `A0` `B0` `C0` `D0` are the players 0 to 3 (A0 deals first).
    pub(super) fn seat(&self, n: usize) -> Result<usize, ConvertError> {
        let v = self.arg(n, tr!("interop-mleague-what-seat"))?;
        player_of(v).ok_or_else(|| self.fault(tr!("interop-mleague-not-a-seat", n = n + 1, value = v)))
    }

    /// Argument `n` as a tile.
    pub(super) fn tile(&self, n: usize) -> Result<Tile, ConvertError> {
        let v = self.arg(n, tr!("interop-mleague-what-tile"))?;
        tile_of(v).ok_or_else(|| self.fault(tr!("interop-mleague-not-a-tile", n = n + 1, value = v)))
    }

    /// Argument `n` as a tile, or none when it is empty (an ura dora the record leaves out).
    pub(super) fn tile_or_none(&self, n: usize) -> Result<Option<Tile>, ConvertError> {
        match self.args.get(n).map(|s| s.trim()) {
            None | Some("") => Ok(None),
            Some(_) => self.tile(n).map(Some),
        }
    }

    /// Argument `n` as tiles written one after another (`9p8p3z6s`).
    pub(super) fn tiles(&self, n: usize) -> Result<Vec<Tile>, ConvertError> {
        let v = self.arg(n, tr!("interop-mleague-what-tiles"))?;
        tiles_of(v).ok_or_else(|| self.fault(tr!("interop-mleague-not-tiles", n = n + 1, value = v)))
    }

    /// Argument `n` as a whole number that is not negative.
    pub(super) fn count(&self, n: usize) -> Result<u32, ConvertError> {
        let v = self.arg(n, tr!("interop-mleague-what-number"))?;
        v.trim().parse::<u32>().map_err(|_| self.fault(tr!("interop-mleague-not-a-number", n = n + 1, value = v)))
    }

    /// Argument `n` as points: `=25000` (the points a seat has) or `+1500`/`-1000` (a change).
    pub(super) fn points(&self, n: usize) -> Result<PointsArg, ConvertError> {
        let v = self.arg(n, tr!("interop-mleague-what-points"))?;
        let bad = || self.fault(tr!("interop-mleague-not-points", n = n + 1, value = v));
        let t = v.trim();
        if let Some(rest) = t.strip_prefix('=') {
            let p = rest.parse::<i64>().map_err(|_| bad())?;
            return Points::from_points(p).map(PointsArg::Set).ok_or_else(|| self.fault(not_hundreds(p)));
        }
        if !t.starts_with(['+', '-']) {
            return Err(bad());
        }
        let p = t.parse::<i64>().map_err(|_| bad())?;
        // A change is checked when it is added to the points (one change alone may be any size).
        if p % 100 != 0 || p.unsigned_abs() > 1_000_000_000 {
            return Err(self.fault(not_hundreds(p)));
        }
        Ok(PointsArg::Change(p))
    }
}

/// Points as a `point` command gives them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PointsArg {
    /// `=25000`: what the seat has (at the start of a kyoku).
    Set(Points),
    /// `+1500`, `-1000`: a change at the end of a kyoku (riichi sticks included).
    Change(i64),
}

/// The player a seat code names: `A0` is 0 ... `D0` is 3.
pub(super) fn player_of(v: &str) -> Option<usize> {
    match v.trim() {
        "A0" => Some(0),
        "B0" => Some(1),
        "C0" => Some(2),
        "D0" => Some(3),
        _ => None,
    }
}

/// The seat code of player `p`.
pub(super) fn seat_code(p: usize) -> &'static str {
    ["A0", "B0", "C0", "D0"].get(p).copied().unwrap_or("?")
}

/// One tile as the viewer writes it: `1m`..`9m`, `1p`.., `1s`.., `1z`..`7z` (east, south, west,
/// north, white, green, red); a red five is `5M` `5P` `5S` (also read as `0m` `0p` `0s`).
pub(super) fn tile_of(v: &str) -> Option<Tile> {
    let b = v.trim().as_bytes();
    let [d, s] = *b else { return None };
    let digit = d.checked_sub(b'0').filter(|d| *d <= 9)?;
    match s {
        b'M' | b'P' | b'S' if digit == 5 => Tile::from_mpsz(0, char::from(s.to_ascii_lowercase())),
        b'm' | b'p' | b's' | b'z' => Tile::from_mpsz(digit, char::from(s)),
        _ => None,
    }
}

/// Tiles written one after another, two letters each.
pub(super) fn tiles_of(v: &str) -> Option<Vec<Tile>> {
    let b = v.trim().as_bytes();
    if !b.len().is_multiple_of(2) {
        return None;
    }
    b.chunks(2).map(|c| std::str::from_utf8(c).ok().and_then(tile_of)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_are_read_as_the_viewer_writes_them() {
        assert_eq!(tile_of("5M"), Tile::from_code(b"0m"));
        assert_eq!(tile_of("0s"), Tile::from_code(b"0s"));
        assert_eq!(tile_of("7z"), Tile::from_code(b"rd"));
        assert_eq!(tile_of("1z"), Tile::from_code(b"ew"));
        assert_eq!(tile_of("8z"), None);
        assert_eq!(tile_of("4M"), None);
        assert_eq!(tile_of("0z"), None);
        assert_eq!(tiles_of("9p8p3z6s").map(|t| t.len()), Some(4));
        assert_eq!(tiles_of("9p8"), None);
        assert_eq!(tiles_of("東南"), None);
        assert_eq!(player_of("C0"), Some(2));
        assert_eq!(player_of("E0"), None);
    }
}
