//! Finding the record: the bare JSON array of commands, or the viewer's page as the browser saved
//! it, whose script hands the array to the player as a JavaScript string,
//! `UMP_PLAYER.init(true, true, '[{"time":..,"cmd":..,"args":[..]},..]', autoplay);`. The page
//! also shows the season, the match's number, the date and times and the team names
//! (`<div id="seasonName">2022セミファイナルシリーズ</div>`, `id="round"` `ラウンド 24`,
//! `id="dateTime"` `2023/04/28 (金) 21:21 〜 22:52`, `id="teamName1"`.. in seat order A0..D0).
//! Plain text search, no HTML parser: the page is the viewer's own, always written the same way.

use std::borrow::Cow;

use super::sniff::INIT;
use crate::format::strip_bom;
use crate::i18n::{Text, tr};
use crate::interop::ConvertError;
use crate::interop::json::error_of;

/// What the page shows beside the record (each text as shown, trimmed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct PageFacts {
    /// `2022セミファイナルシリーズ`: the season's year and stage.
    pub(super) season: Option<String>,
    /// `ラウンド 24`: the match's number in its stage.
    pub(super) round: Option<String>,
    /// `2023/04/28 (金) 21:21 〜 22:52`.
    pub(super) date_time: Option<String>,
    /// The team names in seat order A0, B0, C0, D0.
    pub(super) teams: [Option<String>; 4],
}

/// The record found in a text.
pub(super) struct Located<'a> {
    /// The JSON array's text (a page's JavaScript string already unescaped).
    pub(super) json: Cow<'a, str>,
    /// Where it starts in the text: its line and column (from 1, the column in bytes), to place
    /// a JSON error in the page.
    start: (usize, usize),
    /// The page's facts, when the record came in a page.
    pub(super) page: Option<PageFacts>,
}

impl Located<'_> {
    /// serde_json's error, placed in the text read (a fault of the record itself is placed by the
    /// caller; this is broken JSON).
    pub(super) fn json_error(&self, e: &serde_json::Error) -> ConvertError {
        let (_, message) = error_of(e);
        let (l0, c0) = self.start;
        let line = l0 + e.line().saturating_sub(1);
        let column = if e.line() <= 1 { c0 + e.column().saturating_sub(1) } else { e.column() };
        ConvertError::new(tr!("interop-line-column", line = line, column = column), message)
    }
}

/// Finds the record in `text`: the text itself when it is a JSON array, else the string given to
/// `UMP_PLAYER.init(` in a page.
pub(super) fn locate(text: &str) -> Result<Located<'_>, ConvertError> {
    let body = strip_bom(text);
    let lead = body.len() - body.trim_start().len();
    if body[lead..].starts_with('[') {
        return Ok(Located { json: Cow::Borrowed(body), start: (1, 1), page: None });
    }
    let Some(init) = body.find(INIT) else {
        return Err(ConvertError::new(crate::interop::the_file(), tr!("interop-mleague-no-record").text()));
    };
    let after = init + INIT.len();
    let at = |offset: usize| line_column(body, offset);
    let unclosed = |offset: usize| {
        let (line, column) = at(offset);
        ConvertError::new(tr!("interop-line-column", line = line, column = column), unclosed_text())
    };
    // The first string argument: its quote is the first quote after the call's parenthesis.
    let rest = &body[after..];
    let Some(q) = rest.find(['\'', '"', '`']) else { return Err(unclosed(after)) };
    let open = after + q;
    let quote = body.as_bytes()[open];
    let content_start = open + 1;
    let Some(len) = string_length(&body[content_start..], quote) else { return Err(unclosed(open)) };
    let raw = &body[content_start..content_start + len];
    let json = if raw.contains('\\') { Cow::Owned(unescape(raw)) } else { Cow::Borrowed(raw) };
    Ok(Located { json, start: at(content_start), page: Some(facts(body)) })
}

fn unclosed_text() -> Text {
    tr!("interop-mleague-unclosed").text()
}

/// The length of a JavaScript string's content up to its closing `quote` (a backslash escapes
/// the next character); `None` when it is not closed.
fn string_length(s: &str, quote: u8) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            c if c == quote => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// A JavaScript string's content as the browser reads it: `\'` `\"` `\\` `\/` `\n` `\t` `\r`
/// `\uXXXX` `\xXX`; any other escaped character stands for itself.
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some(k @ ('u' | 'x')) => {
                let n = if k == 'u' { 4 } else { 2 };
                let hex: String = chars.clone().take(n).collect();
                match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32).filter(|_| hex.len() == n) {
                    Some(ch) => {
                        out.push(ch);
                        for _ in 0..n {
                            chars.next();
                        }
                    }
                    None => out.push(k),
                }
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// Line and column (from 1; the column in bytes, as serde_json counts) of byte `offset`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let upto = &text.as_bytes()[..offset.min(text.len())];
    let line = 1 + upto.iter().filter(|&&b| b == b'\n').count();
    let line_start = upto.iter().rposition(|&b| b == b'\n').map_or(0, |n| n + 1);
    (line, offset.min(text.len()) - line_start + 1)
}

/// The facts a page shows.
fn facts(page: &str) -> PageFacts {
    PageFacts {
        season: element_text(page, "seasonName"),
        round: element_text(page, "round"),
        date_time: element_text(page, "dateTime"),
        teams: [1, 2, 3, 4].map(|n| element_text(page, &format!("teamName{n}"))),
    }
}

/// The text of the element with id `id` (up to its first tag), entities decoded; `None` when
/// there is no such element or it is empty.
fn element_text(page: &str, id: &str) -> Option<String> {
    for pattern in [format!("id=\"{id}\""), format!("id='{id}'")] {
        let Some(i) = page.find(&pattern) else { continue };
        let rest = &page[i + pattern.len()..];
        let body = &rest[rest.find('>')? + 1..];
        let end = body.find('<').unwrap_or(body.len());
        let text = decode_entities(body[..end].trim());
        return Some(text).filter(|t| !t.is_empty());
    }
    None
}

/// The few character entities a page's text may hold.
fn decode_entities(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&nbsp;", " ")]
        .iter()
        .fold(s.to_string(), |acc, (from, to)| acc.replace(from, to))
        .replace("&amp;", "&")
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_record_is_found_in_a_page_and_its_escapes_read() {
        let page = "<html><div class=\"gameInfo\" id=\"round\">ラウンド 3</div>\n<div id='teamName2'> A &amp; B</div>\
            <script>\nUMP_PLAYER.init(true, true, '[{\"cmd\":\"area\",\"args\":[\"it\\'s\"]}]', autoplay);</script>";
        let l = locate(page).unwrap();
        assert_eq!(l.json, "[{\"cmd\":\"area\",\"args\":[\"it's\"]}]");
        assert_eq!(l.start, (3, 30));
        let f = l.page.unwrap();
        assert_eq!(f.round.as_deref(), Some("ラウンド 3"));
        assert_eq!(f.teams[1].as_deref(), Some("A & B"));
        assert_eq!(f.teams[0], None);
        assert!(locate("<html>UMP_PLAYER.init(true, true, '[{").is_err());
        assert!(locate("<html></html>").is_err());
        assert_eq!(unescape("\\u6771\\x41\\q\\"), "東Aq");
    }
}
