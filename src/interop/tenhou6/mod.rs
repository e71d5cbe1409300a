//! tenhou.net/6 JSON logs: `{"title":[..], "name":[4], "rule":{..}, "log":[kyoku..]}`.
//!
//! Each kyoku is 17 items: `[kyoku, honba, kyotaku]`, the start scores, the dora and ura
//! indicators, then for each player its start hand, its takes (draws and calls) and its discards,
//! then the result. Players are absolute (0 is the first dealer); a `.jmjp` frame counts seats from
//! its dealer, so every list is rotated on the way in and out.
//!
//! The log keeps each player's takes and discards apart and does not say how they interleave.
//! [`import`] rebuilds the order by replaying the kyoku on the rules engine's table: after each
//! discard, a player whose next take is a call on exactly that tile from exactly that seat may
//! call it or let it pass. Both are tried (the call first); a path that breaks a rule of the table
//! or leaves the lists unconsumed is abandoned. That is how the classic trap (the same tile
//! discarded twice in a row, called only the second time) is resolved.

mod codes;
mod items;
pub(crate) mod kyoku;
mod log;
mod place;
mod read;
mod rebuild;
mod room;
mod write;

pub use codes::{code_of, tile_from_code};
pub use log::{Tenhou6Log, Tenhou6Rule};
pub(crate) use read::frame_of;
pub use read::{decode, import, rules_of_room};
pub use room::{Game, Rank, tenhou_disp};
pub use write::{export, export_match, viewer_url};
