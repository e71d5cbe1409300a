//! Which tile a player let go, as players let go of tiles: a score for each tile a hand could
//! discard, higher for the likelier. At the live end it picks, among the tiles one key away from
//! a tile typed wrong, the one the player most plausibly discarded.
//!
//! The score adds up twenty things a player weighs, each with its weight: how near the hand
//! stays to winning and how many unseen tiles would bring it nearer (tile efficiency), what the
//! tile is (a guest wind, a terminal, an isolated tile, the dora, a red five), what the others
//! show (a riichi's safe tiles, tiles already seen, the tile the player before let go), and the
//! player's own river (a suit already being let go). The weights were fitted once, by
//! conditional logistic regression, to the hand discards of the corpus's real games (39 tenhou
//! logs); fitted on half the games, they pick the tile meant in the other half as often as the
//! guide's correcting chapter says. They are data, not rules: nothing in the record depends on
//! them, only the order in which likely causes are offered.

use crate::format::{Act, Draw, Frame, Tile};

use super::Table;
use super::shanten::{acceptance, shanten};
use super::shape::Kinds;

/// What the score weighs, in the order of [`WEIGHTS`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Features {
    /// Shanten of the hand left.
    shanten: f64,
    /// ln(1 + unseen tiles that would lower that shanten).
    acceptance: f64,
    /// A wind that is neither the round's nor the seat's.
    guest_wind: f64,
    /// A 1 or a 9.
    terminal: f64,
    /// Three or more of it held.
    triplet: f64,
    /// Held once with no tile of its suit within two (an honour held once).
    isolated: f64,
    /// It is a dora whose indicator is face up.
    dora: f64,
    /// Tiles of its suit held (honours: all honours held), over 14.
    suit_held: f64,
    /// The share of the player's own river in its suit.
    suit_let_go: f64,
    /// Copies already seen (rivers, melds, dora indicators), over 4.
    seen: f64,
    /// Every riichi on the table has let it go.
    safe_against_riichi: f64,
    /// A riichi is on and it is neither safe nor suji against each one.
    unsafe_against_riichi: f64,
    /// An honour, times the player's turns so far over 18.
    late_honour: f64,
    /// The only five of its suit held, and it is red.
    red_five: f64,
    /// Next to a tile held, with room on both sides (a two-sided wait).
    two_sided: f64,
    /// The tile just drawn.
    just_drawn: f64,
    /// Players with two melds or more who have not let it go.
    open_hands_unsafe: f64,
    /// The tile the player before has just let go.
    same_as_before: f64,
    /// How far from the middle: |number − 5| / 4 (honours 0).
    off_centre: f64,
    /// The hand left is tenpai.
    tenpai: f64,
}

/// The weights of [`Features`], field by field.
const WEIGHTS: [f64; 20] = [
    -3.06, 1.24, 0.80, 0.43, -0.55, 0.96, -1.37, -1.15, 1.14, 0.82, 0.97, -1.11, -0.06, -0.80, -0.80, -1.26, -0.59,
    0.47, 0.64, 1.43,
];

impl Features {
    fn values(&self) -> [f64; 20] {
        [
            self.shanten,
            self.acceptance,
            self.guest_wind,
            self.terminal,
            self.triplet,
            self.isolated,
            self.dora,
            self.suit_held,
            self.suit_let_go,
            self.seen,
            self.safe_against_riichi,
            self.unsafe_against_riichi,
            self.late_honour,
            self.red_five,
            self.two_sided,
            self.just_drawn,
            self.open_hands_unsafe,
            self.same_as_before,
            self.off_centre,
            self.tenpai,
        ]
    }

    fn score(&self) -> f64 {
        self.values().iter().zip(WEIGHTS).map(|(v, w)| v * w).sum()
    }
}

/// How likely it is that the player of `act` let go of `tile` at it, as a score (thousandths;
/// higher is likelier; only the order between tiles of one act means anything). `before` is the
/// table just before the act, `frame` the frame it is in. `None` when the hand is not known
/// whole, the act draws nothing to discard after, or the tile is not held.
pub fn likelihood(before: &Table, frame: &Frame, act: &Act, tile: Tile) -> Option<i32> {
    let features = features(before, frame, act, tile)?;
    Some((features.score() * 1000.0).round() as i32)
}

/// The tiles the seat of `act` holds when it lets go (the tile drawn in, the tiles of a call out).
fn holding(before: &Table, act: &Act) -> Option<(Vec<Tile>, Option<Tile>, usize)> {
    let st = before.seats.get(act.seat.index())?;
    let mut hand = st.hand.clone();
    let melds = st.melds.len();
    match act.draw {
        Draw::Tile(t) | Draw::Rinshan(t) => {
            hand.push(t);
            Some((hand, Some(t), melds))
        }
        Draw::Chi(called) | Draw::Pon(called) => {
            for t in called {
                let at =
                    hand.iter().position(|h| *h == t).or_else(|| hand.iter().position(|h| h.kind() == t.kind()))?;
                hand.remove(at);
            }
            Some((hand, None, melds + 1))
        }
        Draw::Oya => Some((hand, None, melds)),
        Draw::Daiminkan(_) | Draw::Ron => None,
    }
}

/// Suit 0..=2 for numbers, 3 for honours, and the number (an honour's 1..=7).
fn suit_and_number(kind: usize) -> (usize, usize) {
    if kind >= 27 { (3, kind - 26) } else { (kind / 9, kind % 9 + 1) }
}

fn features(before: &Table, frame: &Frame, act: &Act, tile: Tile) -> Option<Features> {
    let c = tile.kind()?;
    let (tiles, drawn, melds) = holding(before, act)?;
    let held = super::shape::kinds_of(tiles.iter().copied())?;
    if held[c] == 0 {
        return None;
    }
    let seat = act.seat.index();
    let mut left = held;
    left[c] -= 1;
    // The doras whose indicators are face up.
    let doras = &frame.dora[..before.dora_shown().min(frame.dora.len())];
    let seen = seen(before, doras, act);
    let (suit, number) = suit_and_number(c);
    let honour = suit == 3;
    let yakuhai = c >= 31 || c == 27 + frame.id.wind as usize || c == 27 + seat;
    let held_at = |d: isize| -> u8 {
        let n = number as isize + d;
        if honour || !(1..=9).contains(&n) { 0 } else { held[suit * 9 + n as usize - 1] }
    };
    let own = &before.seats[seat].river;
    let in_suit = |k: usize| suit_and_number(k).0 == suit;
    let suit_held: u32 = (0..34).filter(|&k| in_suit(k)).map(|k| u32::from(held[k])).sum();
    let own_in_suit = own.iter().filter(|r| r.tile.kind().is_some_and(in_suit)).count();
    let riichi: Vec<usize> = (0..4).filter(|&s| s != seat && before.seats[s].riichi.is_some()).collect();
    let let_go_by = |s: usize, k: usize| before.seats[s].river.iter().any(|r| r.tile.kind() == Some(k));
    let safe = !riichi.is_empty() && riichi.iter().all(|&s| let_go_by(s, c));
    let suji = !riichi.is_empty() && !honour && riichi.iter().all(|&s| suji_of(before, s, c));
    let left_shanten = shanten(&left, melds);
    Some(Features {
        shanten: f64::from(left_shanten),
        acceptance: f64::from(acceptance(&left, melds, &seen) + 1).ln(),
        guest_wind: flag(honour && !yakuhai),
        terminal: flag(!honour && (number == 1 || number == 9)),
        triplet: flag(held[c] >= 3),
        isolated: flag(held[c] == 1 && (honour || (-2..=2).all(|d| d == 0 || held_at(d) == 0))),
        dora: flag(doras.iter().any(|d| d.kind() == Some(c))),
        suit_held: f64::from(suit_held) / 14.0,
        suit_let_go: own_in_suit as f64 / own.len().max(1) as f64,
        seen: f64::from(seen[c]) / 4.0,
        safe_against_riichi: flag(safe),
        unsafe_against_riichi: flag(!riichi.is_empty() && !safe && !suji),
        late_honour: if honour { own.len() as f64 / 18.0 } else { 0.0 },
        red_five: flag(
            number == 5 && !honour && held[c] == 1 && tiles.iter().any(|t| t.is_red() && t.kind() == Some(c)),
        ),
        two_sided: flag(
            !honour
                && ((held_at(-1) > 0 && (3..=8).contains(&number)) || (held_at(1) > 0 && (2..=7).contains(&number))),
        ),
        just_drawn: flag(drawn.and_then(|d| d.kind()) == Some(c)),
        open_hands_unsafe: (0..4).filter(|&s| s != seat && before.seats[s].melds.len() >= 2 && !let_go_by(s, c)).count()
            as f64,
        same_as_before: flag(before.seats[(seat + 3) % 4].river.last().and_then(|r| r.tile.kind()) == Some(c)),
        off_centre: if honour { 0.0 } else { (number as f64 - 5.0).abs() / 4.0 },
        tenpai: flag(left_shanten == 0),
    })
}

fn flag(b: bool) -> f64 {
    if b { 1.0 } else { 0.0 }
}

/// True when seat `s`'s river holds a tile of `kind`'s suit three away (its suji).
fn suji_of(before: &Table, s: usize, kind: usize) -> bool {
    before.seats[s]
        .river
        .iter()
        .filter_map(|r| r.tile.kind())
        .any(|k| k < 27 && k / 9 == kind / 9 && (k % 9).abs_diff(kind % 9) == 3)
}

/// Copies of each kind on view when `act` lets go: rivers (tiles not called away), melds (the
/// tiles of the act's own chi or pon among them) and the indicators of `doras`.
fn seen(before: &Table, doras: &[Tile], act: &Act) -> Kinds {
    let mut seen = [0u8; 34];
    let indicators = doras.iter().filter_map(|d| super::indicator_of(*d));
    let called: &[Tile] = match &act.draw {
        Draw::Chi(tiles) | Draw::Pon(tiles) => tiles,
        _ => &[],
    };
    for st in &before.seats {
        let river = st.river.iter().filter(|r| r.called_by.is_none()).map(|r| r.tile);
        for k in river.chain(st.melds.iter().flat_map(|m| m.tiles.iter().copied())).filter_map(|t| t.kind()) {
            seen[k] = seen[k].saturating_add(1);
        }
    }
    for k in indicators.chain(called.iter().copied()).filter_map(|t| t.kind()) {
        seen[k] = seen[k].saturating_add(1);
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{FrameFlow, FrameId, Seat, Wind};
    use crate::rules::table::RiverTile;

    fn tiles(mpsz: &str) -> Vec<Tile> {
        let mut digits = Vec::new();
        let mut out = Vec::new();
        for c in mpsz.chars() {
            match c.to_digit(10) {
                Some(d) => digits.push(d as u8),
                None => out.extend(digits.drain(..).filter_map(|d| Tile::from_mpsz(d, c))),
            }
        }
        out
    }

    fn tile(mpsz: &str) -> Tile {
        tiles(mpsz).first().copied().unwrap_or(Tile::UNKNOWN)
    }

    /// East's turn in E1 with `hand` (13 tiles) and `drawn`; the dora is `dora`.
    fn situation(hand: &str, dora: &str) -> (Table, Frame) {
        let mut frame = Frame::new(FrameId { wind: Wind::East, number: 1, honba: 0 });
        frame.dora = vec![tile(dora)];
        frame.flow = Some(FrameFlow::default());
        let mut table = match Table::start(&frame) {
            Some((t, _)) => t,
            None => panic!("a frame with no acts starts a table"),
        };
        table.seats[0].hand = tiles(hand);
        (table, frame)
    }

    fn likelier(table: &Table, frame: &Frame, drawn: &str, a: &str, b: &str) -> bool {
        let act = Act { seat: Seat::East, draw: Draw::Tile(tile(drawn)), discard: None };
        let score = |t: &str| likelihood(table, frame, &act, tile(t));
        match (score(a), score(b)) {
            (Some(x), Some(y)) => x > y,
            other => panic!("both tiles are held: {other:?}"),
        }
    }

    #[test]
    fn a_lone_guest_wind_goes_before_a_tile_of_a_two_sided_shape() {
        let (table, frame) = situation("123m45p789s11z3z59s", "9p");
        assert!(likelier(&table, &frame, "7p", "3z", "4p"));
    }

    #[test]
    fn a_tile_that_would_take_the_hand_further_from_winning_is_kept() {
        // 123m is a set; 9s stands alone.
        let (table, frame) = situation("123m456p78s11z9s55s", "1p");
        assert!(likelier(&table, &frame, "2p", "9s", "2m"));
    }

    #[test]
    fn the_dora_and_a_red_five_are_kept() {
        let (table, frame) = situation("123m456p78s11z1m9p4z", "1m");
        assert!(likelier(&table, &frame, "5s", "9p", "1m"), "the dora 1m kept over the lone 9p");
        let (table, frame) = situation("123m456p78s11z5m0p9s", "1p");
        assert!(likelier(&table, &frame, "2s", "5m", "0p"), "the red 0p kept over the lone 5m");
    }

    #[test]
    fn a_kan_dora_face_up_is_kept_and_its_indicator_counts_as_seen() {
        // Two lone guest winds, West and North; the dora is East, so North is its indicator.
        let (table, frame) = situation("123m456p789s11z3z4z", "1z");
        assert!(likelier(&table, &frame, "9m", "4z", "3z"), "North's indicator on view: North goes first");
        // After a kan, 9p is the second dora: the lone 9p is kept over the lone 9m.
        let (mut table, mut frame) = situation("123m456p78s11z9m9p", "1z");
        assert!(!likelier(&table, &frame, "5s", "9m", "9p"), "before the kan 9m and 9p are alike");
        frame.dora.push(tile("9p"));
        table.kans = 1;
        assert!(likelier(&table, &frame, "5s", "9m", "9p"), "the kan dora 9p is kept");
    }

    #[test]
    fn against_a_riichi_the_tile_it_let_go_is_the_likelier() {
        let (mut table, frame) = situation("123m456p78s11z1p1s6z", "9m");
        for safe in ["1p", "1s"] {
            table.seats[1].riichi = Some(5);
            table.seats[1].river =
                vec![RiverTile { tile: tile(safe), tsumogiri: false, riichi: true, called_by: None }];
            let other = if safe == "1p" { "1s" } else { "1p" };
            assert!(likelier(&table, &frame, "2z", safe, other), "{safe} is safe against South's riichi");
        }
    }

    #[test]
    fn a_tile_not_held_or_a_hand_not_known_whole_has_no_likelihood() {
        let (mut table, frame) = situation("123m456p789s11z2z", "1m");
        let act = Act { seat: Seat::East, draw: Draw::Tile(tile("3z")), discard: None };
        assert_eq!(likelihood(&table, &frame, &act, tile("5s")), None);
        assert!(likelihood(&table, &frame, &act, tile("3z")).is_some());
        table.seats[0].hand[0] = Tile::UNKNOWN;
        assert_eq!(likelihood(&table, &frame, &act, tile("3z")), None);
        let ron = Act { draw: Draw::Ron, ..act };
        assert_eq!(likelihood(&table, &frame, &ron, tile("3z")), None);
    }
}
