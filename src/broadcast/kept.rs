//! The events kept for pages that reconnect: for each, only what its table needs (the match on
//! air), its frames shared with the event before wherever they did not change, so that an
//! entry keeps one new frame rather than a copy of the whole file. Bounded in count
//! ([`EVENT_BUFFER`]) and in bytes ([`EVENT_BYTES`]): the oldest go first. The bytes are
//! counted as the buffer holds them, each shared piece once: a piece is added when an event
//! brings it and taken off when the last kept event holding it goes, whatever copies of events
//! a reconnecting page's backlog still holds.

use std::collections::VecDeque;
use std::sync::Arc;

use crate::format::{Frame, Match, Paifu};

use super::table::on_air;

/// Events kept for pages that reconnect, at most.
pub const EVENT_BUFFER: usize = 1000;
/// Bytes the kept events may hold, at most (each frame and match header counted once however
/// many events share it).
pub const EVENT_BYTES: usize = 32 * 1024 * 1024;

/// A piece of a kept match and the bytes it holds.
#[derive(Debug)]
struct Piece<T> {
    value: T,
    bytes: usize,
}

/// One kept event: its sequence number and the match on air then.
#[derive(Clone, Debug)]
pub struct KeptEvent {
    pub seq: u64,
    /// The match without its frames.
    header: Arc<Piece<Match>>,
    frames: Vec<Arc<Piece<Frame>>>,
}

impl KeptEvent {
    /// The match on air as this event had it.
    pub fn on_air(&self) -> Match {
        Match { frames: self.frames.iter().map(|f| f.value.clone()).collect(), ..self.header.value.clone() }
    }

    /// The bytes of its pieces that `next` does not share: what the buffer no longer holds once
    /// this event, the oldest, is let go and `next` is the oldest. A piece is shared only by
    /// events one after the other (each takes it from the event before), so a piece the next
    /// event does not hold no kept event holds. Copies of the event outside the buffer (a
    /// stream's backlog) do not count: the buffer holds what it holds, whoever else holds it too.
    fn bytes_not_in(&self, next: Option<&KeptEvent>) -> usize {
        let header = match next {
            Some(n) if Arc::ptr_eq(&n.header, &self.header) => 0,
            _ => self.header.bytes,
        };
        let shared = |f: &Arc<Piece<Frame>>| next.is_some_and(|n| n.frames.iter().any(|g| Arc::ptr_eq(f, g)));
        header + self.frames.iter().filter(|f| !shared(f)).map(|f| f.bytes).sum::<usize>()
    }
}

/// The kept events, oldest first, and the bytes they hold.
#[derive(Debug)]
pub struct EventBuffer {
    events: VecDeque<KeptEvent>,
    bytes: usize,
    /// At most this many events ([`EVENT_BUFFER`]) and bytes ([`EVENT_BYTES`]).
    max_events: usize,
    max_bytes: usize,
}

impl Default for EventBuffer {
    fn default() -> Self {
        EventBuffer { events: VecDeque::new(), bytes: 0, max_events: EVENT_BUFFER, max_bytes: EVENT_BYTES }
    }
}

impl EventBuffer {
    /// A buffer with bounds of its own (the tests make them small).
    #[cfg(test)]
    fn bounded(max_events: usize, max_bytes: usize) -> Self {
        EventBuffer { max_events, max_bytes, ..EventBuffer::default() }
    }

    /// Keeps the event `seq` of `paifu`, sharing what did not change with the event before;
    /// lets the oldest go past the count or the bytes.
    pub fn push(&mut self, seq: u64, paifu: &Paifu) {
        let empty = Match::default();
        let m = on_air(paifu).unwrap_or(&empty);
        let before = self.events.back();
        let header_now = Match { frames: Vec::new(), ..m.clone() };
        let header = match before {
            Some(b) if b.header.value == header_now => Arc::clone(&b.header),
            _ => {
                // A match without frames is small: its text is its size.
                let text = crate::format::write(&Paifu { matches: vec![header_now.clone()] });
                let bytes = std::mem::size_of::<Match>() + text.len();
                self.bytes += bytes;
                Arc::new(Piece { value: header_now, bytes })
            }
        };
        let frames = m
            .frames
            .iter()
            .enumerate()
            .map(|(i, f)| match before.and_then(|b| b.frames.get(i)) {
                Some(kept) if kept.value == *f => Arc::clone(kept),
                _ => {
                    let bytes = std::mem::size_of::<Frame>() + crate::format::frame_text(f).len();
                    self.bytes += bytes;
                    Arc::new(Piece { value: f.clone(), bytes })
                }
            })
            .collect();
        self.events.push_back(KeptEvent { seq, header, frames });
        while self.events.len() > self.max_events || (self.bytes > self.max_bytes && self.events.len() > 1) {
            if let Some(gone) = self.events.pop_front() {
                self.bytes = self.bytes.saturating_sub(gone.bytes_not_in(self.events.front()));
            }
        }
    }

    /// Forgets every event (a new epoch).
    pub fn clear(&mut self) {
        self.events.clear();
        self.bytes = 0;
    }

    /// The bytes the kept events hold (each shared piece once).
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Events kept.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// Whether none is kept.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// The sequence number of the oldest kept.
    pub fn first_seq(&self) -> Option<u64> {
        self.events.front().map(|e| e.seq)
    }

    /// The events after `seq`, oldest first.
    pub fn after(&self, seq: u64) -> impl Iterator<Item = &KeptEvent> {
        self.events.iter().filter(move |e| e.seq > seq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paifu(frames: usize) -> Paifu {
        let frame = crate::format::parse_frame(
            "frm[E1-0,0.0,,pfs[25.0,25.0,25.0,25.0],1pukukukukukukukukuk,
    (e,hnd[1m1m1m9m2p3p4p9p5s6s7sewew,,])
    (s,hnd[2m3m4m6p7p8p2s3s4s7s8snwnw,,])
    (w,hnd[4m5m6m8m2p2p5p5p1s2s3s9s9s,,])
    (n,hnd[5m5m7m9m1p3p3p7p7p2s2s4s4s,,])
    (e,5m,tg)
  ,,]",
        )
        .unwrap();
        Paifu { matches: vec![Match { frames: vec![frame; frames], ..Match::default() }] }
    }

    #[test]
    fn an_event_keeps_only_what_changed_and_the_oldest_go_past_the_bounds() {
        let mut buffer = EventBuffer::default();
        let mut p = paifu(10);
        buffer.push(1, &p);
        let first = buffer.bytes();
        // The same record again: nothing new is kept.
        buffer.push(2, &p);
        assert_eq!(buffer.bytes(), first);
        // The last frame changed: one frame more.
        p.matches[0].frames[9].kyoutaku = Some(crate::format::Points(1000));
        buffer.push(3, &p);
        let one_frame = buffer.bytes() - first;
        assert!(one_frame > 0 && one_frame < first / 5, "{one_frame} of {first}");
        assert_eq!(buffer.after(1).map(|e| e.seq).collect::<Vec<_>>(), [2, 3]);
        assert_eq!(buffer.after(2).next().map(|e| e.on_air()), Some(p.matches[0].clone()));
        for seq in 4..=(EVENT_BUFFER as u64 + 10) {
            p.matches[0].frames[9].kyoutaku = Some(crate::format::Points(seq as i32));
            buffer.push(seq, &p);
        }
        assert_eq!(buffer.len(), EVENT_BUFFER);
        assert_eq!(buffer.first_seq(), Some(11));
        // What is held: the shared frames once, and one changed frame per event.
        let held = buffer.bytes();
        assert!(held <= first + EVENT_BUFFER * one_frame + one_frame, "{held}");
        buffer.clear();
        assert_eq!((buffer.bytes(), buffer.len()), (0, 0));
    }

    /// The bytes of the pieces the kept events hold, each piece once, counted from scratch.
    fn recount(buffer: &EventBuffer) -> usize {
        let mut seen = std::collections::HashSet::new();
        let mut bytes = 0;
        for e in &buffer.events {
            if seen.insert(Arc::as_ptr(&e.header) as usize) {
                bytes += e.header.bytes;
            }
            for f in &e.frames {
                if seen.insert(Arc::as_ptr(f) as usize) {
                    bytes += f.bytes;
                }
            }
        }
        bytes
    }

    /// Over thousands of random edits (a frame changed, added or taken away, the match's header
    /// changed, the record sent again unchanged, a new epoch), with pages that reconnect holding
    /// copies of kept events for a while (as a stream's backlog does), the count of kept bytes is
    /// always what a count from scratch finds, and the bounds hold.
    #[test]
    fn the_kept_bytes_are_always_those_of_the_pieces_the_buffer_holds() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut random = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            usize::try_from(state % n).unwrap()
        };
        let (max_events, max_bytes) = (8, 9_000);
        let (mut by_count, mut by_bytes) = (0, 0);
        let mut buffer = EventBuffer::bounded(max_events, max_bytes);
        let mut p = paifu(6);
        let mut backlogs: Vec<KeptEvent> = Vec::new();
        for seq in 1..=4000u64 {
            let m = &mut p.matches[0];
            let at = random(m.frames.len() as u64);
            match random(20) {
                0..=7 => m.frames[at].kyoutaku = Some(crate::format::Points(random(100_000) as i32)),
                8..=9 => m.frames.push(m.frames[at].clone()),
                10..=11 if m.frames.len() > 1 => {
                    m.frames.remove(at);
                }
                12..=13 => m.rules = Some(format!("jpml, edit {seq}")),
                14 => buffer.clear(),
                _ => {}
            }
            // Let go past the count bound (full, one in, one out) or the bytes bound.
            let before = buffer.len();
            buffer.push(seq, &p);
            if before == buffer.len() && before == max_events {
                by_count += 1;
            } else if before >= buffer.len() {
                by_bytes += 1;
            }
            // A page reconnects and is sent what it missed; pages read theirs in time.
            if random(4) == 0 {
                let since = seq.saturating_sub(random(12) as u64);
                backlogs.extend(buffer.after(since).cloned());
            }
            backlogs.retain(|_| random(30) != 0);
            assert_eq!(buffer.bytes(), recount(&buffer), "after edit {seq}, {} copies held", backlogs.len());
            assert!(buffer.len() <= max_events);
            assert!(buffer.bytes() <= max_bytes || buffer.len() == 1, "{} bytes", buffer.bytes());
        }
        assert!(by_count > 0 && by_bytes > 0, "both bounds let events go: {by_count} by count, {by_bytes} by bytes");
    }
}
