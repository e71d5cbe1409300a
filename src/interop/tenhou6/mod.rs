//! tenhou.net/6 JSON logs: `{"title":[..], "name":[4], "rule":{..}, "log":[kyoku..]}`.
//!
//! Each kyoku is 17 items: `[kyoku, honba, kyotaku]`, the start scores, the dora and ura
//! indicators, then for each player its start hand, its takes (draws and calls) and its discards,
//! then the result. Players are absolute (0 is the first dealer); a `.jmjp` frame counts seats from
//! its dealer, so every list is rotated on the way in and out.
//!
//! The log keeps each player's takes and discards apart and does not say how they interleave.
//! [`import`] rebuilds the order by replaying the kyoku on the rules engine's table: after each
//! discard, a player whose next take is a call on exactly that tile from exactly that seat may
//! call it or let it pass. Both are tried (the call first); a path that breaks a rule of the table
//! or leaves the lists unconsumed is abandoned. That is how the classic trap (the same tile
//! discarded twice in a row, called only the second time) is resolved.

mod read;
mod rebuild;
mod write;

use crate::format::Tile;

pub use read::import;
pub(crate) use read::json_error;
pub use write::{export, export_match, viewer_url};

/// A tenhou tile code: 11-19 man, 21-29 pin, 31-39 sou, 41-47 E S W N haku hatsu chun,
/// 51 52 53 red fives, 0 unknown.
pub fn tile_from_code(code: i64) -> Option<Tile> {
    let i = match code {
        11..=19 => code - 11,
        21..=29 => code - 21 + 9,
        31..=39 => code - 31 + 18,
        41..=47 => code - 41 + 27,
        51..=53 => code - 51 + 34,
        0 => 37,
        _ => return None,
    };
    usize::try_from(i).ok().and_then(|i| Tile::ALL.get(i).copied())
}

/// The tenhou code of a tile.
pub fn code_of(tile: Tile) -> i64 {
    let i = tile.index() as i64;
    match i {
        0..=8 => 11 + i,
        9..=17 => 21 + i - 9,
        18..=26 => 31 + i - 18,
        27..=33 => 41 + i - 27,
        34..=36 => 51 + i - 34,
        _ => 0,
    }
}

pub(super) fn code2(tile: Tile) -> String {
    format!("{:02}", code_of(tile))
}
