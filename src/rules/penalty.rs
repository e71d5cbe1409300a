//! Penalties recorded on a frame (a chombo and the others real pro matches have), which the
//! standard has no field for: each one a part of the frame's comment (`frm[...,"..."]`), parts
//! separated by a line break or `;`:
//!
//! ```text
//! penalty = "penalty:" seat points [ "table" | "match" ] [ reason ]
//! seat    = "e" | "s" | "w" | "n"            ; the frame's seat (East is this frame's dealer)
//! points  = [ "+" | "-" ] digits [ "." digit ] ; as pfe writes them: -8.0 is 8,000 points
//! reason  = any text                         ; "chombo" (or チョンボ) first voids the hand
//! ```
//!
//! `table` (the default) moves the frame's end points; `match` the final points (`pme`). A
//! penalty whose reason starts with `chombo` voids the hand: nothing its acts would pay is paid,
//! its riichi sticks go back, and the same frame is played again. Any other part of the comment is
//! the scorer's own note.

use crate::format::{Frame, Points, Seat, StrLit};
use crate::i18n::{Text, tr};

use super::options::{Chombo, RuleOptions};

/// Where a penalty counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Counts {
    /// The frame's end points (`pfe`).
    Table,
    /// The match's final points (`pme`).
    Match,
}

/// One penalty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Penalty {
    pub seat: Seat,
    /// In the unit of `pfe` (`Points(-80)` is -8,000 points; for `match`, -8.0 match points).
    pub points: Points,
    pub counts: Counts,
    pub reason: String,
}

impl Penalty {
    /// The part of the comment that says it: `penalty: s -20.0 match chombo`.
    pub fn text(&self) -> String {
        let sign = if self.points.0 > 0 { "+" } else { "" };
        let counts = match self.counts {
            Counts::Table => "table",
            Counts::Match => "match",
        };
        let reason = self.reason.replace([';', '\n', '\r'], " ");
        let reason = reason.trim();
        let code = self.seat.code();
        if reason.is_empty() {
            format!("penalty: {code} {sign}{} {counts}", self.points)
        } else {
            format!("penalty: {code} {sign}{} {counts} {reason}", self.points)
        }
    }

    /// A chombo: the hand is void and played again.
    pub fn voids(&self) -> bool {
        let first = self.reason.split_whitespace().next().unwrap_or_default();
        first.eq_ignore_ascii_case("chombo") || first.starts_with("チョンボ")
    }
}

/// The penalties of `frame`, and the parts that start `penalty:` but do not read (each with
/// why, in both languages); the rest of the comment is the scorer's.
pub fn penalties(frame: &Frame) -> (Vec<Penalty>, Vec<Text>) {
    let (mut found, mut problems) = (Vec::new(), Vec::new());
    for part in comment_parts(frame) {
        let Some(rest) = strip_key(part) else { continue };
        match read(rest) {
            Some(p) => found.push(p),
            None => problems.push(tr!("rules-penalty-unread", part = part.trim())),
        }
    }
    (found, problems)
}

/// `penalty:` in any case at the start of a part.
fn strip_key(part: &str) -> Option<&str> {
    let part = part.trim_start();
    let key = part.get(..8)?;
    key.eq_ignore_ascii_case("penalty:").then(|| &part[8..])
}

fn comment_parts(frame: &Frame) -> Vec<&str> {
    let text = frame.comment.as_ref().and_then(|c| c.native.as_deref().or(c.roman.as_deref())).unwrap_or_default();
    text.split(['\n', ';']).collect()
}

/// `seat points [table|match] [reason]`.
fn read(rest: &str) -> Option<Penalty> {
    let mut words = rest.split_whitespace();
    let seat = match words.next()?.to_ascii_lowercase().as_str() {
        "e" => Seat::East,
        "s" => Seat::South,
        "w" => Seat::West,
        "n" => Seat::North,
        _ => return None,
    };
    let points = read_points(words.next()?)?;
    let mut rest: Vec<&str> = words.collect();
    let counts = match rest.first().map(|w| w.to_ascii_lowercase()) {
        Some(w) if w == "table" => Counts::Table,
        Some(w) if w == "match" => Counts::Match,
        _ => {
            rest.insert(0, "");
            Counts::Table
        }
    };
    let reason = rest[1..].join(" ");
    Some(Penalty { seat, points, counts, reason })
}

/// `-8.0`, `+4`, `20.0` in tenths; at most 9,999.9.
fn read_points(w: &str) -> Option<Points> {
    let (neg, digits) = match w.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, w.strip_prefix('+').unwrap_or(w)),
    };
    let (whole, tenth) = digits.split_once('.').unwrap_or((digits, "0"));
    let ok = |s: &str, max: usize| !s.is_empty() && s.len() <= max && s.bytes().all(|b| b.is_ascii_digit());
    if !ok(whole, 4) || !ok(tenth, 1) {
        return None;
    }
    let n = whole.parse::<i32>().ok()? * 10 + tenth.parse::<i32>().ok()?;
    Some(Points(if neg { -n } else { n }))
}

/// True when a penalty of `frame` voids its hand (a chombo).
pub fn voided(frame: &Frame) -> bool {
    penalties(frame).0.iter().any(Penalty::voids)
}

/// What the frame's table penalties move, by seat (East first), in real points.
pub fn table_deltas(frame: &Frame) -> [i64; 4] {
    let mut d = [0i64; 4];
    for p in penalties(frame).0.iter().filter(|p| p.counts == Counts::Table) {
        d[p.seat.index()] += p.points.as_points();
    }
    d
}

/// What the frame's match penalties take, by seat (East first), in match points (tenths).
pub fn match_points(frame: &Frame) -> [i32; 4] {
    let mut d = [0i32; 4];
    for p in penalties(frame).0.iter().filter(|p| p.counts == Counts::Match) {
        d[p.seat.index()] = d[p.seat.index()].saturating_add(p.points.0);
    }
    d
}

/// The penalties of a chombo by `seat` as `rules` pay it: a mangan at the table (a dealer 4,000 to
/// each; a non-dealer 4,000 to the dealer and 2,000 to each other seat), or points off the final
/// points.
pub fn chombo(seat: Seat, rules: &RuleOptions) -> Vec<Penalty> {
    let reason = "chombo".to_string();
    match rules.chombo {
        Chombo::Final(p) => vec![Penalty { seat, points: Points(-p.0.abs()), counts: Counts::Match, reason }],
        Chombo::Mangan => {
            let dealer = seat == Seat::East;
            let to = |s: Seat| if dealer || s == Seat::East { 40 } else { 20 };
            let paid: i32 = Seat::ALL.into_iter().filter(|&s| s != seat).map(to).sum();
            let mut out = vec![Penalty { seat, points: Points(-paid), counts: Counts::Table, reason: reason.clone() }];
            out.extend(Seat::ALL.into_iter().filter(|&s| s != seat).map(|s| Penalty {
                seat: s,
                points: Points(to(s)),
                counts: Counts::Table,
                reason: reason.clone(),
            }));
            out
        }
    }
}

/// `comment` with `more` added as parts after what it holds.
pub fn with_penalties(comment: Option<&StrLit>, more: &[Penalty]) -> Option<StrLit> {
    let mut text = comment.and_then(|c| c.native.clone().or(c.roman.clone())).unwrap_or_default();
    for p in more {
        if !text.trim().is_empty() {
            text.push_str("; ");
        }
        text.push_str(&p.text());
    }
    (!text.is_empty()).then(|| StrLit { native: Some(text), roman: comment.and_then(|c| c.roman.clone()) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{FrameId, Wind};

    fn frame_with(comment: &str) -> Frame {
        let mut f = Frame::new(FrameId { wind: Wind::East, number: 2, honba: 1 });
        f.comment = Some(StrLit::native(comment));
        f
    }

    #[test]
    fn penalties_read_from_the_comment_and_the_rest_is_the_scorers() {
        let f = frame_with(
            "late riichi call; penalty: s -8.0 table chombo (false ron)\nPENALTY: e +4.0; penalty: n 20 match",
        );
        let (p, problems) = penalties(&f);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(p.len(), 3);
        assert_eq!((p[0].seat, p[0].points, p[0].counts), (Seat::South, Points(-80), Counts::Table));
        assert_eq!(p[0].reason, "chombo (false ron)");
        assert!(p[0].voids() && !p[1].voids());
        assert_eq!((p[1].seat, p[1].points, p[1].counts), (Seat::East, Points(40), Counts::Table));
        assert_eq!((p[2].seat, p[2].points, p[2].counts), (Seat::North, Points(200), Counts::Match));
        assert_eq!(table_deltas(&f), [4000, -8000, 0, 0]);
        assert_eq!(match_points(&f), [0, 0, 0, 200]);
        assert!(voided(&f));
        // Written back as read.
        for x in &p {
            assert_eq!(read(strip_key(&x.text()).unwrap()), Some(x.clone()));
        }
        let (_, bad) = penalties(&frame_with("penalty: x -8.0; penalty: s lots"));
        assert_eq!(bad.len(), 2);
        assert!(bad[0].en.contains("penalty: x -8.0"));
    }

    #[test]
    fn a_chombo_is_paid_as_the_rules_say() {
        let m = chombo(Seat::South, &RuleOptions::TENHOU);
        let f = Frame { comment: with_penalties(None, &m), ..frame_with("") };
        assert_eq!(table_deltas(&f), [4000, -8000, 2000, 2000]);
        let dealer = chombo(Seat::East, &RuleOptions::TENHOU);
        let f = Frame { comment: with_penalties(Some(&StrLit::native("note")), &dealer), ..frame_with("") };
        assert_eq!(table_deltas(&f), [-12000, 4000, 4000, 4000]);
        assert!(
            f.comment.as_ref().unwrap().native.as_deref().unwrap().starts_with("note; penalty: e -12.0 table chombo")
        );
        let m_league = chombo(Seat::West, &RuleOptions::M_LEAGUE);
        assert_eq!(m_league.len(), 1);
        assert_eq!(m_league[0].text(), "penalty: w -20.0 match chombo");
    }
}
