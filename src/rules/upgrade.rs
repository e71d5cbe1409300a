//! Upgrading a 0.0 record: 0.0 names one tile for a pon or kan ("pn", "dk", "ak[5s]",
//! "pon[5m,s]"), so which of the tiles were red fives is unsaid. The replay knows which tiles
//! left the hand; this fills them in so the 1.0 forms can be written.

use crate::format::{Discard, Draw, Furo, Paifu, Seat, Tile};

use super::hands::furo_of;
use super::table::{Phase, Table};
use super::validate::furo_matches;

/// Replaces the call and kan tiles of every frame with the tiles the replay says left the hand,
/// and the melds of the end hands with the replayed melds they stand for.
pub fn upgrade_v0(paifu: &mut Paifu) {
    for frame in paifu.matches.iter_mut().flat_map(|m| m.frames.iter_mut()) {
        let Some((mut table, _)) = Table::start(frame) else { continue };
        let Some(flow) = frame.flow.as_mut() else { continue };
        for act in &mut flow.acts {
            let called = match table.phase {
                Phase::Draw { last_discard: Some(d), .. } => Some(d.tile),
                _ => None,
            };
            let hand = &table.seats[act.seat.index()].hand;
            match (&mut act.draw, called) {
                (Draw::Pon(pair), Some(c)) => fill(pair, hand, c),
                (Draw::Daiminkan(three), Some(c)) => fill(three, hand, c),
                _ => {}
            }
            if let Some(Discard::Ankan(four)) = &mut act.discard {
                let k = four[0];
                fill(four, hand, k);
            }
            table.apply(act);
        }
        for sh in &mut flow.end_hands {
            let replayed: Vec<Furo> = melds_of(&table, sh.seat);
            for f in &mut sh.hand.furo {
                if let Some(r) = replayed.iter().find(|r| furo_matches(f, r)) {
                    *f = *r;
                }
            }
        }
    }
}

fn melds_of(table: &Table, seat: Seat) -> Vec<Furo> {
    table.seats[seat.index()].melds.iter().map(|m| furo_of(seat, m)).collect()
}

/// The tiles of `like`'s kind from `hand`, plain fives first, then red, then unknown ones.
fn fill<const N: usize>(slots: &mut [Tile; N], hand: &[Tile], like: Tile) {
    let kind = like.kind();
    let mut pool: Vec<Tile> = hand.iter().copied().filter(|t| t.kind().is_some() && t.kind() == kind).collect();
    pool.sort_by_key(|t| t.is_red());
    pool.extend(hand.iter().copied().filter(|t| t.is_unknown()));
    if pool.len() >= N {
        let mut chosen: Vec<Tile> = pool[..N].to_vec();
        // Write a red five first, as tables show it.
        chosen.sort_by_key(|t| !t.is_red());
        slots.copy_from_slice(&chosen);
    }
}
