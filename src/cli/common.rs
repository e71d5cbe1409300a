//! What the commands of the command line share: the exit codes, reading a `.jmjp` file and
//! reporting a file not read or not written, and where in a file something is.

use std::io::Write;
use std::path::Path;

use crate::document::io::{Loaded, ReadError, SaveError};
use crate::document::recording::open::{Opened, open_alone};
use crate::format::{self, Pos};
use crate::i18n::Lang;
use crate::interop::Format;

/// Exit code: nothing wrong.
pub const EXIT_OK: u8 = 0;
/// Exit code: a file has errors (or, for `fmt --check`, is not in canonical form).
pub const EXIT_ERRORS: u8 = 1;
/// Exit code: a file could not be read (or written), or the arguments were wrong.
pub const EXIT_UNREADABLE: u8 = 2;

/// `jmjp, mjai or tenhou6`.
pub(super) fn format_names() -> String {
    let names = Format::names();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(", "),
    }
}

/// A `.jmjp` file read and parsed by the one open, or the exit code of why not (already
/// reported). A log is refused, saying how to read it.
pub(super) fn load(path: &Path, out: &mut dyn Write, err: &mut dyn Write) -> Result<Loaded, u8> {
    let shown = path.display();
    match open_alone(path, None, &crate::document::io::RealDisk).and_then(Opened::into_loaded) {
        Ok(loaded) => Ok(loaded),
        Err(e @ (ReadError::Log { .. } | ReadError::Convert { .. })) => {
            let _ = writeln!(out, "{}", e.text().get(Lang::En));
            Err(EXIT_ERRORS)
        }
        Err(ReadError::NotUtf8 { line, column, .. }) => {
            let _ = writeln!(out, "{shown}:{line}:{column}: error: the file is not UTF-8 text (a .jmjp file must be)");
            Err(EXIT_ERRORS)
        }
        Err(ReadError::Parse { error: e, .. }) => {
            let _ = writeln!(out, "{shown}:{}:{}: error: {}", e.line, e.column, e.message);
            Err(EXIT_ERRORS)
        }
        Err(e) => Err(unreadable(&e, err)),
    }
}

/// Reports a file that could not be read; the exit code for it.
pub(super) fn unreadable(e: &ReadError, err: &mut dyn Write) -> u8 {
    match e {
        ReadError::Unreadable { path, source } => {
            let _ = writeln!(err, "{}: cannot read the file: {source}", path.display());
        }
        e => {
            let _ = writeln!(err, "{}", e.text().get(Lang::En));
        }
    }
    EXIT_UNREADABLE
}

/// Reports a file that was not written; the exit code for it.
pub(super) fn not_written(e: &SaveError, err: &mut dyn Write) -> u8 {
    match e {
        SaveError::Exists { path } => {
            let _ = writeln!(err, "{}: already exists; nothing written", path.display());
            EXIT_ERRORS
        }
        SaveError::Write { path, source } | SaveError::Folder { path, source } => {
            let _ = writeln!(err, "{}: cannot write the file: {source}", path.display());
            EXIT_UNREADABLE
        }
        e => {
            let _ = writeln!(err, "{}", e.text().get(Lang::En));
            EXIT_UNREADABLE
        }
    }
}

/// `FILE:LINE:COL` of a position (the file when there is none).
pub(super) fn at(path: &Path, text: &str, pos: Option<Pos>) -> String {
    match pos {
        Some(p) => format!("{}:{}", path.display(), p.line_col(format::strip_bom(text))),
        None => path.display().to_string(),
    }
}
