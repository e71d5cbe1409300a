//! Opening the window, or saying why it cannot open.
//!
//! eframe draws the window with one of its renderers. On Windows the program is built with two
//! and tries them in order: wgpu first, whose DirectX 12 backend falls back to Windows' own
//! software rasterizer (WARP), so it draws on a PC whose OpenGL is too old (a remote-desktop
//! session, a virtual machine, an old driver); then glow (OpenGL). Elsewhere glow alone (Linux,
//! the tests under Xvfb). eframe keeps its event loop for the thread when `run_and_return` is set,
//! so a renderer that fails hands the same loop to the next one. A renderer fails with an error
//! or, in some cases (a surface the adapter cannot draw to), a panic of egui-wgpu or wgpu: both
//! are caught until the app has been created; after that a failure is the app's own and is not
//! retried.
//!
//! When none starts, the user is told why and what to do: a native message box in the
//! interface's language, the same text with every renderer's error appended to a log file beside
//! the settings ([`Telling::log`]), and the caller exits with its code. The log is appended to,
//! not written atomically as the program's other files are: it is a record of events, each entry
//! written whole by one write; a crash during one can cut only that entry, never the earlier ones.
//!
//! [`TEST_SWITCH`], for tests only: `fail` makes every renderer fail without trying it and writes
//! the message box's text to standard error instead of showing a box that waits for a click (the
//! log is written and the exit code given as for a real failure); `report` says on standard error
//! which renderer started.

use std::cell::Cell;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::i18n::{Lang, tr};

/// The environment variable of the test-only switch: `fail` or `report` (see the module).
pub const TEST_SWITCH: &str = "JMJP_STUDIO_TEST_RENDERERS";

/// The process's AppUserModelID on Windows; the installer gives its shortcuts the same, so a
/// window pinned to the taskbar pins the shortcut (`jmjp-studiow.exe`, no console).
pub const APP_USER_MODEL_ID: &str = "jmjp-studio.jmjp-studio";

/// A renderer tried that did not start, with what it said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RendererFailure {
    pub renderer: String,
    pub error: String,
}

/// How a failure is told: in the interface's language, and to the log file beside the settings
/// (`None` when the system names no settings folder).
#[derive(Clone, Debug)]
pub struct Telling {
    pub lang: Lang,
    pub log: Option<PathBuf>,
}

/// What the test-only switch asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Switch {
    Off,
    Fail,
    Report,
}

/// The switch of this process.
fn switch() -> Switch {
    switch_of(std::env::var(TEST_SWITCH).ok().as_deref())
}

/// The switch a value of [`TEST_SWITCH`] names; any other value is off.
fn switch_of(value: Option<&str>) -> Switch {
    match value.map(str::trim) {
        Some("fail") => Switch::Fail,
        Some("report") => Switch::Report,
        _ => Switch::Off,
    }
}

/// The renderers tried, in order.
fn renderers() -> Vec<eframe::Renderer> {
    #[cfg(windows)]
    return vec![eframe::Renderer::Wgpu, eframe::Renderer::Glow];
    #[cfg(not(windows))]
    vec![eframe::Renderer::Glow]
}

/// Opens the window with the first renderer that starts and runs `app` until the window is
/// closed. When none starts, tells the user (see the module) and returns the renderers' errors
/// in one line; an error of the window after the app was created is returned as it is.
pub fn run(
    name: &str,
    options: eframe::NativeOptions,
    telling: &Telling,
    app: impl Fn(&eframe::CreationContext<'_>) -> Box<dyn eframe::App>,
) -> Result<(), String> {
    set_app_user_model_id();
    let switch = switch();
    let mut failures = Vec::new();
    for renderer in renderers() {
        if switch == Switch::Fail {
            let error = format!("made to fail by {TEST_SWITCH}=fail (a test-only switch), not tried");
            failures.push(RendererFailure { renderer: renderer.to_string(), error });
            continue;
        }
        let started = Cell::new(false);
        let on_start = |cc: &eframe::CreationContext<'_>| {
            started.set(true);
            started_with(renderer, cc, &failures, telling, switch);
        };
        match attempt(name, options.clone(), renderer, &app, on_start) {
            Ok(()) => return Ok(()),
            Err(Attempted::Panicked(payload)) if started.get() => std::panic::resume_unwind(payload),
            Err(Attempted::Failed(error)) if started.get() => {
                log_event(telling, &format!("the window, drawn with {renderer}, stopped on an error: {error}"));
                return Err(error);
            }
            Err(failed) => failures.push(RendererFailure { renderer: renderer.to_string(), error: failed.text() }),
        }
    }
    Err(tell(telling, &failures, switch == Switch::Fail))
}

/// How one renderer's run ended other than with the window closed.
enum Attempted {
    /// eframe returned an error.
    Failed(String),
    /// The renderer (or, once created, the app) panicked: the panic's payload.
    Panicked(Box<dyn std::any::Any + Send>),
}

impl Attempted {
    fn text(&self) -> String {
        match self {
            Attempted::Failed(error) => error.clone(),
            Attempted::Panicked(payload) => {
                let said = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned());
                format!("panicked: {}", said.unwrap_or_else(|| "(no message)".into()))
            }
        }
    }
}

/// Runs the window once with `renderer`; `on_start` is called when the renderer has started,
/// just before `app` is created.
fn attempt(
    name: &str,
    mut options: eframe::NativeOptions,
    renderer: eframe::Renderer,
    app: &dyn Fn(&eframe::CreationContext<'_>) -> Box<dyn eframe::App>,
    on_start: impl FnOnce(&eframe::CreationContext<'_>),
) -> Result<(), Attempted> {
    options.renderer = renderer;
    // The event loop is kept for the thread, so the next renderer can run on it.
    options.run_and_return = true;
    let creator = move |cc: &eframe::CreationContext<'_>| -> Result<Box<dyn eframe::App>, Box<dyn std::error::Error + Send + Sync>> {
        on_start(cc);
        Ok(app(cc))
    };
    let run = std::panic::AssertUnwindSafe(|| eframe::run_native(name, options, Box::new(creator)));
    match std::panic::catch_unwind(run) {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(Attempted::Failed(e.to_string())),
        Err(payload) => Err(Attempted::Panicked(payload)),
    }
}

/// What is said when `renderer` has started: which one, when the switch asks (`report`), and,
/// when others failed before it, that they did (on standard error and in the log).
fn started_with(
    renderer: eframe::Renderer,
    cc: &eframe::CreationContext<'_>,
    failures: &[RendererFailure],
    telling: &Telling,
    switch: Switch,
) {
    let drawn = match adapter(cc) {
        Some(adapter) => format!("{renderer} ({adapter})"),
        None => renderer.to_string(),
    };
    if switch == Switch::Report {
        eprintln!("jmjp-studio: the window is drawn with {drawn}");
    }
    if !failures.is_empty() {
        let failed: Vec<String> = failures.iter().map(|f| format!("{}: {}", f.renderer, f.error)).collect();
        let note = format!("the window is drawn with {drawn}; before it, {}", failed.join("; "));
        eprintln!("jmjp-studio: {note}");
        log_event(telling, &note);
    }
}

/// The wgpu adapter the window draws with (its backend, kind and name), when it is wgpu.
#[cfg(windows)]
fn adapter(cc: &eframe::CreationContext<'_>) -> Option<String> {
    let state = cc.wgpu_render_state.as_ref()?;
    Some(eframe::egui_wgpu::adapter_info_summary(&state.adapter.get_info()))
}

#[cfg(not(windows))]
fn adapter(_: &eframe::CreationContext<'_>) -> Option<String> {
    None
}

/// Tells the user that no renderer started (the module says how) and returns the renderers'
/// errors in one line.
fn tell(telling: &Telling, failures: &[RendererFailure], to_stderr: bool) -> String {
    let (title, body) = message(telling.lang, failures);
    let entry = log_entry(&now(), failures, &title, &body);
    let logged = match &telling.log {
        Some(path) => append(path, &entry).map(|()| path.clone()).map_err(|e| e.to_string()),
        None => Err("the system names no folder for the settings".to_string()),
    };
    let text = format!("{body}\n\n{}", log_line(telling.lang, &logged));
    if to_stderr {
        eprintln!("{title}\n\n{text}");
    } else {
        show_box(&title, &text);
    }
    failures.iter().map(|f| format!("{}: {}", f.renderer, f.error)).collect::<Vec<_>>().join("; ")
}

/// The message box's title and text: the reason, what to do, and each renderer's error.
pub fn message(lang: Lang, failures: &[RendererFailure]) -> (String, String) {
    let title = tr!("ui-window-failed-title").get(lang).to_string();
    let mut lines = vec![
        tr!("ui-window-failed-reason").get(lang).to_string(),
        String::new(),
        tr!("ui-window-failed-what-to-do").get(lang).to_string(),
    ];
    for todo in [tr!("ui-window-failed-driver"), tr!("ui-window-failed-remote"), tr!("ui-window-failed-virtual")] {
        lines.push(format!("• {}", todo.get(lang)));
    }
    lines.push(String::new());
    lines.push(tr!("ui-window-failed-errors").get(lang).to_string());
    lines.extend(failures.iter().map(|f| format!("{}: {}", f.renderer, f.error)));
    (title, lines.join("\n"))
}

/// The line that says where the log is, or why it could not be written.
fn log_line(lang: Lang, logged: &Result<PathBuf, String>) -> String {
    match logged {
        Ok(path) => tr!("ui-window-failed-log", path = path.display().to_string()).get(lang).to_string(),
        Err(reason) => tr!("ui-window-failed-no-log", reason = reason.as_str()).get(lang).to_string(),
    }
}

/// One entry of the log: the time, the program and its version, each renderer's error, and the
/// text the user was shown, indented.
pub fn log_entry(when: &str, failures: &[RendererFailure], title: &str, body: &str) -> String {
    let mut entry = format!("{when} {}: the window could not be opened\n", version());
    for f in failures {
        entry.push_str(&format!("  {}: {}\n", f.renderer, indented(&f.error, "    ")));
    }
    entry.push_str("  shown:\n");
    for line in std::iter::once(title).chain(body.lines()) {
        entry.push_str(&if line.is_empty() { "\n".to_string() } else { format!("    {line}\n") });
    }
    entry
}

/// `text` with every line after the first indented by `by`.
fn indented(text: &str, by: &str) -> String {
    text.trim_end().replace('\n', &format!("\n{by}"))
}

/// Writes one line of an event to the log, when there is one; a log that cannot be written is
/// passed over (the event is also on standard error).
fn log_event(telling: &Telling, what: &str) {
    if let Some(path) = &telling.log {
        let _ = append(path, &format!("{} {}: {}\n", now(), version(), indented(what, "  ")));
    }
}

/// Appends `entry` to the log at `path` in one write, making its folder when needed.
pub fn append(path: &Path, entry: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
    file.write_all(entry.as_bytes())?;
    file.sync_all()
}

/// The local time, as the log gives it.
fn now() -> String {
    chrono::Local::now().format("%Y-%m-%d %H:%M:%S %:z").to_string()
}

/// The program and its version.
fn version() -> String {
    format!("jmjp-studio {}", env!("CARGO_PKG_VERSION"))
}

/// A native message box with one OK button; it returns when the user closes it.
fn show_box(title: &str, text: &str) {
    rfd::MessageDialog::new()
        .set_level(rfd::MessageLevel::Error)
        .set_title(title)
        .set_description(text)
        .set_buttons(rfd::MessageButtons::Ok)
        .show();
}

/// Sets the process's explicit AppUserModelID ([`APP_USER_MODEL_ID`]) before any window shows, as
/// Windows asks. A failure leaves Windows' own grouping by the program's path: nothing to tell.
#[cfg(windows)]
#[allow(unsafe_code)]
fn set_app_user_model_id() {
    let id: Vec<u16> = APP_USER_MODEL_ID.encode_utf16().chain(std::iter::once(0)).collect();
    // SAFETY: `id` is a NUL-terminated UTF-16 string that lives through the call; the function
    // reads it (and copies it) and touches no other memory of ours.
    let _ = unsafe { windows_sys::Win32::UI::Shell::SetCurrentProcessExplicitAppUserModelID(id.as_ptr()) };
}

#[cfg(not(windows))]
fn set_app_user_model_id() {}

#[cfg(test)]
mod tests {
    use super::*;

    fn failures() -> Vec<RendererFailure> {
        vec![
            RendererFailure { renderer: "wgpu".into(), error: "no suitable adapter found".into() },
            RendererFailure { renderer: "glow".into(), error: "OpenGL 2.0+ is required\n(found 1.1)".into() },
        ]
    }

    #[test]
    fn the_message_says_why_and_what_to_do_in_the_interface_language_with_each_error() {
        let (title, body) = message(Lang::En, &failures());
        assert!(title.contains("could not open"), "{title}");
        assert!(body.contains("graphics driver") && body.contains("Remote Desktop"), "{body}");
        assert!(body.contains("wgpu: no suitable adapter found"), "{body}");
        assert!(body.contains("glow: OpenGL 2.0+ is required"), "{body}");
        let (title, body) = message(Lang::Ja, &failures());
        assert!(title.contains("ウィンドウを開けませんでした"), "{title}");
        assert!(body.contains("グラフィックドライバー") && body.contains("リモートデスクトップ"), "{body}");
        assert!(body.contains("wgpu: no suitable adapter found") && body.contains("glow: "), "{body}");
    }

    #[test]
    fn the_log_entry_has_the_time_each_renderer_s_error_and_the_text_shown() {
        let (title, body) = message(Lang::Ja, &failures());
        let entry = log_entry("2026-11-28 12:00:00 +09:00", &failures(), &title, &body);
        let lines: Vec<&str> = entry.lines().collect();
        assert!(lines[0].starts_with("2026-11-28 12:00:00 +09:00 jmjp-studio "), "{entry}");
        assert!(lines[0].ends_with("the window could not be opened"), "{entry}");
        assert_eq!(lines[1], "  wgpu: no suitable adapter found");
        assert_eq!(lines[2], "  glow: OpenGL 2.0+ is required");
        assert_eq!(lines[3], "    (found 1.1)", "a second line of an error is indented");
        assert!(entry.contains(&format!("    {title}\n")), "{entry}");
        for line in body.lines().filter(|l| !l.is_empty()) {
            assert!(entry.contains(&format!("    {line}\n")), "{line:?} not in {entry}");
        }
        assert!(!entry.lines().any(|l| l.ends_with(' ')), "no line ends in spaces: {entry}");
        assert!(entry.ends_with('\n'));
    }

    #[test]
    fn the_log_is_appended_to_in_a_folder_made_for_it() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("config").join("jmjp-studio.log");
        append(&log, "first\n").unwrap();
        append(&log, "second\n").unwrap();
        assert_eq!(std::fs::read_to_string(&log).unwrap(), "first\nsecond\n");
    }

    #[test]
    fn the_log_line_names_the_file_or_why_it_was_not_written() {
        let written = log_line(Lang::En, &Ok(PathBuf::from("/home/a/.config/jmjp-studio/jmjp-studio.log")));
        assert!(written.contains("/home/a/.config/jmjp-studio/jmjp-studio.log"), "{written}");
        let not = log_line(Lang::Ja, &Err("permission denied".into()));
        assert!(not.contains("permission denied") && not.contains("ログ"), "{not}");
    }

    #[test]
    fn linux_draws_with_glow_alone_and_windows_tries_wgpu_first() {
        let names: Vec<String> = renderers().iter().map(|r| r.to_string()).collect();
        if cfg!(windows) {
            assert_eq!(names, ["wgpu", "glow"]);
        } else {
            assert_eq!(names, ["glow"]);
        }
    }

    #[test]
    fn the_switch_reads_fail_and_report_and_nothing_else() {
        assert_eq!(switch_of(Some("fail")), Switch::Fail);
        assert_eq!(switch_of(Some(" report\n")), Switch::Report);
        for other in [None, Some(""), Some("FAIL"), Some("glow")] {
            assert_eq!(switch_of(other), Switch::Off, "{other:?}");
        }
    }
}
