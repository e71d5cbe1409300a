//! The command line: `check`, `fmt`, `fix`, `compare`, `score`, `split`, `merge`, `convert`,
//! `serve`, `export-html`, `chapters` and `stats` work on files;
//! `record` and `edit` open the app.
//!
//! [`run`] takes the arguments and two writers and returns the exit code, so tests drive it
//! without a process; `main.rs` only passes the real ones.

use std::ffi::OsString;
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

mod chapters;
mod check;
mod common;
mod compare;
mod convert;
mod fix;
mod review;
mod serve;
mod stats;

use crate::document::io::{self, Loaded, Replace};
use crate::format::{self, Diagnostic, Severity};
use crate::i18n::{Lang, tr};
use crate::interop::Format;
use crate::rules;
use crate::rules::options::{RulesSpec, spec};
use crate::scoring::{self, RuleOptions, RulesPreset};

pub use common::{EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use common::{load, not_written};

#[derive(Debug, Parser)]
#[command(
    name = "jmjp-studio",
    version,
    about = "Record, check and correct riichi mahjong paifu files (.jmjp)",
    long_about = "Record, check and correct riichi mahjong paifu files (.jmjp).\n\n\
                  Without a subcommand (or with record or edit) the app opens: `jmjp-studio \
                  FILE` opens a .jmjp file in the editor and imports a log (tenhou.net/6, tenhou's mjlog, \
                  the official M League record, mjai). \
                  The other subcommands work on files."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<CliCommand>,
}

#[derive(Debug, Subcommand)]
pub enum CliCommand {
    /// Open the app in the live recorder: a new match (saved in the autosave folder), or FILE
    /// continued (a journal left by an interrupted recording is offered for recovery).
    Record {
        /// The .jmjp file to continue.
        #[arg(value_name = "FILE")]
        file: Option<PathBuf>,
    },
    /// Open the app's editor on FILE (a file that does not parse opens as text, to be fixed).
    Edit {
        /// The .jmjp file to open.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Parse and validate paifu files.
    ///
    /// Prints each finding as FILE:LINE:COL: error|warning: text. Exit code 0 when no file has
    /// errors (warnings alone are fine), 1 when a file has errors, 2 when a file could not be read.
    Check {
        /// The rules the file is judged under: a preset (m-league, tenhou, mahjong-soul, jpml, ema,
        /// wrc, rmu) and its differences, as a match's rules comment writes them ("jpml, kiriage=yes")
        /// (default: the rules each match names in its file, else m-league).
        #[arg(long, value_name = "RULES", value_parser = rules_arg)]
        rules: Option<String>,
        /// The .jmjp files to check.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Propose the fix of each frame's likely cause (with --write, make the sure ones).
    ///
    /// Prints FILE:LINE:COL: fix: OLD -> NEW (why) for each frame whose problems one change
    /// explains. With --write, makes each fix that no other change fits as well, checks the result
    /// and writes the file atomically in canonical form, never with more errors than before. Exit
    /// code 0 when there is nothing to fix, 1 when fixes were proposed or made, 2 when a file
    /// could not be read.
    Fix {
        /// Make the sure fixes and write the file.
        #[arg(long)]
        write: bool,
        /// The rules the recorded end points are held against: a preset (m-league, tenhou,
        /// mahjong-soul, jpml, ema, wrc, rmu) and its differences ("jpml, kiriage=yes") (default: the
        /// rules each match names in its file, else m-league).
        #[arg(long, value_name = "RULES", value_parser = rules_arg)]
        rules: Option<String>,
        /// The .jmjp files.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Compare two recordings of one match (double entry).
    ///
    /// Lines up the matches, frames (by frame id) and acts (a missing or extra act is one
    /// difference) and prints each difference as A:LINE:COL: differs from B:LINE:COL: text, saying
    /// which side the rules and the points check find consistent when only one is. Either may be
    /// a desk's served record address (http://HOST:PORT/api/record.jmjp?token=TOKEN, from its
    /// Settings > On air), or a log such as the official M League record (converted; named by its
    /// file alone). Exit code 0 when they hold the same, 1 when they differ, 2 when a file
    /// (or a desk) could not be read.
    Compare {
        /// The rules the recorded end points are held against: a preset (m-league, tenhou,
        /// mahjong-soul, jpml, ema, wrc, rmu) and its differences ("jpml, kiriage=yes") (default: the
        /// rules each match names in its file, else m-league).
        #[arg(long, value_name = "RULES", value_parser = rules_arg)]
        rules: Option<String>,
        /// One recording (A, "mine").
        #[arg(value_name = "A")]
        a: PathBuf,
        /// The other recording (B, "theirs"): a file, or a desk's record address.
        #[arg(value_name = "B")]
        b: PathBuf,
    },
    /// Print each frame's result: the yaku, han, fu and payment of every win, the payments of a
    /// draw, and the end points they give.
    ///
    /// A recorded end point (pfe) that differs from the computed one is shown next to it. Exit
    /// code 0 when every frame was scored and agrees with the record, 1 when one differs or cannot
    /// be scored (or a file does not parse), 2 when a file could not be read.
    Score {
        /// The scoring rules: a preset (m-league, tenhou, mahjong-soul, jpml, ema, wrc, rmu) and its
        /// differences ("jpml, kiriage=yes") (default: the rules each match names in its file,
        /// else m-league).
        #[arg(long, value_name = "RULES", value_parser = rules_arg)]
        rules: Option<String>,
        /// The language of the yaku and results: en or ja.
        #[arg(long, value_name = "LANG", default_value = "en", value_parser = ["en", "ja"])]
        lang: String,
        /// The .jmjp files to score.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Rewrite paifu files in canonical form (jmjp[1.0], one act per line, no BOM).
    ///
    /// A file with errors is not rewritten. The file is replaced atomically. Exit code 0 when all
    /// is well, 1 when a file has errors (or with --check, is not canonical), 2 when a file could
    /// not be read or written.
    Fmt {
        /// Only report files that are not in canonical form; change nothing.
        #[arg(long)]
        check: bool,
        /// The .jmjp files to format.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Write each match of FILE to a file of its own: NAME-1.jmjp, NAME-2.jmjp, ... next to it
    /// (or in --out).
    ///
    /// Existing files are not overwritten. Exit code 0 when written, 1 when FILE does not parse
    /// or a target exists, 2 when a file could not be read or written.
    Split {
        /// The .jmjp file to split.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// The folder to write the parts to (default: FILE's folder).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Write the matches of every IN file, in order, to OUT (which must not exist yet).
    ///
    /// Exit code 0 when written, 1 when an input does not parse or OUT exists, 2 when a file could
    /// not be read or written.
    Merge {
        /// The file to write.
        #[arg(value_name = "OUT")]
        output: PathBuf,
        /// The .jmjp files whose matches are merged, in this order.
        #[arg(required = true, value_name = "IN")]
        inputs: Vec<PathBuf>,
    },
    /// Send a recorded match to AI players over mjai and print what each would have done.
    ///
    /// Each seat asked for gets its own AI player: with --bot, the command CMD (split into words
    /// as a shell splits them) started once per seat with the seat's player id (0-3) appended,
    /// batches on its standard input and one reply line on its standard output (the mjai.app bot
    /// convention, Mortal's mjai mode); with --tcp, a connection to HOST:PORT per seat. Prints
    /// each decision (the act, what the player did, what the AI would have done) and the
    /// agreement per seat. Exit code 0 when done, 1 when a bot failed, 2 when the file could not
    /// be read.
    Review {
        /// The .jmjp file.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// The bot's command line.
        #[arg(long, value_name = "CMD", conflicts_with = "tcp", required_unless_present = "tcp")]
        bot: Option<String>,
        /// A bot listening at HOST:PORT.
        #[arg(long, value_name = "HOST:PORT")]
        tcp: Option<String>,
        /// The seats to ask (at E1-0): e, s, w, n or all.
        #[arg(long, value_name = "SEAT", default_value = "all", value_parser = ["e", "s", "w", "n", "all"])]
        seat: String,
    },
    /// Print one chapter per frame of a match for its published video.
    ///
    /// Each line (YouTube) is the frame's start and its title, `00:12:31 E1-0 · NAME deals`: with
    /// the match's video synced (FILE.video beside FILE, made in the app), the frame's time in that
    /// video; without, the time since the match's first act. YouTube's rules are kept: the first
    /// at 00:00, at least three, each at least 10 s (a shorter frame is merged into the one
    /// before). The times come from the act times the recorder keeps. Exit code 0 when printed, 1
    /// when the match gives no chapters (recorded without times, or fewer than three), 2 when a
    /// file could not be read.
    Chapters {
        /// The .jmjp file.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// youtube (lines for the description), webvtt (a chapters track) or ffmetadata (for
        /// ffmpeg -map_metadata).
        #[arg(long, value_name = "FORMAT", default_value = "youtube", value_parser = ["youtube", "webvtt", "ffmetadata"])]
        format: String,
        /// The language of the titles: en or ja.
        #[arg(long, value_name = "LANG", default_value = "en", value_parser = ["en", "ja"])]
        lang: String,
        /// Which match of the file (1 is the first).
        #[arg(long = "match", value_name = "N", default_value_t = 1)]
        number: usize,
    },
    /// Count each player's and team's season statistics: matches, places, frames, wins, tsumo,
    /// deal-ins, riichi, calls, draws and tenpai at them, nagashi, abortive draws, what wins and
    /// deal-ins were worth.
    ///
    /// Folders are searched (subfolders too) for every file of a format the program reads; files
    /// are read as given. A match counted twice (the same tournament, date, number and players, or
    /// the same record) counts once; a match in which two seats share a name is left out; both are
    /// listed on standard error. Exit code 0 when every frame was counted, 1 when a frame does not
    /// replay (it counts in frames only, and is listed), 2 when a file could not be read.
    Stats {
        /// Folders and files (.jmjp and the logs the program reads).
        #[arg(required = true, value_name = "FOLDER|FILE")]
        paths: Vec<PathBuf>,
        /// One row per player or per team.
        #[arg(long, value_name = "BY", default_value = "player", value_parser = ["player", "team"])]
        by: String,
        /// table (for reading), csv (every count, rate and average) or json (the counts).
        #[arg(long, value_name = "FORMAT", default_value = "table", value_parser = ["table", "csv", "json"])]
        format: String,
        /// The rules the matches are counted under (the honba's value, double ron, pao, ties):
        /// a preset (m-league, tenhou, mahjong-soul, jpml, ema, wrc, rmu) and its differences
        /// (default: the rules each match names in its file, else m-league).
        #[arg(long, value_name = "RULES", value_parser = rules_arg)]
        rules: Option<String>,
        /// The language of the table's headings and messages: en or ja.
        #[arg(long, value_name = "LANG", default_value = "en", value_parser = ["en", "ja"])]
        lang: String,
    },
    /// Convert between .jmjp, mjai logs and tenhou.net/6 JSON logs; read tenhou's mjlog and the
    /// official M League record.
    ///
    /// The input format is read from the content (or --from), the output format from OUT's
    /// extension (listed below) or --to; mjlog and mleague are read, not written. Bad input
    /// gives an error with its position (line, or JSON path such as log[2][5][7]) and no output
    /// file; the output is written atomically. Exit code 0 when written, 1 when the input cannot be
    /// converted, 2 when a file could not be read or written.
    Convert {
        /// The file to read.
        #[arg(value_name = "IN")]
        input: PathBuf,
        /// The file to write.
        #[arg(value_name = "OUT")]
        output: PathBuf,
        /// The input format.
        #[arg(long, value_name = "FMT", value_parser = clap::builder::PossibleValuesParser::new(Format::names()))]
        from: Option<String>,
        /// The output format.
        #[arg(long, value_name = "FMT", value_parser = clap::builder::PossibleValuesParser::new(Format::written_names()))]
        to: Option<String>,
        /// Also print the tenhou.net/6 viewer address of the log (output tenhou6 only).
        #[arg(long)]
        url: bool,
        /// The rules the match was played with, kept in the written .jmjp as its rules comment
        /// (a preset and its differences: "jpml, kiriage=yes"); default: what the log's room says.
        #[arg(long, value_name = "RULES", value_parser = rules_arg)]
        rules: Option<String>,
    },
    /// Put FILE on air: the broadcast overlay, the replay and their data over HTTP.
    ///
    /// Follows FILE and its journal as another copy of the program records into it. Prints each
    /// address on its own line (the record's with its token=...), then serves until stopped
    /// (Ctrl-C). Read-only; binds 127.0.0.1 unless --bind says otherwise. Exit code 1 when FILE
    /// does not parse, 2 when it cannot be read or the address cannot be bound.
    Serve {
        /// The .jmjp file.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// The port to listen on (0: a free one).
        #[arg(long, value_name = "N", default_value_t = crate::broadcast::DEFAULT_PORT)]
        port: u16,
        /// The address to listen on; anything but a loopback address opens it to the network.
        #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
        /// A season folder: the overlay with `stats=1` (and /api/stats) shows each seated
        /// player's figures counted from its records, with the match on air.
        #[arg(long, value_name = "DIR")]
        season: Option<PathBuf>,
    },
    /// Write the replay of FILE's last match as ONE self-contained HTML file (record, tiles,
    /// styles and script inside; it works from file:// with no network).
    ///
    /// The file is written atomically. Exit code 0 when written, 1 when FILE does not parse, 2
    /// when a file could not be read or written.
    ExportHtml {
        /// The .jmjp file.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// The HTML file to write.
        #[arg(value_name = "OUT")]
        output: PathBuf,
    },
}

/// The command line as clap reads it, with the formats' file extensions (from [`Format::ALL`])
/// under `convert --help`.
pub fn command() -> clap::Command {
    let extensions: Vec<String> = Format::ALL
        .iter()
        .map(|f| {
            let ext: Vec<String> = f.extensions().iter().map(|e| format!(".{e}")).collect();
            format!("  {:<8} {} ({})", f.name(), f.title(), ext.join(", "))
        })
        .collect();
    let formats = format!("Formats and their file extensions:\n{}", extensions.join("\n"));
    <Cli as clap::CommandFactory>::command().mut_subcommand("convert", |c| c.after_help(formats))
}

/// What the window should do when the arguments ask for it rather than a headless command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuiRequest {
    /// The file to open.
    pub open: Option<PathBuf>,
    /// Go straight to the recorder.
    pub record: bool,
}

/// The window request of `args`: no arguments, `FILE` (what a file manager runs: a `.jmjp` opens
/// in the editor, a tenhou.net/6 or mjai log is imported), `edit FILE`, `record` or `record FILE`;
/// `None` for a headless command (or `--help`, `--version`). A lone argument that is a
/// subcommand's name is that subcommand, even when a file of that name exists.
pub fn gui_request(args: &[OsString]) -> Option<GuiRequest> {
    let file = |f: &OsString| (!f.to_string_lossy().starts_with('-')).then(|| PathBuf::from(f));
    match args {
        [_] => Some(GuiRequest { open: None, record: false }),
        [_, f] if !is_subcommand(f) => file(f).map(|p| GuiRequest { open: Some(p), record: false }),
        [_, cmd, f] if cmd == "edit" => file(f).map(|p| GuiRequest { open: Some(p), record: false }),
        [_, cmd] if cmd == "record" => Some(GuiRequest { open: None, record: true }),
        [_, cmd, f] if cmd == "record" => file(f).map(|p| GuiRequest { open: Some(p), record: true }),
        _ => None,
    }
}

/// Whether `word` names a subcommand (or `help`).
fn is_subcommand(word: &OsString) -> bool {
    word == "help" || command().get_subcommands().any(|c| word == c.get_name())
}

/// Runs the command line with `args` (the first is the program name); returns the exit code.
pub fn run<I, T>(args: I, out: &mut dyn Write, err: &mut dyn Write) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let parsed = command().try_get_matches_from(args).and_then(|m| <Cli as clap::FromArgMatches>::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            let code = e.exit_code();
            let text = e.render().to_string();
            let _ = if code == 0 { out.write_all(text.as_bytes()) } else { err.write_all(text.as_bytes()) };
            return if code == 0 { EXIT_OK } else { EXIT_UNREADABLE };
        }
    };
    match cli.command {
        None => {
            let _ = writeln!(out, "{}", command().render_help());
            EXIT_OK
        }
        Some(CliCommand::Record { .. }) => {
            let _ = writeln!(err, "record opens the app's recorder; run it without other options");
            EXIT_UNREADABLE
        }
        Some(CliCommand::Edit { file }) => {
            let _ = writeln!(err, "{}: the app opens this file; run it without a terminal-only build", file.display());
            EXIT_UNREADABLE
        }
        Some(CliCommand::Check { rules, files }) => {
            let opts = chosen(rules.as_deref(), err);
            files.iter().map(|f| check::check_file(f, opts.as_ref(), out, err)).max().unwrap_or(EXIT_OK)
        }
        Some(CliCommand::Fix { write, rules, files }) => {
            let opts = chosen(rules.as_deref(), err);
            files.iter().map(|f| fix::fix_file(f, write, opts.as_ref(), out, err)).max().unwrap_or(EXIT_OK)
        }
        Some(CliCommand::Compare { rules, a, b }) => {
            let opts = chosen(rules.as_deref(), err);
            compare::compare_files(&a, &b, opts, out, err)
        }
        Some(CliCommand::Score { rules, lang, files }) => {
            let (opts, lang) = (chosen(rules.as_deref(), err), if lang == "ja" { Lang::Ja } else { Lang::En });
            files.iter().map(|f| score_file(f, opts.as_ref(), lang, out, err)).max().unwrap_or(EXIT_OK)
        }
        Some(CliCommand::Fmt { check, files }) => {
            files.iter().map(|f| fmt_file(f, check, out, err)).max().unwrap_or(EXIT_OK)
        }
        Some(CliCommand::Split { file, out: dir }) => split(&file, dir.as_deref(), out, err),
        Some(CliCommand::Merge { output, inputs }) => merge(&output, &inputs, out, err),
        Some(CliCommand::Review { file, bot, tcp, seat }) => {
            let endpoint = match (bot, tcp) {
                (_, Some(addr)) => Ok(crate::interop::bots::Endpoint::Tcp(addr)),
                (Some(cmd), None) => crate::interop::bots::Endpoint::command(&cmd),
                (None, None) => Err(tr!("cli-review-no-bot").text()),
            };
            match endpoint {
                Ok(endpoint) => {
                    let seats = review::seats_of(&seat).unwrap_or_default();
                    review::review_file(&file, &endpoint, &seats, out, err)
                }
                Err(e) => {
                    let _ = writeln!(err, "{}", e.en);
                    EXIT_UNREADABLE
                }
            }
        }
        Some(CliCommand::Convert { input, output, from, to, url, rules }) => {
            let from = from.as_deref().and_then(Format::from_name);
            let to = to.as_deref().and_then(Format::from_name);
            if let Some(r) = rules.as_deref() {
                chosen(Some(r), err);
            }
            convert::convert(&input, &output, convert::Convert { from, to, url, rules }, out, err)
        }
        Some(CliCommand::Serve { file, port, bind, season }) => {
            serve::serve(&file, SocketAddr::new(bind, port), season.as_deref(), out, err)
        }
        Some(CliCommand::ExportHtml { file, output }) => serve::export_html(&file, &output, out, err),
        Some(CliCommand::Stats { paths, by, format, rules, lang }) => {
            let opts = chosen(rules.as_deref(), err);
            let lang = if lang == "ja" { Lang::Ja } else { Lang::En };
            stats::stats(
                &paths,
                stats::StatsAsked { teams: by == "team", format: &format, lang },
                opts.as_ref(),
                out,
                err,
            )
        }
        Some(CliCommand::Chapters { file, format, lang, number }) => {
            let lang = if lang == "ja" { Lang::Ja } else { Lang::En };
            chapters::chapters(&file, &format, lang, number, out, err)
        }
    }
}

fn split(path: &Path, dir: Option<&Path>, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let loaded = match load(path, out, err) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let parts = io::split(&loaded.parsed.paifu);
    let mut targets = io::split_paths(path, parts.len());
    if let Some(d) = dir {
        targets = targets.iter().map(|t| d.join(t.file_name().unwrap_or_default())).collect();
    }
    if let Some(t) = targets.iter().find(|t| t.exists()) {
        let _ = writeln!(err, "{}: already exists; nothing written", t.display());
        return EXIT_ERRORS;
    }
    for (part, target) in parts.iter().zip(&targets) {
        if let Err(e) = io::write_paifu(target, part, Replace::Never) {
            return not_written(&e, err);
        }
        let frames = part.matches.first().map_or(0, |m| m.frames.len());
        let _ = writeln!(out, "{}: 1 match, {frames} frames", target.display());
    }
    EXIT_OK
}

fn merge(output: &Path, inputs: &[PathBuf], out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    if output.exists() {
        let _ = writeln!(err, "{}: already exists; nothing written", output.display());
        return EXIT_ERRORS;
    }
    let mut parts = Vec::with_capacity(inputs.len());
    for p in inputs {
        match load(p, out, err) {
            Ok(loaded) => parts.push(loaded.parsed.paifu),
            Err(code) => {
                let _ = writeln!(err, "{}: nothing written", output.display());
                return code;
            }
        }
    }
    let merged = io::merge(&parts);
    if let Err(e) = io::write_paifu(output, &merged, Replace::Never) {
        return not_written(&e, err);
    }
    let _ = writeln!(out, "{}: {} matches from {} files", output.display(), merged.matches.len(), inputs.len());
    EXIT_OK
}

/// `--rules`: a rules text whose preset is known (clap says which are when it is not).
fn rules_arg(text: &str) -> Result<String, String> {
    match RulesSpec::parse(text).preset {
        Some(_) => Ok(text.trim().to_string()),
        None => {
            let known = RulesPreset::ALL.map(|p| p.code()).join(", ");
            Err(format!("\"{}\" starts with no preset this program knows ({known})", text.trim()))
        }
    }
}

/// The rules named on the command line, each part not taken said once on `err`
/// (`--rules:7: warning: ...`, the column in the text); `None` when none was named: each match is
/// judged under the rules its file names, else M League's.
fn chosen(text: Option<&str>, err: &mut dyn Write) -> Option<RuleOptions> {
    let text = text?;
    let (opts, problems) = spec::read(text, &RuleOptions::M_LEAGUE);
    for p in problems {
        let col = text.get(..p.offset).map_or(1, |s| s.chars().count() + 1);
        let _ = writeln!(err, "--rules:{col}: warning: {}", p.message.en);
    }
    Some(opts)
}

/// Points as the standard writes them, four in a row.
fn points_row(p: &[format::Points; 4]) -> String {
    p.iter().map(|x| format!("{:>6}", x.to_string())).collect::<Vec<_>>().join(" ")
}

fn score_file(path: &Path, chosen: Option<&RuleOptions>, lang: Lang, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let doc = match load(path, out, err) {
        Ok(x) => x.parsed,
        Err(code) => return code,
    };
    let mut code = EXIT_OK;
    let indent = " ".repeat(8);
    for (mi, m) in doc.paifu.matches.iter().enumerate() {
        let opts = rules::rules_of(m, chosen).with_point_rule(m.point_rule.as_ref());
        let _ =
            writeln!(out, "{}: {}", path.display(), tr!("cli-score-match", number = (mi + 1).to_string()).get(lang));
        for f in &m.frames {
            let id = f.id.to_string();
            match scoring::score_frame(f, &opts) {
                Ok(score) => {
                    let text = score.result.describe(lang).replace('\n', &format!("\n{indent}"));
                    let _ = writeln!(out, "  {id:<6}{text}");
                    if let Some(end) = score.end_points(f) {
                        let tail = match f.end_points {
                            Some(r) if r == end => tr!("cli-score-as-recorded").get(lang).to_string(),
                            Some(r) => {
                                code = EXIT_ERRORS;
                                tr!("cli-score-recorded", points = points_row(&r)).into_lang(lang)
                            }
                            None => String::new(),
                        };
                        let label = tr!("cli-score-end-points").get(lang);
                        let _ = writeln!(out, "{indent}{label} {}  {tail}", points_row(&end));
                    }
                }
                Err(e) => {
                    code = EXIT_ERRORS;
                    let _ = writeln!(out, "  {id:<6}{}", tr!("cli-score-not-scored", why = &e).into_lang(lang));
                }
            }
        }
    }
    code
}

fn print_diagnostics(path: &Path, text: &str, diags: &[Diagnostic], out: &mut dyn Write) {
    let body = format::strip_bom(text);
    for d in diags {
        let _ = writeln!(out, "{}:{}", path.display(), d.render(body));
    }
}

fn fmt_file(path: &Path, only_check: bool, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let Loaded { bytes, text, parsed: doc, .. } = match load(path, out, err) {
        Ok(x) => x,
        Err(code) => {
            let _ = writeln!(err, "{}: not rewritten: it does not parse", path.display());
            return code;
        }
    };
    let diags = check::diagnostics(&doc, None);
    print_diagnostics(path, &text, &diags, out);
    let errors = diags.iter().filter(|d| d.severity == Severity::Error).count();
    if errors > 0 {
        let s = if errors == 1 { "" } else { "s" };
        let _ = writeln!(
            err,
            "{}: not rewritten: {errors} error{s} must be fixed first (jmjp-studio check shows them)",
            path.display()
        );
        return EXIT_ERRORS;
    }
    let canonical = format::write(&doc.paifu);
    if canonical.as_bytes() == bytes.as_slice() {
        return EXIT_OK;
    }
    if only_check {
        let _ = writeln!(out, "{}: not in canonical form (jmjp-studio fmt rewrites it)", path.display());
        return EXIT_ERRORS;
    }
    match io::write_text(path, &canonical, Replace::Always) {
        Ok(()) => EXIT_OK,
        Err(e) => not_written(&e, err),
    }
}
