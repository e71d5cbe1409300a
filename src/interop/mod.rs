//! Converters between `.jmjp` and the notations players' tools use: extended MPSZ for hands,
//! melds and rivers ([`mpsz`]), mjai event logs ([`mjai`]) and tenhou.net/6 JSON logs
//! ([`tenhou6`]). Library code: no UI, no printing; errors say where (a line, a JSON path, a
//! frame) and what, in plain words.

pub mod mjai;
pub mod mpsz;
pub mod outcome;
pub mod tenhou6;

use std::path::Path;

use thiserror::Error;

use crate::format::Paifu;

/// Why a conversion failed, and where: `line 12`, `log[3][16]`, `E2-0, act 17`.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{at}: {message}")]
pub struct ConvertError {
    pub at: String,
    pub message: String,
}

impl ConvertError {
    pub fn new(at: impl Into<String>, message: impl Into<String>) -> ConvertError {
        ConvertError { at: at.into(), message: message.into() }
    }
}

/// The formats `convert` reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Jmjp,
    Mjai,
    Tenhou6,
}

impl Format {
    pub const ALL: [Format; 3] = [Format::Jmjp, Format::Mjai, Format::Tenhou6];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Jmjp => "jmjp",
            Format::Mjai => "mjai",
            Format::Tenhou6 => "tenhou6",
        }
    }

    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The usual file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Jmjp => "jmjp",
            Format::Mjai => "jsonl",
            Format::Tenhou6 => "json",
        }
    }

    /// The format a path's extension names (`.jmjp`, `.mjson`/`.jsonl`, `.json`), if any.
    pub fn from_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "jmjp" => Some(Format::Jmjp),
            "mjson" | "jsonl" | "mjai" => Some(Format::Mjai),
            "json" => Some(Format::Tenhou6),
            _ => None,
        }
    }

    /// The format a text looks like: `jmjp[` first, one JSON object per line with a `type`
    /// (mjai), or one JSON object with a `log` (tenhou.net/6).
    pub fn sniff(text: &str) -> Option<Format> {
        let t = crate::format::strip_bom(text).trim_start();
        if t.starts_with("jmjp[") || t.starts_with("//") {
            return Some(Format::Jmjp);
        }
        let first_line = t.lines().next().unwrap_or("");
        if first_line.trim_start().starts_with('{') && first_line.contains("\"type\"") {
            return Some(Format::Mjai);
        }
        if t.starts_with('{') && t.contains("\"log\"") {
            return Some(Format::Tenhou6);
        }
        None
    }
}

/// Reads `text` in `format` into a record.
pub fn import(format: Format, text: &str) -> Result<Paifu, ConvertError> {
    match format {
        Format::Jmjp => {
            let doc = crate::format::parse(text)
                .map_err(|e| ConvertError::new(format!("line {}, column {}", e.line, e.column), e.message.clone()))?;
            let mut paifu = doc.paifu;
            if doc.dialect == crate::format::Dialect::V0 {
                crate::rules::upgrade_v0(&mut paifu);
            }
            Ok(paifu)
        }
        Format::Mjai => mjai::import(text),
        Format::Tenhou6 => tenhou6::import(text),
    }
}

/// Writes `paifu` in `format`.
pub fn export(format: Format, paifu: &Paifu) -> Result<String, ConvertError> {
    match format {
        Format::Jmjp => Ok(crate::format::write(paifu)),
        Format::Mjai => mjai::export(paifu),
        Format::Tenhou6 => tenhou6::export(paifu),
    }
}

/// The one match of a file, for the log formats that hold one game.
pub(crate) fn single_match<'a>(paifu: &'a Paifu, log: &str) -> Result<&'a crate::format::Match, ConvertError> {
    match paifu.matches.as_slice() {
        [m] => Ok(m),
        [] => Err(ConvertError::new("the file", "it holds no match")),
        ms => Err(ConvertError::new(
            "the file",
            format!("it holds {} matches; {log} holds one game: split the file first", ms.len()),
        )),
    }
}

/// Text of a string literal: the native script, else the romanized form.
pub(crate) fn strlit_text(s: &crate::format::StrLit) -> String {
    s.native.clone().or_else(|| s.roman.clone()).unwrap_or_default()
}

/// The four players' names by plyerId as one line each (last and first name joined by a space).
pub(crate) fn player_names(m: &crate::format::Match) -> [String; 4] {
    let mut names: [String; 4] = Default::default();
    for p in &m.players {
        if let (Some(slot), Some(n)) = (names.get_mut(usize::from(p.id)), &p.name) {
            let parts: Vec<String> =
                [&n.last, &n.first].into_iter().flatten().map(strlit_text).filter(|s| !s.is_empty()).collect();
            *slot = parts.join(" ");
        }
    }
    names
}

/// The plyerId sitting at `seat` in a frame whose dealer is player `dealer`.
pub(crate) fn player_at(seat: crate::format::Seat, dealer: usize) -> usize {
    (seat.index() + dealer) % 4
}

/// Values by seat (East first) put in plyerId order.
pub(crate) fn by_player<T: Copy + Default>(by_seat: &[T; 4], dealer: usize) -> [T; 4] {
    let mut out = [T::default(); 4];
    for s in crate::format::Seat::ALL {
        out[player_at(s, dealer)] = by_seat[s.index()];
    }
    out
}

/// `E2-0` or `match 2, E2-0` for error positions.
pub(crate) fn frame_at(match_index: usize, matches: usize, id: crate::format::FrameId) -> String {
    if matches > 1 { format!("match {}, {id}", match_index + 1) } else { id.to_string() }
}

#[cfg(test)]
mod tests {
    use super::Format;
    use std::path::Path;

    #[test]
    fn formats_are_told_by_content_then_by_extension() {
        assert_eq!(Format::sniff("\u{feff}jmjp[1.0](..."), Some(Format::Jmjp));
        assert_eq!(
            Format::sniff("{\"type\":\"start_game\",\"names\":[]}\n{\"type\":\"end_game\"}"),
            Some(Format::Mjai)
        );
        assert_eq!(Format::sniff("{\"title\":[\"\",\"\"],\"log\":[]}"), Some(Format::Tenhou6));
        assert_eq!(Format::sniff("hello"), None);
        assert_eq!(Format::from_path(Path::new("a/b.MJSON")), Some(Format::Mjai));
        assert_eq!(Format::from_path(Path::new("b.jsonl")), Some(Format::Mjai));
        assert_eq!(Format::from_path(Path::new("b.json")), Some(Format::Tenhou6));
        assert_eq!(Format::from_path(Path::new("b.jmjp")), Some(Format::Jmjp));
        assert_eq!(Format::from_path(Path::new("b.txt")), None);
        for f in Format::ALL {
            assert_eq!(Format::from_name(f.name()), Some(f));
        }
    }
}
