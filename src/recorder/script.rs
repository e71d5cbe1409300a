//! The entries a scorer would have made to record an existing frame: its deal, each act as a
//! draw or call followed by its discard, the kan dora indicators after each rinshan draw, and its
//! end. Used to replay real games through the session (tests) and to load the benchmark.

use crate::format::{Frame, Tile};
use crate::rules::indicator_of;

use super::entry::{Deal, Entry, Finish};

/// The entries that record `frame` from its deal to its end (no end when it has no end points).
pub fn entries_of_frame(frame: &Frame) -> Vec<Entry> {
    let mut out = Vec::new();
    let Some(flow) = &frame.flow else { return out };
    let ind = |slot: usize| frame.dora.get(slot).and_then(|d| indicator_of(*d)).unwrap_or(Tile::UNKNOWN);
    let mut hands: [Vec<Tile>; 4] = Default::default();
    for sh in &flow.start_hands {
        let h = &mut hands[sh.seat.index()];
        h.extend(sh.hand.tiles.iter().copied());
        h.extend(sh.hand.tsumo);
    }
    out.push(Entry::Deal(Box::new(Deal {
        id: frame.id,
        kyoutaku: frame.kyoutaku.unwrap_or_default(),
        dice: frame.dice,
        start_points: frame.start_points,
        indicator: ind(0),
        hands,
    })));
    let mut kans = 0;
    for (n, act) in flow.acts.iter().enumerate() {
        // A dealer's `oy` is made by the deal itself.
        if n == 0 && act.draw == crate::format::Draw::Oya {
            if let Some(d) = act.discard {
                out.push(Entry::Discard(d));
            }
            continue;
        }
        out.push(Entry::Act(crate::format::Act { discard: None, ..*act }));
        if matches!(act.draw, crate::format::Draw::Rinshan(_)) {
            kans += 1;
            let t = ind(2 * kans);
            if kans <= 4 && !t.is_unknown() {
                out.push(Entry::Indicator(t));
            }
        }
        if let Some(d) = act.discard {
            out.push(Entry::Discard(d));
        }
    }
    if let Some(end_points) = frame.end_points {
        let ura: Vec<Tile> = (0..=kans.min(4)).map(|k| ind(1 + 2 * k)).collect();
        let ura = if ura.iter().all(|t| t.is_unknown()) { Vec::new() } else { ura };
        out.push(Entry::Finish(Box::new(Finish { ura, end_points })));
    }
    out
}
