//! The deal of the next frame, as the deal form starts with it: the frame after the last one
//! recorded, its honba, kyoutaku and start points following from how that frame ended.

use super::entry::Deal;
use crate::document::{Document, current_frame, match_index};
use crate::format::{Frame, FrameId, Points, Seat, Tile};
use crate::rules::Table;
use crate::rules::validate::{FrameSummary, carried_kyoutaku, next_ids};

/// The deal the next frame starts with: its id, honba, kyoutaku and start points follow from how
/// the last frame ended (the dealer stays on a dealer win, a dealer tenpai at an exhaustive draw
/// and an abortive draw; a chombo plays the same frame again); hands and indicator are left for
/// the scorer.
pub fn next_deal(doc: &Document) -> Deal {
    let empty = [Vec::new(), Vec::new(), Vec::new(), Vec::new()];
    // The match's ptr, else the rules it is recorded under.
    let start = match_index(doc).map_or(Points(250), |mi| {
        doc.paifu().matches[mi].point_rule.map_or_else(|| doc.match_rules(mi).start, |r| r.start)
    });
    let first = Deal {
        id: FrameId { wind: crate::format::Wind::East, number: 1, honba: 0 },
        kyoutaku: Points(0),
        dice: None,
        start_points: Some([start; 4]),
        indicator: Tile::UNKNOWN,
        hands: empty.clone(),
    };
    let Some((_, _, prev)) = current_frame(doc) else { return first };
    let Some(table) = Table::replay(prev, usize::MAX) else { return first };
    let end = table.end();
    let dealer_tenpai = table.is_tenpai(Seat::East).or_else(|| dealer_paid_or_got(prev, &table));
    let voided = crate::rules::penalty::voided(prev);
    let summary = FrameSummary { end, riichi_sticks: table.riichi_sticks, dealer_tenpai, voided };
    let id = next_ids(prev.id, &summary).first().copied().unwrap_or(prev.id.repeated());
    let kyoutaku = carried_kyoutaku(prev.kyoutaku, &summary);
    let start_points = prev.end_points.map(|end| id.by_seat(prev.id.by_player(end)));
    Deal { id, kyoutaku, dice: None, start_points, indicator: Tile::UNKNOWN, hands: empty }
}

/// Dealer tenpai read from the points when the hand does not tell: the dealer gained at the draw.
fn dealer_paid_or_got(f: &Frame, table: &Table) -> Option<bool> {
    let (s, e) = (f.start_points?, f.end_points?);
    let dep = table.deposits();
    let delta = e[0].as_points() - s[0].as_points() + if dep[0] { 1000 } else { 0 };
    match delta {
        d if d > 0 => Some(true),
        d if d < 0 => Some(false),
        _ => None,
    }
}
