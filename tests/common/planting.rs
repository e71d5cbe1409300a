//! Realistic recording mistakes planted one at a time in a frame (the cause finder's mutation
//! test and the double-entry test plant the same ones).

use jmjp_studio::format::{Act, Discard, Draw, Frame, Seat, Tile, dora_slot, ura_slot};
use jmjp_studio::rules::simulate::Rng;
use jmjp_studio::rules::{self, Table};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Planted {
    TedashiAsTsumogiri,
    TsumogiriAsTedashi,
    WrongDiscard,
    WrongDraw,
    WrongDealTile,
    WrongDora,
    MissingUra,
    MissedRiichi,
    MissingAct,
    SwappedActs,
    WrongEndPoints,
}

impl Planted {
    pub const ALL: [Planted; 11] = [
        Planted::TedashiAsTsumogiri,
        Planted::TsumogiriAsTedashi,
        Planted::WrongDiscard,
        Planted::WrongDraw,
        Planted::WrongDealTile,
        Planted::WrongDora,
        Planted::MissingUra,
        Planted::MissedRiichi,
        Planted::MissingAct,
        Planted::SwappedActs,
        Planted::WrongEndPoints,
    ];
}

/// Where a planted mistake is, to compare with the cause found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    Act(usize),
    Start(Seat),
    Slot(usize),
    EndPoints,
}

pub fn acts(f: &Frame) -> &[Act] {
    &f.flow.as_ref().unwrap().acts
}

pub fn acts_mut(f: &mut Frame) -> &mut Vec<Act> {
    &mut f.flow.as_mut().unwrap().acts
}

/// The table before act `i`.
pub fn before(f: &Frame, i: usize) -> Table {
    Table::replay(f, i).unwrap()
}

/// The acts that drew a known tile and let go of another one from the hand.
pub fn tedashi_places(f: &Frame) -> Vec<usize> {
    (0..acts(f).len())
        .filter(|&i| {
            let a = acts(f)[i];
            matches!((a.draw, a.discard), (Draw::Tile(x), Some(Discard::Tile(y))) if x != y && !x.is_unknown())
        })
        .collect()
}

/// Plants one mistake of `kind` in `f`; `None` when the frame offers no place for it.
pub fn plant(kind: Planted, f: &Frame, rng: &mut Rng) -> Option<(Frame, Place)> {
    let mut g = f.clone();
    let n = acts(f).len();
    let pick = |rng: &mut Rng, places: Vec<usize>| -> Option<usize> {
        (!places.is_empty()).then(|| places[rng.below(places.len())])
    };
    match kind {
        Planted::TedashiAsTsumogiri => {
            let i = pick(rng, tedashi_places(f))?;
            acts_mut(&mut g)[i].discard = Some(Discard::Tsumogiri);
            Some((g, Place::Act(i)))
        }
        Planted::TsumogiriAsTedashi | Planted::WrongDiscard => {
            let want_tg = kind == Planted::TsumogiriAsTedashi;
            let places: Vec<usize> = (0..n)
                .filter(|&i| {
                    let a = acts(f)[i];
                    match (a.draw, a.discard) {
                        (Draw::Tile(_), Some(Discard::Tsumogiri)) => want_tg,
                        (Draw::Tile(x), Some(Discard::Tile(y))) => !want_tg && x != y,
                        _ => false,
                    }
                })
                .collect();
            let i = pick(rng, places)?;
            let a = acts(f)[i];
            let Draw::Tile(x) = a.draw else { return None };
            let hand = before(f, i).seats[a.seat.index()].hand.clone();
            let old = match a.discard {
                Some(Discard::Tile(y)) => Some(y),
                _ => None,
            };
            let choices: Vec<Tile> =
                hand.into_iter().filter(|t| *t != x && Some(*t) != old && !t.is_unknown()).collect();
            let t = *choices.get(rng.below(choices.len().max(1)))?;
            acts_mut(&mut g)[i].discard = Some(Discard::Tile(t));
            Some((g, Place::Act(i)))
        }
        Planted::WrongDraw => {
            let i = pick(rng, tedashi_places(f))?;
            let Draw::Tile(x) = acts(f)[i].draw else { return None };
            let other = Tile::ALL[(x.plain().index() + 1 + rng.below(33)) % 34];
            acts_mut(&mut g)[i].draw = Draw::Tile(other);
            Some((g, Place::Act(i)))
        }
        Planted::WrongDealTile => {
            let flow = g.flow.as_mut().unwrap();
            let h = rng.below(flow.start_hands.len());
            let hand = &mut flow.start_hands[h].hand;
            let k = rng.below(hand.tiles.len());
            let x = hand.tiles[k];
            if x.is_unknown() {
                return None;
            }
            hand.tiles[k] = Tile::ALL[(x.plain().index() + 1 + rng.below(33)) % 34];
            let seat = flow.start_hands[h].seat;
            Some((g, Place::Start(seat)))
        }
        Planted::WrongDora => {
            let x = rules::indicator_of(*f.dora.first()?)?;
            g.dora[dora_slot(0)] = rules::dora_of(Tile::ALL[(x.plain().index() + 1 + rng.below(33)) % 34]);
            Some((g, Place::Slot(dora_slot(0))))
        }
        Planted::MissingUra => {
            let ura = *f.dora.get(ura_slot(0))?;
            let end = Table::replay(f, usize::MAX)?;
            let riichi_won = match end.end() {
                rules::FrameEnd::Tsumo { seat, .. } => end.seats[seat.index()].riichi.is_some(),
                rules::FrameEnd::Ron { winners, .. } => winners.iter().any(|w| end.seats[w.index()].riichi.is_some()),
                _ => false,
            };
            if ura.is_unknown() || !riichi_won {
                return None;
            }
            g.dora[ura_slot(0)] = Tile::UNKNOWN;
            Some((g, Place::Slot(ura_slot(0))))
        }
        Planted::MissedRiichi => {
            let i = (0..n).find(|&i| matches!(acts(f)[i].discard, Some(Discard::Riichi(_))))?;
            let a = acts(f)[i];
            let Some(Discard::Riichi(t)) = a.discard else { return None };
            let tg = matches!(a.draw, Draw::Tile(x) if x == t);
            acts_mut(&mut g)[i].discard = Some(if tg { Discard::Tsumogiri } else { Discard::Tile(t) });
            Some((g, Place::Act(i)))
        }
        Planted::MissingAct => {
            // A plain draw and discard whose discard nobody calls.
            let places: Vec<usize> = (1..n.saturating_sub(1))
                .filter(|&i| {
                    let a = acts(f)[i];
                    let next = acts(f)[i + 1];
                    matches!(a.draw, Draw::Tile(_))
                        && matches!(a.discard, Some(Discard::Tile(_) | Discard::Tsumogiri))
                        && matches!(next.draw, Draw::Tile(_))
                })
                .collect();
            let i = pick(rng, places)?;
            acts_mut(&mut g).remove(i);
            Some((g, Place::Act(i)))
        }
        Planted::SwappedActs => {
            let places: Vec<usize> = (0..n.saturating_sub(1))
                .filter(|&i| {
                    let (a, b) = (acts(f)[i], acts(f)[i + 1]);
                    matches!(a.draw, Draw::Tile(_)) && matches!(b.draw, Draw::Tile(_)) && a.discard.is_some()
                })
                .collect();
            let i = pick(rng, places)?;
            acts_mut(&mut g).swap(i, i + 1);
            Some((g, Place::Act(i)))
        }
        Planted::WrongEndPoints => {
            let mut p = f.end_points?;
            let (a, b) = (rng.below(4), (rng.below(3) + 1) % 4);
            let b = (a + b) % 4;
            p[a].0 += 10;
            p[b].0 -= 10;
            g.end_points = Some(p);
            Some((g, Place::EndPoints))
        }
    }
}
