//! Win evaluation: a complete hand split every way it can be, each split scored (yaku, han, fu
//! with its breakdown, limit), the best kept, and the payments that follow.
//!
//! Tiles are the 34 kinds of [`crate::rules::shape`] (1m..9m, 1p..9p, 1s..9s, E S W N, white
//! green red). The situation (riichi, ippatsu, winds, dora counted by the caller) comes in a
//! [`Situation`]; rule options in a [`WinRules`]. No table, no file, no UI here: the recorder and
//! `score` build the inputs from a replayed frame.

mod evaluate;
mod reading;
mod value;
mod yaku;

pub use evaluate::evaluate;
pub use value::{
    FuPart, Limit, Mentsu, NoWin, Payment, Set, Situation, Value, WinHand, WinRules, Yaku, dora_count, limit_of,
    payment,
};
