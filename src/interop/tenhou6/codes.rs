//! The tenhou tile codes: 11-19 man, 21-29 pin, 31-39 sou, 41-47 honours, 51-53 red fives.

use crate::format::Tile;

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
