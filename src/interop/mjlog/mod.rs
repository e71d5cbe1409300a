//! tenhou's own game logs, mjlog: XML, one tag per event.
//!
//! ```text
//! <mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="%E3%81%82" .. dan=".." rate=".."/>
//! <TAIKYOKU oya="0"/><INIT seed=".." ten=".." oya="0" hai0=".." .. hai3=".."/>
//! <T12/><D12/><U40/><E77/><N who="2" m="51305"/><REACH who="0" step="1"/> .. <AGARI .../>
//! ```
//!
//! `<GO/>` gives the room by the bits of its `type` (red fives, open tanyao, East or South game,
//! three players, the lobby, the fast game); `<UN/>` the players' %-encoded names, ranks and
//! rates. Each kyoku runs from `<INIT/>` (round, honba, riichi sticks, dice, the dora indicator;
//! the scores in hundreds; the start hands) to one `<AGARI/>` per winner or a `<RYUUKYOKU/>`.
//! Tiles are numbers 0-135, four of each kind (`n / 4`); 16, 52 and 88 are the red fives.
//! Draws are `<T/>` `<U/>` `<V/>` `<W/>` and discards `<D/>` `<E/>` `<F/>` `<G/>` for the
//! players 0-3, followed by the tile's number; `<N/>` is a call packed into bits (`meld.rs`).
//!
//! Each kyoku is made the kyoku the tenhou.net/6 reader makes of the same game, and a frame by
//! that reader's own code: an mjlog and the tenhou.net/6 log of one game give the same record.
//! The caller uncompresses a gzipped log (tenhou serves them so); this module reads text.

mod draft;
mod game;
mod meld;
mod read;
mod values;
mod xml;

pub use read::{import, import_noted};
pub use xml::looks_like;
