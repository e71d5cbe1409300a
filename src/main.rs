//! `jmjp-studio`: starts the command line (and, once it lands, the GUI).

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    ExitCode::from(jmjp_studio::cli::run(std::env::args_os(), &mut out, &mut err))
}
