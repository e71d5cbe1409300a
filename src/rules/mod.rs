//! The table's rules: replay a frame act by act, say what may legally come next, and judge a
//! whole record with diagnostics of two severities. Errors are what cannot physically happen (a
//! fifth copy of a tile, a discard of a tile not in the hand, a wrong turn); warnings are breaches
//! that happen at real tables and must still be recordable (riichi under 1000 points, a win on an
//! incomplete hand). Unknown tiles (`uk`) satisfy every check they take part in. No UI here.

mod discard;
pub mod hands;
pub mod legal;
mod likely_discard;
pub mod options;
pub mod penalty;
pub mod repair;
pub mod shanten;
pub mod shape;
pub mod simulate;
pub mod table;
pub mod upgrade;
pub mod validate;
pub mod variations;

pub use hands::{fill_end_hands, furo_of};
pub use legal::{Call, Expect};
pub use table::{FrameEnd, LastDiscard, Meld, MeldKind, Phase, RiverTile, SeatState, Table, dora_of, indicator_of};
pub use upgrade::upgrade_v0;
pub use validate::{FrameSummary, Incremental, check, check_frame, check_under, rules_of, rules_or};
pub use variations::{Abortive, abortive_reason};
