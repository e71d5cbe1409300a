//! Win evaluation: a complete hand split every way it can be, each split scored (yaku, han, fu
//! with its breakdown, limit), the best kept, and the payments that follow.
//!
//! Tiles are the 34 kinds of [`crate::rules::shape`] (1m..9m, 1p..9p, 1s..9s, E S W N, white
//! green red). The situation (riichi, ippatsu, winds, dora counted by the caller) comes in a
//! [`Situation`]; rule options in a [`WinRules`]. No table, no file, no UI here: the recorder and
//! `score` build the inputs from a replayed frame.

use crate::rules::shape::Kinds;

/// A set of three (or four) tiles, by its lowest kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Set {
    /// A run `k, k+1, k+2`.
    Run(usize),
    /// Three of a kind.
    Triplet(usize),
    /// Four of a kind.
    Kan(usize),
}

impl Set {
    fn first(self) -> usize {
        match self {
            Set::Run(k) | Set::Triplet(k) | Set::Kan(k) => k,
        }
    }

    fn kinds(self) -> impl Iterator<Item = usize> {
        let (k, n, step) = match self {
            Set::Run(k) => (k, 3, 1),
            Set::Triplet(k) => (k, 3, 0),
            Set::Kan(k) => (k, 4, 0),
        };
        (0..n).map(move |i| k + i * step)
    }

    fn is_run(self) -> bool {
        matches!(self, Set::Run(_))
    }
}

/// A called set: chi, pon, daiminkan and kakan are open; an ankan is not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    pub set: Set,
    pub open: bool,
}

/// The winning hand: the concealed tiles with the winning tile among them, the melds, and which
/// kind the winning tile is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinHand {
    pub concealed: Kinds,
    pub melds: Vec<Meld>,
    pub win: usize,
}

/// How the hand won and what surrounded it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Situation {
    pub tsumo: bool,
    pub riichi: bool,
    pub double_riichi: bool,
    pub ippatsu: bool,
    pub rinshan: bool,
    pub chankan: bool,
    pub haitei: bool,
    pub houtei: bool,
    pub tenhou: bool,
    pub chiihou: bool,
    /// 0 East .. 3 North.
    pub seat_wind: usize,
    pub round_wind: usize,
    /// Dora shown by the face-up indicators, counted over the whole hand.
    pub dora: u32,
    /// Ura dora (counted only for a riichi hand).
    pub ura: u32,
    /// Red fives in the hand.
    pub aka: u32,
}

/// The rule options a win's value depends on: the part of [`super::RuleOptions`] the evaluator
/// reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WinRules {
    /// Tanyao counts for an open hand (kuitan).
    pub open_tanyao: bool,
    /// Red fives count as dora.
    pub red_fives: bool,
    /// Thirteen-wait kokushi, four concealed triplets on a single wait, pure nine gates and big
    /// four winds are double yakuman.
    pub double_yakuman: bool,
    /// 13 han and more from ordinary yaku is a yakuman (else a sanbaiman).
    pub kazoe_yakuman: bool,
    /// 4 han 30 fu and 3 han 60 fu are rounded up to a mangan.
    pub kiriage: bool,
}

impl super::RuleOptions {
    /// The options a win's value depends on.
    pub const fn win(&self) -> WinRules {
        WinRules {
            open_tanyao: self.open_tanyao,
            red_fives: self.red_fives,
            double_yakuman: self.double_yakuman,
            kazoe_yakuman: self.kazoe_yakuman,
            kiriage: self.kiriage,
        }
    }
}

impl WinRules {
    /// The win options of [`RuleOptions::M_LEAGUE`](super::RuleOptions::M_LEAGUE).
    pub const M_LEAGUE: WinRules = super::RuleOptions::M_LEAGUE.win();
    /// The win options of [`RuleOptions::TENHOU`](super::RuleOptions::TENHOU).
    pub const TENHOU: WinRules = super::RuleOptions::TENHOU.win();
}

macro_rules! yaku {
    ($($name:ident = $closed:literal, $open:literal, $en:literal, $ja:literal;)+) => {
        /// A yaku (or dora), with its han closed and open (0: not allowed open).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Yaku { $($name,)+ }

        impl Yaku {
            pub const ALL: &'static [Yaku] = &[$(Yaku::$name,)+];

            /// Han closed and open; for a yakuman, 13 times how many yakuman it counts.
            pub fn han(self, open: bool) -> u32 {
                match self { $(Yaku::$name => if open { $open } else { $closed },)+ }
            }

            /// The English name.
            pub fn english(self) -> &'static str {
                match self { $(Yaku::$name => $en,)+ }
            }

            /// The Japanese name.
            pub fn japanese(self) -> &'static str {
                match self { $(Yaku::$name => $ja,)+ }
            }
        }
    };
}

yaku! {
    Riichi = 1, 0, "Riichi", "立直";
    DoubleRiichi = 2, 0, "Double riichi", "ダブル立直";
    Ippatsu = 1, 0, "Ippatsu", "一発";
    MenzenTsumo = 1, 0, "Menzen tsumo", "門前清自摸和";
    Pinfu = 1, 0, "Pinfu", "平和";
    Iipeikou = 1, 0, "Iipeikou", "一盃口";
    Haitei = 1, 1, "Haitei", "海底摸月";
    Houtei = 1, 1, "Houtei", "河底撈魚";
    Rinshan = 1, 1, "Rinshan kaihou", "嶺上開花";
    Chankan = 1, 1, "Chankan", "槍槓";
    Tanyao = 1, 1, "Tanyao", "断幺九";
    Haku = 1, 1, "White dragon", "役牌 白";
    Hatsu = 1, 1, "Green dragon", "役牌 發";
    Chun = 1, 1, "Red dragon", "役牌 中";
    SeatWind = 1, 1, "Seat wind", "自風牌";
    RoundWind = 1, 1, "Round wind", "場風牌";
    Chanta = 2, 1, "Chanta", "混全帯幺九";
    Ittsu = 2, 1, "Ittsu", "一気通貫";
    Sanshoku = 2, 1, "Sanshoku", "三色同順";
    SanshokuDoukou = 2, 2, "Sanshoku doukou", "三色同刻";
    Toitoi = 2, 2, "Toitoi", "対々和";
    Sanankou = 2, 2, "Sanankou", "三暗刻";
    Sankantsu = 2, 2, "Sankantsu", "三槓子";
    Chiitoitsu = 2, 0, "Chiitoitsu", "七対子";
    Honroutou = 2, 2, "Honroutou", "混老頭";
    Shousangen = 2, 2, "Shousangen", "小三元";
    Honitsu = 3, 2, "Honitsu", "混一色";
    Junchan = 3, 2, "Junchan", "純全帯幺九";
    Ryanpeikou = 3, 0, "Ryanpeikou", "二盃口";
    Chinitsu = 6, 5, "Chinitsu", "清一色";
    Dora = 1, 1, "Dora", "ドラ";
    UraDora = 1, 1, "Ura dora", "裏ドラ";
    AkaDora = 1, 1, "Red five", "赤ドラ";
    Kokushi = 13, 0, "Kokushi musou", "国士無双";
    Kokushi13 = 26, 0, "Kokushi musou, thirteen-sided wait", "国士無双十三面待ち";
    Suuankou = 13, 0, "Suuankou", "四暗刻";
    SuuankouTanki = 26, 0, "Suuankou tanki", "四暗刻単騎";
    Daisangen = 13, 13, "Daisangen", "大三元";
    Shousuushii = 13, 13, "Shousuushii", "小四喜";
    Daisuushii = 26, 26, "Daisuushii", "大四喜";
    Tsuuiisou = 13, 13, "Tsuuiisou", "字一色";
    Chinroutou = 13, 13, "Chinroutou", "清老頭";
    Ryuuiisou = 13, 13, "Ryuuiisou", "緑一色";
    Chuuren = 13, 0, "Chuuren poutou", "九蓮宝燈";
    JunseiChuuren = 26, 0, "Junsei chuuren poutou", "純正九蓮宝燈";
    Suukantsu = 13, 13, "Suukantsu", "四槓子";
    Tenhou = 13, 0, "Tenhou", "天和";
    Chiihou = 13, 0, "Chiihou", "地和";
}

impl Yaku {
    pub fn is_yakuman(self) -> bool {
        self >= Yaku::Kokushi
    }
}

/// Where fu come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FuPart {
    /// 20, or 30 for a closed ron.
    Base,
    /// Seven pairs: 25 in all.
    SevenPairs,
    Kanchan,
    Penchan,
    /// Single wait on the pair.
    Tanki,
    /// The pair is a dragon, the seat wind or the round wind (4 when both winds).
    ValuedPair,
    /// A triplet or kan: 2 .. 32 by open, terminal or honour, kan.
    Set(Set, bool),
    Tsumo,
    /// An open hand with no fu is counted as 30.
    OpenPinfu,
}

/// How much a hand is worth before the seats: its limit, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    Mangan,
    Haneman,
    Baiman,
    Sanbaiman,
    /// Kazoe yakuman (13 han and more) or a yakuman; the number is how many.
    Yakuman(u32),
}

impl Limit {
    pub fn english(self) -> String {
        match self {
            Limit::Mangan => "mangan".into(),
            Limit::Haneman => "haneman".into(),
            Limit::Baiman => "baiman".into(),
            Limit::Sanbaiman => "sanbaiman".into(),
            Limit::Yakuman(1) => "yakuman".into(),
            Limit::Yakuman(n) => format!("{n}x yakuman"),
        }
    }

    pub fn japanese(self) -> String {
        match self {
            Limit::Mangan => "満貫".into(),
            Limit::Haneman => "跳満".into(),
            Limit::Baiman => "倍満".into(),
            Limit::Sanbaiman => "三倍満".into(),
            Limit::Yakuman(1) => "役満".into(),
            Limit::Yakuman(2) => "ダブル役満".into(),
            Limit::Yakuman(n) => format!("{n}倍役満"),
        }
    }
}

/// What a winning hand is worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Value {
    /// The yaku and dora with their han (dora once per count).
    pub yaku: Vec<(Yaku, u32)>,
    pub han: u32,
    pub fu: u32,
    pub fu_parts: Vec<(FuPart, u32)>,
    pub limit: Option<Limit>,
    /// Basic points (fu × 2^(han+2), or the limit's): a non-dealer's ron is four times this.
    pub base: i64,
}

/// Why a hand is not a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoWin {
    /// The tiles do not form a complete hand.
    NotComplete,
    /// Complete, but without a yaku (dora do not count).
    NoYaku,
}

/// What each seat pays the winner (before the kyoutaku), honba included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Payment {
    Ron(i64),
    /// A dealer's tsumo: each of the others pays the same.
    DealerTsumo(i64),
    /// A non-dealer's tsumo: the dealer pays the first, the others the second.
    Tsumo {
        dealer: i64,
        other: i64,
    },
}

impl Payment {
    /// The winner's gain from the seats (without the kyoutaku).
    pub fn total(self) -> i64 {
        match self {
            Payment::Ron(p) => p,
            Payment::DealerTsumo(p) => 3 * p,
            Payment::Tsumo { dealer, other } => dealer + 2 * other,
        }
    }
}

/// The payment for `value` won by the dealer or not, by tsumo or ron, with `honba` counters worth
/// `honba_points` each in total (300 in most rules: 300 on a ron, 100 from each on a tsumo).
pub fn payment(value: &Value, dealer: bool, tsumo: bool, honba: u32, honba_points: i64) -> Payment {
    let up = |x: i64| (x + 99) / 100 * 100;
    let b = value.base;
    let h = i64::from(honba) * honba_points;
    match (dealer, tsumo) {
        (true, false) => Payment::Ron(up(6 * b) + h),
        (false, false) => Payment::Ron(up(4 * b) + h),
        (true, true) => Payment::DealerTsumo(up(2 * b) + h / 3),
        (false, true) => Payment::Tsumo { dealer: up(2 * b) + h / 3, other: up(b) + h / 3 },
    }
}

const DRAGONS: [usize; 3] = [31, 32, 33];

fn is_honour(k: usize) -> bool {
    k >= 27
}

fn is_terminal(k: usize) -> bool {
    k < 27 && (k.is_multiple_of(9) || k % 9 == 8)
}

fn is_simple(k: usize) -> bool {
    !is_honour(k) && !is_terminal(k)
}

/// One way of reading the hand: four sets and a pair (melds included), the win tile in one of
/// them. `concealed[i]` says whether set `i` stayed concealed (an ankan too).
struct Reading {
    sets: [Set; 4],
    concealed: [bool; 4],
    pair: usize,
    /// The set the win tile completed (`None`: the pair).
    win_set: Option<usize>,
}

/// Scores `hand`: the best of all its readings (most han, then most fu).
pub fn evaluate(hand: &WinHand, sit: &Situation, rules: &WinRules) -> Result<Value, NoWin> {
    let open = hand.melds.iter().any(|m| m.open);
    let mut best: Option<Value> = None;
    let mut keep = |v: Value| {
        if best.as_ref().is_none_or(|b| (v.base, v.han, v.fu) > (b.base, b.han, b.fu)) {
            best = Some(v);
        }
    };
    let mut complete = false;
    if hand.melds.is_empty() {
        if let Some(v) = kokushi(hand, sit, rules) {
            return Ok(v);
        }
        if hand.concealed.iter().filter(|&&c| c == 2).count() == 7 {
            complete = true;
            if let Some(v) = seven_pairs(hand, sit, rules) {
                keep(v);
            }
        }
    }
    let need = 4usize.saturating_sub(hand.melds.len());
    let mut k = hand.concealed;
    for pair in 0..34 {
        if k[pair] < 2 {
            continue;
        }
        k[pair] -= 2;
        let mut splits = Vec::new();
        split(&mut k, 0, need, &mut Vec::new(), &mut splits);
        k[pair] += 2;
        for concealed_sets in splits {
            complete = true;
            let mut sets = [Set::Run(0); 4];
            let mut concealed = [true; 4];
            for (i, s) in concealed_sets.iter().enumerate() {
                sets[i] = *s;
            }
            for (i, m) in hand.melds.iter().enumerate().take(4) {
                sets[need + i] = m.set;
                concealed[need + i] = !m.open;
            }
            // The win tile may have completed the pair or any concealed set holding it.
            let mut places: Vec<Option<usize>> = Vec::new();
            if pair == hand.win {
                places.push(None);
            }
            for (i, s) in concealed_sets.iter().enumerate() {
                if s.kinds().any(|x| x == hand.win) && !places.iter().any(|p| p.is_some_and(|j| sets[j] == *s)) {
                    places.push(Some(i));
                }
            }
            for win_set in places {
                let r = Reading { sets, concealed, pair, win_set };
                if let Some(v) = score_reading(hand, &r, open, sit, rules) {
                    keep(v);
                }
            }
        }
    }
    match best {
        Some(v) => Ok(v),
        None if complete => Err(NoWin::NoYaku),
        None => Err(NoWin::NotComplete),
    }
}

/// Every way to split the kinds from `from` on into `need` runs and triplets.
fn split(k: &mut Kinds, from: usize, need: usize, cur: &mut Vec<Set>, out: &mut Vec<Vec<Set>>) {
    let Some(i) = (from..34).find(|&i| k[i] > 0) else {
        if cur.len() == need {
            out.push(cur.clone());
        }
        return;
    };
    if cur.len() >= need {
        return;
    }
    if k[i] >= 3 {
        k[i] -= 3;
        cur.push(Set::Triplet(i));
        split(k, i, need, cur, out);
        cur.pop();
        k[i] += 3;
    }
    if i < 27 && i % 9 <= 6 && k[i + 1] > 0 && k[i + 2] > 0 {
        for c in &mut k[i..i + 3] {
            *c -= 1;
        }
        cur.push(Set::Run(i));
        split(k, i, need, cur, out);
        cur.pop();
        for c in &mut k[i..i + 3] {
            *c += 1;
        }
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

/// The yaku that need no reading: riichi, ippatsu, the last tile, rinshan, chankan.
fn situational(sit: &Situation, open: bool, out: &mut Vec<Yaku>) {
    if sit.double_riichi {
        out.push(Yaku::DoubleRiichi);
    } else if sit.riichi {
        out.push(Yaku::Riichi);
    }
    if sit.ippatsu && (sit.riichi || sit.double_riichi) {
        out.push(Yaku::Ippatsu);
    }
    if sit.tsumo && !open {
        out.push(Yaku::MenzenTsumo);
    }
    if sit.haitei && sit.tsumo {
        out.push(Yaku::Haitei);
    }
    if sit.houtei && !sit.tsumo {
        out.push(Yaku::Houtei);
    }
    if sit.rinshan && sit.tsumo {
        out.push(Yaku::Rinshan);
    }
    if sit.chankan && !sit.tsumo {
        out.push(Yaku::Chankan);
    }
}

/// Yaku of the colours and terminals, common to seven pairs and four sets.
fn colour_yaku(k: &Kinds, has_run: bool, out: &mut Vec<Yaku>) {
    let suits: Vec<usize> = (0..3).filter(|s| k[s * 9..s * 9 + 9].iter().any(|&c| c > 0)).collect();
    let honours = k[27..].iter().any(|&c| c > 0);
    if suits.len() == 1 && !honours {
        out.push(Yaku::Chinitsu);
    } else if suits.len() == 1 && honours {
        out.push(Yaku::Honitsu);
    }
    let all_outside = (0..34).all(|i| k[i] == 0 || !is_simple(i));
    if !has_run && all_outside && honours && !suits.is_empty() {
        out.push(Yaku::Honroutou);
    }
}

fn yakuman_total(list: &[Yaku], rules: &WinRules) -> u32 {
    list.iter().map(|y| if rules.double_yakuman { y.han(false) / 13 } else { 1 }).sum()
}

/// The value of a yakuman list (`None` when empty).
fn yakuman_value(list: Vec<Yaku>, fu: u32, rules: &WinRules) -> Option<Value> {
    if list.is_empty() {
        return None;
    }
    let n = yakuman_total(&list, rules);
    let yaku = list.into_iter().map(|y| (y, if rules.double_yakuman { y.han(false) } else { 13 })).collect();
    Some(Value {
        yaku,
        han: 13 * n,
        fu,
        fu_parts: Vec::new(),
        limit: Some(Limit::Yakuman(n)),
        base: 8000 * i64::from(n),
    })
}

fn kokushi(hand: &WinHand, sit: &Situation, rules: &WinRules) -> Option<Value> {
    const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let k = &hand.concealed;
    let total: u32 = k.iter().map(|&c| u32::from(c)).sum();
    if total != 14 || !ORPHANS.iter().all(|&i| k[i] >= 1) || ORPHANS.iter().map(|&i| k[i]).sum::<u8>() != 14 {
        return None;
    }
    let thirteen = k[hand.win] == 2;
    let mut list = vec![if thirteen { Yaku::Kokushi13 } else { Yaku::Kokushi }];
    first_turn(sit, &mut list);
    yakuman_value(list, 0, rules)
}

fn first_turn(sit: &Situation, list: &mut Vec<Yaku>) {
    if sit.tenhou && sit.tsumo {
        list.push(Yaku::Tenhou);
    }
    if sit.chiihou && sit.tsumo {
        list.push(Yaku::Chiihou);
    }
}

fn seven_pairs(hand: &WinHand, sit: &Situation, rules: &WinRules) -> Option<Value> {
    let k = &hand.concealed;
    let mut yakuman = Vec::new();
    if (27..34).all(|i| k[i] == 0 || k[i] == 2) && (0..27).all(|i| k[i] == 0) {
        yakuman.push(Yaku::Tsuuiisou);
    }
    first_turn(sit, &mut yakuman);
    if let Some(v) = yakuman_value(yakuman, 25, rules) {
        return Some(v);
    }
    let mut list = Vec::new();
    situational(sit, false, &mut list);
    list.push(Yaku::Chiitoitsu);
    if (0..34).all(|i| k[i] == 0 || is_simple(i)) {
        list.push(Yaku::Tanyao);
    }
    colour_yaku(k, false, &mut list);
    Some(finish(list, false, 25, vec![(FuPart::SevenPairs, 25)], sit, rules))
}

/// Adds the dora to a non-empty yaku list and works out han, limit and base points.
fn finish(
    list: Vec<Yaku>,
    open: bool,
    fu: u32,
    fu_parts: Vec<(FuPart, u32)>,
    sit: &Situation,
    rules: &WinRules,
) -> Value {
    let mut yaku: Vec<(Yaku, u32)> = list.into_iter().map(|y| (y, y.han(open))).collect();
    for (y, n) in [
        (Yaku::Dora, sit.dora),
        (Yaku::UraDora, if sit.riichi || sit.double_riichi { sit.ura } else { 0 }),
        (Yaku::AkaDora, if rules.red_fives { sit.aka } else { 0 }),
    ] {
        if n > 0 {
            yaku.push((y, n));
        }
    }
    let han: u32 = yaku.iter().map(|(_, h)| h).sum();
    let (limit, base) = limit_of(han, fu, rules);
    Value { yaku, han, fu, fu_parts, limit, base }
}

/// The limit and basic points of `han` and `fu`.
pub fn limit_of(han: u32, fu: u32, rules: &WinRules) -> (Option<Limit>, i64) {
    let plain = i64::from(fu) << (han + 2).min(20);
    let mangan = han >= 5 || plain >= 2000 || (rules.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60)));
    match han {
        13.. if rules.kazoe_yakuman => (Some(Limit::Yakuman(1)), 8000),
        11.. => (Some(Limit::Sanbaiman), 6000),
        8..=10 => (Some(Limit::Baiman), 4000),
        6 | 7 => (Some(Limit::Haneman), 3000),
        _ if mangan => (Some(Limit::Mangan), 2000),
        _ => (None, plain),
    }
}

fn score_reading(hand: &WinHand, r: &Reading, open: bool, sit: &Situation, rules: &WinRules) -> Option<Value> {
    let seat_wind = 27 + sit.seat_wind.min(3);
    let round_wind = 27 + sit.round_wind.min(3);
    // A triplet completed by a ron counts as open (for fu and the concealed triplets).
    let hidden = |i: usize| r.concealed[i] && !(r.win_set == Some(i) && !sit.tsumo && !r.sets[i].is_run());
    let triplets: Vec<(usize, Set)> = (0..4).filter(|&i| !r.sets[i].is_run()).map(|i| (i, r.sets[i])).collect();
    let concealed_triplets = triplets.iter().filter(|(i, _)| hidden(*i)).count();
    let kans = r.sets.iter().filter(|s| matches!(s, Set::Kan(_))).count();
    let has_run = r.sets.iter().any(|s| s.is_run());
    let k = all_kinds(hand);
    let triplet_of = |x: usize| triplets.iter().any(|(_, s)| s.first() == x);

    // Fu.
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
    let valued =
        DRAGONS.contains(&r.pair) as u32 * 2 + u32::from(r.pair == seat_wind) * 2 + u32::from(r.pair == round_wind) * 2;
    if valued > 0 {
        parts.push((FuPart::ValuedPair, valued.min(4)));
    }
    for &(i, s) in &triplets {
        let closed = hidden(i);
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

    // Yakuman.
    let mut yakuman = Vec::new();
    if concealed_triplets == 4 {
        yakuman.push(if r.win_set.is_none() { Yaku::SuuankouTanki } else { Yaku::Suuankou });
    }
    if DRAGONS.iter().all(|&d| triplet_of(d)) {
        yakuman.push(Yaku::Daisangen);
    }
    let wind_triplets = (27..31).filter(|&w| triplet_of(w)).count();
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
    if kans == 4 {
        yakuman.push(Yaku::Suukantsu);
    }
    first_turn(sit, &mut yakuman);
    if let Some(v) = yakuman_value(yakuman, fu, rules) {
        return Some(v);
    }

    // Ordinary yaku.
    let mut list = Vec::new();
    situational(sit, open, &mut list);
    if pinfu {
        list.push(Yaku::Pinfu);
    }
    if (!open || rules.open_tanyao) && (0..34).all(|i| k[i] == 0 || is_simple(i)) {
        list.push(Yaku::Tanyao);
    }
    for (d, y) in DRAGONS.into_iter().zip([Yaku::Haku, Yaku::Hatsu, Yaku::Chun]) {
        if triplet_of(d) {
            list.push(y);
        }
    }
    if triplet_of(seat_wind) {
        list.push(Yaku::SeatWind);
    }
    if triplet_of(round_wind) {
        list.push(Yaku::RoundWind);
    }
    let outside = |s: Set| s.kinds().any(|x| !is_simple(x));
    if has_run && r.sets.iter().all(|&s| outside(s)) && !is_simple(r.pair) {
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
    if (0..9).any(|n| triplet_of(n) && triplet_of(9 + n) && triplet_of(18 + n)) {
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
    if triplets.len() == 4 {
        list.push(Yaku::Toitoi);
    }
    if concealed_triplets == 3 {
        list.push(Yaku::Sanankou);
    }
    if kans == 3 {
        list.push(Yaku::Sankantsu);
    }
    if DRAGONS.iter().filter(|&&d| triplet_of(d)).count() == 2 && DRAGONS.contains(&r.pair) {
        list.push(Yaku::Shousangen);
    }
    colour_yaku(&k, has_run, &mut list);
    if list.is_empty() {
        return None;
    }
    Some(finish(list, open, fu, parts, sit, rules))
}

/// Dora shown by `indicators` in a hand of kinds `k` (each indicator counts its next tile).
pub fn dora_count(k: &Kinds, indicators: impl IntoIterator<Item = usize>) -> u32 {
    indicators
        .into_iter()
        .filter_map(|i| crate::rules::dora_of(crate::format::Tile::from_kind(i)?).kind())
        .map(|dora| u32::from(k[dora]))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dora_follow_their_indicators() {
        let mut k = [0u8; 34];
        k[0] = 2; // 1m
        k[27] = 1; // East
        k[31] = 3; // white
        // 9m shows 1m, North shows East, red shows white, an unknown kind shows nothing.
        assert_eq!(dora_count(&k, [8, 30, 33, 99]), 2 + 1 + 3);
    }

    fn kinds(s: &str) -> Kinds {
        let mut k = [0u8; 34];
        let mut digits = Vec::new();
        for c in s.chars() {
            match c {
                '1'..='9' => digits.push(c as usize - '1' as usize),
                'm' | 'p' | 's' | 'z' => {
                    let base = match c {
                        'm' => 0,
                        'p' => 9,
                        's' => 18,
                        _ => 27,
                    };
                    for d in digits.drain(..) {
                        k[base + d] += 1;
                    }
                }
                _ => {}
            }
        }
        k
    }

    fn value(concealed: &str, win: usize, sit: Situation) -> Result<Value, NoWin> {
        evaluate(&WinHand { concealed: kinds(concealed), melds: vec![], win }, &sit, &WinRules::TENHOU)
    }

    #[test]
    fn riichi_pinfu_tsumo_is_three_han_twenty_fu() {
        // 234m 789m 123p 456p 66p, tsumo 6p: read as 45p+6p (ryanmen), pinfu beats the 66p tanki.
        let sit = Situation { tsumo: true, riichi: true, ..Situation::default() };
        let v = value("234789m12345666p", 9 + 5, sit).unwrap();
        assert_eq!((v.han, v.fu), (3, 20), "{v:?}");
        assert_eq!(payment(&v, false, true, 0, 300), Payment::Tsumo { dealer: 1300, other: 700 });
    }

    #[test]
    fn a_complete_hand_without_yaku_is_not_a_win() {
        // 123m 456p 789s, an East triplet and a South pair, ron on South: East is nobody's wind.
        let sit = Situation { seat_wind: 1, round_wind: 1, ..Situation::default() };
        assert_eq!(value("123m456p789s11122z", 28, sit), Err(NoWin::NoYaku));
        assert_eq!(value("123m456p789s11123z", 28, sit), Err(NoWin::NotComplete));
    }

    #[test]
    fn limits_and_payments() {
        let r = WinRules::TENHOU;
        assert_eq!(limit_of(3, 70, &r), (Some(Limit::Mangan), 2000));
        assert_eq!(limit_of(4, 30, &r), (None, 1920));
        // M League rounds 4 han 30 fu up (kiriage) and has no kazoe yakuman.
        let m = WinRules::M_LEAGUE;
        assert_eq!(limit_of(4, 30, &m), (Some(Limit::Mangan), 2000));
        assert_eq!(limit_of(3, 60, &m), (Some(Limit::Mangan), 2000));
        assert_eq!(limit_of(13, 30, &m), (Some(Limit::Sanbaiman), 6000));
        assert_eq!(limit_of(13, 30, &r), (Some(Limit::Yakuman(1)), 8000));
        let v = Value { yaku: vec![], han: 4, fu: 30, fu_parts: vec![], limit: None, base: 1920 };
        assert_eq!(payment(&v, true, false, 2, 300), Payment::Ron(11_600 + 600));
        assert_eq!(payment(&v, false, true, 1, 300), Payment::Tsumo { dealer: 3900 + 100, other: 2000 + 100 });
    }
}
