//! The rule options the table, the checks and scoring depend on, as one value ([`RuleOptions`]);
//! each option named one by one ([`named`]); the presets of the leagues and sites ([`presets`]);
//! the grammar of a match's rules comment, which `--rules` takes too ([`spec`]).

pub mod named;
pub mod presets;
pub mod spec;

pub use presets::RulesPreset;
pub use spec::{RulesSpec, SpecProblem};

use serde::{Deserialize, Serialize};

use crate::format::{PointRule, Points};
use crate::i18n::{Lang, tr};

/// How players with equal points are ranked at the end of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// The player nearer the first dealer (lower plyerId) ranks higher (tenhou, Mahjong Soul).
    SeatOrder,
    /// Tied players share the uma and oka of the places they hold.
    Split,
}

/// What happens to riichi sticks still on the table when the match ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KyoutakuLeft {
    /// They go to the player in first place.
    ToFirst,
    /// Nobody gets them.
    Lost,
}

/// What happens when two or three seats ron the same tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DoubleRon {
    /// Atamahane (頭ハネ): only the winner nearest the discarder, in turn order, wins.
    Atamahane,
    /// Each winner is paid (ダブロン); the honba and the kyoutaku go to the winner nearest the
    /// discarder.
    Allowed,
}

/// When the indicator of a kan's dora is turned face up. A kan robbed by a chankan turns none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KanDora {
    /// Kan dora are not played: a kan turns no indicator.
    None,
    /// Every kan's at once (M League).
    AtOnce,
    /// An ankan's at once; a daiminkan's or a kakan's once its seat has discarded after the
    /// replacement tile, or made another kan (tenhou, Mahjong Soul). A win on the replacement
    /// tile turns none.
    OpenAfterDiscard,
}

/// What a seat liable for a yakuman (pao) pays of a tsumo whose hand holds another yakuman too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PaoTsumo {
    /// The liable seat pays the yakuman it fed; the rest is paid as a tsumo (M League, Mahjong
    /// Soul).
    ItsYakuman,
    /// The liable seat pays the whole hand, honba included (tenhou).
    Whole,
}

/// Whether the match goes on when a player's points fall below zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BelowZero {
    /// Play goes on (M League).
    PlaysOn,
    /// The match ends (tobi) at the end of the frame (tenhou, Mahjong Soul).
    MatchEnds,
}

/// Which seats may be liable (pao) for which yakuman: the seat whose discard completed it by pon
/// or kan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PaoYaku {
    /// Big three dragons (大三元): the third dragon set called.
    pub daisangen: bool,
    /// Big four winds (大四喜): the fourth wind set called.
    pub daisuushii: bool,
    /// Four kans (四槓子): the fourth kan a daiminkan on this seat's discard.
    pub suukantsu: bool,
}

impl PaoYaku {
    pub const NONE: PaoYaku = PaoYaku { daisangen: false, daisuushii: false, suukantsu: false };
    pub const DRAGONS_WINDS: PaoYaku = PaoYaku { daisangen: true, daisuushii: true, suukantsu: false };
    pub const DRAGONS_WINDS_KANS: PaoYaku = PaoYaku { daisangen: true, daisuushii: true, suukantsu: true };
}

/// Who pays the honba of a ron on a hand with pao.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PaoHonba {
    /// The discarder.
    Discarder,
    /// The liable seat (tenhou: the discarder paid 16,000 and the liable seat 16,300 on a
    /// one-honba daisangen ron).
    Liable,
}

/// Which abortive draws (途中流局) end a frame early; a kind not played lets play go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AbortiveDraws {
    /// 九種九牌: nine kinds of terminals and honours on a first draw, declared.
    pub nine_terminals: bool,
    /// 四風連打: the same wind discarded by all four in the first go-around.
    pub four_winds: bool,
    /// 四槓散了: a fourth kan by more than one seat.
    pub four_kans: bool,
    /// 四家立直: the fourth riichi's discard passed.
    pub four_riichi: bool,
    /// 三家和: three rons on one tile (where several rons are paid; else all three are paid).
    pub triple_ron: bool,
}

impl AbortiveDraws {
    pub const NONE: AbortiveDraws = AbortiveDraws {
        nine_terminals: false,
        four_winds: false,
        four_kans: false,
        four_riichi: false,
        triple_ron: false,
    };
    pub const ALL: AbortiveDraws =
        AbortiveDraws { nine_terminals: true, four_winds: true, four_kans: true, four_riichi: true, triple_ron: true };
}

/// The uma (順位点), in match points by place (`150` is 15.0, that is 15,000 points).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Uma {
    /// The same for every match: first, second, third, fourth.
    Fixed([i32; 4]),
    /// By how many players finish at or above the return points: one, two, three (none or four
    /// can only be a four-way tie at the return points, which takes the row for two).
    ByFloat([[i32; 4]; 3]),
}

impl Uma {
    /// The symmetric fixed uma `first/second` (`Uma::symmetric(300, 100)` is M League's 30/10).
    pub const fn symmetric(first: i32, second: i32) -> Uma {
        Uma::Fixed([first, second, -second, -first])
    }

    /// The uma by place when `above` players finish at or above the return points.
    pub fn by_place(self, above: usize) -> [i32; 4] {
        match self {
            Uma::Fixed(u) => u,
            Uma::ByFloat(rows) if (1..=3).contains(&above) => rows[above - 1],
            Uma::ByFloat(rows) => rows[1],
        }
    }
}

/// What a chombo (a false win, a wrong riichi at the draw, ...) costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chombo {
    /// Paid at the table as a mangan to the others (a dealer 4,000 to each; a non-dealer 4,000
    /// to the dealer and 2,000 to each other seat).
    Mangan,
    /// Taken off the player's final points (`Points(200)` is 20.0 match points, 20,000 points);
    /// the points at the table do not move.
    Final(Points),
}

/// Which dora indicators a frame turns: the part of [`RuleOptions`] the record's dora field
/// depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Indicators {
    pub kan_dora: KanDora,
    /// A riichi win turns the ura indicator.
    pub ura: bool,
    /// ... and the ura indicators under the kans' dora.
    pub kan_ura: bool,
}

impl Indicators {
    /// The ura slots a riichi win turns when `shown` dora indicators are face up.
    pub fn ura_shown(self, shown: usize) -> usize {
        match (self.ura, self.kan_ura) {
            (false, _) => 0,
            (true, false) => shown.min(1),
            (true, true) => shown,
        }
    }
}

/// Rule options, as one value with presets. Each field is named one by one in
/// [`named::OPTIONS`] (the name a match's rules comment and `--rules` take, its values, what it
/// changes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleOptions {
    /// Tanyao counts for an open hand (kuitan).
    pub open_tanyao: bool,
    /// One red five of each suit is played, and counts as dora.
    pub red_fives: bool,
    /// Ura dora: a riichi win turns the indicator under the dora.
    pub ura_dora: bool,
    pub kan_dora: KanDora,
    /// Kan ura: a riichi win also turns the indicators under the kans' dora (where kan dora and
    /// ura dora are played).
    pub kan_ura: bool,
    /// Ippatsu counts for a riichi hand won within one go-around.
    pub ippatsu: bool,
    /// Thirteen-wait kokushi, four concealed triplets on a single wait, pure nine gates and big
    /// four winds are double yakuman (else each yakuman counts once).
    pub double_yakuman: bool,
    /// Several yakuman in one hand add up (else the hand is worth its largest one).
    pub yakuman_add_up: bool,
    /// 13 han and more from ordinary yaku is a yakuman (else a sanbaiman).
    pub kazoe_yakuman: bool,
    /// 4 han 30 fu and 3 han 60 fu are rounded up to a mangan (切り上げ満貫).
    pub kiriage: bool,
    pub double_ron: DoubleRon,
    /// What one honba adds to a win in total (ptHonba: 300 points is `Points(3)`).
    pub honba: Points,
    /// The no-ten payment of an exhaustive draw, in total (3000 points is `Points(30)`; 0: none).
    pub noten_total: Points,
    /// Nagashi mangan is paid as a mangan tsumo (and replaces the no-ten payments).
    pub nagashi_mangan: bool,
    pub tie_break: TieBreak,
    pub kyoutaku_left: KyoutakuLeft,
    pub abortive: AbortiveDraws,
    /// The yakuman a seat may be liable for (pao).
    pub pao: PaoYaku,
    pub pao_tsumo: PaoTsumo,
    pub pao_ron_honba: PaoHonba,
    pub below_zero: BelowZero,
    /// Points each player starts with (`Points(250)` is 25,000).
    pub start: Points,
    /// The return points (原点) the final points are counted from.
    pub return_points: Points,
    /// Oka: what the first place takes on top (`Points(200)` is 20.0; usually 4 x (return -
    /// start)).
    pub oka: Points,
    pub uma: Uma,
    pub chombo: Chombo,
}

impl RuleOptions {
    /// These options with the match's own point rule: its honba value and, when it says one,
    /// its no-ten total.
    pub fn with_point_rule(mut self, rule: Option<&PointRule>) -> RuleOptions {
        if let Some(r) = rule {
            self.honba = r.honba;
            if let Some(n) = r.noten_total {
                self.noten_total = n;
            }
        }
        self
    }

    /// Which indicators a frame turns under these rules.
    pub fn indicators(&self) -> Indicators {
        Indicators { kan_dora: self.kan_dora, ura: self.ura_dora, kan_ura: self.kan_ura && self.ura_dora }
    }

    /// The standard's point rule (`ptr[...]`) these options write, when their uma is symmetric
    /// (the standard holds two uma values: 4th to 1st and 3rd to 2nd) and the oka is four times
    /// the return less the start. An uma by how many finish above the return points writes its
    /// row for two (the rules comment carries the rest, and the final points follow it).
    pub fn point_rule(&self) -> Option<PointRule> {
        let [a, b, c, d] = self.uma.by_place(2);
        let oka_fits = self.oka.0 == 4 * (self.return_points.0 - self.start.0);
        (a == -d && b == -c && oka_fits).then_some(PointRule {
            start: self.start,
            return_points: self.return_points,
            uma_4_to_1: Points(a),
            uma_3_to_2: Points(b),
            honba: self.honba,
            noten_total: None,
        })
    }
}

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions::M_LEAGUE
    }
}

/// A preset of the point rules (`ptr[...]`): start and return points, uma, honba.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PointPreset {
    /// 25.0 start, 30.0 return, uma 30.0 / 10.0, honba 0.3.
    MLeague,
    /// 25.0 start, 30.0 return, uma 20.0 / 10.0, honba 0.3 (tenhou and most online play).
    Tenhou,
    /// 30.0 start, 30.0 return (no oka), uma 15.0 / 5.0, honba 0.3 (common in league play).
    NoOka,
}

impl PointPreset {
    pub const ALL: [PointPreset; 3] = [PointPreset::MLeague, PointPreset::Tenhou, PointPreset::NoOka];

    pub fn rule(self) -> PointRule {
        let p = |start, retn, u41, u32| PointRule {
            start: Points(start),
            return_points: Points(retn),
            uma_4_to_1: Points(u41),
            uma_3_to_2: Points(u32),
            honba: Points(3),
            noten_total: None,
        };
        match self {
            PointPreset::MLeague => PointRule::M_LEAGUE,
            PointPreset::Tenhou => p(250, 300, 200, 100),
            PointPreset::NoOka => p(300, 300, 150, 50),
        }
    }

    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            PointPreset::MLeague => tr!("scoring-points-m-league"),
            PointPreset::Tenhou => tr!("scoring-points-tenhou"),
            PointPreset::NoOka => tr!("scoring-points-no-oka"),
        }
        .get(lang)
    }

    /// The preset whose numbers `rule` has, if any.
    pub fn of(rule: &PointRule) -> Option<PointPreset> {
        PointPreset::ALL.into_iter().find(|p| {
            let r = p.rule();
            (r.start, r.return_points, r.uma_4_to_1, r.uma_3_to_2, r.honba)
                == (rule.start, rule.return_points, rule.uma_4_to_1, rule.uma_3_to_2, rule.honba)
        })
    }
}
