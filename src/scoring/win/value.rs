//! What a win is made of and what it is worth: the sets and melds of a winning hand, the
//! situation around it, the rule options, the yaku, fu, limits, and the payments that follow.

use crate::rules::shape::Kinds;
use crate::scoring::RuleOptions;

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
    pub(super) fn first(self) -> usize {
        match self {
            Set::Run(k) | Set::Triplet(k) | Set::Kan(k) => k,
        }
    }

    pub(super) fn kinds(self) -> impl Iterator<Item = usize> {
        let (k, n, step) = match self {
            Set::Run(k) => (k, 3, 1),
            Set::Triplet(k) => (k, 3, 0),
            Set::Kan(k) => (k, 4, 0),
        };
        (0..n).map(move |i| k + i * step)
    }

    pub(super) fn is_run(self) -> bool {
        matches!(self, Set::Run(_))
    }
}

/// A called set: chi, pon, daiminkan and kakan are open; an ankan is not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mentsu {
    pub set: Set,
    pub open: bool,
}

/// The winning hand: the concealed tiles with the winning tile among them, the melds, and which
/// kind the winning tile is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinHand {
    pub concealed: Kinds,
    pub melds: Vec<Mentsu>,
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

/// The rule options a win's value depends on: the part of [`RuleOptions`] the evaluator
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
    /// Ippatsu counts.
    pub ippatsu: bool,
    /// Several yakuman in one hand add up (else the largest counts).
    pub yakuman_add_up: bool,
}

impl RuleOptions {
    /// The options a win's value depends on.
    pub const fn win(&self) -> WinRules {
        WinRules {
            open_tanyao: self.open_tanyao,
            red_fives: self.red_fives,
            double_yakuman: self.double_yakuman,
            kazoe_yakuman: self.kazoe_yakuman,
            kiriage: self.kiriage,
            ippatsu: self.ippatsu,
            yakuman_add_up: self.yakuman_add_up,
        }
    }
}

impl WinRules {
    /// The win options of [`RuleOptions::M_LEAGUE`](RuleOptions::M_LEAGUE).
    pub const M_LEAGUE: WinRules = RuleOptions::M_LEAGUE.win();
    /// The win options of [`RuleOptions::TENHOU`](RuleOptions::TENHOU).
    pub const TENHOU: WinRules = RuleOptions::TENHOU.win();
    /// The win options of [`RuleOptions::MAHJONG_SOUL`](RuleOptions::MAHJONG_SOUL): those of
    /// the Python `mahjong` package's scoring oracle too (double and kazoe yakuman, no kiriage).
    pub const MAHJONG_SOUL: WinRules = RuleOptions::MAHJONG_SOUL.win();
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

    /// A yakuman a seat may be liable for (pao), where the rules say so.
    pub fn may_be_pao(self) -> bool {
        matches!(self, Yaku::Daisangen | Yaku::Daisuushii | Yaku::Suukantsu)
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

/// Dora shown by `indicators` in a hand of kinds `k` (each indicator counts its next tile).
pub fn dora_count(k: &Kinds, indicators: impl IntoIterator<Item = usize>) -> u32 {
    indicators
        .into_iter()
        .filter_map(|i| crate::rules::dora_of(crate::format::Tile::from_kind(i)?).kind())
        .map(|dora| u32::from(k[dora]))
        .sum()
}
