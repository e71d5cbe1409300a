//! The discard half of an act: a discard from the hand or the drawn tile, riichi and its
//! checks, kans declared on one's own turn, a tsumo win; and what each may not be.

use crate::format::{Act, Discard, Draw, Seat, Tile};

use super::shape;
use super::table::{
    Finding, LastDiscard, Meld, MeldKind, Phase, RiverTile, Table, discard_words, error, ja, same_kind, tile_list,
    warning, who,
};

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
        let (s, sj) = (who(act.seat), ja(act.seat));
        match act.draw {
            Draw::Ron => {
                if let Some(d) = act.discard {
                    let found = discard_words(&d);
                    out.push(error(
                        format!("{s} declares ron, so the act has no discard (found {found})"),
                        format!("{sj}のロンの行為に打牌はありません（{found} があります）"),
                    ));
                }
                true
            }
            Draw::Daiminkan(_) => {
                if act.discard.is_some() {
                    out.push(error(
                        format!("{s} declares a daiminkan: the act has no discard; the rinshan draw comes next"),
                        format!("{sj}の大明槓の行為に打牌はありません。次は嶺上ツモです"),
                    ));
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
            let (s, sj) = (who(seat), ja(seat));
            let d = drawn.map_or(String::new(), |d| d.to_string());
            out.push(warning(
                format!("{s} is in riichi but discards {t} from the hand, not the drawn {d}"),
                format!("{sj}はリーチ中ですが、ツモ牌 {d} ではなく手牌の {t} を切っています"),
            ));
        }
        self.discard(seat, t, false, riichi, n, drawn, out);
    }

    /// Tsumogiri (tg): the tile drawn this act goes to the river; after a call, or without a
    /// draw, there is none and the turn passes.
    fn tsumogiri(&mut self, seat: Seat, n: usize, was_call: bool, drawn: Option<Tile>, out: &mut Vec<Finding>) {
        let (s, sj) = (who(seat), ja(seat));
        match (was_call, drawn) {
            (true, _) => {
                out.push(error(
                    format!("{s} called a tile, so there is no drawn tile to discard as tsumogiri (tg)"),
                    format!("{sj}は鳴いたので、ツモ切り（tg）するツモ牌がありません"),
                ));
                self.phase = Phase::Draw { seat: seat.next(), last_discard: None };
            }
            (false, None) => {
                out.push(error(
                    format!("{s} discards tsumogiri (tg), but drew no tile this act"),
                    format!("{sj}がツモ切り（tg）していますが、この行為でツモしていません"),
                ));
                self.phase = Phase::Draw { seat: seat.next(), last_discard: None };
            }
            (false, Some(d)) => self.discard(seat, d, true, false, n, drawn, out),
        }
    }

    /// Karagiri (kg): a tile like the one drawn this act, discarded from the hand; the hand must
    /// hold a second copy.
    fn karagiri(&mut self, seat: Seat, n: usize, was_call: bool, drawn: Option<Tile>, out: &mut Vec<Finding>) {
        let (s, sj) = (who(seat), ja(seat));
        match (was_call, drawn) {
            (true, _) | (false, None) => {
                out.push(error(
                    format!("{s} discards karagiri (kg), but drew no tile this act to match"),
                    format!("{sj}が空切り（kg）していますが、この行為で同じ牌をツモしていません"),
                ));
                self.phase = Phase::Draw { seat: seat.next(), last_discard: None };
            }
            (false, Some(d)) => {
                let st = &self.seats[seat.index()];
                let copies = st.hand.iter().filter(|&&t| t == d || t.is_unknown()).count();
                if copies < 2 && !d.is_unknown() {
                    out.push(error(
                        format!("{s} discards karagiri (kg) of {d}, but the hand holds no second {d} to discard"),
                        format!("{sj}が {d} を空切り（kg）していますが、手牌に二枚目の {d} がありません"),
                    ));
                }
                self.discard(seat, d, false, false, n, drawn, out);
            }
        }
    }

    /// A tsumo win: needs a tile from the wall; a hand that is not complete is a chombo.
    fn declare_tsumo(&mut self, seat: Seat, was_call: bool, out: &mut Vec<Finding>) {
        let (s, sj) = (who(seat), ja(seat));
        if was_call {
            out.push(error(
                format!("{s} declares tsumo after a call; tsumo needs a tile from the wall"),
                format!("{sj}が鳴いた後にツモ和了しています。ツモ和了には山からの牌が必要です"),
            ));
        }
        let st = &self.seats[seat.index()];
        if let Some(k) = st.kinds()
            && !shape::is_complete(&k)
        {
            let h = tile_list(&st.hand);
            out.push(warning(
                format!("{s} declares tsumo, but the hand {h} is not complete (chombo)"),
                format!("{sj}がツモ和了していますが、手牌 {h} は和了形ではありません（チョンボ）"),
            ));
        }
        self.phase = Phase::Tsumo { seat };
    }

    /// An ankan of `four` from the hand; in riichi, one that changes the wait is a warning.
    fn declare_ankan(&mut self, seat: Seat, four: [Tile; 4], was_call: bool, in_riichi: bool, out: &mut Vec<Finding>) {
        let (s, sj) = (who(seat), ja(seat));
        if was_call {
            out.push(error(
                format!("{s} declares an ankan in the same act as a call"),
                format!("{sj}が鳴きと同じ行為で暗槓しています"),
            ));
        }
        if !four.iter().all(|&t| same_kind(t, four[0])) {
            let f = tile_list(&four);
            out.push(error(
                format!("{s} declares an ankan of {f}: a kan is four of one tile"),
                format!("{sj}が {f} で暗槓しています。カンは同じ牌四枚です"),
            ));
        }
        let waits_before = if in_riichi { self.waits_without_drawn(seat) } else { None };
        let st = &mut self.seats[seat.index()];
        let before = st.hand.clone();
        for t in four {
            if !st.take(t) {
                let (f, h) = (tile_list(&four), tile_list(&before));
                out.push(error(
                    format!("{s} declares an ankan of {f}, but the hand {h} has no {t}"),
                    format!("{sj}が {f} で暗槓していますが、手牌 {h} に {t} がありません"),
                ));
            }
        }
        st.drawn = None;
        st.melds.push(Meld { kind: MeldKind::Ankan, tiles: four.to_vec(), from: None });
        if let Some(before) = waits_before {
            let after = self.seats[seat.index()].kinds().map(|k| shape::waits(&k));
            if after.is_some_and(|a| a != before) {
                out.push(warning(
                    format!("{s} declares an ankan in riichi that changes the wait"),
                    format!("{sj}がリーチ後に待ちの変わる暗槓をしています"),
                ));
            }
        }
        self.declare_kan(seat, None, out);
    }

    /// A kakan: `t` from the hand added to a pon of its kind.
    fn declare_kakan(&mut self, seat: Seat, t: Tile, was_call: bool, out: &mut Vec<Finding>) {
        let (s, sj) = (who(seat), ja(seat));
        if was_call {
            out.push(error(
                format!("{s} declares a kakan in the same act as a call"),
                format!("{sj}が鳴きと同じ行為で加槓しています"),
            ));
        }
        let st = &mut self.seats[seat.index()];
        let pon = st.melds.iter().position(|m| m.kind == MeldKind::Pon && m.tiles.iter().any(|&p| same_kind(p, t)));
        match pon {
            None => out.push(error(
                format!("{s} declares a kakan of {t}, but has no pon of {t} to add it to"),
                format!("{sj}が {t} を加槓していますが、加える {t} のポンがありません"),
            )),
            Some(i) => {
                st.melds[i].kind = MeldKind::Kakan;
                st.melds[i].tiles.push(t);
            }
        }
        let before = st.hand.clone();
        if !st.take(t) {
            let h = tile_list(&before);
            out.push(error(
                format!("{s} declares a kakan of {t}, but the hand {h} has no {t}"),
                format!("{sj}が {t} を加槓していますが、手牌 {h} に {t} がありません"),
            ));
        }
        st.drawn = None;
        self.declare_kan(seat, Some(t), out);
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
            let (after, after_ja) = match drawn {
                Some(d) => {
                    (format!(" after drawing {d} at act {}", n + 1), format!("{} 手目で {d} をツモした後に ", n + 1))
                }
                None => (String::new(), String::new()),
            };
            let h = tile_list(&before);
            out.push(error(
                format!("{} discards {t}, but {}'s hand has no {t}{after} (hand: {h})", who(seat), who(seat)),
                format!("{}が {after_ja}{t} を切っていますが、手牌に {t} がありません（手牌：{h}）", ja(seat)),
            ));
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
        if riichi {
            st.riichi = Some(n);
            self.riichi_sticks = self.riichi_sticks.saturating_add(1);
        }
        self.phase =
            Phase::Draw { seat: seat.next(), last_discard: Some(LastDiscard { seat, tile: t, act: n, riichi }) };
    }

    /// The warnings a riichi declaration can carry (before its discard is applied).
    fn riichi_checks(&self, seat: Seat, t: Tile, out: &mut Vec<Finding>) {
        let (s, sj) = (who(seat), ja(seat));
        let st = &self.seats[seat.index()];
        if st.riichi.is_some() {
            out.push(warning(
                format!("{s} declares riichi a second time"),
                format!("{sj}が二度目のリーチをしています"),
            ));
        }
        if st.is_open() {
            out.push(warning(
                format!("{s} declares riichi with an open hand"),
                format!("{sj}が副露した手でリーチしています"),
            ));
        }
        if let Some(p) = st.points
            && p.0 < 10
        {
            let pts = p.as_points();
            out.push(warning(
                format!("{s} declares riichi with {pts} points, under 1000"),
                format!("{sj}が持ち点 {pts} 点（1000 点未満）でリーチしています"),
            ));
        }
        if self.wall_left < 4 {
            let left = self.wall_left.max(0);
            out.push(warning(
                format!("{s} declares riichi with {left} tiles left in the wall (fewer than four)"),
                format!("{sj}が山の残り {left} 枚（四枚未満）でリーチしています"),
            ));
        }
        let mut hand = st.hand.clone();
        if let Some(p) = hand.iter().position(|&h| h == t) {
            hand.remove(p);
            if let Some(k) = shape::kinds_of(hand)
                && shape::waits(&k).is_empty()
            {
                out.push(warning(
                    format!("{s} declares riichi discarding {t}, but the hand is not tenpai"),
                    format!("{sj}が {t} 切りでリーチしていますが、聴牌していません"),
                ));
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
