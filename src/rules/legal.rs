//! What each seat may legally do next. The recorder drives its prompt and shortcuts from this,
//! and the random game generator plays only through it.

use crate::format::{Seat, Tile};

use super::shape;
use super::table::{Phase, SeatState, Table, same_kind};

/// A call another seat may make on the last discard (or, for ron, on a kakan tile).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// Chi with these two tiles from the hand.
    Chi([Tile; 2]),
    /// Pon with these two tiles.
    Pon([Tile; 2]),
    /// Daiminkan with these three tiles.
    Daiminkan([Tile; 3]),
    Ron,
}

/// The step the table expects next, in the words the recorder shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// `seat` draws from the wall, unless a seat makes one of `calls` first.
    Draw { seat: Seat, calls: Vec<(Seat, Call)> },
    /// `seat` drew or called and now discards (or declares a kan, riichi or tsumo).
    Discard { seat: Seat },
    /// `seat` draws from the dead wall; `chankan` seats may rob the kakan first.
    Rinshan { seat: Seat, chankan: Vec<Seat> },
    /// A ron was declared; these seats may also ron the same tile.
    MoreRon { seats: Vec<Seat> },
    /// Nothing more can happen: the frame is won, or the wall is empty and nobody may call.
    Over,
}

impl Table {
    /// What comes next.
    pub fn expect(&self) -> Expect {
        match self.phase {
            Phase::Draw { seat, last_discard } => {
                let calls = self.call_options();
                if self.wall_left <= 0 && calls.is_empty() && last_discard.is_some() {
                    Expect::Over
                } else {
                    Expect::Draw { seat, calls }
                }
            }
            Phase::Discard { seat, .. } => Expect::Discard { seat },
            Phase::Rinshan { seat, kakan } => {
                let chankan = match kakan {
                    Some(t) => Seat::ALL.into_iter().filter(|&s| s != seat && self.may_ron(s, t)).collect(),
                    None => Vec::new(),
                };
                Expect::Rinshan { seat, chankan }
            }
            Phase::Ron { tile, discarder } => Expect::MoreRon {
                seats: Seat::ALL
                    .into_iter()
                    .filter(|&s| s != discarder && !self.has_won(s) && self.may_ron(s, tile))
                    .collect(),
            },
            Phase::Tsumo { .. } => Expect::Over,
        }
    }

    fn has_won(&self, seat: Seat) -> bool {
        matches!(self.end(), super::FrameEnd::Ron { ref winners, .. } if winners.contains(&seat))
    }

    /// Every call other seats may make on the last discard: ron for a complete hand (not in
    /// furiten), pon and daiminkan for any seat, chi for the next seat only; no calls but ron on
    /// the last tile of the wall, none at all by a seat in riichi except ron.
    pub fn call_options(&self) -> Vec<(Seat, Call)> {
        let Phase::Draw { last_discard: Some(d), .. } = self.phase else { return Vec::new() };
        let mut out = Vec::new();
        for seat in Seat::ALL.into_iter().filter(|&s| s != d.seat) {
            if self.may_ron(seat, d.tile) {
                out.push((seat, Call::Ron));
            }
            let st = &self.seats[seat.index()];
            if self.wall_left <= 0 || st.riichi.is_some() {
                continue;
            }
            let same: Vec<Tile> =
                st.hand.iter().copied().filter(|&t| !t.is_unknown() && same_kind(t, d.tile)).collect();
            // A pon or kan takes tiles of one kind: an unknown discard leaves every kind of the
            // hand open, each on its own.
            let mut kinds: Vec<usize> = same.iter().filter_map(|t| t.kind()).collect();
            kinds.sort_unstable();
            kinds.dedup();
            for kind in kinds {
                let of_kind: Vec<Tile> = same.iter().copied().filter(|t| t.kind() == Some(kind)).collect();
                for pair in distinct_combinations::<2>(&of_kind) {
                    out.push((seat, Call::Pon(pair)));
                }
                if self.kans < 4 {
                    for three in distinct_combinations::<3>(&of_kind) {
                        out.push((seat, Call::Daiminkan(three)));
                    }
                }
            }
            if seat == d.seat.next() {
                for pair in chi_pairs(&st.hand, d.tile) {
                    out.push((seat, Call::Chi(pair)));
                }
            }
        }
        out
    }

    /// True when `seat` may ron `tile`: the hand with it is complete (or unknown tiles leave it
    /// open) and the seat's own river holds none of its waits (furiten).
    pub fn may_ron(&self, seat: Seat, tile: Tile) -> bool {
        let st = &self.seats[seat.index()];
        let mut hand = st.hand.clone();
        hand.push(tile);
        let Some(k) = shape::kinds_of(hand) else { return true };
        if !shape::is_complete(&k) {
            return false;
        }
        let Some(waits) = st.kinds().map(|k| shape::waits(&k)) else { return true };
        !st.river.iter().any(|r| r.tile.kind().is_some_and(|kind| waits.contains(&kind)))
    }

    /// The tiles `seat` may discard now: any concealed tile, or only the drawn one in riichi.
    pub fn discard_options(&self, seat: Seat) -> Vec<Tile> {
        let st = &self.seats[seat.index()];
        if st.riichi.is_some()
            && let Some(d) = st.drawn
        {
            return vec![d];
        }
        distinct(&st.hand)
    }

    /// True when `seat`'s hand (with its drawn tile) is a complete hand.
    pub fn can_tsumo(&self, seat: Seat) -> bool {
        let st = &self.seats[seat.index()];
        st.drawn.is_some() && st.kinds().is_none_or(|k| shape::is_complete(&k))
    }

    /// The discards with which `seat` may declare riichi: a closed hand not yet in riichi, at
    /// least 1000 points (when known), four tiles left in the wall, tenpai after the discard.
    pub fn riichi_discards(&self, seat: Seat) -> Vec<Tile> {
        let st = &self.seats[seat.index()];
        if st.riichi.is_some() || st.is_open() || self.wall_left < 4 || st.points.is_some_and(|p| p.0 < 10) {
            return Vec::new();
        }
        distinct(&st.hand)
            .into_iter()
            .filter(|&t| {
                let mut hand = st.hand.clone();
                if let Some(p) = hand.iter().position(|&h| h == t) {
                    hand.remove(p);
                }
                shape::kinds_of(hand).is_none_or(|k| !shape::waits(&k).is_empty())
            })
            .collect()
    }

    /// The ankans `seat` may declare now (in riichi only with the drawn tile and without
    /// changing the wait).
    pub fn ankan_options(&self, seat: Seat) -> Vec<[Tile; 4]> {
        let st = &self.seats[seat.index()];
        if self.kans >= 4 || self.wall_left <= 0 || st.drawn.is_none() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for kind in 0..Tile::KINDS {
            let four: Vec<Tile> = st.hand.iter().copied().filter(|t| t.kind() == Some(kind)).collect();
            let Ok(mut four) = <[Tile; 4]>::try_from(four) else { continue };
            four.sort_by_key(|t| !t.is_red());
            if st.riichi.is_some() && !riichi_kan_keeps_wait(st, kind) {
                continue;
            }
            out.push(four);
        }
        out
    }

    /// The tiles `seat` may add to one of its pons now.
    pub fn kakan_options(&self, seat: Seat) -> Vec<Tile> {
        let st = &self.seats[seat.index()];
        if self.kans >= 4 || self.wall_left <= 0 || st.drawn.is_none() || st.riichi.is_some() {
            return Vec::new();
        }
        let pons: Vec<Tile> = st
            .melds
            .iter()
            .filter(|m| m.kind == super::MeldKind::Pon)
            .filter_map(|m| m.tiles.first().copied())
            .collect();
        distinct(&st.hand).into_iter().filter(|&t| !t.is_unknown() && pons.iter().any(|&p| same_kind(p, t))).collect()
    }

    /// Tenpai by the shape of the concealed hand; `None` when unknown tiles leave it open.
    pub fn is_tenpai(&self, seat: Seat) -> Option<bool> {
        self.seats[seat.index()].kinds().map(|k| !shape::waits(&k).is_empty())
    }

    /// Nagashi: a river of terminals and honours only, none of them called away.
    pub fn is_nagashi(&self, seat: Seat) -> bool {
        let river = &self.seats[seat.index()].river;
        !river.is_empty()
            && river.iter().all(|r| {
                r.called_by.is_none() && (r.tile.is_honor() || matches!(r.tile.plain().value(), Some(1) | Some(9)))
            })
    }

    /// How many copies of a kind have come out of the wall so far (hands, draws, dora indicators).
    pub fn seen_of_kind(&self, kind: usize) -> u8 {
        let Some(t) = Tile::from_kind(kind) else { return 0 };
        let mut n = self.seen_count(t);
        if t.value() == Some(5)
            && let Some(suit) = t.suit()
        {
            n = n.saturating_add(self.seen_count(Tile::ALL[34 + suit as usize]));
        }
        n
    }
}

/// In riichi, a kan must use the drawn tile and keep the wait.
fn riichi_kan_keeps_wait(st: &SeatState, kind: usize) -> bool {
    if st.drawn.and_then(|d| d.kind()) != Some(kind) {
        return false;
    }
    let Some(mut k) = st.kinds() else { return true };
    // The hand before the draw, and the hand after the kan (three tiles and one set fewer).
    k[kind] -= 1;
    let before = shape::waits(&k);
    if k[kind] < 3 {
        return false;
    }
    k[kind] -= 3;
    !before.is_empty() && before == shape::waits(&k)
}

/// The distinct spellings of `tiles`, in order of first appearance.
fn distinct(tiles: &[Tile]) -> Vec<Tile> {
    let mut out: Vec<Tile> = Vec::new();
    for &t in tiles {
        if !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// The distinct sets of `N` tiles from `tiles` (by spelling, so a red five makes its own set).
fn distinct_combinations<const N: usize>(tiles: &[Tile]) -> Vec<[Tile; N]> {
    let mut out: Vec<[Tile; N]> = Vec::new();
    // A pick uses at most N copies of a tile: more copies only give the same picks again (and a
    // hand of a broken record may hold dozens, which would make the picks explode).
    let mut capped: Vec<Tile> = Vec::with_capacity(tiles.len().min(4 * N));
    for &t in tiles {
        if capped.iter().filter(|c| **c == t).count() < N {
            capped.push(t);
        }
    }
    let tiles = &capped[..];
    if tiles.len() < N {
        return out;
    }
    let mut idx: Vec<usize> = (0..N).collect();
    loop {
        let mut pick = [Tile::UNKNOWN; N];
        for (slot, &i) in pick.iter_mut().zip(&idx) {
            *slot = tiles[i];
        }
        pick.sort();
        if !out.contains(&pick) {
            out.push(pick);
        }
        // Next combination.
        let mut k = N;
        loop {
            if k == 0 {
                return out;
            }
            k -= 1;
            if idx[k] < tiles.len() - (N - k) {
                idx[k] += 1;
                for j in k + 1..N {
                    idx[j] = idx[j - 1] + 1;
                }
                break;
            }
        }
    }
}

/// The pairs of hand tiles that make a run with `called`.
fn chi_pairs(hand: &[Tile], called: Tile) -> Vec<[Tile; 2]> {
    let (Some(suit), Some(v)) = (called.suit(), called.value()) else { return Vec::new() };
    if called.is_honor() {
        return Vec::new();
    }
    let of = |value: u8| -> Vec<Tile> {
        distinct(
            &hand.iter().copied().filter(|t| t.suit() == Some(suit) && t.value() == Some(value)).collect::<Vec<_>>(),
        )
    };
    let mut out = Vec::new();
    for (a, b) in [(v.wrapping_sub(2), v.wrapping_sub(1)), (v.wrapping_sub(1), v + 1), (v + 1, v + 2)] {
        if !(1..=9).contains(&a) || !(1..=9).contains(&b) {
            continue;
        }
        for &x in &of(a) {
            for &y in &of(b) {
                out.push([x, y]);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn many_copies_of_a_tile_give_each_pick_once() {
        let five = Tile::from_code(b"5p").unwrap();
        let red = Tile::from_code(b"0p").unwrap();
        let mut hand = vec![five; 60];
        hand.push(red);
        assert_eq!(distinct_combinations::<2>(&hand), vec![[five, five], [five, red]]);
        assert_eq!(distinct_combinations::<3>(&hand), vec![[five, five, five], [five, five, red]]);
    }
}
