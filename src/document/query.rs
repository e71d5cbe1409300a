//! Questions asked of the open document about the match being recorded: which match and frame
//! that is, whether the frame has ended, which dora indicator is still to be entered. The
//! recorder's session, its entries and its screen ask them; nothing here changes the document.

use super::open_document::Document;
use crate::format::{Frame, dora_slot};
use crate::rules::Table;

/// The match being recorded: the last one of the file.
pub fn match_index(doc: &Document) -> Option<usize> {
    doc.paifu().matches.len().checked_sub(1)
}

/// The frame being recorded, or the last one recorded: the last frame of the last match.
pub fn current_frame(doc: &Document) -> Option<(usize, usize, &Frame)> {
    let mi = match_index(doc)?;
    let m = &doc.paifu().matches[mi];
    let fi = m.frames.len().checked_sub(1)?;
    Some((mi, fi, &m.frames[fi]))
}

/// True when `frame` has been finished (its end points are recorded).
pub fn is_finished(frame: &Frame) -> bool {
    frame.end_points.is_some()
}

/// The slot of the first dora indicator that may be entered now: the dora, then one kan dora for
/// each kan declared so far (a scorer types an indicator when it is seen, which under some rules
/// is a little after the kan: the problems list says when one is missing, by the match's rules);
/// none for a kan where the rules play no kan dora.
pub fn missing_indicator(f: &Frame, kan_dora: crate::rules::options::KanDora) -> Option<usize> {
    // Where kan dora are not played, a kan turns no indicator to enter.
    let kans = match kan_dora {
        crate::rules::options::KanDora::None => 0,
        _ => Table::replay(f, usize::MAX).map_or(0, |t| usize::from(t.kans.min(4))),
    };
    (0..=kans).map(dora_slot).find(|&s| f.dora.get(s).is_none_or(|t| t.is_unknown()))
}
