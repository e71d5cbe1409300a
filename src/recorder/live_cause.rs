//! The likely causes of the error the record being made has, as the recorder's header lists them:
//! at the live end the entry just typed first ("S holds 9m, not 9s: did you mean 9m?"), each
//! numbered for Alt+1..9. `F` (or Alt and its number) makes the fix of the entry just typed at
//! once; any other fix (a start hand, an earlier act, an indicator) is first named on a line of
//! its own and made by a second `F` or Enter, so nothing the scorer did not see changes.

use std::sync::Arc;

use crate::document::{Document, Revision};
use crate::format::{Discard, Seat, Tile};
use crate::i18n::{Text, tr};
use crate::rules::Table;
use crate::rules::repair::{Cause, Correction, EndHands, live};

use super::session::Snapshot;

/// How many causes the header lists (Alt+1..9).
pub const LISTED: usize = 9;
/// How many of them may be tiles for the entry just typed (any held tile may fit it).
const ENTRY_TILES: usize = 5;

/// The likely causes of the frame being recorded, the likeliest first.
#[derive(Clone, Debug)]
pub struct LiveCauses {
    /// The match and the frame (their indexes).
    pub match_index: usize,
    pub frame: usize,
    /// The frame's last act: the entry just typed.
    last: Option<usize>,
    /// The table before the last act.
    before: Option<Table>,
    pub causes: Vec<Cause>,
}

/// A fix named and waiting for a second `F` or Enter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Armed {
    /// The cause (its place in the list).
    pub index: usize,
    /// The document as it was when it was named: any change drops it.
    pub revision: Revision,
}

/// What a press of F, or Alt and a number, does.
pub enum Pressed {
    /// Make this fix now.
    Make(Box<Cause>),
    /// Name this fix and wait for a second press.
    Name(Armed),
    /// No cause has that number.
    Nothing,
}

/// The likely causes of the error the record being made has (none when it has no error, or no
/// change explains it), ranked for the scorer at the live end.
pub fn live_causes(doc: &Document, snap: &Snapshot) -> Option<LiveCauses> {
    if snap.errors == 0 {
        return None;
    }
    let (mi, fi) = snap.at?;
    let frame = doc.frame(mi, fi)?;
    let found: Arc<Vec<Cause>> = doc.causes(mi, fi, EndHands::Derived);
    if found.is_empty() {
        return None;
    }
    let last = frame.flow.as_ref().and_then(|f| f.acts.len().checked_sub(1));
    let before = last.and_then(|l| Table::replay(frame, l));
    let mut live = LiveCauses { match_index: mi, frame: fi, last, before, causes: live::at_live_end(frame, &found) };
    // One line a cause: a change that reads as one listed already (the same tile, riichi or not)
    // is not listed again.
    let lines: Vec<Text> = (0..live.causes.len()).map(|i| live.line(i)).collect();
    let mut kept = Vec::new();
    for (i, c) in std::mem::take(&mut live.causes).into_iter().enumerate() {
        if !lines[..i].contains(&lines[i]) {
            kept.push(c);
        }
    }
    // The likeliest tiles for the entry, then the changes elsewhere: both kinds stay in the list.
    let is_entry = |c: &Cause| last.is_some_and(|l| live::entry_change(c, l).is_some());
    let entries = kept.iter().filter(|c| is_entry(c)).take(ENTRY_TILES);
    live.causes = entries.chain(kept.iter().filter(|c| !is_entry(c))).cloned().collect();
    live.causes.truncate(LISTED);
    Some(live)
}

impl LiveCauses {
    /// True when cause `i` changes only the entry just typed (made at once).
    pub fn is_entry(&self, i: usize) -> bool {
        match (self.causes.get(i), self.last) {
            (Some(c), Some(last)) => live::entry_change(c, last).is_some(),
            _ => false,
        }
    }

    /// What pressing F (`i` = 0) or Alt+`i + 1` does, with `armed` the fix named before.
    pub fn press(&self, i: usize, armed: Option<Armed>, revision: Revision) -> Pressed {
        let Some(cause) = self.causes.get(i) else { return Pressed::Nothing };
        let named = armed.is_some_and(|a| a.index == i && a.revision == revision);
        if named || self.is_entry(i) {
            Pressed::Make(Box::new(cause.clone()))
        } else {
            Pressed::Name(Armed { index: i, revision })
        }
    }

    /// Cause `i` in the header's words: the entry as meant ("S holds 9m, not 9s: did you mean
    /// 9m?"), or the change elsewhere as the problems list says it.
    pub fn line(&self, i: usize) -> Text {
        let Some(c) = self.causes.get(i) else { return Text::default() };
        let (Some(last), Some(before)) = (self.last, self.before.as_ref()) else { return c.what() };
        let Some((from, to)) = live::entry_change(c, last) else { return c.what() };
        match live::meant(before, from, to) {
            Some(m) if m.typed.is_some() && !m.typed_held => tr!(
                "recorder-live-meant",
                seat = m.seat.word(),
                meant = m.meant,
                typed = m.typed.map_or_else(Text::default, |t| t.text())
            ),
            // Space typed where nothing was drawn (after a call).
            Some(m) if m.typed.is_none() && matches!(from.discard, Some(Discard::Tsumogiri | Discard::Karagiri)) => {
                tr!("recorder-live-meant-hand", seat = m.seat.word(), meant = m.meant)
            }
            _ => tr!("recorder-live-entry", fix = to.text(), was = from.text()),
        }
    }

    /// The seat and the tile of a start hand cause `i` says was there (a tile typed for it).
    pub fn start_tile(&self, i: usize) -> Option<(Seat, Tile)> {
        match self.causes.get(i)?.change {
            Correction::StartTile { seat, to, .. } => Some((seat, to)),
            _ => None,
        }
    }

    /// Cause `i` in a word or two for the list: the tile it makes the entry let go of (a start
    /// hand's: the tile typed for the one that was there), else the act it makes the entry, as
    /// the file writes it.
    pub fn short(&self, i: usize) -> Text {
        let Some(c) = self.causes.get(i) else { return Text::default() };
        if let Correction::StartTile { from, .. } = c.change {
            return from.text();
        }
        let (Some(last), Some(before)) = (self.last, self.before.as_ref()) else { return c.what() };
        let Some((from, to)) = live::entry_change(c, last) else { return c.what() };
        match live::meant(before, from, to) {
            Some(m) if matches!(to.discard, Some(Discard::Riichi(_))) => {
                tr!("recorder-live-tile-riichi", tile = m.meant)
            }
            Some(m) => m.meant.text(),
            None => to.text(),
        }
    }

    /// What the fix of cause `i` changes, named before it is made.
    pub fn naming(&self, i: usize) -> Text {
        let what = self.causes.get(i).map(Cause::what).unwrap_or_default();
        tr!("recorder-live-named", what = what, key = super::keys::fix_key_name())
    }
}
