//! The end form's starting values: the end points of the frame being recorded, worked out from
//! its hands and acts where they can be (a win scored with its ura dora, an exhaustive draw with
//! its tenpai marks), and what the form asks for (ura indicators, tenpai marks).

use super::entry;
use super::session::EndKind;
use crate::document::{Document, current_frame};
use crate::format::{Points, Seat, Tile};
use crate::rules::{FrameEnd, Table};
use crate::scoring::{self, RuleOptions};

/// What the end-of-frame form starts with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndPrefill {
    /// End points, East first: computed from the hands and acts when they can be (a win with its
    /// ura dora, an exhaustive draw with its tenpai marks); otherwise the start points less the
    /// riichi deposits, with the sticks to the winner.
    pub points: [Points; 4],
    /// Tenpai at an exhaustive draw, where the hands tell (`None` where unknown tiles hide it).
    pub tenpai: [Option<bool>; 4],
    /// Ura indicators are asked for: a riichi seat won.
    pub wants_ura: bool,
    /// Number of ura indicators under face-up indicators (1 + each kan's turned).
    pub ura_slots: usize,
    /// The scored result of a win (yaku, han, fu, payments), or a chombo.
    pub result: Option<scoring::Settlement>,
    /// Why a win could not be scored (unknown tiles, errors in the frame).
    pub problem: Option<crate::i18n::Text>,
}

/// The end form's starting values for the frame being recorded; `tenpai` overrides the hands'
/// tenpai at an exhaustive draw, `ura` are the ura indicators typed so far.
pub fn end_prefill(
    doc: &Document,
    kind: EndKind,
    tenpai: Option<[bool; 4]>,
    ura: &[Tile],
    opts: &RuleOptions,
) -> Option<EndPrefill> {
    let (mi, _, frame) = current_frame(doc)?;
    let m = doc.paifu().matches.get(mi);
    let opts =
        m.map_or(*opts, |m| crate::rules::rules_or(m, opts)).with_point_rule(m.and_then(|m| m.point_rule.as_ref()));
    let table = Table::replay(frame, usize::MAX)?;
    let start = frame.start_points.unwrap_or([Points(250); 4]);
    let dep = table.deposits();
    let mut pts: [i64; 4] = std::array::from_fn(|i| start[i].as_points() - if dep[i] { 1000 } else { 0 });
    let mut wants_ura = false;
    let (mut result, mut problem) = (None, None);
    let sure: [Option<bool>; 4] = std::array::from_fn(|i| table.is_tenpai(Seat::from_index(i)));
    let sticks = frame.kyoutaku.map_or(0, |k| k.as_points()) + 1000 * dep.iter().filter(|d| **d).count() as i64;
    match (kind, table.end()) {
        (EndKind::Win, end @ (FrameEnd::Tsumo { .. } | FrameEnd::Ron { .. })) => {
            // Until the win is scored: the sticks go to the winner (nearest the discarder).
            let (first, winners) = match &end {
                FrameEnd::Tsumo { seat, .. } => (Some(*seat), vec![*seat]),
                FrameEnd::Ron { winners, discarder, .. } => {
                    (winners.iter().copied().min_by_key(|w| w.turns_after(*discarder)), winners.clone())
                }
                _ => (None, Vec::new()),
            };
            if let Some(first) = first {
                pts[first.index()] += sticks;
            }
            wants_ura = opts.ura_dora && winners.iter().any(|w| table.seats[w.index()].riichi.is_some());
            let with_ura = entry::with_ura(frame, ura);
            match scoring::score_frame(&with_ura, &opts) {
                Ok(score) => {
                    if let Some(d) = score.deltas {
                        pts = std::array::from_fn(|i| start[i].as_points() + d[i]);
                    }
                    result = Some(score.result);
                }
                Err(why) => problem = Some(why),
            }
        }
        (EndKind::Exhaustive, _) => {
            let marks: [bool; 4] = tenpai.unwrap_or(std::array::from_fn(|i| sure[i].unwrap_or(false)));
            let deltas = scoring::draw::draw_payments(&table, marks, &opts).deltas;
            for i in 0..4 {
                pts[i] += deltas[i];
            }
        }
        _ => {}
    }
    let points = pts.map(|p| Points::from_points(p).unwrap_or(Points(0)));
    Some(EndPrefill {
        points,
        tenpai: sure,
        wants_ura,
        ura_slots: opts.indicators().ura_shown(table.dora_shown_under(opts.kan_dora)),
        result,
        problem,
    })
}
