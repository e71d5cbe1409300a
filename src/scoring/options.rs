//! The rule options scoring depends on, with presets.

use crate::format::Points;

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

/// Rule options, as one value with presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleOptions {
    /// The no-ten payment of an exhaustive draw, in total (3000 points is `Points(30)`).
    pub noten_total: Points,
    /// Nagashi mangan is paid as a mangan tsumo (and replaces the no-ten payments).
    pub nagashi_mangan: bool,
    pub tie_break: TieBreak,
    pub kyoutaku_left: KyoutakuLeft,
}

impl RuleOptions {
    /// M League rules.
    pub const M_LEAGUE: RuleOptions = RuleOptions {
        noten_total: Points(30),
        nagashi_mangan: true,
        tie_break: TieBreak::SeatOrder,
        kyoutaku_left: KyoutakuLeft::ToFirst,
    };

    /// tenhou.net ranked rules.
    pub const TENHOU: RuleOptions = RuleOptions {
        noten_total: Points(30),
        nagashi_mangan: true,
        tie_break: TieBreak::SeatOrder,
        kyoutaku_left: KyoutakuLeft::ToFirst,
    };
}

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions::M_LEAGUE
    }
}
