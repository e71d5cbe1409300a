//! The broadcast delay, kept on the server: what airs with a delay of N seconds is the record as
//! it is now, cut to what was already there, identical, N seconds ago (the longest common
//! prefix of the two, frame by frame and act by act). A mistake corrected within the delay is
//! in the record of N seconds ago but not in the record now, so it never airs.
//!
//! The server keeps each record it got with the time it came ([`History`]). To keep that small,
//! a record is kept as its [`Shape`]: per frame, what the cut compares, each frame shared with
//! the record before when it did not change (an entry changes one frame).

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::format::{Act, Frame, FrameId, Match, Points, SeatHand, Tile, dora_slot};

use super::table::Cut;

/// The longest delay a page may ask for, in seconds.
pub const MAX_DELAY: u64 = 600;

/// What the cut compares of one frame.
#[derive(Debug, PartialEq, Eq)]
pub struct FrameShape {
    start: (FrameId, Option<Points>, Option<[Points; 4]>, Vec<SeatHand>),
    dora: Vec<Tile>,
    acts: Vec<Act>,
    end: (Option<[Points; 4]>, Vec<SeatHand>),
}

impl FrameShape {
    fn of(f: &Frame) -> FrameShape {
        let flow = f.flow.as_ref();
        FrameShape {
            start: (f.id, f.kyoutaku, f.start_points, flow.map(|x| x.start_hands.clone()).unwrap_or_default()),
            dora: f.dora.clone(),
            acts: flow.map(|x| x.acts.clone()).unwrap_or_default(),
            end: (f.end_points, flow.map(|x| x.end_hands.clone()).unwrap_or_default()),
        }
    }
}

/// A record as the cut sees it: its match on air, frame by frame.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Shape {
    frames: Vec<Arc<FrameShape>>,
}

impl Shape {
    /// The shape of `m`, sharing the frames that equal those of `before`.
    pub fn of(m: Option<&Match>, before: Option<&Shape>) -> Shape {
        let frames = m.map_or(&[][..], |m| &m.frames[..]);
        let frames = frames
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let fresh = FrameShape::of(f);
                match before.and_then(|b| b.frames.get(i)) {
                    Some(old) if **old == fresh => Arc::clone(old),
                    _ => Arc::new(fresh),
                }
            })
            .collect();
        Shape { frames }
    }

    /// All of this shape.
    pub fn whole(&self) -> Cut {
        Cut {
            frames: self.frames.len(),
            acts: self.frames.last().map_or(0, |f| f.acts.len()),
            dora: 5,
            end: true,
            draw_only: false,
        }
    }
}

/// The part of `now` that `then` holds too: whole frames while they are the same, then the acts
/// both have of the first frame that differs (none of it when its start differs; the draw of
/// the next act when `then` had it without its discard yet), its dora
/// indicators while they are the same, its end only when the whole frame is the same.
pub fn common_cut(now: &Shape, then: &Shape) -> Cut {
    let mut cut = Cut { frames: 0, acts: 0, dora: 0, end: false, draw_only: false };
    for (a, b) in now.frames.iter().zip(&then.frames) {
        if a.start != b.start {
            return cut;
        }
        let acts = a.acts.iter().zip(&b.acts).take_while(|(x, y)| x == y).count();
        let dora = (0..5).take_while(|&n| a.dora.get(dora_slot(n)) == b.dora.get(dora_slot(n))).count();
        // An act drawn then and discarded since: its draw airs.
        let draw_only = match (a.acts.get(acts), b.acts.get(acts)) {
            (Some(x), Some(y)) => y.discard.is_none() && x.discard.is_some() && (x.seat, x.draw) == (y.seat, y.draw),
            _ => false,
        };
        cut = Cut { frames: cut.frames + 1, acts, dora, end: false, draw_only };
        if a != b {
            return cut;
        }
        cut.end = true;
    }
    cut
}

/// A record as it came: its feed sequence number, when, and its shape.
#[derive(Clone, Debug)]
pub struct Arrival {
    pub seq: u64,
    pub at: Instant,
    pub shape: Arc<Shape>,
}

/// The records that came in the last [`MAX_DELAY`] seconds (and the one before them, which was
/// the record at the start of that time).
#[derive(Debug, Default)]
pub struct History {
    arrivals: std::collections::VecDeque<Arrival>,
}

impl History {
    /// Keeps a record that came at `at` and forgets those no delay needs any more.
    pub fn push(&mut self, arrival: Arrival) {
        let at = arrival.at;
        self.arrivals.push_back(arrival);
        let horizon = at.checked_sub(Duration::from_secs(MAX_DELAY));
        while let (Some(h), Some(second)) = (horizon, self.arrivals.get(1)) {
            if second.at > h {
                break;
            }
            self.arrivals.pop_front();
        }
    }

    /// Forgets everything (another document came).
    pub fn clear(&mut self) {
        self.arrivals.clear();
    }

    /// The newest record.
    pub fn newest(&self) -> Option<&Arrival> {
        self.arrivals.back()
    }

    /// The record as it stood `delay` before `now`: the newest that came by then; `None` when
    /// none had come (then nothing airs yet).
    pub fn at(&self, now: Instant, delay: Duration) -> Option<&Arrival> {
        let then = now.checked_sub(delay)?;
        self.arrivals.iter().rev().find(|a| a.at <= then)
    }

    /// What airs at `now` with `delay`: the newest record cut to what the record of `delay` ago
    /// holds too; `None` when nothing came that long ago.
    pub fn delayed_cut(&self, now: Instant, delay: Duration) -> Option<Cut> {
        let newest = self.newest()?;
        if delay.is_zero() {
            return Some(newest.shape.whole());
        }
        let then = self.at(now, delay)?;
        Some(common_cut(&newest.shape, &then.shape))
    }

    pub fn len(&self) -> usize {
        self.arrivals.len()
    }

    pub fn is_empty(&self) -> bool {
        self.arrivals.is_empty()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::format::{Discard, Draw, FrameFlow, Seat, Wind};

    fn act(seat: Seat, draw: &str, discard: &str) -> Act {
        let t = |s: &str| Tile::from_code(s.as_bytes()).unwrap();
        Act { seat, draw: Draw::Tile(t(draw)), discard: Some(Discard::Tile(t(discard))) }
    }

    fn frame(number: u8, acts: &[Act], ended: bool) -> Frame {
        let mut f = Frame::new(FrameId { wind: Wind::East, number, honba: 0 });
        f.dora = vec![Tile::from_code(b"5m").unwrap()];
        f.flow =
            Some(FrameFlow { start_hands: Vec::new(), acts: acts.to_vec(), end_hands: Vec::new(), times: Vec::new() });
        if ended {
            f.end_points = Some([Points(250); 4]);
        }
        f
    }

    fn shape(frames: Vec<Frame>) -> Arc<Shape> {
        Arc::new(Shape::of(Some(&Match { frames, ..Match::default() }), None))
    }

    /// The injected clock: a fixed start and seconds after it.
    fn clock() -> impl Fn(f64) -> Instant {
        let t0 = Instant::now();
        move |s| t0 + Duration::from_secs_f64(s)
    }

    #[test]
    fn a_delayed_cut_airs_only_acts_that_were_there_identical_the_delay_ago() {
        let at = clock();
        let (a, b, wrong, right) = (
            act(Seat::East, "1m", "9p"),
            act(Seat::South, "2m", "1s"),
            act(Seat::West, "3m", "ew"),
            act(Seat::West, "3m", "nw"),
        );
        let mut h = History::default();
        h.push(Arrival { seq: 1, at: at(0.0), shape: shape(vec![frame(1, &[a], false)]) });
        h.push(Arrival { seq: 2, at: at(1.0), shape: shape(vec![frame(1, &[a, b], false)]) });
        // A mistake entered at 2 s and corrected (undo, the right act) at 3 s.
        h.push(Arrival { seq: 3, at: at(2.0), shape: shape(vec![frame(1, &[a, b, wrong], false)]) });
        h.push(Arrival { seq: 4, at: at(2.5), shape: shape(vec![frame(1, &[a, b], false)]) });
        h.push(Arrival { seq: 5, at: at(3.0), shape: shape(vec![frame(1, &[a, b, right], false)]) });
        let two = Duration::from_secs(2);
        let acts_at = |now: f64| h.delayed_cut(at(now), two).map(|c| (c.frames, c.acts));
        assert_eq!(acts_at(1.5), None, "nothing came 2 s before 1.5 s");
        assert_eq!(acts_at(2.0), Some((1, 1)), "the record of 0 s had one act");
        assert_eq!(acts_at(3.5), Some((1, 2)));
        // 4.0 s: the record of 2.0 s holds the mistake, the record now the right act: neither airs.
        assert_eq!(acts_at(4.0), Some((1, 2)), "the mistake never airs");
        assert_eq!(acts_at(4.6), Some((1, 2)));
        assert_eq!(acts_at(5.0), Some((1, 3)), "the right act airs 2 s after it came");
        assert_eq!(h.delayed_cut(at(3.0), Duration::ZERO).map(|c| c.acts), Some(3), "no delay: all of it");
    }

    #[test]
    fn a_draw_airs_the_delay_after_it_came_even_when_its_discard_came_since() {
        let at = clock();
        let a = act(Seat::East, "1m", "9p");
        let drawn = Act { discard: None, ..a };
        let mut h = History::default();
        h.push(Arrival { seq: 1, at: at(0.0), shape: shape(vec![frame(1, &[], false)]) });
        h.push(Arrival { seq: 2, at: at(1.0), shape: shape(vec![frame(1, &[drawn], false)]) });
        h.push(Arrival { seq: 3, at: at(1.5), shape: shape(vec![frame(1, &[a], false)]) });
        let two = Duration::from_secs(2);
        let cut_at = |now: f64| h.delayed_cut(at(now), two).map(|c| (c.acts, c.draw_only));
        assert_eq!(cut_at(2.9), Some((0, false)), "nothing drawn 2 s before");
        assert_eq!(cut_at(3.0), Some((0, true)), "the draw of 1.0 s airs, not its discard");
        assert_eq!(cut_at(3.5), Some((1, false)), "the discard of 1.5 s airs");
        // A draw undone (or another act entered in its place) does not air.
        let other = Act { seat: Seat::East, draw: Draw::Tile(Tile::from_code(b"2m").unwrap()), discard: None };
        h.push(Arrival { seq: 4, at: at(4.0), shape: shape(vec![frame(1, &[a, other], false)]) });
        h.push(Arrival {
            seq: 5,
            at: at(4.5),
            shape: shape(vec![frame(1, &[a, act(Seat::South, "3m", "3m")], false)]),
        });
        let cut = h.delayed_cut(at(6.2), two).map(|c| (c.acts, c.draw_only));
        assert_eq!(cut, Some((1, false)), "a draw replaced since does not air");
    }

    #[test]
    fn a_frame_airs_whole_only_when_its_end_is_as_old_as_the_delay() {
        let at = clock();
        let a = act(Seat::East, "1m", "9p");
        let mut h = History::default();
        h.push(Arrival { seq: 1, at: at(0.0), shape: shape(vec![frame(1, &[a], false)]) });
        h.push(Arrival { seq: 2, at: at(1.0), shape: shape(vec![frame(1, &[a], true), frame(2, &[], false)]) });
        let two = Duration::from_secs(2);
        let cut = h.delayed_cut(at(2.5), two).unwrap();
        assert_eq!((cut.frames, cut.acts, cut.end), (1, 1, false), "the end came 1.5 s ago");
        let cut = h.delayed_cut(at(3.0), two).unwrap();
        assert_eq!((cut.frames, cut.acts, cut.end), (2, 0, true), "the next frame starts");
        // A frame whose start was corrected is not shown at all.
        let other = {
            let mut f = frame(2, &[], false);
            f.start_points = Some([Points(240); 4]);
            f
        };
        h.push(Arrival { seq: 3, at: at(3.5), shape: shape(vec![frame(1, &[a], true), other]) });
        let cut = h.delayed_cut(at(4.0), two).unwrap();
        assert_eq!((cut.frames, cut.end), (1, true));
    }

    #[test]
    fn history_forgets_what_no_delay_needs_and_shares_unchanged_frames() {
        let at = clock();
        let a = act(Seat::East, "1m", "9p");
        let mut h = History::default();
        let first = Match { frames: vec![frame(1, &[a], true), frame(2, &[], false)], ..Match::default() };
        let s1 = Arc::new(Shape::of(Some(&first), None));
        let second = Match { frames: vec![frame(1, &[a], true), frame(2, &[a], false)], ..Match::default() };
        let s2 = Shape::of(Some(&second), Some(&s1));
        assert!(Arc::ptr_eq(&s1.frames[0], &s2.frames[0]), "an unchanged frame is shared");
        assert!(!Arc::ptr_eq(&s1.frames[1], &s2.frames[1]));
        for i in 0..2000u32 {
            h.push(Arrival { seq: u64::from(i), at: at(f64::from(i)), shape: Arc::clone(&s1) });
        }
        assert_eq!(h.len(), MAX_DELAY as usize + 1, "the last {MAX_DELAY} s and the one before");
        assert_eq!(h.at(at(1999.0), Duration::from_secs(MAX_DELAY)).map(|a| a.seq), Some(1399));
    }
}
