//! `jmjp-studio`: the app without arguments (or with `edit FILE`, `record [FILE]`), the command line otherwise.

use std::ffi::OsString;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    if let Some(req) = jmjp_studio::cli::gui_request(&args) {
        return window(req);
    }
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    ExitCode::from(jmjp_studio::cli::run(args, &mut out, &mut err))
}

/// Opens the window the arguments ask for.
#[cfg(feature = "gui")]
fn window(req: jmjp_studio::cli::GuiRequest) -> ExitCode {
    match jmjp_studio::app::run_native(req.open, req.record) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("jmjp-studio: the window could not be opened: {e}");
            ExitCode::from(jmjp_studio::cli::EXIT_UNREADABLE)
        }
    }
}

/// A build without the `gui` feature has no window: it says so.
#[cfg(not(feature = "gui"))]
fn window(_: jmjp_studio::cli::GuiRequest) -> ExitCode {
    eprintln!(
        "jmjp-studio: this build has no window (built without the gui feature); the subcommands work: see --help"
    );
    ExitCode::from(jmjp_studio::cli::EXIT_UNREADABLE)
}
