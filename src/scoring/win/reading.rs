//! Scoring one reading of a hand (four sets and a pair): its fu, its yakuman, its yaku.

use super::value::{FuPart, Set, Situation, Value, WinHand, WinRules, Yaku};
use super::yaku::{
    DRAGONS, colour_yaku, finish, first_turn, is_honour, is_simple, is_terminal, situational, yakuman_value,
};
use crate::rules::shape::Kinds;

/// One way of reading the hand: four sets and a pair (melds included), the win tile in one of
/// them. `concealed[i]` says whether set `i` stayed concealed (an ankan too).
pub(super) struct Reading {
    pub(super) sets: [Set; 4],
    pub(super) concealed: [bool; 4],
    pub(super) pair: usize,
    /// The set the win tile completed (`None`: the pair).
    pub(super) win_set: Option<usize>,
}

impl Reading {
    /// Whether set `i` counts as concealed: a triplet completed by a ron counts as open (for fu
    /// and the concealed triplets).
    fn hidden(&self, i: usize, tsumo: bool) -> bool {
        self.concealed[i] && !(self.win_set == Some(i) && !tsumo && !self.sets[i].is_run())
    }
}

/// What a reading holds, counted once for its fu and its yaku.
struct Counted {
    /// The seat's wind and the round's wind, as kinds.
    seat_wind: usize,
    round_wind: usize,
    /// The triplets and kans, with their place among the sets.
    triplets: Vec<(usize, Set)>,
    concealed_triplets: usize,
    kans: usize,
    has_run: bool,
    /// All the hand's kinds, melds included.
    k: Kinds,
}

impl Counted {
    fn of(hand: &WinHand, r: &Reading, sit: &Situation) -> Counted {
        let triplets: Vec<(usize, Set)> = (0..4).filter(|&i| !r.sets[i].is_run()).map(|i| (i, r.sets[i])).collect();
        Counted {
            seat_wind: 27 + sit.seat_wind.min(3),
            round_wind: 27 + sit.round_wind.min(3),
            concealed_triplets: triplets.iter().filter(|(i, _)| r.hidden(*i, sit.tsumo)).count(),
            triplets,
            kans: r.sets.iter().filter(|s| matches!(s, Set::Kan(_))).count(),
            has_run: r.sets.iter().any(|s| s.is_run()),
            k: all_kinds(hand),
        }
    }

    /// Whether the reading holds a triplet (or kan) of kind `x`.
    fn triplet_of(&self, x: usize) -> bool {
        self.triplets.iter().any(|(_, s)| s.first() == x)
    }
}

/// All 14 (or more) kinds of the hand, melds included.
fn all_kinds(hand: &WinHand) -> Kinds {
    let mut k = hand.concealed;
    for m in &hand.melds {
        for x in m.set.kinds() {
            k[x] += 1;
        }
    }
    k
}

/// The value of one reading: its yakuman if it has any, else its yaku with their fu (`None`:
/// no yaku).
pub(super) fn score_reading(
    hand: &WinHand,
    r: &Reading,
    open: bool,
    sit: &Situation,
    rules: &WinRules,
) -> Option<Value> {
    let c = Counted::of(hand, r, sit);
    let (parts, fu, pinfu) = reading_fu(hand, r, &c, open, sit);
    if let Some(v) = yakuman_value(reading_yakuman(hand, r, &c, sit), fu, rules) {
        return Some(v);
    }
    let list = reading_yaku(r, &c, open, pinfu, sit, rules);
    if list.is_empty() {
        return None;
    }
    Some(finish(list, open, fu, parts, sit, rules))
}

/// The fu of a reading with where they come from, the total rounded up to ten, and whether
/// the hand is pinfu (closed, no fu but the base).
fn reading_fu(
    hand: &WinHand,
    r: &Reading,
    c: &Counted,
    open: bool,
    sit: &Situation,
) -> (Vec<(FuPart, u32)>, u32, bool) {
    let mut parts: Vec<(FuPart, u32)> = Vec::new();
    match r.win_set {
        None => parts.push((FuPart::Tanki, 2)),
        Some(i) => {
            if let Set::Run(a) = r.sets[i] {
                if hand.win == a + 1 {
                    parts.push((FuPart::Kanchan, 2));
                } else if (a % 9 == 0 && hand.win == a + 2) || (a % 9 == 6 && hand.win == a) {
                    parts.push((FuPart::Penchan, 2));
                }
            }
        }
    }
    let valued = DRAGONS.contains(&r.pair) as u32 * 2
        + u32::from(r.pair == c.seat_wind) * 2
        + u32::from(r.pair == c.round_wind) * 2;
    if valued > 0 {
        parts.push((FuPart::ValuedPair, valued.min(4)));
    }
    for &(i, s) in &c.triplets {
        let closed = r.hidden(i, sit.tsumo);
        let outside = !is_simple(s.first());
        let mut fu = 2u32;
        if closed {
            fu *= 2;
        }
        if outside {
            fu *= 2;
        }
        if matches!(s, Set::Kan(_)) {
            fu *= 4;
        }
        parts.push((FuPart::Set(s, !closed), fu));
    }
    let extra: u32 = parts.iter().map(|(_, f)| f).sum();
    let pinfu = !open && extra == 0;
    if sit.tsumo && extra > 0 {
        parts.push((FuPart::Tsumo, 2));
    }
    if open && extra == 0 {
        parts.push((FuPart::OpenPinfu, 2));
    }
    parts.push((FuPart::Base, if open || sit.tsumo { 20 } else { 30 }));
    let raw: u32 = parts.iter().map(|(_, f)| f).sum();
    let fu = raw.div_ceil(10) * 10;
    (parts, fu, pinfu)
}

/// The yakuman of a reading (tenhou and chiihou included).
fn reading_yakuman(hand: &WinHand, r: &Reading, c: &Counted, sit: &Situation) -> Vec<Yaku> {
    let k = &c.k;
    let mut yakuman = Vec::new();
    if c.concealed_triplets == 4 {
        yakuman.push(if r.win_set.is_none() { Yaku::SuuankouTanki } else { Yaku::Suuankou });
    }
    if DRAGONS.iter().all(|&d| c.triplet_of(d)) {
        yakuman.push(Yaku::Daisangen);
    }
    let wind_triplets = (27..31).filter(|&w| c.triplet_of(w)).count();
    if wind_triplets == 4 {
        yakuman.push(Yaku::Daisuushii);
    } else if wind_triplets == 3 && (27..31).contains(&r.pair) {
        yakuman.push(Yaku::Shousuushii);
    }
    if (0..27).all(|i| k[i] == 0) {
        yakuman.push(Yaku::Tsuuiisou);
    }
    if (0..34).all(|i| k[i] == 0 || is_terminal(i)) {
        yakuman.push(Yaku::Chinroutou);
    }
    const GREEN: [usize; 6] = [19, 20, 21, 23, 25, 32];
    if (0..34).all(|i| k[i] == 0 || GREEN.contains(&i)) {
        yakuman.push(Yaku::Ryuuiisou);
    }
    if hand.melds.is_empty()
        && let Some(s) = (0..3).find(|s| k[s * 9..s * 9 + 9].iter().map(|&c| u32::from(c)).sum::<u32>() == 14)
    {
        let c = &k[s * 9..s * 9 + 9];
        let base = [3u8, 1, 1, 1, 1, 1, 1, 1, 3];
        if c.iter().zip(base).all(|(&a, b)| a >= b) {
            let extra = s * 9 + c.iter().zip(base).position(|(&a, b)| a > b).unwrap_or(0);
            yakuman.push(if extra == hand.win { Yaku::JunseiChuuren } else { Yaku::Chuuren });
        }
    }
    if c.kans == 4 {
        yakuman.push(Yaku::Suukantsu);
    }
    first_turn(sit, &mut yakuman);
    yakuman
}

/// The ordinary yaku of a reading (without dora).
fn reading_yaku(r: &Reading, c: &Counted, open: bool, pinfu: bool, sit: &Situation, rules: &WinRules) -> Vec<Yaku> {
    let k = &c.k;
    let mut list = Vec::new();
    situational(sit, open, rules, &mut list);
    if pinfu {
        list.push(Yaku::Pinfu);
    }
    if (!open || rules.open_tanyao) && (0..34).all(|i| k[i] == 0 || is_simple(i)) {
        list.push(Yaku::Tanyao);
    }
    for (d, y) in DRAGONS.into_iter().zip([Yaku::Haku, Yaku::Hatsu, Yaku::Chun]) {
        if c.triplet_of(d) {
            list.push(y);
        }
    }
    if c.triplet_of(c.seat_wind) {
        list.push(Yaku::SeatWind);
    }
    if c.triplet_of(c.round_wind) {
        list.push(Yaku::RoundWind);
    }
    let outside = |s: Set| s.kinds().any(|x| !is_simple(x));
    if c.has_run && r.sets.iter().all(|&s| outside(s)) && !is_simple(r.pair) {
        let honours = r.sets.iter().any(|s| is_honour(s.first())) || is_honour(r.pair);
        list.push(if honours { Yaku::Chanta } else { Yaku::Junchan });
    }
    let run_at = |a: usize| r.sets.iter().filter(|s| **s == Set::Run(a)).count();
    if (0..3).any(|s| run_at(s * 9) > 0 && run_at(s * 9 + 3) > 0 && run_at(s * 9 + 6) > 0) {
        list.push(Yaku::Ittsu);
    }
    if (0..7).any(|n| run_at(n) > 0 && run_at(9 + n) > 0 && run_at(18 + n) > 0) {
        list.push(Yaku::Sanshoku);
    }
    if (0..9).any(|n| c.triplet_of(n) && c.triplet_of(9 + n) && c.triplet_of(18 + n)) {
        list.push(Yaku::SanshokuDoukou);
    }
    if !open {
        let pairs_of_runs: usize = (0..27).map(|a| run_at(a) / 2).sum();
        if pairs_of_runs == 2 {
            list.push(Yaku::Ryanpeikou);
        } else if pairs_of_runs == 1 {
            list.push(Yaku::Iipeikou);
        }
    }
    if c.triplets.len() == 4 {
        list.push(Yaku::Toitoi);
    }
    if c.concealed_triplets == 3 {
        list.push(Yaku::Sanankou);
    }
    if c.kans == 3 {
        list.push(Yaku::Sankantsu);
    }
    if DRAGONS.iter().filter(|&&d| c.triplet_of(d)).count() == 2 && DRAGONS.contains(&r.pair) {
        list.push(Yaku::Shousangen);
    }
    colour_yaku(k, c.has_run, &mut list);
    list
}
