//! The replay as ONE self-contained HTML file (`jmjp-studio export-html`), made as
//! `assets/web/README.md` says: the page of `assets/web/replay.html` with the styles it links
//! and the scripts it loads put inside it (the font inside `fonts.css` as a data: URL), and at
//! its `<!--JMJP_INLINE-->` marker (else before its first script) the tile faces as data: URLs
//! in `window.JMJP_TILES` (`{"5m": "data:image/svg+xml;base64,..."}`) and the replay as
//! `window.JMJP_REPLAY`, so it works from `file://` with no network.

use crate::format::Match;
use crate::i18n::{Text, tr};
use crate::scoring::RuleOptions;

use super::assets;
use super::replay::replay_of;
use super::table::Cut;

/// The page the export starts from.
pub const REPLAY_PAGE: &str = "replay.html";
/// Where in it the data goes.
pub const MARKER: &str = "<!--JMJP_INLINE-->";

/// Why no file could be made.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("the replay page {0} is not in this build")]
    NoPage(String),
    #[error("the page names {0}, which is not in this build")]
    NoFile(String),
}

impl ExportError {
    pub fn text(&self) -> Text {
        match self {
            ExportError::NoPage(name) => tr!("broadcast-export-no-page", name = name),
            ExportError::NoFile(name) => tr!("broadcast-export-no-file", name = name),
        }
    }
}

/// The replay of `m` (hands included: a finished paifu is public) as one HTML file.
pub fn replay_html(m: &Match, rules: &RuleOptions) -> Result<String, ExportError> {
    let page = assets::web_text(REPLAY_PAGE).ok_or_else(|| ExportError::NoPage(REPLAY_PAGE.into()))?;
    let replay = replay_of(m, Cut::all(m), true, rules);
    let data = serde_json::to_string(&replay).unwrap_or_else(|_| "null".into());
    let tiles: serde_json::Map<String, serde_json::Value> = assets::tiles()
        .map(|(name, svg)| (name.to_string(), format!("data:image/svg+xml;base64,{}", base64(svg)).into()))
        .collect();
    let tiles = serde_json::Value::Object(tiles).to_string();
    let data_script = format!(
        "<script>window.JMJP_TILES = {};\nwindow.JMJP_REPLAY = {};</script>",
        in_script(&tiles),
        in_script(&data)
    );
    let inlined = inline(page)?;
    // The data comes before the page's own scripts, which read it.
    if let Some(at) = inlined.find(MARKER) {
        return Ok(format!("{}{data_script}{}", &inlined[..at], &inlined[at + MARKER.len()..]));
    }
    let at = inlined.find("<script").or_else(|| inlined.find("</head>")).unwrap_or(0);
    Ok(format!("{}{data_script}\n{}", &inlined[..at], &inlined[at..]))
}

/// `page` with each `<link rel="stylesheet" href=...>` and `<script src=...></script>` replaced by
/// the file it names, put inside.
fn inline(page: &str) -> Result<String, ExportError> {
    let mut out = String::with_capacity(page.len() * 4);
    let mut rest = page;
    while let Some(start) = rest.find('<') {
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        let Some(end) = rest.find('>') else { break };
        let tag = &rest[..=end];
        let lower = tag.to_ascii_lowercase();
        if lower.starts_with("<link") && lower.contains("stylesheet") {
            let css = file_of(tag, "href")?;
            let font = format!("/assets/fonts/{}", assets::FONT_NAME);
            let css = if css.contains(&font) {
                css.replace(&font, &format!("data:font/otf;base64,{}", base64(assets::font())))
            } else {
                css.to_string()
            };
            out.push_str(&format!("<style>\n{}\n</style>", css.replace("</style", "<\\/style")));
            rest = &rest[end + 1..];
        } else if lower.starts_with("<script") && attribute(tag, "src").is_some() {
            let js = file_of(tag, "src")?;
            out.push_str(&format!("<script>\n{}\n</script>", js.replace("</script", "<\\/script")));
            rest = &rest[end + 1..];
            if let Some(close) = rest.to_ascii_lowercase().find("</script>") {
                rest = &rest[close + "</script>".len()..];
            }
        } else {
            out.push_str(tag);
            rest = &rest[end + 1..];
        }
    }
    out.push_str(rest);
    Ok(out)
}

/// The text of the embedded file a tag's attribute names (by its last part: `/assets/replay.js`
/// is `replay.js`).
fn file_of(tag: &str, name: &str) -> Result<&'static str, ExportError> {
    let value = attribute(tag, name).unwrap_or_default();
    let file = value.rsplit('/').next().unwrap_or(value);
    assets::web_text(file).ok_or_else(|| ExportError::NoFile(value.to_string()))
}

/// The value of attribute `name` in a tag (quoted with " or ').
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let lower = tag.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = lower[from..].find(name) {
        let at = from + i;
        from = at + name.len();
        let before_ok = at > 0 && lower.as_bytes()[at - 1].is_ascii_whitespace();
        let after = lower[from..].trim_start();
        if !before_ok || !after.starts_with('=') {
            continue;
        }
        let value = tag[tag.len() - after.len() + 1..].trim_start();
        let quote = value.chars().next()?;
        if quote != '"' && quote != '\'' {
            return value.split(|c: char| c.is_whitespace() || c == '>').next();
        }
        return value[1..].split(quote).next();
    }
    None
}

/// JSON safe inside a `<script>`: every `<` written `\u003c` (it only stands in strings), no
/// line separators JavaScript reads as ends.
fn in_script(json: &str) -> String {
    json.replace('<', "\\u003c").replace('\u{2028}', "\\u2028").replace('\u{2029}', "\\u2029")
}

/// Standard base64 with padding.
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ABC[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn base64_reads_as_the_standard_writes_it() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn attributes_are_read_with_either_quote() {
        assert_eq!(attribute(r#"<script defer src="/assets/replay.js">"#, "src"), Some("/assets/replay.js"));
        assert_eq!(attribute("<link rel='stylesheet' href='replay.css'>", "href"), Some("replay.css"));
        assert_eq!(attribute(r#"<script data-src="x.js">"#, "src"), None);
    }
}
