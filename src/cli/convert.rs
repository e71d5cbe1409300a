//! `convert IN OUT`: a paifu or a log read by the one open (its format told by its content, its
//! extension, or `--from`), written as the format `--to` or OUT's extension names.

use std::io::Write;
use std::path::Path;

use crate::document::io::{self, ReadError, Replace};
use crate::document::recording::open::{Opened, open_alone};
use crate::format::Severity;
use crate::i18n::tr;
use crate::interop::{self, Format};
use crate::rules;

use super::common::{EXIT_ERRORS, EXIT_OK, format_names, not_written, unreadable};

/// What `convert` was asked for besides its two files.
pub(super) struct Convert {
    pub from: Option<Format>,
    pub to: Option<Format>,
    /// Print the tenhou.net/6 viewer's address.
    pub url: bool,
    /// The rules the match was played with (`--rules`), kept as its rules comment.
    pub rules: Option<String>,
}

pub(super) fn convert(input: &Path, output: &Path, asked: Convert, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let Convert { from, to, url, rules: said } = asked;
    let shown = input.display();
    // Read once by the one open: a record, or why it does not convert (said once the output's
    // format is known to be right too).
    let read = match open_alone(input, from, &io::RealDisk) {
        Ok(opened) => Ok(opened),
        Err(ReadError::NotUtf8 { .. }) => {
            let _ = writeln!(err, "{shown}: the file is not UTF-8 text");
            return EXIT_ERRORS;
        }
        Err(ReadError::Parse { text, .. }) if from.is_none() && io::format_of(input, &text).is_none() => {
            let _ = writeln!(err, "{shown}: cannot tell its format; say --from {}", format_names());
            return EXIT_ERRORS;
        }
        Err(ReadError::Parse { error, .. }) => {
            let at = crate::i18n::tr!("interop-line-column", line = error.line, column = error.column);
            Err((Format::Jmjp, interop::ConvertError::new(at, error.message)))
        }
        Err(ReadError::Convert { format, error, .. }) => Err((format, error)),
        Err(e) => return unreadable(&e, err),
    };
    let Some(to) = to.or_else(|| Format::from_path(output)) else {
        let _ = writeln!(
            err,
            "{}: cannot tell the output format from the extension; say --to {}",
            output.display(),
            format_names()
        );
        return EXIT_ERRORS;
    };
    if url && to != Format::Tenhou6 {
        let _ = writeln!(err, "--url needs tenhou6 output (the viewer shows tenhou.net/6 logs)");
        return EXIT_ERRORS;
    }
    let mut paifu = match read {
        Ok(Opened::Paifu { loaded, .. }) => loaded.parsed.paifu,
        Ok(Opened::Log { paifu, note, .. }) => {
            if let Some(note) = note {
                let _ = writeln!(err, "{shown}: note: {}", note.en);
            }
            paifu
        }
        Err((from, e)) => {
            let _ = writeln!(err, "{shown}: {e} (read as {}; nothing written)", from.name());
            return EXIT_ERRORS;
        }
    };
    // --rules: every match played under them (where the output keeps them).
    if let Some(r) = &said {
        paifu.matches.iter_mut().for_each(|m| m.rules = Some(r.clone()));
    }
    let written = match interop::export(to, &paifu) {
        Ok(w) => w,
        Err(e) => {
            let _ = writeln!(err, "{shown}: cannot write it as {}: {e} (nothing written)", to.name());
            return EXIT_ERRORS;
        }
    };
    if let Err(e) = io::write_text(output, &written, Replace::Always) {
        return not_written(&e, err);
    }
    let diags = rules::check(&paifu, None);
    let errors = diags.iter().filter(|d| d.severity == Severity::Error).count();
    let warnings = diags.len() - errors;
    let frames: usize = paifu.matches.iter().map(|m| m.frames.len()).sum();
    let _ = writeln!(
        out,
        "{}: {} frames written as {} ({errors} errors, {warnings} warnings from check)",
        output.display(),
        frames,
        to.name()
    );
    if to != Format::Jmjp {
        for below in paifu.matches.iter().filter_map(interop::below_zero) {
            let _ = writeln!(out, "{}: note: {}", output.display(), below.en);
        }
    }
    if to == Format::Jmjp {
        let named = paifu.matches.iter().find_map(|m| m.rules.clone());
        let line = match named {
            Some(text) if said.is_some() => tr!("cli-convert-rules-given", rules = text),
            Some(code) => {
                let preset = crate::rules::options::RulesSpec::parse(&code).preset_word;
                tr!("cli-convert-rules-named", preset = preset, rules = code)
            }
            None => tr!("cli-convert-rules-unsaid").text(),
        };
        let _ = writeln!(out, "{}: {}", output.display(), line.en);
    }
    if url {
        let _ = writeln!(out, "{}", interop::tenhou6::viewer_url(&written));
    }
    EXIT_OK
}
