//! How a frame ended, in the terms the logs of other tools use: who won from whom with which
//! point changes, or which kind of draw. The `.jmjp` record says this through its acts and its
//! start and end points; tenhou.net/6 and mjai say it in a result entry. Both converters use
//! this one reading.

use crate::format::{Frame, Seat};
use crate::i18n::{Text, tr};
use crate::rules::{Abortive, FrameEnd, Table};

/// The kinds of draw tenhou.net/6 names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawKind {
    /// 流局: the wall ran out; no-ten payments.
    Exhaustive,
    /// 流し満貫.
    Nagashi,
    /// 全員聴牌: the wall ran out with all four tenpai.
    AllTenpai,
    /// 全員不聴: the wall ran out with nobody tenpai.
    AllNoten,
    /// 九種九牌.
    NineTerminals,
    /// 四家立直.
    FourRiichi,
    /// 三家和了.
    TripleRon,
    /// 四槓散了.
    FourKans,
    /// 四風連打.
    FourWinds,
}

impl DrawKind {
    pub const ALL: [DrawKind; 9] = [
        DrawKind::Exhaustive,
        DrawKind::Nagashi,
        DrawKind::AllTenpai,
        DrawKind::AllNoten,
        DrawKind::NineTerminals,
        DrawKind::FourRiichi,
        DrawKind::TripleRon,
        DrawKind::FourKans,
        DrawKind::FourWinds,
    ];

    /// The name tenhou.net/6 writes in the result entry.
    pub fn japanese(self) -> &'static str {
        match self {
            DrawKind::Exhaustive => "流局",
            DrawKind::Nagashi => "流し満貫",
            DrawKind::AllTenpai => "全員聴牌",
            DrawKind::AllNoten => "全員不聴",
            DrawKind::NineTerminals => "九種九牌",
            DrawKind::FourRiichi => "四家立直",
            DrawKind::TripleRon => "三家和了",
            DrawKind::FourKans => "四槓散了",
            DrawKind::FourWinds => "四風連打",
        }
    }

    pub fn from_japanese(name: &str) -> Option<DrawKind> {
        DrawKind::ALL.into_iter().find(|k| k.japanese() == name)
    }

    /// True for the draws that end the frame before the wall runs out.
    pub fn is_abortive(self) -> bool {
        !matches!(self, DrawKind::Exhaustive | DrawKind::Nagashi | DrawKind::AllTenpai | DrawKind::AllNoten)
    }
}

/// One win: the winner, the seat that paid (itself for tsumo), the seat liable for pao (the
/// winner when none), and the point changes of this win by seat (East first), in real points,
/// counting honba and collected sticks but not the riichi deposits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Win {
    pub who: Seat,
    pub from: Seat,
    pub pao: Seat,
    pub deltas: [i64; 4],
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FrameOutcome {
    /// One win, or several for a double or triple ron (nearest to the discarder first).
    Win(Vec<Win>),
    /// A draw and its point changes by seat (no-ten payments, nagashi), deposits not counted.
    Draw { kind: DrawKind, deltas: [i64; 4] },
}

/// `wins` with what their changes leave of the frame's `deltas` (a record whose points do not
/// add up: a payment the wins do not explain) added to the last win, so that a log written from
/// the record gives back its end points.
fn with_rest_on_last(mut wins: Vec<Win>, deltas: [i64; 4]) -> Vec<Win> {
    let mut rest = deltas;
    for w in &wins {
        for (r, d) in rest.iter_mut().zip(w.deltas) {
            *r -= d;
        }
    }
    if let Some(last) = wins.last_mut() {
        for (d, r) in last.deltas.iter_mut().zip(rest) {
            *d += r;
        }
    }
    wins
}

/// Reads how `frame` ended from its replayed `table` and its start and end points.
pub fn outcome(frame: &Frame, table: &Table) -> Result<FrameOutcome, Text> {
    let (Some(start), Some(end)) = (frame.start_points, frame.end_points) else {
        return Err(tr!("interop-outcome-points-needed").text());
    };
    let dep = table.deposits();
    let mut deltas = [0i64; 4];
    for i in 0..4 {
        deltas[i] = end[i].as_points() - start[i].as_points() + if dep[i] { 1000 } else { 0 };
    }
    match table.end() {
        FrameEnd::Tsumo { seat, .. } => {
            let payers: Vec<usize> = (0..4).filter(|&i| i != seat.index() && deltas[i] < 0).collect();
            let pao = if payers.len() == 1 { Seat::from_index(payers[0]) } else { seat };
            Ok(FrameOutcome::Win(vec![Win { who: seat, from: seat, pao, deltas }]))
        }
        FrameEnd::Ron { winners, discarder, .. } => {
            let mut order = winners.clone();
            order.sort_by_key(|s| s.turns_after(discarder));
            if order.len() == 1 {
                let who = order[0];
                let payers: Vec<usize> =
                    (0..4).filter(|&i| i != who.index() && i != discarder.index() && deltas[i] < 0).collect();
                let pao = if payers.len() == 1 { Seat::from_index(payers[0]) } else { who };
                return Ok(FrameOutcome::Win(vec![Win { who, from: discarder, pao, deltas }]));
            }
            let kyoutaku = frame.kyoutaku.map_or(0, |k| k.as_points());
            let sticks = kyoutaku + 1000 * dep.iter().filter(|d| **d).count() as i64;
            let wins = order
                .iter()
                .enumerate()
                .map(|(n, &who)| {
                    let gain = deltas[who.index()];
                    let paid = if n == 0 { gain - sticks } else { gain };
                    let mut d = [0i64; 4];
                    d[who.index()] = gain;
                    d[discarder.index()] = -paid;
                    Win { who, from: discarder, pao: who, deltas: d }
                })
                .collect::<Vec<Win>>();
            Ok(FrameOutcome::Win(with_rest_on_last(wins, deltas)))
        }
        FrameEnd::Exhaustive => {
            let kind = if deltas.iter().any(|d| *d != 0) {
                if Seat::ALL.into_iter().any(|s| table.is_nagashi(s)) {
                    DrawKind::Nagashi
                } else {
                    DrawKind::Exhaustive
                }
            } else {
                let tenpai: Vec<Option<bool>> = Seat::ALL.into_iter().map(|s| table.is_tenpai(s)).collect();
                if tenpai.iter().all(|t| *t == Some(true)) {
                    DrawKind::AllTenpai
                } else if tenpai.iter().all(|t| *t == Some(false)) {
                    DrawKind::AllNoten
                } else {
                    DrawKind::Exhaustive
                }
            };
            Ok(FrameOutcome::Draw { kind, deltas })
        }
        FrameEnd::NoResult => Ok(FrameOutcome::Draw { kind: abortive(frame, table)?, deltas }),
    }
}

/// Which abortive draw ended a frame that has no win and a wall not yet empty.
fn abortive(frame: &Frame, table: &Table) -> Result<DrawKind, Text> {
    if frame.flow.as_ref().is_none_or(|f| f.acts.is_empty()) {
        return Err(tr!("interop-outcome-no-acts").text());
    }
    match crate::rules::abortive_reason(frame, table) {
        Some(Abortive::NineTerminals) => Ok(DrawKind::NineTerminals),
        Some(Abortive::FourRiichi) => Ok(DrawKind::FourRiichi),
        Some(Abortive::FourKans) => Ok(DrawKind::FourKans),
        Some(Abortive::FourWinds) => Ok(DrawKind::FourWinds),
        Some(Abortive::TripleRon) => Ok(DrawKind::TripleRon),
        None => Err(tr!("interop-outcome-unfinished").text()),
    }
}
