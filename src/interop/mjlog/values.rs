//! The values of an mjlog's attributes: whole numbers and lists of them, tile numbers (0-135),
//! players (0-3) and the players' %-encoded names.

use super::xml::{MjlogFault, MjlogTag};
use crate::format::Tile;
use crate::i18n::tr;
use crate::interop::tenhou6::tile_from_code;

/// The most hundreds of points a score or a change may be (a `.jmjp` holds at most 999,999,999
/// points).
pub(super) const MAX_HUNDREDS: i64 = 9_999_999;

/// `item`, a whole number, of attribute `key` (at `at`).
pub(super) fn number(item: &str, key: &str, at: usize) -> Result<i64, MjlogFault> {
    item.trim().parse().map_err(|_| MjlogFault::new(at, tr!("interop-mjlog-not-a-number", name = key, value = item)))
}

/// `n`, of attribute `key`, when it is `low..=high`.
pub(super) fn ranged(n: i64, key: &str, at: usize, low: i64, high: i64) -> Result<i64, MjlogFault> {
    if (low..=high).contains(&n) {
        return Ok(n);
    }
    Err(MjlogFault::new(at, tr!("interop-mjlog-out-of-range", name = key, value = n, low = low, high = high)))
}

/// Attribute `key` of `tag`, a whole number `low..=high`.
pub(super) fn int(tag: &MjlogTag, key: &str, low: i64, high: i64) -> Result<i64, MjlogFault> {
    let (v, at) = tag.need(key)?;
    ranged(number(v, key, at)?, key, at, low, high)
}

/// Attribute `key` of `tag`, a list of whole numbers separated by commas (empty for an empty
/// value), with `count` items when it is given; and where it is.
pub(super) fn ints(tag: &MjlogTag, key: &str, count: Option<usize>) -> Result<(Vec<i64>, usize), MjlogFault> {
    let (v, at) = tag.need(key)?;
    let items: Vec<&str> = if v.trim().is_empty() { Vec::new() } else { v.split(',').collect() };
    if let Some(n) = count.filter(|n| *n != items.len()) {
        return Err(MjlogFault::new(at, tr!("interop-mjlog-list-length", name = key, count = items.len(), n = n)));
    }
    let numbers = items.iter().map(|i| number(i, key, at)).collect::<Result<Vec<i64>, MjlogFault>>()?;
    Ok((numbers, at))
}

/// Attribute `key` of `tag`: four scores or changes in hundreds of points, made points.
pub(super) fn points4(values: &[i64], key: &str, at: usize) -> Result<[i64; 4], MjlogFault> {
    let mut out = [0; 4];
    for (o, v) in out.iter_mut().zip(values) {
        *o = ranged(*v, key, at, -MAX_HUNDREDS, MAX_HUNDREDS)? * 100;
    }
    Ok(out)
}

/// `n`, a tile number of attribute (or tag) `key`.
pub(super) fn tile_id(n: i64, key: &str, at: usize) -> Result<u8, MjlogFault> {
    u8::try_from(n)
        .ok()
        .filter(|id| *id < 136)
        .ok_or_else(|| MjlogFault::new(at, tr!("interop-mjlog-tile-id", name = key, value = n)))
}

/// Attribute `key` of `tag`, a player (0-3).
pub(super) fn player(tag: &MjlogTag, key: &str) -> Result<usize, MjlogFault> {
    let (v, at) = tag.need(key)?;
    let n = number(v, key, at)?;
    usize::try_from(n)
        .ok()
        .filter(|p| *p < 4)
        .ok_or_else(|| MjlogFault::new(at, tr!("interop-mjlog-player", name = key, value = n)))
}

/// The tile of tile number `id` (0-135: its kind is `id / 4`); 16, 52 and 88 are the red fives
/// when red fives are played.
pub(super) fn tile_of(id: u8, red: bool) -> Tile {
    let kind = i64::from(id / 4);
    let code =
        if red && matches!(id, 16 | 52 | 88) { 51 + i64::from(id / 36) } else { (kind / 9 + 1) * 10 + kind % 9 + 1 };
    tile_from_code(code).unwrap_or(Tile::UNKNOWN)
}

/// The order tenhou writes tiles in: by kind, a red five after the plain ones.
pub(super) fn sort_ids(ids: &mut [u8], red: bool) {
    // (The red test is tile_of's, without making the tile: this runs for every hand and call.)
    ids.sort_unstable_by_key(|&id| (id / 4, red && matches!(id, 16 | 52 | 88), id));
}

/// A player's name as the log writes it, %-encoded UTF-8 (`%E3%81%82`), decoded.
pub(super) fn name(value: &str, key: &str, at: usize) -> Result<String, MjlogFault> {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b != b'%' {
            out.push(b);
            i += 1;
            continue;
        }
        let hex = |j: usize| bytes.get(j).and_then(|c| char::from(*c).to_digit(16));
        match (hex(i + 1), hex(i + 2)) {
            (Some(h), Some(l)) => {
                out.push(u8::try_from(h * 16 + l).unwrap_or(0));
                i += 3;
            }
            _ => {
                let character = value.get(..i).map_or(0, |s| s.chars().count()) + 1;
                return Err(MjlogFault::new(
                    at,
                    tr!("interop-mjlog-bad-escape", name = key, value = value, character = character),
                ));
            }
        }
    }
    String::from_utf8(out)
        .map_err(|_| MjlogFault::new(at, tr!("interop-mjlog-name-not-utf8", name = key, value = value)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_numbers_are_read_as_tenhou_reads_them() {
        assert_eq!(tile_of(0, true).code(), "1m");
        assert_eq!(tile_of(16, true).code(), "0m");
        assert_eq!(tile_of(16, false).code(), "5m");
        assert_eq!(tile_of(17, true).code(), "5m");
        assert_eq!(tile_of(52, true).code(), "0p");
        assert_eq!(tile_of(88, true).code(), "0s");
        assert_eq!(tile_of(108, true).code(), "ew");
        assert_eq!(tile_of(135, true).code(), "rd");
        let mut ids = [17, 16, 18, 12];
        sort_ids(&mut ids, true);
        assert_eq!(ids, [12, 17, 18, 16]);
    }

    #[test]
    fn names_are_percent_decoded() {
        assert_eq!(name("%E3%81%82b", "n0", 0).unwrap(), "あb");
        assert_eq!(name("%4a%6F", "n0", 0).unwrap(), "Jo");
        let e = name("ab%4", "n0", 0).unwrap_err();
        assert!(e.message.en.contains("character 3"), "{}", e.message.en);
        assert!(name("%FF", "n0", 0).is_err());
        assert!(name("%+1", "n0", 0).is_err());
    }
}
