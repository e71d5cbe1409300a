//! `jmjp-studiow.exe`: what the Windows Start menu and a double-clicked `.jmjp` run.
//!
//! `jmjp-studio.exe` is a console program, so that the command line works in `cmd` and
//! PowerShell as documented (its output on the console, its exit code waited for). Started by a
//! double-click, a console program gets a black console window beside its own window, and closing
//! that console ends the program. This starter is a window-subsystem program (no console) that
//! runs `jmjp-studio.exe` from its own folder with the same arguments and no console window
//! (`CREATE_NO_WINDOW`), the way `pythonw.exe` and `javaw.exe` do. It waits for the program and
//! returns its exit code, so a script that runs it sees the same code. It holds no code of the
//! program: on other systems it runs `jmjp-studio` the same way (the console there is the
//! terminal the user chose).
#![cfg_attr(windows, windows_subsystem = "windows")]

use std::process::{Command, ExitCode};

/// The exit code when the program could not be started (the command line's "a file could not be
/// read", as `jmjp-studio` gives when its window cannot be opened).
const NOT_STARTED: u8 = 2;

fn main() -> ExitCode {
    let name = if cfg!(windows) { "jmjp-studio.exe" } else { "jmjp-studio" };
    let Some(program) = std::env::current_exe().ok().and_then(|me| me.parent().map(|dir| dir.join(name))) else {
        return ExitCode::from(NOT_STARTED);
    };
    let mut command = Command::new(&program);
    command.args(std::env::args_os().skip(1));
    no_console(&mut command);
    match command.status() {
        Ok(status) => ExitCode::from(status.code().map_or(NOT_STARTED, |c| u8::try_from(c).unwrap_or(NOT_STARTED))),
        Err(e) => {
            // No console to print to on Windows: the error goes where standard error goes (a
            // script's redirection), and the exit code says it.
            eprintln!("jmjp-studiow: {} could not be started: {e}", program.display());
            ExitCode::from(NOT_STARTED)
        }
    }
}

#[cfg(windows)]
fn no_console(command: &mut Command) {
    use std::os::windows::process::CommandExt;
    /// Runs a console program without a console window (winbase.h).
    const CREATE_NO_WINDOW: u32 = 0x0800_0000;
    command.creation_flags(CREATE_NO_WINDOW);
}

#[cfg(not(windows))]
fn no_console(_: &mut Command) {}
