//! Help: the user guide opened in the system's browser at the chapter of the screen in view
//! (Help > User guide, F1), and About (the version and the licences).
//!
//! The guide is mdBook's HTML. It is looked for, in this order: beside the program (`guide/`,
//! where the Windows installer puts it), under `../share/doc/jmjp-studio/guide/` from the
//! program (the Debian package: `/usr/share/doc/jmjp-studio/guide/`), and in the source checkout
//! the program was built from (`docs/book/`, once `mdbook build docs` has built it). The browser
//! is called through [`Browser`], which the tests replace.

use std::path::{Path, PathBuf};

use crate::i18n::{Lang, Text, tr};

/// A page of the guide, and the section of it, that tells about one screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuidePage {
    /// The start screen: the app as a whole.
    App,
    /// The settings: languages, AI players, On air, double entry.
    Settings,
    /// The match forms.
    Forms,
    /// A season's standings.
    Standings,
    /// A season's statistics and charts.
    Statistics,
    /// The live recorder.
    Recording,
    /// The editor: problems, frames, replay, corrections.
    Editor,
    /// A file that does not parse, shown as text.
    TextView,
    /// Two recordings of one match compared.
    Compare,
}

impl GuidePage {
    pub const ALL: [GuidePage; 9] = [
        GuidePage::App,
        GuidePage::Settings,
        GuidePage::Forms,
        GuidePage::Standings,
        GuidePage::Statistics,
        GuidePage::Recording,
        GuidePage::Editor,
        GuidePage::TextView,
        GuidePage::Compare,
    ];

    /// The guide's page (`recording.html`) and the anchor of its section, if the screen has one
    /// (mdBook's id of the heading: `settings-and-languages`).
    pub fn page(self) -> (&'static str, Option<&'static str>) {
        match self {
            GuidePage::App => ("app.html", None),
            GuidePage::Settings => ("app.html", Some("settings-and-languages")),
            GuidePage::Forms => ("forms.html", None),
            GuidePage::Standings => {
                ("forms.html", Some("the-roster-a-match-like-the-last-one-carried-points-standings"))
            }
            GuidePage::Statistics => ("statistics.html", Some("on-the-season-screen")),
            GuidePage::Recording => ("recording.html", None),
            GuidePage::Editor => ("correcting.html", Some("the-editor")),
            GuidePage::TextView => ("app.html", Some("saving")),
            GuidePage::Compare => ("double-entry.html", Some("two-recordings-compared")),
        }
    }
}

/// Opens an address in the system's browser; the error says why not.
pub type Browser = Box<dyn FnMut(&str) -> Result<(), String>>;

/// Where the guide is, and how an address is opened.
pub struct Help {
    guide: Option<PathBuf>,
    browser: Browser,
}

impl Default for Help {
    /// The guide found as the module says, opened in the system's browser.
    fn default() -> Help {
        let exe = std::env::current_exe().ok();
        Help { guide: find_guide(exe.as_deref()), browser: Box::new(system_browser) }
    }
}

impl Help {
    /// The guide in `guide` (a folder holding `index.html`, or none), opened with `browser`.
    pub fn new(guide: Option<PathBuf>, browser: Browser) -> Help {
        Help { guide, browser }
    }

    /// The folder of the guide found, if any.
    pub fn guide(&self) -> Option<&Path> {
        self.guide.as_deref()
    }

    /// Opens the guide at `chapter`: what to tell the user, or why it could not be opened (no
    /// guide here: how to build it; the browser did not start: why).
    pub fn open(&mut self, chapter: GuidePage) -> Result<Text, Text> {
        let Some(guide) = &self.guide else { return Err(tr!("ui-help-no-guide").text()) };
        let (page, anchor) = chapter.page();
        let mut url = file_url(&guide.join(page));
        if let Some(a) = anchor {
            url.push('#');
            url.push_str(a);
        }
        match (self.browser)(&url) {
            Ok(()) => Ok(tr!("ui-help-opened", page = page)),
            Err(why) => Err(tr!("ui-help-not-opened", url = url, why = why)),
        }
    }
}

/// The folders the guide is looked for in, the first first, for the program at `exe`.
pub fn guide_folders(exe: Option<&Path>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Some(dir) = exe.and_then(Path::parent) {
        out.push(dir.join("guide"));
        if let Some(prefix) = dir.parent() {
            out.push(prefix.join("share").join("doc").join("jmjp-studio").join("guide"));
        }
    }
    out.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs").join("book"));
    out
}

/// The first of [`guide_folders`] that holds the guide's `index.html`.
pub fn find_guide(exe: Option<&Path>) -> Option<PathBuf> {
    guide_folders(exe).into_iter().find(|d| d.join("index.html").is_file())
}

/// `path` as a `file://` address: `/` between the parts (on Windows too, the drive first), and
/// every byte outside the unreserved ones percent-encoded (a space, a Japanese folder name).
pub fn file_url(path: &Path) -> String {
    let text = path.to_string_lossy().replace('\\', "/");
    let mut url = String::from("file://");
    if !text.starts_with('/') {
        url.push('/');
    }
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~:".contains(&b) {
            url.push(char::from(b));
        } else {
            url.push_str(&format!("%{b:02X}"));
        }
    }
    url
}

/// Opens `url` with what the system opens addresses with: `xdg-open` (Linux and the BSDs), `open`
/// (macOS), the URL handler of Windows. The program is not waited for (a thread reaps it).
pub fn system_browser(url: &str) -> Result<(), String> {
    let mut command = if cfg!(windows) {
        let mut c = std::process::Command::new("rundll32");
        c.args(["url.dll,FileProtocolHandler", url]);
        c
    } else if cfg!(target_os = "macos") {
        let mut c = std::process::Command::new("open");
        c.arg(url);
        c
    } else {
        let mut c = std::process::Command::new("xdg-open");
        c.arg(url);
        c
    };
    let program = format!("{:?}", command.get_program());
    let mut child = command.spawn().map_err(|e| format!("{program}: {e}"))?;
    std::thread::spawn(move || child.wait());
    Ok(())
}

/// What About says: the program and its version, its licence, the font's licence, and where the
/// guide is (or that it is not here).
pub fn about(lang: Lang, guide: Option<&Path>) -> String {
    let version = env!("CARGO_PKG_VERSION");
    let guide = match guide {
        Some(g) => tr!("ui-about-guide", path = g.display().to_string()),
        None => tr!("ui-help-no-guide").text(),
    };
    [tr!("ui-about-version", version = version), tr!("ui-about-licence").text(), tr!("ui-about-font").text(), guide]
        .iter()
        .map(|t| t.get(lang).to_string())
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// Help > About as a dialog; true once it is closed (Close, Enter or Escape).
pub fn about_dialog(ctx: &egui::Context, lang: Lang, guide: Option<&Path>) -> bool {
    let title = super::command::Command::About.label(lang);
    let close = [tr!("ui-close").get(lang)];
    super::modal::ask(ctx, "about-dialog", title, &about(lang, guide), &close, Some(0), 0).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_becomes_a_file_address_with_its_odd_letters_encoded() {
        assert_eq!(
            file_url(Path::new("/usr/share/doc/jmjp-studio/guide/app.html")),
            "file:///usr/share/doc/jmjp-studio/guide/app.html"
        );
        assert_eq!(
            file_url(Path::new(r"C:\Program Files\jmjp studio\guide\index.html")),
            "file:///C:/Program%20Files/jmjp%20studio/guide/index.html"
        );
        assert_eq!(file_url(Path::new("/home/採点/guide#1.html")), "file:///home/%E6%8E%A1%E7%82%B9/guide%231.html");
    }

    #[test]
    fn the_guide_is_looked_for_beside_the_program_then_in_the_package_then_in_the_checkout() {
        let folders = guide_folders(Some(Path::new("/usr/bin/jmjp-studio")));
        assert_eq!(folders[0], Path::new("/usr/bin/guide"));
        assert_eq!(folders[1], Path::new("/usr/share/doc/jmjp-studio/guide"));
        assert!(folders[2].ends_with("docs/book"));
    }

    /// mdBook's id of a heading: lower case, letters, digits, `-` and `_` kept, a space made `-`.
    fn heading_id(heading: &str) -> String {
        heading
            .trim()
            .chars()
            .filter_map(|c| match c {
                c if c.is_alphanumeric() || c == '_' || c == '-' => Some(c.to_lowercase().next().unwrap_or(c)),
                c if c.is_whitespace() => Some('-'),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn every_chapter_names_a_page_and_a_section_the_guide_has() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src");
        for chapter in GuidePage::ALL {
            let (page, anchor) = chapter.page();
            let md = src.join(page.replace(".html", ".md"));
            let text = std::fs::read_to_string(&md).unwrap_or_else(|e| panic!("{chapter:?}: {}: {e}", md.display()));
            if let Some(anchor) = anchor {
                let ids: Vec<String> = text
                    .lines()
                    .filter(|l| l.starts_with('#'))
                    .map(|l| heading_id(l.trim_start_matches('#')))
                    .collect();
                assert!(ids.iter().any(|id| id == anchor), "{chapter:?}: no heading {anchor} in {page}: {ids:?}");
            }
        }
        assert_eq!(
            heading_id("The roster, a match like the last one, carried points, standings"),
            "the-roster-a-match-like-the-last-one-carried-points-standings"
        );
    }

    #[test]
    fn no_guide_says_how_to_build_it_and_the_browser_is_not_called() {
        let mut help = Help::new(None, Box::new(|_| panic!("the browser is not called without a guide")));
        let why = help.open(GuidePage::Recording).err().map(|t| t.en).unwrap_or_default();
        assert!(why.contains("mdbook build docs"), "{why}");
    }
}
