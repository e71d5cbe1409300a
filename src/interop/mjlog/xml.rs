//! The XML of an mjlog, read with quick-xml into the list of its tags (`<INIT .../>`, `<T12/>`),
//! each with its attributes and where it stands in the text. A text that ends inside a tag (a
//! log cut off) gives the tags before it; XML broken anywhere else is refused where it breaks.

use std::borrow::Cow;

use quick_xml::errors::{Error as XmlError, IllFormedError, SyntaxError};
use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};

use crate::i18n::{Text, tr};

/// An error of the mjlog reader: the byte offset in the text where it is, and what is wrong.
#[derive(Debug)]
pub(super) struct MjlogFault {
    pub(super) at: usize,
    pub(super) message: Text,
}

impl MjlogFault {
    pub(super) fn new(at: usize, message: Text) -> MjlogFault {
        MjlogFault { at, message }
    }
}

/// One tag of the log, with its attributes in order. Its name and its attributes' names are
/// the log's own text (a game has about 1,500 tags: one allocation a tag saved is a quarter of
/// the reading's time).
#[derive(Clone, Debug)]
pub(super) struct MjlogTag<'a> {
    pub(super) name: &'a str,
    /// Name, value (its `&...;` references resolved) and the byte offset of the name.
    pub(super) attrs: Vec<(Cow<'a, str>, String, usize)>,
    /// The byte offset of its `<`.
    pub(super) at: usize,
}

impl MjlogTag<'_> {
    /// The value of attribute `key` and where it is.
    pub(super) fn get(&self, key: &str) -> Option<(&str, usize)> {
        self.attrs.iter().find(|(k, _, _)| k == key).map(|(_, v, at)| (v.as_str(), *at))
    }

    /// The value of attribute `key`; its absence is an error at the tag.
    pub(super) fn need(&self, key: &str) -> Result<(&str, usize), MjlogFault> {
        self.get(key).ok_or_else(|| {
            MjlogFault::new(self.at, tr!("interop-mjlog-missing-attribute", tag = self.name, name = key))
        })
    }
}

/// How the text of the log ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum MjlogEnd {
    /// `</mjloggm>`: the whole log.
    Closed,
    /// The text ended after a whole tag, with the log still open.
    Open,
    /// The text ended inside a tag, a comment or an attribute's value.
    InsideMarkup,
}

/// The tags inside `<mjloggm>`, in order, and how the text ended. `text` has no BOM; offsets are
/// of `text`.
pub(super) fn read_tags(text: &str) -> Result<(Vec<MjlogTag<'_>>, MjlogEnd), MjlogFault> {
    let mut reader = Reader::from_str(text);
    reader.config_mut().check_end_names = true;
    // A tag takes about 8 bytes of the text on average.
    let mut tags = Vec::with_capacity(text.len() / 8);
    // Open elements: the root, and any tag written with an end tag of its own (`<T12></T12>`).
    let mut depth = 0usize;
    loop {
        let start = offset(reader.buffer_position());
        let event = match reader.read_event() {
            Ok(e) => e,
            Err(XmlError::Syntax(_)) if depth == 0 => {
                return Err(MjlogFault::new(offset(reader.error_position()), tr!("interop-mjlog-not-mjlog").text()));
            }
            Err(XmlError::Syntax(SyntaxError::InvalidBangMarkup)) => {
                return Err(MjlogFault::new(offset(reader.error_position()), tr!("interop-mjlog-xml-bang").text()));
            }
            // Every other syntax error is markup left open: at the text's end, the log is cut
            // off; with the log's end tag still to come, it is damaged where the markup starts.
            Err(XmlError::Syntax(_)) if text.get(start..).is_some_and(|rest| rest.contains("</mjloggm>")) => {
                return Err(MjlogFault::new(start, tr!("interop-mjlog-damaged").text()));
            }
            Err(XmlError::Syntax(_)) => return Ok((tags, MjlogEnd::InsideMarkup)),
            Err(e) => return Err(MjlogFault::new(offset(reader.error_position()), xml_error(&e))),
        };
        match event {
            Event::Start(ref e) | Event::Empty(ref e) if depth == 0 => {
                if e.name().as_ref() != b"mjloggm" {
                    return Err(MjlogFault::new(start, tr!("interop-mjlog-not-mjlog").text()));
                }
                if matches!(event, Event::Empty(_)) {
                    return Ok((tags, MjlogEnd::Closed));
                }
                depth = 1;
            }
            Event::Start(e) => {
                tags.push(tag_of(&e, text, start)?);
                depth += 1;
            }
            Event::Empty(e) => tags.push(tag_of(&e, text, start)?),
            Event::End(_) => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Ok((tags, MjlogEnd::Closed));
                }
            }
            // White space between tags (a pretty-printed log has a line a tag) costs nothing.
            Event::Text(ref t) if t.iter().all(u8::is_ascii_whitespace) => {}
            Event::Text(t) => {
                let raw = String::from_utf8_lossy(t.as_ref()).into_owned();
                if !raw.trim().is_empty() {
                    let lead = raw.len() - raw.trim_start().len();
                    return Err(text_fault(start + lead, raw.trim(), depth));
                }
            }
            Event::CData(_) | Event::GeneralRef(_) => return Err(text_fault(start, "", depth)),
            Event::Comment(_) | Event::Decl(_) | Event::PI(_) | Event::DocType(_) => {}
            Event::Eof if depth == 0 => {
                return Err(MjlogFault::new(start, tr!("interop-mjlog-not-mjlog").text()));
            }
            Event::Eof => return Ok((tags, MjlogEnd::Open)),
        }
    }
}

fn offset(p: u64) -> usize {
    usize::try_from(p).unwrap_or(usize::MAX)
}

/// Text where only tags may stand (before the log it means the text is no mjlog).
fn text_fault(at: usize, text: &str, depth: usize) -> MjlogFault {
    if depth == 0 {
        return MjlogFault::new(at, tr!("interop-mjlog-not-mjlog").text());
    }
    let shown: String = text.chars().take(24).collect();
    MjlogFault::new(at, tr!("interop-mjlog-text", text = shown))
}

/// A tag and its attributes; `start` is the offset of its `<`.
fn tag_of<'a>(e: &BytesStart<'_>, text: &'a str, start: usize) -> Result<MjlogTag<'a>, MjlogFault> {
    let len = e.name().as_ref().len();
    // The name as it stands in the text, right after the `<`.
    let name = text.get(start + 1..start + 1 + len).unwrap_or("");
    let mut attrs = Vec::new();
    // Where to look for the next attribute's name in the raw tag (after the `<` and the name).
    let raw = text.get(start..).unwrap_or("");
    let mut cursor = 1 + name.len();
    for a in e.attributes() {
        let a = a.map_err(|err| MjlogFault::new(start, xml_error(&XmlError::InvalidAttr(err))))?;
        let named = String::from_utf8_lossy(a.key.as_ref());
        let at = find_key(raw, &named, cursor);
        let key = match at.and_then(|at| raw.get(at..at + named.len())) {
            Some(k) => Cow::Borrowed(k),
            None => Cow::Owned(named.into_owned()),
        };
        let at = at.unwrap_or(cursor);
        cursor = at + key.len();
        let value =
            a.normalized_value(XmlVersion::Implicit1_0).map_err(|err| MjlogFault::new(start + at, xml_error(&err)))?;
        attrs.push((key, value.into_owned(), start + at));
    }
    Ok(MjlogTag { name, attrs, at: start })
}

/// The offset in `raw` of attribute name `key` at or after `from`: preceded by white space and
/// followed (after white space) by `=`.
fn find_key(raw: &str, key: &str, from: usize) -> Option<usize> {
    let tail = raw.get(from..)?;
    tail.match_indices(key).map(|(i, _)| from + i).find(|&i| {
        let before = raw.get(..i).and_then(|s| s.chars().next_back());
        let after = raw.get(i + key.len()..).map(str::trim_start);
        before.is_some_and(char::is_whitespace) && after.is_some_and(|s| s.starts_with('='))
    })
}

/// A quick-xml error in plain words.
fn xml_error(e: &XmlError) -> Text {
    match e {
        XmlError::IllFormed(IllFormedError::MismatchedEndTag { expected, found }) => {
            tr!("interop-mjlog-xml-end-tag", expected = expected.as_str(), found = found.as_str())
        }
        XmlError::IllFormed(IllFormedError::UnmatchedEndTag(found)) => {
            tr!("interop-mjlog-xml-stray-end-tag", found = found.as_str())
        }
        XmlError::InvalidAttr(a) => tr!("interop-mjlog-xml-attribute", detail = a.to_string()),
        other => tr!("interop-mjlog-xml-broken", detail = other.to_string()),
    }
}

/// The line and column (both from 1; the column counts characters) of byte `at` of `text`.
pub(super) fn line_column(text: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = text.get(..at).unwrap_or("");
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before.get(line_start..).map_or(0, |s| s.chars().count()) + 1;
    (line, column)
}

/// Whether `text` is an mjlog: after a BOM, white space, an XML declaration and comments, it
/// starts with `<mjloggm`.
pub fn looks_like(text: &str) -> bool {
    let mut t = crate::format::strip_bom(text).trim_start();
    loop {
        if t.starts_with("<mjloggm") {
            return true;
        }
        let end = if t.starts_with("<?") {
            t.find("?>").map(|i| i + 2)
        } else if t.starts_with("<!--") {
            t.get(4..).and_then(|s| s.find("-->")).map(|i| i + 7)
        } else {
            None
        };
        match end.and_then(|e| t.get(e..)) {
            Some(rest) => t = rest.trim_start(),
            None => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_mjlog_is_told_by_its_root_tag() {
        assert!(looks_like("<mjloggm ver=\"2.3\">"));
        assert!(looks_like("\u{feff}\n <?xml version=\"1.0\"?><!-- a -- note -->\n<mjloggm>"));
        assert!(!looks_like("<?xml version=\"1.0\"?><mjlog>"));
        assert!(!looks_like("<!-- never closed <mjloggm>"));
        assert!(!looks_like("{\"log\":[]}"));
    }

    #[test]
    fn lines_and_columns_count_characters() {
        let t = "ab\n鳳南x";
        assert_eq!(line_column(t, 0), (1, 1));
        assert_eq!(line_column(t, 3), (2, 1));
        assert_eq!(line_column(t, 9), (2, 3));
        assert_eq!(line_column(t, 4), (2, 1));
        assert_eq!(line_column(t, 999), (2, 4));
    }

    #[test]
    fn a_text_cut_inside_a_tag_gives_the_tags_before_it() {
        let (tags, end) = read_tags("<mjloggm><GO type=\"9\"/><T12/><D1").unwrap();
        assert_eq!(end, MjlogEnd::InsideMarkup);
        assert_eq!(tags.iter().map(|t| t.name).collect::<Vec<_>>(), ["GO", "T12"]);
        assert_eq!(tags.first().and_then(|t| t.get("type")), Some(("9", 13)));
    }
}
