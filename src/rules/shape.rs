//! Hand shapes: is a concealed hand complete (four sets and a pair, seven pairs, thirteen
//! orphans), and which tiles would complete it (its waits).
//!
//! Shapes work on kind counts (34 kinds; a red five counts as its five). A hand with an unknown
//! tile cannot be judged: callers get `None` and relax their checks.

use crate::format::Tile;

/// Counts of the 34 tile kinds.
pub type Kinds = [u8; 34];

/// Kind counts of `tiles`; `None` if any of them is unknown.
pub fn kinds_of(tiles: impl IntoIterator<Item = Tile>) -> Option<Kinds> {
    let mut k = [0u8; 34];
    for t in tiles {
        let c = &mut k[t.kind()?];
        *c = c.saturating_add(1);
    }
    Some(k)
}

const TERMINALS_AND_HONOURS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// True when `k` (3n+2 tiles, n = the sets still needed) is a complete hand: n sets and a pair;
/// with no melds also seven distinct pairs or thirteen orphans.
pub fn is_complete(k: &Kinds) -> bool {
    let total: u32 = k.iter().map(|&c| u32::from(c)).sum();
    // More than a hand can hold is never complete (and would make the search explode).
    if total % 3 != 2 || total > 14 || k.iter().any(|&c| c > 4) {
        return false;
    }
    if total == 14 && (is_seven_pairs(k) || is_thirteen_orphans(k)) {
        return true;
    }
    let mut k = *k;
    (0..34).any(|pair| {
        if k[pair] < 2 {
            return false;
        }
        k[pair] -= 2;
        let ok = all_sets(&mut k.clone(), 0);
        k[pair] += 2;
        ok
    })
}

fn is_seven_pairs(k: &Kinds) -> bool {
    k.iter().filter(|&&c| c == 2).count() == 7
}

fn is_thirteen_orphans(k: &Kinds) -> bool {
    TERMINALS_AND_HONOURS.iter().all(|&i| k[i] >= 1) && TERMINALS_AND_HONOURS.iter().map(|&i| k[i]).sum::<u8>() == 14
}

/// Can the tiles from kind `from` on be split into triplets and runs entirely?
fn all_sets(k: &mut Kinds, from: usize) -> bool {
    let Some(i) = (from..34).find(|&i| k[i] > 0) else { return true };
    if k[i] >= 3 {
        k[i] -= 3;
        let ok = all_sets(k, i);
        k[i] += 3;
        if ok {
            return true;
        }
    }
    let in_suit = i < 27 && i % 9 <= 6;
    if in_suit && k[i + 1] > 0 && k[i + 2] > 0 {
        k[i] -= 1;
        k[i + 1] -= 1;
        k[i + 2] -= 1;
        let ok = all_sets(k, i);
        k[i] += 1;
        k[i + 1] += 1;
        k[i + 2] += 1;
        return ok;
    }
    false
}

/// The kinds that complete `k` (3n+1 tiles). Empty when the hand is not tenpai. A wait on a
/// fifth copy of a kind the hand holds four of is not a wait.
pub fn waits(k: &Kinds) -> Vec<usize> {
    if k.iter().map(|&c| u32::from(c)).sum::<u32>() > 13 {
        return Vec::new();
    }
    let mut k = *k;
    (0..34)
        .filter(|&t| {
            k[t] = k[t].saturating_add(1);
            let ok = is_complete(&k);
            k[t] -= 1;
            ok
        })
        .collect()
}

/// Can `k` (3n+2 tiles) discard one tile and be tenpai?
pub fn can_be_tenpai_after_discard(k: &Kinds) -> bool {
    if k.iter().map(|&c| u32::from(c)).sum::<u32>() > 14 {
        return false;
    }
    let mut k = *k;
    (0..34).any(|d| {
        if k[d] == 0 {
            return false;
        }
        k[d] -= 1;
        let ok = !waits(&k).is_empty();
        k[d] += 1;
        ok
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(text: &str) -> Kinds {
        let tiles: Vec<Tile> = text.as_bytes().chunks(2).map(|c| Tile::from_code(c).unwrap()).collect();
        kinds_of(tiles).unwrap()
    }

    #[test]
    fn complete_hands() {
        assert!(is_complete(&k("1m2m3m4p5p6p7s8s9sewewewrdrd")));
        assert!(is_complete(&k("1m1m2m2m3m3m4p4p5p5p6p6p9s9s")), "iipeikou shape");
        assert!(is_complete(&k("1m1m3m3m5m5m7p7p9p9pewewrdrd")), "seven pairs");
        assert!(is_complete(&k("1m9m1p9p1s9sewswwwnwwdgdrdrd")), "thirteen orphans");
        assert!(is_complete(&k("2m2m")), "a pair after four melds");
        assert!(is_complete(&k("1m1m1m2m3m4m5m6m7m8m9m9m9m5m")), "nine gates with 5m");
        assert!(!is_complete(&k("1m2m3m4p5p6p7s8s9sewewewrdgd")));
        assert!(!is_complete(&k("1m1m1m1m3m3m5m5m7p7p9p9pewew")), "four of a kind is not two pairs");
        assert!(!is_complete(&k("8m9m1p")), "no runs across suits");
        assert!(!is_complete(&k("ewswww")), "no runs of honours");
    }

    #[test]
    fn waits_of_common_shapes() {
        let idx = |s: &str| Tile::from_code(s.as_bytes()).unwrap().kind().unwrap();
        assert_eq!(waits(&k("1m2m3m4p5p6p7s8s9sewewrdrd")), vec![idx("ew"), idx("rd")]);
        assert_eq!(waits(&k("2m3m4m5m6m7m3p4p5p6s7s8s8p")), vec![idx("8p")]);
        assert_eq!(waits(&k("1m1m1m2m3m4m5m6m7m8m9m9m9m")).len(), 9, "nine gates waits on all nine");
        assert!(waits(&k("1m4m7m1p4p7p1s4s7sewswwwnw")).is_empty());
        assert!(can_be_tenpai_after_discard(&k("1m2m3m4p5p6p7s8s9sewewrdrdnw")));
        assert!(!can_be_tenpai_after_discard(&k("1m4m7m1p4p7p1s4s7sewswwwnwwd")));
    }

    #[test]
    fn impossible_hands_are_judged_at_once() {
        let mut many = [0u8; 34];
        many[0] = 200;
        many[1] = 200;
        assert!(!is_complete(&many));
        assert!(waits(&many).is_empty());
        assert!(!can_be_tenpai_after_discard(&many));
        let tiles = vec![Tile::from_code(b"1m").unwrap(); 300];
        assert_eq!(kinds_of(tiles).unwrap()[0], 255);
    }

    #[test]
    fn unknown_tiles_give_no_kinds() {
        assert!(kinds_of([Tile::UNKNOWN]).is_none());
    }
}
