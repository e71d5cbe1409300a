//! Converters between `.jmjp` and the notations players' tools use: extended MPSZ for hands,
//! melds and rivers ([`mpsz`]), mjai event logs ([`mjai`]) and tenhou.net/6 JSON logs
//! ([`tenhou6`]). Library code: no UI, no printing; errors say where (a line, a JSON path, a
//! frame) and what, in plain words.

pub mod bots;
mod common;
pub(crate) mod json;
pub mod mjai;
pub mod mjlog;
pub mod mleague;
pub mod mpsz;
pub mod outcome;
pub mod tenhou6;

use crate::format::Paifu;
use crate::i18n::{Text, tr};

pub use common::{ConvertError, Format, below_zero};
pub(crate) use common::{
    act_problem, frame_at, line_at, no_flow, not_a_list, not_a_player, not_hundreds, path_at, player_names,
    single_match, strlit_text, the_file,
};

/// The most text an mjlog or an M League record of one game is read from: a real one is a few
/// hundred kilobytes; their readers hold every tag or command at once, so a file of junk many
/// times that size (a small gzip file can hold one) would take memory out of all proportion.
pub const ONE_GAME_BYTES: usize = 8 << 20;

/// Reads `text` in `format` into a record.
pub fn import(format: Format, text: &str) -> Result<Paifu, ConvertError> {
    import_noted(format, text).map(|(paifu, _)| paifu)
}

/// [`import`], and what the reader has to say of the log besides (an mjlog cut short: how many
/// acts of its unfinished kyoku were left out).
pub fn import_noted(format: Format, text: &str) -> Result<(Paifu, Option<Text>), ConvertError> {
    let paifu = match format {
        Format::Jmjp => {
            let doc = crate::format::parse(text).map_err(|e| {
                let at = tr!("interop-line-column", line = e.line, column = e.column);
                ConvertError::new(at, e.message)
            })?;
            let mut paifu = doc.paifu;
            if doc.dialect == crate::format::Dialect::V0 {
                crate::rules::upgrade_v0(&mut paifu);
            }
            paifu
        }
        Format::Mjai => mjai::import(text)?,
        Format::Tenhou6 => tenhou6::import(text)?,
        Format::Mjlog | Format::MLeague if text.len() > ONE_GAME_BYTES => {
            let mib = (ONE_GAME_BYTES >> 20).to_string();
            return Err(ConvertError::new(
                the_file(),
                tr!("interop-one-game-too-large", format = format.title(), mib = mib),
            ));
        }
        Format::Mjlog => return mjlog::import_noted(text),
        Format::MLeague => mleague::import(text)?,
    };
    Ok((paifu, None))
}

/// Writes `paifu` in `format`; a format read only (mjlog, the M League record) is refused.
pub fn export(format: Format, paifu: &Paifu) -> Result<String, ConvertError> {
    match format {
        Format::Jmjp => Ok(crate::format::write(paifu)),
        Format::Mjai => mjai::export(paifu),
        Format::Tenhou6 => tenhou6::export(paifu),
        Format::Mjlog | Format::MLeague => {
            Err(ConvertError::new(the_file(), tr!("interop-read-only", format = format.title())))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Format;
    use std::path::Path;

    #[test]
    fn formats_are_told_by_content_then_by_extension() {
        assert_eq!(Format::sniff("\u{feff}jmjp[1.0](..."), Some(Format::Jmjp));
        assert_eq!(
            Format::sniff("{\"type\":\"start_game\",\"names\":[]}\n{\"type\":\"end_game\"}"),
            Some(Format::Mjai)
        );
        assert_eq!(Format::sniff("{\"title\":[\"\",\"\"],\"log\":[]}"), Some(Format::Tenhou6));
        assert_eq!(Format::sniff("hello"), None);
        assert_eq!(Format::from_path(Path::new("a/b.MJSON")), Some(Format::Mjai));
        assert_eq!(Format::from_path(Path::new("b.jsonl")), Some(Format::Mjai));
        assert_eq!(Format::from_path(Path::new("b.json")), Some(Format::Tenhou6));
        assert_eq!(Format::from_path(Path::new("b.jmjp")), Some(Format::Jmjp));
        assert_eq!(Format::from_path(Path::new("b.txt")), None);
        for f in Format::ALL {
            assert_eq!(Format::from_name(f.name()), Some(f));
        }
    }
}
