//! Where things stand in the source text, and the diagnostics that point there.

use std::fmt;

use crate::i18n::Text;

/// A place in the source text (after the BOM, if the file had one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Byte offset from the start of the text.
    pub offset: usize,
    /// Line, counted from 1.
    pub line: u32,
}

impl Pos {
    /// The column counted in characters from 1, as an editor shows it.
    pub fn column(&self, text: &str) -> usize {
        let upto = text.get(..self.offset).unwrap_or(text);
        let line_start = upto.rfind('\n').map_or(0, |n| n + 1);
        upto[line_start..].chars().count() + 1
    }

    /// `line:column`.
    pub fn line_col(&self, text: &str) -> LineCol {
        LineCol { line: self.line, column: self.column(text) }
    }
}

/// A line and column, both from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    pub line: u32,
    pub column: usize,
}

impl fmt::Display for LineCol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// A bracketed item (`tnm[...]`, `ply[...]`, `frm[...]`): where it starts and where each of its
/// fields starts (after any whitespace), in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ItemPos {
    pub start: Pos,
    pub fields: Vec<Pos>,
}

impl ItemPos {
    /// Where field `n` starts, or the item itself when the field is not there.
    pub fn field(&self, n: usize) -> Pos {
        self.fields.get(n).copied().unwrap_or(self.start)
    }
}

/// Positions of every part of a parsed file, mirroring [`crate::format::Paifu`] node for node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceMap {
    pub matches: Vec<MatchPos>,
}

/// Positions of one match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchPos {
    pub start: Pos,
    /// The rules comment's text (after `rules:`), when the match has one.
    pub rules: Option<Pos>,
    pub tour: Option<ItemPos>,
    pub time_place: ItemPos,
    pub recorders: Vec<ItemPos>,
    pub players: Vec<ItemPos>,
    pub point_rule: Option<ItemPos>,
    pub frames: Vec<FramePos>,
    pub end_points: Option<ItemPos>,
    pub tour_points: Option<ItemPos>,
}

/// Positions of one frame: its header fields and each entry of its flow.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FramePos {
    /// `frm[` and its eight fields.
    pub item: ItemPos,
    pub start_hands: Vec<Pos>,
    pub acts: Vec<Pos>,
    pub end_hands: Vec<Pos>,
}

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Impossible or malformed: the file must be fixed before it is rewritten.
    Error,
    /// Allowed but worth a look: recorded, flagged, never blocked.
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// What part of the record a diagnostic belongs to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RecordPlace {
    pub match_index: usize,
    pub frame: Option<usize>,
    pub act: Option<usize>,
}

/// One finding about a record, in words a scorer understands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub place: RecordPlace,
    /// Where in the source, when the record came from a file.
    pub pos: Option<Pos>,
    /// What is wrong, in English and Japanese (Display shows the English).
    pub message: Text,
}

impl Diagnostic {
    /// `LINE:COL: severity: message` (or `severity: message` without a position).
    pub fn render(&self, text: &str) -> String {
        match self.pos {
            Some(p) => format!("{}: {}: {}", p.line_col(text), self.severity, self.message),
            None => format!("{}: {}", self.severity, self.message),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters_not_bytes() {
        let text = "ab\n名前x";
        let p = Pos { offset: "ab\n名前".len(), line: 2 };
        assert_eq!(p.line_col(text), LineCol { line: 2, column: 3 });
        assert_eq!(Pos { offset: 0, line: 1 }.column(text), 1);
    }
}
