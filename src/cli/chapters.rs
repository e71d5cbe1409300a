//! `chapters FILE`: one chapter per frame of a match, for the published video: YouTube's lines,
//! a WebVTT chapters track or an ffmpeg metadata file. With the match's video synced (the
//! `NAME.jmjp.video` beside the file), each chapter starts at its frame's time in that video;
//! without, at the time since the match's first act.

use std::io::Write;
use std::path::Path;

use crate::i18n::Lang;
use crate::video::{self, ChapterFormat};

use super::common::{EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, load};

/// Prints the chapters of match `number` (1 = the first) of `path`; exit 0 printed, 1 no
/// chapters can be made (no act times, fewer than three chapters of 10 s), 2 the file (or its
/// video link) could not be read.
pub(super) fn chapters(
    path: &Path,
    format: &str,
    lang: Lang,
    number: usize,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let format: ChapterFormat = match format.parse() {
        Ok(f) => f,
        Err(e) => {
            let _ = writeln!(err, "{}", e.text().get(lang));
            return EXIT_UNREADABLE;
        }
    };
    let loaded = match load(path, out, err) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let matches = &loaded.parsed.paifu.matches;
    let Some(m) = number.checked_sub(1).and_then(|i| matches.get(i)) else {
        let text = crate::i18n::tr!("cli-chapters-no-match", number = number, count = matches.len());
        let _ = writeln!(err, "{}: {}", path.display(), text.get(lang));
        return EXIT_ERRORS;
    };
    let link = match video::load(path) {
        Ok(link) => link,
        Err(e) => {
            let _ = writeln!(err, "{}", e.text().get(lang));
            return EXIT_UNREADABLE;
        }
    };
    match video::chapters_of(&video::chapter_frames(m, lang), link.as_ref()) {
        Ok(chapters) => {
            let _ = write!(out, "{}", video::render(&chapters, format));
            EXIT_OK
        }
        Err(e) => {
            let _ = writeln!(err, "{}: {}", path.display(), e.text().get(lang));
            EXIT_ERRORS
        }
    }
}
