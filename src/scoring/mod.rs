//! Scoring: the payments the table owes at the end of a frame and the final points of a match,
//! computed so the scorer confirms instead of calculating. Draws (no-ten payments, nagashi
//! mangan, abortive draws), the match end (oka, uma, leftover kyoutaku, ties) and the value of a
//! winning hand (yaku, han, fu, limits, payments). No UI here.

pub mod check;
pub mod draw;
pub mod final_points;
pub mod frame;
pub mod win;

pub use crate::rules::options::{DoubleRon, KyoutakuLeft, PointPreset, RuleOptions, RulesPreset, TieBreak};
pub use check::PointsCheck;
pub use draw::{DrawPayments, exhaustive_draw};
pub use final_points::{FinalPoints, PlayerResult, final_points};
pub use frame::{FrameScore, Settlement, WinScore, score_frame};
pub use win::{Limit, NoWin, Payment, Situation, Value, WinHand, WinRules, Yaku, evaluate, payment};
