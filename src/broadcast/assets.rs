//! What the server serves besides data, embedded in the binary: the pages of `assets/web/`, the
//! tile faces of `assets/tiles/` and the Japanese font. No request reaches the file system: a
//! path is only ever looked up among these.

use include_dir::{Dir, include_dir};

static WEB: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets/web");
static TILES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets/tiles");
static FONT: &[u8] = include_bytes!("../../assets/fonts/Mplus1-Regular.otf");

/// The font's name under `/assets/fonts/`.
pub const FONT_NAME: &str = "Mplus1-Regular.otf";

/// An embedded file: its bytes and its content type.
#[derive(Clone, Copy, Debug)]
pub struct Asset {
    pub bytes: &'static [u8],
    pub content_type: &'static str,
}

/// The file at `path` under `/assets/`: `tiles/5m.svg`, `fonts/Mplus1-Regular.otf`, or a file of
/// the pages (`overlay.js`, also as `web/overlay.js`). `None` for anything else.
pub fn asset(path: &str) -> Option<Asset> {
    if path.split('/').any(|part| part.is_empty() || part == "." || part == ".." || part.contains('\\')) {
        return None;
    }
    if let Some(name) = path.strip_prefix("tiles/") {
        let file = TILES.get_file(name).filter(|_| name.ends_with(".svg"))?;
        return Some(Asset { bytes: file.contents(), content_type: content_type(name) });
    }
    if path == format!("fonts/{FONT_NAME}") {
        return Some(Asset { bytes: FONT, content_type: content_type(FONT_NAME) });
    }
    web(path.strip_prefix("web/").unwrap_or(path))
}

/// A file of the pages (`assets/web/NAME`).
pub fn web(name: &str) -> Option<Asset> {
    let file = WEB.get_file(name)?;
    Some(Asset { bytes: file.contents(), content_type: content_type(name) })
}

/// The Japanese font's bytes.
pub fn font() -> &'static [u8] {
    FONT
}

/// A file of the pages as text (`None` when it is not there or not UTF-8).
pub fn web_text(name: &str) -> Option<&'static str> {
    std::str::from_utf8(web(name)?.bytes).ok()
}

/// Every tile face: its name (`5m`) and its SVG.
pub fn tiles() -> impl Iterator<Item = (&'static str, &'static [u8])> {
    TILES.files().filter_map(|f| {
        let name = f.path().to_str()?.strip_suffix(".svg")?;
        Some((name, f.contents()))
    })
}

fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("otf") => "font/otf",
        Some("json") => "application/json",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}
