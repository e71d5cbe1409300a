//! What the match's rules change at the desk: a red five refused where none is played, and a
//! chombo's choices as the rules pay it.

use super::entry::Entry;
use crate::document::{Document, current_frame, is_finished};
use crate::format::{Seat, Tile};
use crate::i18n::{Text, tr};

/// Whether the rules of the match being recorded play red fives.
pub fn red_fives_played(doc: &Document) -> bool {
    let mi = current_frame(doc).map_or(doc.paifu().matches.len().saturating_sub(1), |(mi, _, _)| mi);
    doc.match_rules(mi).red_fives
}

/// Why a red five is refused: "0m is a red five, but this match's rules play without red fives:
/// type 5m".
pub fn red_five_not_played(t: Tile) -> Text {
    tr!("recorder-problem-red-five", tile = t, plain = t.plain().code())
}

/// The chombo of each seat, as the rules of the match being recorded pay it (a mangan at the
/// table, or points off the final points): the frame's comment with its penalties, and the end
/// points they give (the hand is void: its riichi sticks go back). Empty when no frame is being
/// recorded.
pub(super) fn chombo_choices(doc: &Document) -> Vec<(String, Entry)> {
    let Some((mi, _, frame)) = current_frame(doc) else { return Vec::new() };
    if is_finished(frame) {
        return Vec::new();
    }
    let rules = doc.match_rules(mi);
    let start = frame.start_points.unwrap_or([crate::format::Points(250); 4]);
    Seat::ALL
        .into_iter()
        .map(|seat| {
            let penalties = crate::rules::penalty::chombo(seat, &rules);
            let comment = crate::rules::penalty::with_penalties(frame.comment.as_ref(), &penalties);
            let voided = crate::format::Frame { comment: comment.clone(), ..frame.clone() };
            let moved = crate::rules::penalty::table_deltas(&voided);
            let end_points =
                std::array::from_fn(|i| crate::format::Points(start[i].0.saturating_add((moved[i] / 100) as i32)));
            let said: Vec<String> = penalties.iter().map(|p| p.text()).collect();
            let label = format!("{seat}: {}", said.join("; "));
            let text = comment.and_then(|c| c.native).unwrap_or_default();
            (label, Entry::Chombo { comment: text, end_points })
        })
        .collect()
}
