//! The mjai names of the tiles.

use crate::format::Tile;

const NAMES: [&str; 38] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", //
    "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", //
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", //
    "E", "S", "W", "N", "P", "F", "C", //
    "5mr", "5pr", "5sr", "?",
];

/// The mjai name of a tile: `1m`..`9s`, `E S W N P F C`, `5mr 5pr 5sr`, `?`.
pub fn tile_name(t: Tile) -> &'static str {
    NAMES[t.index()]
}

pub fn tile_from_name(name: &str) -> Option<Tile> {
    NAMES.iter().position(|n| *n == name).and_then(|i| Tile::ALL.get(i).copied())
}
