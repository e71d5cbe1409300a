//! The parser's input: the text still to read, where it starts (byte offset and line) and the
//! dialect of the file.
//!
//! Like `nom_locate`'s `LocatedSpan` it knows its line, but it counts line breaks only where
//! they can be: the whitespace and comments skipped by [`super::input::ws`] report how many they
//! held ([`Span::skip_lines`]), and tokens, which never hold one, advance with [`Span::skip`].
//! The generic [`Input`] methods that nom's own combinators call count them on the way, so any
//! combinator stays right.

use std::str::{CharIndices, Chars};

use nom::{AsBytes, Compare, CompareResult, Input, Needed, Offset};

/// The dialect of the standard a file is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// 0.0.0: `jmjp[0]`, names in `[ ]`, one tile per pon/kan.
    V0,
    /// 1.0.0 (and the later 1.0 draft, whose additions are read too): `jmjp[1.0]`.
    V1,
}

/// The text still to read, and where it stands in the whole.
#[derive(Clone, Copy, Debug)]
pub(super) struct Span<'a> {
    rest: &'a str,
    offset: usize,
    line: u32,
    /// The dialect the header named (the rules that differ between dialects read it).
    pub(super) extra: Dialect,
}

impl<'a> Span<'a> {
    /// The whole of `text`, from line 1.
    pub(super) fn new_extra(text: &'a str, dialect: Dialect) -> Span<'a> {
        Span { rest: text, offset: 0, line: 1, extra: dialect }
    }

    /// The text still to read.
    #[inline(always)]
    pub(super) fn fragment(&self) -> &&'a str {
        &self.rest
    }

    /// The byte offset of the text still to read, in the whole.
    #[inline(always)]
    pub(super) fn location_offset(&self) -> usize {
        self.offset
    }

    /// The line the text still to read starts on, from 1.
    #[inline(always)]
    pub(super) fn location_line(&self) -> u32 {
        self.line
    }

    /// Skips `n` bytes that hold no line break (a token). `n` is at a character boundary.
    #[inline(always)]
    pub(super) fn skip(self, n: usize) -> Span<'a> {
        debug_assert!(!self.rest.as_bytes()[..n].contains(&b'\n'));
        self.skip_lines(n, 0)
    }

    /// Skips `n` bytes that hold `lines` line breaks. `n` is at a character boundary.
    #[inline(always)]
    pub(super) fn skip_lines(self, n: usize, lines: u32) -> Span<'a> {
        Span { rest: self.rest.get(n..).unwrap_or(""), offset: self.offset + n, line: self.line + lines, ..self }
    }
}

fn line_breaks(bytes: &[u8]) -> u32 {
    bytes.iter().filter(|b| **b == b'\n').count() as u32
}

impl<'a> Input for Span<'a> {
    type Item = char;
    type Iter = Chars<'a>;
    type IterIndices = CharIndices<'a>;

    #[inline]
    fn input_len(&self) -> usize {
        self.rest.len()
    }

    #[inline]
    fn take(&self, index: usize) -> Self {
        Span { rest: self.rest.get(..index).unwrap_or(self.rest), ..*self }
    }

    #[inline]
    fn take_from(&self, index: usize) -> Self {
        let lines = line_breaks(&self.rest.as_bytes()[..index.min(self.rest.len())]);
        self.skip_lines(index, lines)
    }

    #[inline]
    fn take_split(&self, index: usize) -> (Self, Self) {
        (self.take_from(index), self.take(index))
    }

    #[inline]
    fn position<P: Fn(char) -> bool>(&self, predicate: P) -> Option<usize> {
        self.rest.position(predicate)
    }

    #[inline]
    fn iter_elements(&self) -> Self::Iter {
        self.rest.chars()
    }

    #[inline]
    fn iter_indices(&self) -> Self::IterIndices {
        self.rest.char_indices()
    }

    #[inline]
    fn slice_index(&self, count: usize) -> Result<usize, Needed> {
        self.rest.slice_index(count)
    }
}

impl<'b> Compare<&'b str> for Span<'_> {
    #[inline(always)]
    fn compare(&self, t: &'b str) -> CompareResult {
        self.rest.compare(t)
    }

    fn compare_no_case(&self, t: &'b str) -> CompareResult {
        self.rest.compare_no_case(t)
    }
}

impl Offset for Span<'_> {
    fn offset(&self, second: &Self) -> usize {
        second.offset - self.offset
    }
}

impl AsBytes for Span<'_> {
    fn as_bytes(&self) -> &[u8] {
        self.rest.as_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_counted_by_every_way_forward() {
        let s = Span::new_extra("ab\ncd\n\nef", Dialect::V1);
        assert_eq!(s.take_from(4).location_line(), 2);
        assert_eq!(s.take_from(7).location_line(), 4);
        assert_eq!(s.skip(2).skip_lines(1, 1).location_line(), 2);
        assert_eq!(s.take_from(7).location_offset(), 7);
        assert_eq!(*s.take(2).fragment(), "ab");
        assert_eq!(s.offset(&s.take_from(3)), 3);
    }
}
