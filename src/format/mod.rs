//! The `.jmjp` language: tiles, the record model, the parser, the canonical writer and the
//! structural checks. No UI and no game rules live here.
//!
//! ```
//! use jmjp_studio::format;
//! let text = "jmjp[1.0](mtp[20231002,mon,1900,mlg-std]ply[0,,,,]ply[1,,,,]ply[2,,,,]ply[3,,,,])";
//! let doc = format::parse(text).unwrap();
//! assert!(format::check(&doc.paifu, Some(&doc.source_map)).is_empty());
//! assert!(format::write(&doc.paifu).starts_with("jmjp[1.0]\n(\n  mtp[20231002,mon,1900,mlg-std]\n"));
//! ```

pub mod act_time;
pub mod check;
mod flow_times;
pub mod model;
pub mod names;
pub mod parse;
pub mod shorthand;
pub mod source;
pub mod strlit;
pub mod tile;
pub mod write;

pub use act_time::ActTime;
pub use check::check;
pub use model::*;
pub use names::tiles_text;
pub use parse::{Dialect, ParseError, Parsed, parse, parse_act, parse_frame, parse_frame_id, strip_bom};
pub use shorthand::{Choice, Shorthand};
pub use source::{Diagnostic, LineCol, Pos, RecordPlace, Severity, SourceMap};
pub use tile::{CalledFrom, Points, Seat, Suit, Tile, by_player, by_seat, player_at, seat_at, sort_tiles};
pub use write::{PartRef, act_text, frame_text, furo_text, part_text, write};

impl Parsed {
    /// The structural checks of this document, with positions.
    pub fn check(&self) -> Vec<Diagnostic> {
        check(&self.paifu, Some(&self.source_map))
    }
}
