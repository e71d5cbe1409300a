//! What a replayed table says about each seat's hand: the hand in the record's form (end hands),
//! the hand as it is shown (sorted, the drawn tile apart), and the riichi sticks put down.

use crate::format::{CalledFrom, Frame, Hand, Points, Seat, SeatHand, Tile, sort_tiles};

use super::table::{FrameEnd, Meld, MeldKind, Phase, Table};

impl Table {
    /// The hand a seat holds now, in the record's form (for end hands).
    pub fn hand_of(&self, seat: Seat) -> Hand {
        let st = &self.seats[seat.index()];
        let mut tiles = st.hand.clone();
        let mut tsumo = None;
        match self.phase {
            Phase::Tsumo { seat: w } if w == seat => tsumo = tiles.pop(),
            Phase::Ron { tile, .. } if self.winners.contains(&seat) => tsumo = Some(tile),
            // A frame that ends on a draw (nine terminals): the drawn tile stands apart.
            Phase::Discard { seat: w, .. } if w == seat => {
                if let Some(d) = st.drawn
                    && let Some(p) = tiles.iter().rposition(|t| *t == d)
                {
                    tsumo = Some(tiles.remove(p));
                }
            }
            _ => {}
        }
        Hand { tiles, tsumo, furo: st.melds.iter().rev().map(|m| furo_of(seat, m)).collect() }
    }

    /// The seat's concealed hand as shown (sorted), without the drawn tile, and the drawn tile.
    pub fn shown_hand(&self, seat: Seat) -> (Vec<Tile>, Option<Tile>) {
        let st = &self.seats[seat.index()];
        let mut tiles = st.hand.clone();
        let drawn = st.drawn.and_then(|d| tiles.iter().rposition(|&t| t == d).map(|p| tiles.remove(p)));
        sort_tiles(&mut tiles);
        (tiles, drawn)
    }

    /// The seats whose riichi stick went onto the table this frame (a riichi discard that is
    /// ronned deposits nothing).
    pub fn deposits(&self) -> [bool; 4] {
        let ronned_riichi = match self.end() {
            FrameEnd::Ron { winners, discarder, act } => {
                Some((discarder, act.saturating_sub(winners.len().saturating_sub(1)).saturating_sub(1)))
            }
            _ => None,
        };
        let mut out = [false; 4];
        for (i, st) in self.seats.iter().enumerate() {
            out[i] = match (st.riichi, ronned_riichi) {
                (Some(at), Some((d, discard_act))) => !(d.index() == i && at == discard_act),
                (Some(_), None) => true,
                (None, _) => false,
            };
        }
        out
    }

    /// The seat whose riichi discard may still be ronned (its stick is not on the table yet).
    fn riichi_pending(&self) -> Option<Seat> {
        match self.phase {
            Phase::Draw { last_discard: Some(d), .. } if d.riichi => Some(d.seat),
            _ => None,
        }
    }

    /// The seats whose riichi stick lies on the table now: as [`Table::deposits`], but a riichi
    /// counts only once its discard has passed without a ron, or the frame `ended` there (a
    /// fourth riichi's abortive draw). The recorder, the editor, the overlay and the replay all
    /// show the sticks and the points this way.
    pub fn sticks_laid(&self, ended: bool) -> [bool; 4] {
        let mut out = self.deposits();
        if let Some(seat) = self.riichi_pending().filter(|_| !ended) {
            out[seat.index()] = false;
        }
        out
    }

    /// The kyoutaku on the table now: what the frame started with and the riichi sticks laid
    /// since (see [`Table::sticks_laid`]).
    pub fn kyoutaku_now(&self, start: Option<Points>, ended: bool) -> Points {
        let laid = self.sticks_laid(ended).iter().filter(|&&b| b).count() as i32;
        Points(start.unwrap_or_default().0 + 10 * laid)
    }
}

/// A meld in the record's form.
pub fn furo_of(seat: Seat, m: &Meld) -> crate::format::Furo {
    use crate::format::Furo;
    let from = m.from.and_then(|f| CalledFrom::between(seat, f)).unwrap_or(CalledFrom::Kamicha);
    let t = |i: usize| m.tiles.get(i).copied().unwrap_or(Tile::UNKNOWN);
    match m.kind {
        MeldKind::Chi => Furo::Chi { called: t(0), hand: [t(1), t(2)] },
        MeldKind::Pon => Furo::Pon { called: t(0), hand: [t(1), t(2)], from },
        MeldKind::Daiminkan => Furo::Daiminkan { called: t(0), hand: [t(1), t(2), t(3)], from },
        MeldKind::Kakan => Furo::Kakan { added: t(3), called: t(0), hand: [t(1), t(2)], from },
        MeldKind::Ankan => Furo::Ankan([t(0), t(1), t(2), t(3)]),
    }
}

/// Writes the replayed hands as the frame's end hands (sorted), so the file always validates
/// after an act is added, changed or taken out. A frame that does not replay is left alone.
pub fn fill_end_hands(f: &mut Frame) {
    let Some(table) = Table::replay(f, usize::MAX) else { return };
    let Some(flow) = f.flow.as_mut() else { return };
    flow.end_hands = Seat::ALL
        .into_iter()
        .map(|seat| {
            let mut hand = table.hand_of(seat);
            sort_tiles(&mut hand.tiles);
            SeatHand { seat, hand }
        })
        .collect();
}
