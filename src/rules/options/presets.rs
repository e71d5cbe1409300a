//! The presets: the rules of the leagues and sites, each value as the guide's preset table
//! sources it (docs/src/rule-presets.md), or marked there "not confirmed" with the reading chosen.

use crate::format::Points;
use crate::i18n::{Lang, tr};

use super::{
    AbortiveDraws, BelowZero, Chombo, DoubleRon, KanDora, KyoutakuLeft, PaoHonba, PaoTsumo, PaoYaku, RuleOptions,
    TieBreak, Uma,
};

impl RuleOptions {
    /// M League rules as published: kuitan, one red five of each suit, ura, kan dora at once and
    /// kan ura, ippatsu, kiriage mangan, atamahane, yakuman that add up (no double for a single
    /// yakuman's wait), no kazoe yakuman, no nagashi mangan, no chankan on an ankan, no abortive
    /// draws, play below
    /// zero, pao on daisangen, daisuushii and suukantsu (the discarder pays a pao ron's honba),
    /// 25,000 start, 30,000 return, uma 30/10 shared on ties, chombo 20 points off the final points.
    pub const M_LEAGUE: RuleOptions = RuleOptions {
        open_tanyao: true,
        red_fives: true,
        ura_dora: true,
        kan_dora: KanDora::AtOnce,
        kan_ura: true,
        ippatsu: true,
        double_yakuman: false,
        yakuman_add_up: true,
        kazoe_yakuman: false,
        kiriage: true,
        double_ron: DoubleRon::Atamahane,
        honba: Points(3),
        noten_total: Points(30),
        nagashi_mangan: false,
        tie_break: TieBreak::Split,
        kyoutaku_left: KyoutakuLeft::ToFirst,
        abortive: AbortiveDraws::NONE,
        pao: PaoYaku::DRAGONS_WINDS_KANS,
        pao_tsumo: PaoTsumo::ItsYakuman,
        pao_ron_honba: PaoHonba::Discarder,
        below_zero: BelowZero::PlaysOn,
        start: Points(250),
        return_points: Points(300),
        oka: Points(200),
        uma: Uma::symmetric(300, 100),
        chombo: Chombo::Final(Points(200)),
    };

    /// tenhou.net ranked rules: kuitan, red fives, no kiriage, double ron (three rons are an
    /// abortive draw), kazoe yakuman, yakuman that add up, the kan dora of an open kan after the
    /// replacement discard, abortive draws, the match ends below zero, pao on daisangen and
    /// daisuushii, paid whole on a tsumo, the honba of a pao ron paid by the liable seat.
    pub const TENHOU: RuleOptions = RuleOptions {
        open_tanyao: true,
        red_fives: true,
        ura_dora: true,
        kan_dora: KanDora::OpenAfterDiscard,
        kan_ura: true,
        ippatsu: true,
        double_yakuman: false,
        yakuman_add_up: true,
        kazoe_yakuman: true,
        kiriage: false,
        double_ron: DoubleRon::Allowed,
        honba: Points(3),
        noten_total: Points(30),
        nagashi_mangan: true,
        tie_break: TieBreak::SeatOrder,
        kyoutaku_left: KyoutakuLeft::ToFirst,
        abortive: AbortiveDraws::ALL,
        pao: PaoYaku::DRAGONS_WINDS,
        pao_tsumo: PaoTsumo::Whole,
        pao_ron_honba: PaoHonba::Liable,
        below_zero: BelowZero::MatchEnds,
        start: Points(250),
        return_points: Points(300),
        oka: Points(200),
        uma: Uma::symmetric(200, 100),
        chombo: Chombo::Mangan,
    };

    /// Mahjong Soul ranked rules: as tenhou, but a single yakuman's wait counts double (four
    /// concealed triplets on a pair wait, thirteen-wait kokushi, pure nine gates, big four winds),
    /// pao pays only the yakuman it covers, and three rons on one tile are all paid.
    pub const MAHJONG_SOUL: RuleOptions = RuleOptions {
        double_yakuman: true,
        pao_tsumo: PaoTsumo::ItsYakuman,
        abortive: AbortiveDraws { triple_ron: false, ..AbortiveDraws::ALL },
        pao_ron_honba: PaoHonba::Discarder,
        ..RuleOptions::TENHOU
    };

    /// JPML (日本プロ麻雀連盟) 公式ルール as revised in 2023: no red fives, no ippatsu, ura, kan dora
    /// or kan ura, 30,000 start with no oka, uma by how many players finish at or above 30,000,
    /// no kazoe, no kiriage, 3,000 no-ten, atamahane, no abortive draws, pao on daisangen,
    /// daisuushii and suukantsu (a tsumo paid whole by the liable seat; the discarder pays a pao
    /// ron's honba). The guide's table gives each value's source.
    pub const JPML: RuleOptions = RuleOptions {
        open_tanyao: true,
        red_fives: false,
        ura_dora: false,
        kan_dora: KanDora::None,
        kan_ura: false,
        ippatsu: false,
        double_yakuman: false,
        yakuman_add_up: true,
        kazoe_yakuman: false,
        kiriage: false,
        double_ron: DoubleRon::Atamahane,
        honba: Points(3),
        noten_total: Points(30),
        nagashi_mangan: false,
        tie_break: TieBreak::Split,
        kyoutaku_left: KyoutakuLeft::Lost,
        abortive: AbortiveDraws::NONE,
        pao: PaoYaku::DRAGONS_WINDS_KANS,
        pao_tsumo: PaoTsumo::Whole,
        pao_ron_honba: PaoHonba::Discarder,
        below_zero: BelowZero::PlaysOn,
        start: Points(300),
        return_points: Points(300),
        oka: Points(0),
        uma: Uma::ByFloat([[120, -10, -30, -80], [80, 40, -40, -80], [80, 30, 10, -120]]),
        chombo: Chombo::Final(Points(200)),
    };

    /// EMA Riichi Competition Rules (2016): no red fives, ura, kan dora at once and kan ura,
    /// ippatsu, no kazoe (13 han is a sanbaiman), no kiriage, single yakuman that do not add up,
    /// several rons each paid, no abortive draws, no nagashi mangan, 30,000 start with no oka,
    /// uma 15/5, ties sharing the uma, pao on daisangen and daisuushii, chombo 20,000 points
    /// off the final score.
    pub const EMA: RuleOptions = RuleOptions {
        open_tanyao: true,
        red_fives: false,
        ura_dora: true,
        kan_dora: KanDora::AtOnce,
        kan_ura: true,
        ippatsu: true,
        double_yakuman: false,
        yakuman_add_up: false,
        kazoe_yakuman: false,
        kiriage: false,
        double_ron: DoubleRon::Allowed,
        honba: Points(3),
        noten_total: Points(30),
        nagashi_mangan: false,
        tie_break: TieBreak::Split,
        kyoutaku_left: KyoutakuLeft::ToFirst,
        abortive: AbortiveDraws::NONE,
        pao: PaoYaku::DRAGONS_WINDS,
        pao_tsumo: PaoTsumo::Whole,
        pao_ron_honba: PaoHonba::Discarder,
        below_zero: BelowZero::PlaysOn,
        start: Points(300),
        return_points: Points(300),
        oka: Points(0),
        uma: Uma::symmetric(150, 50),
        chombo: Chombo::Final(Points(200)),
    };

    /// World Riichi Championship rules (the 2015 rule book, as the EMA's 2016 comparison and the
    /// rule book's author state it): as EMA's, but atamahane, kiriage, and riichi sticks left at
    /// the end lost.
    pub const WRC: RuleOptions = RuleOptions {
        double_ron: DoubleRon::Atamahane,
        kiriage: true,
        kyoutaku_left: KyoutakuLeft::Lost,
        ..RuleOptions::EMA
    };

    /// RMU (RMU 公式ルール, A rules): no red fives, ura, kan dora and kan ura, ippatsu, 30,000
    /// start and return, uma 15/5 shared on ties, no abortive draws, atamahane, 3,000 no-ten, 300
    /// a honba, no tobi.
    pub const RMU: RuleOptions =
        RuleOptions { double_ron: DoubleRon::Atamahane, kyoutaku_left: KyoutakuLeft::Lost, ..RuleOptions::EMA };
}

/// The rule presets a user picks from (settings, `--rules`, a match's rules comment).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum RulesPreset {
    #[default]
    MLeague,
    Tenhou,
    MahjongSoul,
    Jpml,
    Ema,
    Wrc,
    Rmu,
}

impl RulesPreset {
    pub const ALL: [RulesPreset; 7] = [
        RulesPreset::MLeague,
        RulesPreset::Tenhou,
        RulesPreset::MahjongSoul,
        RulesPreset::Jpml,
        RulesPreset::Ema,
        RulesPreset::Wrc,
        RulesPreset::Rmu,
    ];

    pub fn options(self) -> RuleOptions {
        match self {
            RulesPreset::MLeague => RuleOptions::M_LEAGUE,
            RulesPreset::Tenhou => RuleOptions::TENHOU,
            RulesPreset::MahjongSoul => RuleOptions::MAHJONG_SOUL,
            RulesPreset::Jpml => RuleOptions::JPML,
            RulesPreset::Ema => RuleOptions::EMA,
            RulesPreset::Wrc => RuleOptions::WRC,
            RulesPreset::Rmu => RuleOptions::RMU,
        }
    }

    /// The name the command line and the rules comment take: `m-league`, `tenhou`,
    /// `mahjong-soul`, `jpml`, `ema`, `wrc`, `rmu`.
    pub fn code(self) -> &'static str {
        match self {
            RulesPreset::MLeague => "m-league",
            RulesPreset::Tenhou => "tenhou",
            RulesPreset::MahjongSoul => "mahjong-soul",
            RulesPreset::Jpml => "jpml",
            RulesPreset::Ema => "ema",
            RulesPreset::Wrc => "wrc",
            RulesPreset::Rmu => "rmu",
        }
    }

    /// The preset of a code, in any case.
    pub fn from_code(code: &str) -> Option<RulesPreset> {
        RulesPreset::ALL.into_iter().find(|p| p.code().eq_ignore_ascii_case(code.trim()))
    }

    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            RulesPreset::MLeague => tr!("scoring-rules-m-league"),
            RulesPreset::Tenhou => tr!("scoring-rules-tenhou"),
            RulesPreset::MahjongSoul => tr!("scoring-rules-mahjong-soul"),
            RulesPreset::Jpml => tr!("scoring-rules-jpml"),
            RulesPreset::Ema => tr!("scoring-rules-ema"),
            RulesPreset::Wrc => tr!("scoring-rules-wrc"),
            RulesPreset::Rmu => tr!("scoring-rules-rmu"),
        }
        .get(lang)
    }
}
