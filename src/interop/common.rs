//! What the converters share: the error of a conversion and the places and problems it names,
//! the formats the program reads and writes, and the parts of a match every log writes.

use std::path::Path;

use thiserror::Error;

use crate::format::Paifu;
use crate::i18n::{Text, tr};

/// Why a conversion failed, and where: `line 12`, `log[3][16]`, `E2-0, act 17`.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{at}: {message}")]
pub struct ConvertError {
    /// Where, in English and Japanese (`line 12` / `12 行目`; a JSON path is the same in both).
    pub at: Text,
    /// What is wrong, in English and Japanese.
    pub message: Text,
}

impl ConvertError {
    pub fn new(at: Text, message: Text) -> ConvertError {
        ConvertError { at, message }
    }

    /// "where: what" in both languages.
    pub fn text(&self) -> Text {
        tr!("interop-error-at", at = &self.at, message = &self.message)
    }
}

/// A place named the same in both languages: a JSON path such as `log[3][16]`.
pub(crate) fn path_at(path: &str) -> Text {
    Text::verbatim(path)
}

/// Line `n` of a log.
pub(crate) fn line_at(n: usize) -> Text {
    tr!("interop-line", line = n)
}

/// "`what` must be a list".
pub(crate) fn not_a_list(what: &str) -> Text {
    tr!("interop-not-a-list", what = what)
}

/// "`what`: n is not a player (0-3)".
pub(crate) fn not_a_player(what: &str, n: i64) -> Text {
    tr!("interop-not-a-player", what = what, number = n)
}

/// Points that are not a whole number of hundreds.
pub(crate) fn not_hundreds(v: i64) -> Text {
    if v % 100 == 0 {
        return tr!("interop-points-too-large", points = v);
    }
    tr!("interop-points-not-hundreds", points = v)
}

/// A frame built without hands (a fault of this program, not of the log).
pub(crate) fn no_flow() -> Text {
    tr!("interop-no-flow").text()
}

/// What is wrong with act `n` (0-based) of `seat`, for an export: "act 3 (S): …" / "3 手目（南家）：…".
pub(crate) fn act_problem(n: usize, seat: crate::format::Seat, problem: Text) -> Text {
    tr!("interop-act-problem", act = n + 1, seat = seat.word(), problem = problem)
}

/// The whole file, as a place.
pub(crate) fn the_file() -> Text {
    tr!("interop-the-file").text()
}

/// The formats the program reads and writes: the one list the command line's options and help
/// and the app's file dialogs are made from. tenhou's mjlog and the official M League record are
/// read only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Jmjp,
    Mjai,
    Tenhou6,
    /// tenhou's own game log (XML; gzip-compressed as tenhou serves it).
    Mjlog,
    /// The official M League viewer's record (its page as saved, or the bare command list).
    MLeague,
}

impl Format {
    pub const ALL: [Format; 5] = [Format::Jmjp, Format::Mjai, Format::Tenhou6, Format::Mjlog, Format::MLeague];

    /// The game logs written and read (export and import), tenhou.net/6 first.
    pub const LOGS: [Format; 2] = [Format::Tenhou6, Format::Mjai];

    /// The game logs read (import), tenhou's first.
    pub const IMPORTS: [Format; 4] = [Format::Tenhou6, Format::Mjlog, Format::MLeague, Format::Mjai];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Jmjp => "jmjp",
            Format::Mjai => "mjai",
            Format::Tenhou6 => "tenhou6",
            Format::Mjlog => "mjlog",
            Format::MLeague => "mleague",
        }
    }

    /// The name people know it by.
    pub fn title(self) -> &'static str {
        match self {
            Format::Jmjp => "jmjp paifu",
            Format::Mjai => "mjai",
            Format::Tenhou6 => "tenhou.net/6",
            Format::Mjlog => "tenhou mjlog",
            Format::MLeague => "M League official record",
        }
    }

    /// Whether the program writes it (the others it reads only).
    pub fn writes(self) -> bool {
        !matches!(self, Format::Mjlog | Format::MLeague)
    }

    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The names of [`Format::ALL`], for the command line.
    pub fn names() -> [&'static str; 5] {
        Format::ALL.map(Format::name)
    }

    /// The names of the formats written (`convert --to`).
    pub fn written_names() -> Vec<&'static str> {
        Format::ALL.into_iter().filter(|f| f.writes()).map(Format::name).collect()
    }

    /// The file extensions it is read from, the usual one first.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Format::Jmjp => &["jmjp"],
            Format::Mjai => &["jsonl", "mjson", "mjai"],
            Format::Tenhou6 => &["json"],
            Format::Mjlog => &["mjlog", "xml"],
            Format::MLeague => &["html", "htm"],
        }
    }

    /// The usual file extension.
    pub fn extension(self) -> &'static str {
        self.extensions()[0]
    }

    /// The format a path's extension names (`.jmjp`, `.mjson`/`.jsonl`, `.json`, `.mjlog`/`.xml`,
    /// `.html`), if any.
    pub fn from_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Format::ALL.into_iter().find(|f| f.extensions().contains(&ext.as_str()))
    }

    /// The format a text looks like: `jmjp[` first, one JSON object per line with a `type`
    /// (mjai), one JSON object with a `log` (tenhou.net/6), an `<mjloggm>` document (mjlog), the
    /// official M League record or its page.
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
        if super::mjlog::looks_like(t) {
            return Some(Format::Mjlog);
        }
        if super::mleague::looks_like(t) {
            return Some(Format::MLeague);
        }
        None
    }
}

/// The one match of a file, for the log formats that hold one game.
pub(crate) fn single_match(paifu: &Paifu, log: Format) -> Result<&crate::format::Match, ConvertError> {
    let log = match log {
        Format::Mjai => tr!("interop-an-mjai-log"),
        _ => tr!("interop-a-tenhou6-log"),
    };
    match paifu.matches.as_slice() {
        [m] => Ok(m),
        [] => Err(ConvertError::new(the_file(), tr!("interop-no-match").text())),
        ms => Err(ConvertError::new(the_file(), tr!("interop-several-matches", count = ms.len(), log = log))),
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

/// `E2-0` or `match 2, E2-0` for error positions.
pub(crate) fn frame_at(match_index: usize, matches: usize, id: crate::format::FrameId) -> Text {
    if matches > 1 {
        tr!("interop-match-frame", number = match_index + 1, frame = id)
    } else {
        path_at(&id.to_string())
    }
}

/// The first player a match leaves below zero at the end of a frame, as a sentence for an
/// export: AI reviewers built on Mortal are reported to refuse such games. `None` when nobody
/// goes below zero.
pub fn below_zero(m: &crate::format::Match) -> Option<Text> {
    let names = player_names(m);
    m.frames.iter().find_map(|f| {
        let end = f.end_points?;
        let seat = crate::format::Seat::ALL.into_iter().find(|s| end[s.index()].as_points() < 0)?;
        let player = f.id.player_at(seat);
        let name = names.get(player).filter(|n| !n.is_empty()).cloned().unwrap_or_else(|| format!("#{player}"));
        Some(tr!("interop-below-zero", player = name, frame = f.id, points = end[seat.index()].as_points()))
    })
}
