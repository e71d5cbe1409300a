//! Shanten: how many tiles a concealed hand is from tenpai (0: tenpai, -1: complete), by four
//! sets and a pair, and with no melds also by seven pairs or thirteen orphans; and how many tiles
//! not yet seen would bring it nearer (its acceptance).
//!
//! Used to tell which of several tiles a player most plausibly let go: players keep their hand
//! as near to winning as they can, so a discard that leaves it further is the less likely one.

use super::shape::Kinds;

/// The shanten of `k` (3n+1 or 3n+2 concealed tiles; `melds` sets already called or declared).
pub fn shanten(k: &Kinds, melds: usize) -> i32 {
    let mut c = *k;
    let regular = regular(&mut c, melds);
    if melds > 0 {
        return regular;
    }
    regular.min(seven_pairs(k)).min(thirteen_orphans(k))
}

/// How many tiles neither in `k` nor among those `seen` elsewhere (rivers, melds) would lower its
/// shanten if drawn (13-tile hands).
pub fn acceptance(k: &Kinds, melds: usize, seen: &Kinds) -> u32 {
    let now = shanten(k, melds);
    let mut c = *k;
    let mut n = 0;
    for i in 0..34 {
        if c[i] >= 4 {
            continue;
        }
        c[i] += 1;
        if shanten(&c, melds) < now {
            n += 4u32.saturating_sub(u32::from(k[i]) + u32::from(seen[i]));
        }
        c[i] -= 1;
    }
    n
}

fn seven_pairs(k: &Kinds) -> i32 {
    let pairs = k.iter().filter(|&&c| c >= 2).count() as i32;
    let kinds = k.iter().filter(|&&c| c >= 1).count() as i32;
    6 - pairs + (7 - kinds).max(0)
}

const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

fn thirteen_orphans(k: &Kinds) -> i32 {
    let kinds = ORPHANS.iter().filter(|&&i| k[i] >= 1).count() as i32;
    let pair = ORPHANS.iter().any(|&i| k[i] >= 2);
    13 - kinds - i32::from(pair)
}

/// Four sets and a pair: the best split of the hand into sets, partial sets and a pair.
fn regular(c: &mut Kinds, melds: usize) -> i32 {
    let mut best = 8;
    // With each pair as the head, then with none.
    for i in 0..34 {
        if c[i] >= 2 {
            c[i] -= 2;
            split(c, 0, melds, 0, true, &mut best);
            c[i] += 2;
        }
    }
    split(c, 0, melds, 0, false, &mut best);
    best
}

/// The shanten of a split: 8 less two per set and one per partial set and for the head, with no
/// more than four sets and partial sets counted.
fn score(sets: usize, partial: usize, head: bool) -> i32 {
    let partial = partial.min(4usize.saturating_sub(sets));
    8 - 2 * sets as i32 - partial as i32 - i32::from(head)
}

/// Splits the tiles from kind `i` on into sets and partial sets, keeping the best shanten.
fn split(c: &mut Kinds, i: usize, sets: usize, partial: usize, head: bool, best: &mut i32) {
    let Some(i) = (i..34).find(|&j| c[j] > 0) else {
        *best = (*best).min(score(sets, partial, head));
        return;
    };
    // Even every tile left as a partial set could not do better: stop.
    let left: usize = c[i..].iter().map(|&x| usize::from(x)).sum();
    if score(sets + left / 3, partial + left % 3, head) >= *best && score(sets, partial + left, head) >= *best {
        return;
    }
    let suited = i < 27;
    let pos = i % 9;
    if c[i] >= 3 {
        c[i] -= 3;
        split(c, i, sets + 1, partial, head, best);
        c[i] += 3;
    }
    if suited && pos <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
        take(c, &[i, i + 1, i + 2]);
        split(c, i, sets + 1, partial, head, best);
        give(c, &[i, i + 1, i + 2]);
    }
    if sets + partial < 4 {
        if c[i] >= 2 {
            take(c, &[i, i]);
            split(c, i, sets, partial + 1, head, best);
            give(c, &[i, i]);
        }
        if suited && pos <= 7 && c[i + 1] > 0 {
            take(c, &[i, i + 1]);
            split(c, i, sets, partial + 1, head, best);
            give(c, &[i, i + 1]);
        }
        if suited && pos <= 6 && c[i + 2] > 0 {
            take(c, &[i, i + 2]);
            split(c, i, sets, partial + 1, head, best);
            give(c, &[i, i + 2]);
        }
    }
    // The tile left alone.
    c[i] -= 1;
    split(c, i, sets, partial, head, best);
    c[i] += 1;
}

fn take(c: &mut Kinds, at: &[usize]) {
    for &i in at {
        c[i] -= 1;
    }
}

fn give(c: &mut Kinds, at: &[usize]) {
    for &i in at {
        c[i] += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Tile;

    /// Kind counts of a hand written `123m456p11z`.
    fn kinds(mpsz: &str) -> Kinds {
        let mut digits = Vec::new();
        let mut tiles = Vec::new();
        for c in mpsz.chars() {
            match c.to_digit(10) {
                Some(d) => digits.push(d as u8),
                None => tiles.extend(digits.drain(..).filter_map(|d| Tile::from_mpsz(d, c))),
            }
        }
        crate::rules::shape::kinds_of(tiles).unwrap_or([0; 34])
    }

    #[test]
    fn known_hands() {
        // Complete, tenpai, one and two away; seven pairs; thirteen orphans.
        assert_eq!(shanten(&kinds("123m456p789s11z222z"), 0), -1);
        assert_eq!(shanten(&kinds("123m456p789s11z22z"), 0), 0);
        assert_eq!(shanten(&kinds("123m456p789s1z2z3z4z"), 0), 2);
        assert_eq!(shanten(&kinds("112233445566m7p"), 0), 0);
        assert_eq!(shanten(&kinds("1199m1199p1199s1z"), 0), 0);
        assert_eq!(shanten(&kinds("19m19p19s1234567z"), 0), 0);
        assert_eq!(shanten(&kinds("147m258p369s1234z"), 0), 6);
        // A called hand: one set called, ten tiles left.
        assert_eq!(shanten(&kinds("123m456p78s11z"), 1), 0);
    }

    #[test]
    fn acceptance_counts_the_tiles_unseen() {
        // 123m456p789s11z2z wait on 1z (two left) and 2z (three left): five tiles.
        assert_eq!(acceptance(&kinds("123m456p789s11z2z"), 0, &[0; 34]), 5);
        // Both other East winds already seen: only the three 2z are left.
        let mut seen = [0; 34];
        seen[27] = 2;
        assert_eq!(acceptance(&kinds("123m456p789s11z2z"), 0, &seen), 3);
    }
}
