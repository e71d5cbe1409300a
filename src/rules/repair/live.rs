//! The likely cause at the live end: the scorer has just entered the frame's last act and the
//! first error shows there. The entry just typed is then the likeliest mistake, so the changes of
//! that act come first, the tile nearest the one typed first (a neighbour key, the same number in
//! another suit), then the tile the player most plausibly let go ([`likelihood`]).

use std::cmp::Reverse;

use crate::format::{Act, Discard, Draw, Frame, Seat, Tile};
use crate::rules::Table;
use crate::rules::likely_discard::likelihood;

use super::cause::{Cause, Correction};

/// How a change of the entry just typed reads: the seat, the tile typed (none for a tsumogiri)
/// and the tile it makes the discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meant {
    pub seat: Seat,
    pub typed: Option<Tile>,
    pub meant: Tile,
    /// The seat held the tile typed (so the entry is wrong for another reason than the tile).
    pub typed_held: bool,
}

/// The causes of `frame`'s first error for a scorer at the live end: when the error shows at the
/// last act, the changes of that act first, ranked as [`entry_rank`] says; the others after, in
/// the order they came. Otherwise the causes as they came.
pub fn at_live_end(frame: &Frame, causes: &[Cause]) -> Vec<Cause> {
    let Some(last) = frame.flow.as_ref().and_then(|f| f.acts.len().checked_sub(1)) else { return causes.to_vec() };
    let is_entry = |c: &Cause| entry_change(c, last).is_some();
    if !causes.iter().any(|c| c.symptom == Some(last) && is_entry(c)) {
        return causes.to_vec();
    }
    let before = Table::replay(frame, last);
    let mut entry: Vec<(EntryRank, &Cause)> = causes
        .iter()
        .filter(|c| is_entry(c))
        .map(|c| (before.as_ref().map_or(EntryRank::default(), |b| entry_rank(b, c, last)), c))
        .collect();
    entry.sort_by_key(|(r, _)| *r);
    let mut out: Vec<Cause> = entry.into_iter().map(|(_, c)| c.clone()).collect();
    out.extend(causes.iter().filter(|c| !is_entry(c)).cloned());
    out
}

/// The change of act `last` a cause makes, when it makes only that one.
pub fn entry_change(c: &Cause, last: usize) -> Option<(&Act, &Act)> {
    match &c.change {
        Correction::Act { act, from, to } if *act == last && c.then.is_none() => Some((from, to)),
        _ => None,
    }
}

/// The entry just typed, as a change of it reads (`None` when the change is not of a discard).
pub fn meant(before: &Table, from: &Act, to: &Act) -> Option<Meant> {
    let seat = to.seat;
    let meant = discarded(before, to)?;
    let typed = discarded(before, from);
    let st = &before.seats[seat.index()];
    let typed_held = typed.is_some_and(|t| {
        st.hand.iter().chain(drawn_tile(before, from).iter()).any(|h| h.kind() == t.kind() && t.kind().is_some())
    });
    Some(Meant { seat, typed, meant, typed_held })
}

/// The tile an act lets go of (a tsumogiri: the drawn tile; after a call, none).
fn discarded(before: &Table, act: &Act) -> Option<Tile> {
    match act.discard? {
        Discard::Tile(t) | Discard::Riichi(t) => Some(t),
        Discard::Tsumogiri | Discard::Karagiri => drawn_tile(before, act),
        _ => None,
    }
}

fn drawn_tile(before: &Table, act: &Act) -> Option<Tile> {
    match act.draw {
        Draw::Tile(t) | Draw::Rinshan(t) => Some(t),
        Draw::Oya => before.seats[act.seat.index()].drawn,
        _ => None,
    }
}

/// What ranks a change of the entry just typed, least first: how far its tile is from the one
/// typed (the tile let go before the tile drawn), then how plausibly the player let go of the
/// tile it makes the discard, likeliest first (see [`likelihood`]; a change that lets go of no
/// known tile after those that do).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct EntryRank {
    pub typing: u8,
    pub likelihood: Reverse<i32>,
}

impl Default for EntryRank {
    fn default() -> Self {
        EntryRank { typing: 0, likelihood: Reverse(i32::MIN) }
    }
}

/// Ranks a cause that changes act `last` only (see [`EntryRank`]).
pub fn entry_rank(before: &Table, c: &Cause, last: usize) -> EntryRank {
    let Some((from, to)) = entry_change(c, last) else { return EntryRank { typing: u8::MAX, ..EntryRank::default() } };
    // The tile changed: the one let go, else the one drawn (typed a key earlier: after).
    let typing = match (meant(before, from, to), drawn_tile(before, from), drawn_tile(before, to)) {
        // A tile typed is a tile seen leaving the hand: the drawn tile let go instead is less
        // likely than a tile of the hand as near.
        (Some(m), _, _) if m.typed != Some(m.meant) || from.draw == to.draw => {
            let to_drawn = matches!(to.discard, Some(Discard::Tsumogiri)) && m.typed != Some(m.meant);
            typing_distance(m.typed, m.meant) + u8::from(to_drawn)
        }
        (_, Some(a), Some(b)) if a != b => 4 + typing_distance(Some(a), b),
        // A change that is not of a tile (a call): after those that are.
        _ => 8,
    };
    let likely = discarded(before, to).and_then(|t| likelihood(before, &c.fixed, to, t));
    EntryRank { typing, likelihood: Reverse(likely.unwrap_or(i32::MIN)) }
}

/// How far the tile meant is from the one typed, as fingers slip: 0 the same tile (the entry's
/// tsumogiri or riichi was wrong, not its tile), 1 one key off (the number beside it in the same
/// suit, or the same number in another suit), 2 anything else, 2 also when no tile was typed.
fn typing_distance(typed: Option<Tile>, meant: Tile) -> u8 {
    let Some(typed) = typed else { return 2 };
    if typed.kind() == meant.kind() {
        return 0;
    }
    let (Some(a), Some(b)) = (key_digit(typed), key_digit(meant)) else { return 2 };
    let same_suit = typed.suit() == meant.suit();
    if (same_suit && a.abs_diff(b) == 1) || (!same_suit && a == b) { 1 } else { 2 }
}

/// The digit typed for a tile: its number, or an honour's number (`1z`-`7z`).
fn key_digit(t: Tile) -> Option<u8> {
    t.value().or_else(|| t.kind().filter(|k| *k >= 27).map(|k| (k - 26) as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(code: &str) -> Tile {
        Tile::from_code(code.as_bytes()).unwrap_or(Tile::UNKNOWN)
    }

    #[test]
    fn a_slip_of_one_key_is_nearer_than_another_tile() {
        assert_eq!(typing_distance(Some(tile("9s")), tile("9m")), 1);
        assert_eq!(typing_distance(Some(tile("9s")), tile("8s")), 1);
        assert_eq!(typing_distance(Some(tile("9s")), tile("7s")), 2);
        assert_eq!(typing_distance(Some(tile("0p")), tile("5p")), 0);
        assert_eq!(typing_distance(None, tile("5p")), 2);
        assert_eq!(typing_distance(Tile::from_mpsz(1, 'z'), Tile::from_mpsz(2, 'z').unwrap_or(Tile::UNKNOWN)), 1);
    }
}
