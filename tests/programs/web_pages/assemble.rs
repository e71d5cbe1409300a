//! The pages made into one self-contained HTML file, as `export-html` does (assets/web/README.md):
//! every `<link>` and `<script src>` of assets/web inlined, the font as a data: URL, and the
//! `<!--JMJP_INLINE-->` marker replaced by a script that sets the given globals.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use base64::Engine;
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn web(name: &str) -> String {
    fs::read_to_string(root().join("assets/web").join(name)).unwrap_or_else(|e| panic!("assets/web/{name}: {e}"))
}

/// JSON safe inside a `<script>`: no `<` at all (so no `</script>` nor `<!--`).
pub fn script_json(value: &Value) -> String {
    value.to_string().replace('<', "\\u003c")
}

/// Every tile picture as a file:// URL, by tile name (`window.JMJP_TILES`).
pub fn file_tiles() -> Value {
    let mut tiles = serde_json::Map::new();
    for entry in fs::read_dir(root().join("assets/tiles")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "svg") {
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            tiles.insert(name, Value::String(format!("file://{}", path.display())));
        }
    }
    Value::Object(tiles)
}

/// `page` (e.g. "replay.html") with its styles, scripts and font inlined and `globals`
/// (name, value) set before the page's scripts run.
pub fn assemble(page: &str, globals: &[(&str, Value)]) -> String {
    let mut html = web(page);
    let font = fs::read(root().join("assets/fonts/Mplus1-Regular.otf")).unwrap();
    let font_url = format!("data:font/otf;base64,{}", base64::engine::general_purpose::STANDARD.encode(font));
    for css in ["fonts.css", "table.css", "overlay.css", "replay.css"] {
        let mut text = web(css);
        if css == "fonts.css" {
            text = text.replace("/assets/fonts/Mplus1-Regular.otf", &font_url);
        }
        html = html.replace(
            &format!("<link rel=\"stylesheet\" href=\"/assets/web/{css}\">"),
            &format!("<style>\n{text}</style>"),
        );
    }
    for js in ["common.js", "overlay.js", "replay.js"] {
        let text = web(js);
        assert!(!text.contains("</script"), "{js} would end its inline script");
        html =
            html.replace(&format!("<script src=\"/assets/web/{js}\"></script>"), &format!("<script>\n{text}</script>"));
    }
    let set: String =
        globals.iter().map(|(name, value)| format!("window.{name} = {};\n", script_json(value))).collect();
    if !globals.is_empty() {
        assert!(html.contains("<!--JMJP_INLINE-->"), "{page} has no <!--JMJP_INLINE--> marker");
        html = html.replace("<!--JMJP_INLINE-->", &format!("<script>\n{set}</script>"));
    }
    for served in ["href=\"/assets/", "src=\"/assets/", "url(\"/assets/"] {
        assert!(!html.contains(served), "{page} still refers to a served asset ({served}) after inlining");
    }
    html
}

/// A fresh directory for one test's pages, removed when dropped.
pub struct PageDir(PathBuf);

impl PageDir {
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for PageDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

pub fn temp_dir(test: &str) -> PageDir {
    let dir = std::env::temp_dir().join(format!("jmjp-web-{}-{test}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    PageDir(dir)
}

/// Writes the page and gives its file:// URL.
pub fn write_page(dir: &PageDir, name: &str, html: &str) -> String {
    let path = dir.path().join(name);
    fs::write(&path, html).unwrap();
    format!("file://{}", path.display())
}

/// Where the screenshots go: target/web-shots/.
pub fn shots_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root().join("target"));
    target.join("web-shots")
}
