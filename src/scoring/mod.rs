//! Scoring: the payments the table owes at the end of a frame and the final points of a match,
//! computed so the scorer confirms instead of calculating. This part covers draws (no-ten
//! payments, nagashi mangan, abortive draws) and the match end (oka, uma, leftover kyoutaku,
//! ties); the evaluation of wins (yaku, han, fu) is still to come. No UI here.

pub mod draw;
pub mod final_points;
pub mod options;

pub use draw::{DrawPayments, exhaustive_draw};
pub use final_points::{FinalPoints, PlayerResult, final_points};
pub use options::{KyoutakuLeft, RuleOptions, TieBreak};
