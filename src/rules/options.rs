//! The rule options scoring depends on, as one value with presets.

use serde::{Deserialize, Serialize};

use crate::format::{PointRule, Points};
use crate::i18n::{Lang, tr};

/// How players with equal points are ranked at the end of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// The player nearer the first dealer (lower plyerId) ranks higher (M League, tenhou).
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

/// Rule options, as one value with presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleOptions {
    /// Tanyao counts for an open hand (kuitan).
    pub open_tanyao: bool,
    /// Red fives count as dora.
    pub red_fives: bool,
    /// Thirteen-wait kokushi, four concealed triplets on a single wait, pure nine gates and big
    /// four winds are double yakuman (else each yakuman counts once; two yakuman still add up).
    pub double_yakuman: bool,
    /// 13 han and more from ordinary yaku is a yakuman (else a sanbaiman).
    pub kazoe_yakuman: bool,
    /// 4 han 30 fu and 3 han 60 fu are rounded up to a mangan (切り上げ満貫).
    pub kiriage: bool,
    pub double_ron: DoubleRon,
    /// What one honba adds to a win in total (ptHonba: 300 points is `Points(3)`).
    pub honba: Points,
    /// The no-ten payment of an exhaustive draw, in total (3000 points is `Points(30)`).
    pub noten_total: Points,
    /// Nagashi mangan is paid as a mangan tsumo (and replaces the no-ten payments).
    pub nagashi_mangan: bool,
    pub tie_break: TieBreak,
    pub kyoutaku_left: KyoutakuLeft,
    pub kan_dora: KanDora,
    /// Abortive draws end a frame early: nine terminals, four winds, four kans, four riichi.
    pub abortive_draws: bool,
    /// Three rons on one tile are an abortive draw (where double ron is allowed); else all three
    /// are paid.
    pub three_rons_draw: bool,
    /// Suukantsu is a yakuman one seat may be liable for (pao), as daisangen and daisuushii are.
    pub pao_suukantsu: bool,
    pub pao_tsumo: PaoTsumo,
    pub below_zero: BelowZero,
}

impl RuleOptions {
    /// M League rules as published: kuitan, one red five of each suit, kiriage mangan,
    /// atamahane, yakuman that only add up (no double for a single yakuman's wait), no kazoe
    /// yakuman, every kan dora at once, no chankan on an ankan, no abortive draws, play below
    /// zero, pao on daisangen, daisuushii and suukantsu.
    pub const M_LEAGUE: RuleOptions = RuleOptions {
        open_tanyao: true,
        red_fives: true,
        double_yakuman: false,
        kazoe_yakuman: false,
        kiriage: true,
        double_ron: DoubleRon::Atamahane,
        honba: Points(3),
        noten_total: Points(30),
        nagashi_mangan: true,
        tie_break: TieBreak::SeatOrder,
        kyoutaku_left: KyoutakuLeft::ToFirst,
        kan_dora: KanDora::AtOnce,
        abortive_draws: false,
        three_rons_draw: false,
        pao_suukantsu: true,
        pao_tsumo: PaoTsumo::ItsYakuman,
        below_zero: BelowZero::PlaysOn,
    };

    /// tenhou.net ranked rules: kuitan, red fives, no kiriage, double ron (three rons are an
    /// abortive draw), kazoe yakuman, yakuman that only add up, the kan dora of an open kan after
    /// the replacement discard, abortive draws, the match ends below zero, pao on daisangen and
    /// daisuushii, paid whole on a tsumo.
    pub const TENHOU: RuleOptions = RuleOptions {
        open_tanyao: true,
        red_fives: true,
        double_yakuman: false,
        kazoe_yakuman: true,
        kiriage: false,
        double_ron: DoubleRon::Allowed,
        honba: Points(3),
        noten_total: Points(30),
        nagashi_mangan: true,
        tie_break: TieBreak::SeatOrder,
        kyoutaku_left: KyoutakuLeft::ToFirst,
        kan_dora: KanDora::OpenAfterDiscard,
        abortive_draws: true,
        three_rons_draw: true,
        pao_suukantsu: false,
        pao_tsumo: PaoTsumo::Whole,
        below_zero: BelowZero::MatchEnds,
    };

    /// Mahjong Soul ranked rules: as tenhou, but a single yakuman's wait counts double (four
    /// concealed triplets on a pair wait, thirteen-wait kokushi, pure nine gates, big four winds),
    /// pao pays only the yakuman it covers, and three rons on one tile are all paid.
    pub const MAHJONG_SOUL: RuleOptions = RuleOptions {
        double_yakuman: true,
        pao_tsumo: PaoTsumo::ItsYakuman,
        three_rons_draw: false,
        ..RuleOptions::TENHOU
    };

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
}

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions::M_LEAGUE
    }
}

/// The rule presets a user picks from (settings, `--rules`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum RulesPreset {
    #[default]
    MLeague,
    Tenhou,
    MahjongSoul,
}

impl RulesPreset {
    pub const ALL: [RulesPreset; 3] = [RulesPreset::MLeague, RulesPreset::Tenhou, RulesPreset::MahjongSoul];

    pub fn options(self) -> RuleOptions {
        match self {
            RulesPreset::MLeague => RuleOptions::M_LEAGUE,
            RulesPreset::Tenhou => RuleOptions::TENHOU,
            RulesPreset::MahjongSoul => RuleOptions::MAHJONG_SOUL,
        }
    }

    /// The name the command line takes: `m-league`, `tenhou`, `mahjong-soul`.
    pub fn code(self) -> &'static str {
        match self {
            RulesPreset::MLeague => "m-league",
            RulesPreset::Tenhou => "tenhou",
            RulesPreset::MahjongSoul => "mahjong-soul",
        }
    }

    /// The preset a match says it follows (`// rules: tenhou` in its file), if it names a
    /// known one.
    pub fn of_match(m: &crate::format::Match) -> Option<RulesPreset> {
        m.rules.as_deref().and_then(RulesPreset::from_code)
    }

    pub fn from_code(code: &str) -> Option<RulesPreset> {
        RulesPreset::ALL.into_iter().find(|p| p.code() == code)
    }

    pub fn label(self, lang: crate::i18n::Lang) -> &'static str {
        match self {
            RulesPreset::MLeague => tr!("scoring-rules-m-league"),
            RulesPreset::Tenhou => tr!("scoring-rules-tenhou"),
            RulesPreset::MahjongSoul => tr!("scoring-rules-mahjong-soul"),
        }
        .get(lang)
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
