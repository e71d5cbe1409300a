//! The discard half of an act: a discard from the hand or the drawn tile, riichi and its
//! checks, kans declared on one's own turn, a tsumo win; and what each may not be.

use crate::format::{Act, Discard, Draw, Seat, Tile};

use super::shape;
use super::table::{
    Finding, LastDiscard, Meld, MeldKind, Phase, RiverTile, Table, discard_words, error_of, same_kind, tile_list,
    warning_of,
};
use crate::i18n::{Text, tr};

impl Table {
    /// Applies the discard half.
    pub(super) fn apply_discard(&mut self, act: &Act, n: usize, called: Option<Tile>, out: &mut Vec<Finding>) {
        let seat = act.seat;
        if Self::ends_without_discard(act, out) {
            return;
        }
        let Some(discard) = act.discard else {
            self.phase = Phase::Discard { seat, act: n };
            return;
        };
        let was_call = called.is_some();
        let st = &self.seats[seat.index()];
        let drawn = st.drawn;
        let in_riichi = st.riichi.is_some();
        match discard {
            Discard::Tile(t) | Discard::Riichi(t) => {
                let riichi = matches!(discard, Discard::Riichi(_));
                self.discard_from_hand(seat, t, riichi, n, drawn, out);
            }
            Discard::Tsumogiri => self.tsumogiri(seat, n, was_call, drawn, out),
            Discard::Karagiri => self.karagiri(seat, n, was_call, drawn, out),
            Discard::Tsumo => self.declare_tsumo(seat, was_call, out),
            Discard::Ankan(four) => self.declare_ankan(seat, four, was_call, in_riichi, out),
            Discard::Kakan(t) => self.declare_kakan(seat, t, was_call, out),
        }
    }

    /// A ron or a daiminkan ends the act without a discard: one recorded anyway is an error.
    /// True when the act is one of those two (nothing more to apply).
    fn ends_without_discard(act: &Act, out: &mut Vec<Finding>) -> bool {
        let s = act.seat.word();
        match act.draw {
            Draw::Ron => {
                if let Some(d) = act.discard {
                    let found = discard_words(&d);
                    out.push(error_of(tr!("rules-discard-after-ron", seat = s, found = found)));
                }
                true
            }
            Draw::Daiminkan(_) => {
                if act.discard.is_some() {
                    out.push(error_of(tr!("rules-discard-after-daiminkan", seat = s)));
                }
                true
            }
            _ => false,
        }
    }

    /// A discard of `t` from the hand, with or without riichi; in riichi, one that is not the
    /// drawn tile is a warning.
    fn discard_from_hand(
        &mut self,
        seat: Seat,
        t: Tile,
        riichi: bool,
        n: usize,
        drawn: Option<Tile>,
        out: &mut Vec<Finding>,
    ) {
        let in_riichi = self.seats[seat.index()].riichi.is_some();
        if riichi {
            self.riichi_checks(seat, t, out);
        } else if in_riichi && drawn != Some(t) && !t.is_unknown() && drawn.is_some_and(|d| !d.is_unknown()) {
            let s = seat.word();
            let d = drawn.map_or(Text::default(), |d| d.text());
            out.push(warning_of(tr!("rules-discard-riichi-not-drawn", seat = s, tile = t, drawn = d)));
        }
        self.discard(seat, t, false, riichi, n, drawn, out);
    }

    /// Tsumogiri (tg): the tile drawn this act goes to the river; after a call, or without a
    /// draw, there is none and the turn passes.
    fn tsumogiri(&mut self, seat: Seat, n: usize, was_call: bool, drawn: Option<Tile>, out: &mut Vec<Finding>) {
        let s = seat.word();
        match (was_call, drawn) {
            (true, _) => {
                out.push(error_of(tr!("rules-discard-tg-after-call", seat = s)));
                self.phase = Phase::Draw { seat: seat.next(), last_discard: None };
            }
            (false, None) => {
                out.push(error_of(tr!("rules-discard-tg-without-draw", seat = s)));
                self.phase = Phase::Draw { seat: seat.next(), last_discard: None };
            }
            (false, Some(d)) => self.discard(seat, d, true, false, n, drawn, out),
        }
    }

    /// Karagiri (kg): a tile like the one drawn this act, discarded from the hand; the hand must
    /// hold a second copy.
    fn karagiri(&mut self, seat: Seat, n: usize, was_call: bool, drawn: Option<Tile>, out: &mut Vec<Finding>) {
        let s = seat.word();
        match (was_call, drawn) {
            (true, _) | (false, None) => {
                out.push(error_of(tr!("rules-discard-kg-without-draw", seat = s)));
                self.phase = Phase::Draw { seat: seat.next(), last_discard: None };
            }
            (false, Some(d)) => {
                let st = &self.seats[seat.index()];
                let copies = st.hand.iter().filter(|&&t| t == d || t.is_unknown()).count();
                if copies < 2 && !d.is_unknown() {
                    out.push(error_of(tr!("rules-discard-kg-no-second", seat = s, tile = d)));
                }
                self.discard(seat, d, false, false, n, drawn, out);
            }
        }
    }

    /// A tsumo win: needs a tile from the wall; a hand that is not complete is a chombo.
    fn declare_tsumo(&mut self, seat: Seat, was_call: bool, out: &mut Vec<Finding>) {
        let s = seat.word();
        if was_call {
            out.push(error_of(tr!("rules-discard-tsumo-after-call", seat = s)));
        }
        let st = &self.seats[seat.index()];
        if let Some(k) = st.kinds()
            && !shape::is_complete(&k)
        {
            let h = tile_list(&st.hand);
            out.push(warning_of(tr!("rules-discard-tsumo-not-complete", seat = s, hand = h)));
        }
        self.phase = Phase::Tsumo { seat };
    }

    /// An ankan of `four` from the hand; in riichi, one that changes the wait is a warning.
    fn declare_ankan(&mut self, seat: Seat, four: [Tile; 4], was_call: bool, in_riichi: bool, out: &mut Vec<Finding>) {
        let s = seat.word();
        if was_call {
            out.push(error_of(tr!("rules-discard-ankan-with-call", seat = s)));
        }
        if !four.iter().all(|&t| same_kind(t, four[0])) {
            let f = tile_list(&four);
            out.push(error_of(tr!("rules-discard-ankan-not-four", seat = s, four = f)));
        }
        let waits_before = if in_riichi { self.waits_without_drawn(seat) } else { None };
        let st = &mut self.seats[seat.index()];
        let before = st.hand.clone();
        for t in four {
            if !st.take(t) {
                let (f, h) = (tile_list(&four), tile_list(&before));
                out.push(error_of(tr!("rules-discard-ankan-not-in-hand", seat = s, four = f, hand = h, tile = t)));
            }
        }
        st.drawn = None;
        st.melds.push(Meld { kind: MeldKind::Ankan, tiles: four.to_vec(), from: None });
        if let Some(before) = waits_before {
            let after = self.seats[seat.index()].kinds().map(|k| shape::waits(&k));
            if after.is_some_and(|a| a != before) {
                out.push(warning_of(tr!("rules-discard-ankan-changes-wait", seat = s)));
            }
        }
        self.declare_kan(seat, None, false, out);
    }

    /// A kakan: `t` from the hand added to a pon of its kind.
    fn declare_kakan(&mut self, seat: Seat, t: Tile, was_call: bool, out: &mut Vec<Finding>) {
        let s = seat.word();
        if was_call {
            out.push(error_of(tr!("rules-discard-kakan-with-call", seat = s)));
        }
        let st = &mut self.seats[seat.index()];
        let pon = st.melds.iter().position(|m| m.kind == MeldKind::Pon && m.tiles.iter().any(|&p| same_kind(p, t)));
        match pon {
            None => out.push(error_of(tr!("rules-discard-kakan-no-pon", seat = s, tile = t))),
            Some(i) => {
                st.melds[i].kind = MeldKind::Kakan;
                st.melds[i].tiles.push(t);
            }
        }
        let before = st.hand.clone();
        if !st.take(t) {
            let h = tile_list(&before);
            out.push(error_of(tr!("rules-discard-kakan-not-in-hand", seat = s, tile = t, hand = h)));
        }
        st.drawn = None;
        self.declare_kan(seat, Some(t), true, out);
    }

    /// Puts `t` from `seat`'s hand into its river and passes the turn.
    #[allow(clippy::too_many_arguments)]
    fn discard(
        &mut self,
        seat: Seat,
        t: Tile,
        tsumogiri: bool,
        riichi: bool,
        n: usize,
        drawn: Option<Tile>,
        out: &mut Vec<Finding>,
    ) {
        let st = &mut self.seats[seat.index()];
        let before = st.hand.clone();
        if !st.take(t) {
            let (seat_word, tile, hand) = (seat.word(), t, tile_list(&before));
            out.push(error_of(match drawn {
                Some(d) => tr!(
                    "rules-discard-not-in-hand-after-draw",
                    seat = seat_word,
                    tile = tile,
                    drawn = d,
                    act = (n + 1).to_string(),
                    hand = hand
                ),
                None => tr!("rules-discard-not-in-hand", seat = seat_word, tile = tile, hand = hand),
            }));
            // Some tile did go to the river: most likely the drawn one. Keeping the hand at its
            // size keeps one mistake from showing up again in every later act and the end hand.
            match drawn {
                Some(d) => {
                    st.take(d);
                }
                None => {
                    st.hand.pop();
                }
            }
        }
        st.drawn = None;
        st.river.push(RiverTile { tile: t, tsumogiri, riichi, called_by: None });
        // Every kan's dora is face up once a tile is discarded after it.
        self.unturned = [0; 2];
        if riichi {
            st.riichi = Some(n);
            self.riichi_sticks = self.riichi_sticks.saturating_add(1);
        }
        self.phase =
            Phase::Draw { seat: seat.next(), last_discard: Some(LastDiscard { seat, tile: t, act: n, riichi }) };
    }

    /// The warnings a riichi declaration can carry (before its discard is applied).
    fn riichi_checks(&self, seat: Seat, t: Tile, out: &mut Vec<Finding>) {
        let s = seat.word();
        let st = &self.seats[seat.index()];
        if st.riichi.is_some() {
            out.push(warning_of(tr!("rules-riichi-twice", seat = s)));
        }
        if st.is_open() {
            out.push(warning_of(tr!("rules-riichi-open-hand", seat = s)));
        }
        if let Some(p) = st.points
            && p.0 < 10
        {
            let pts = p.as_points();
            out.push(warning_of(tr!("rules-riichi-under-1000", seat = s, points = pts.to_string())));
        }
        if self.wall_left < 4 {
            let left = self.wall_left.max(0);
            out.push(warning_of(tr!("rules-riichi-wall-short", seat = s, left = left.to_string())));
        }
        let mut hand = st.hand.clone();
        if let Some(p) = hand.iter().position(|&h| h == t) {
            hand.remove(p);
            if let Some(k) = shape::kinds_of(hand)
                && shape::waits(&k).is_empty()
            {
                out.push(warning_of(tr!("rules-riichi-not-tenpai", seat = s, tile = t)));
            }
        }
    }

    /// The waits of `seat`'s hand without the tile drawn this turn (the wait riichi fixed).
    fn waits_without_drawn(&self, seat: Seat) -> Option<Vec<usize>> {
        let st = &self.seats[seat.index()];
        let mut hand = st.hand.clone();
        let d = st.drawn?;
        let p = hand.iter().position(|&h| h == d)?;
        hand.remove(p);
        shape::kinds_of(hand).map(|k| shape::waits(&k))
    }
}
