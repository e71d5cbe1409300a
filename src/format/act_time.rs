//! When an act was first entered: a wall-clock time in UTC, to the millisecond.
//!
//! A `.jmjp` file carries it as a comment at the end of the act's line, which every other reader
//! ignores (`(e,2m,ww) // 2026-11-23T19:42:10.250Z`): a full date and time, since a match can cross
//! midnight. Times are kept beside the acts ([`super::FrameFlow::times`]), never in an
//! [`super::Act`], so two equal acts entered at different moments stay equal.

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

use chrono::{DateTime, NaiveDateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::model::{Act, FrameFlow};

/// A wall-clock time in UTC, in milliseconds since 1970-01-01T00:00:00Z.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ActTime(i64);

/// The one layout of a time, in a file and in a journal: `2026-11-23T19:42:10.250Z`.
const LAYOUT: &str = "%Y-%m-%dT%H:%M:%S%.3fZ";

impl ActTime {
    /// The time `millis` milliseconds after 1970-01-01T00:00:00Z.
    pub fn from_millis(millis: i64) -> ActTime {
        ActTime(millis)
    }

    /// Milliseconds since 1970-01-01T00:00:00Z.
    pub fn millis(self) -> i64 {
        self.0
    }

    /// The time now, by the system clock.
    pub fn now() -> ActTime {
        let millis = match SystemTime::now().duration_since(UNIX_EPOCH) {
            Ok(d) => i64::try_from(d.as_millis()).unwrap_or(i64::MAX),
            Err(before) => -i64::try_from(before.duration().as_millis()).unwrap_or(i64::MAX),
        };
        ActTime(millis)
    }

    /// Reads `2026-11-23T19:42:10.250Z` (exactly that layout: UTC, three decimals), or nothing.
    pub fn parse(text: &str) -> Option<ActTime> {
        let text = text.trim();
        if text.len() != 24 || !text.ends_with('Z') {
            return None;
        }
        let t = NaiveDateTime::parse_from_str(text, LAYOUT).ok()?;
        Some(ActTime(t.and_utc().timestamp_millis()))
    }

    /// Seconds from `earlier` to this time (negative when this time is before it).
    pub fn seconds_since(self, earlier: ActTime) -> f64 {
        // Two times a match apart are far inside the 53 bits of an f64.
        (self.0.saturating_sub(earlier.0)) as f64 / 1000.0
    }
}

impl fmt::Display for ActTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match DateTime::<Utc>::from_timestamp_millis(self.0) {
            Some(t) => write!(f, "{}", t.format(LAYOUT)),
            None => write!(f, "{}ms", self.0),
        }
    }
}

impl Serialize for ActTime {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for ActTime {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ActTime, D::Error> {
        let text = String::deserialize(d)?;
        ActTime::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("not a UTC time like 2026-11-23T19:42:10.250Z: {text}")))
    }
}

// The times of a flow's acts, kept in step with its acts.
impl FrameFlow {
    /// When act `act` was first entered, if that is known.
    pub fn time(&self, act: usize) -> Option<ActTime> {
        self.times.get(act).copied().flatten()
    }

    /// Sets when act `act` was first entered.
    pub fn set_time(&mut self, act: usize, time: Option<ActTime>) {
        if self.times.len() <= act {
            if time.is_none() {
                return;
            }
            self.times.resize(act + 1, None);
        }
        self.times[act] = time;
        self.trim_times();
    }

    /// True when some act has a time.
    pub fn has_times(&self) -> bool {
        self.times.iter().any(Option::is_some)
    }

    /// Adds `act`, entered at `time`, at the end.
    pub fn push_act(&mut self, act: Act, time: Option<ActTime>) {
        self.acts.push(act);
        self.set_time(self.acts.len() - 1, time);
    }

    /// Puts `act`, entered at `time`, before act `at` (at the end when `at` is the number of
    /// acts; past it, nothing happens).
    pub fn insert_act(&mut self, at: usize, act: Act, time: Option<ActTime>) {
        if at > self.acts.len() {
            return;
        }
        self.acts.insert(at, act);
        if at < self.times.len() {
            self.times.insert(at, time);
        } else {
            self.set_time(at, time);
        }
        self.trim_times();
    }

    /// Takes act `at` out, with its time.
    pub fn remove_act(&mut self, at: usize) -> Option<Act> {
        if at >= self.acts.len() {
            return None;
        }
        if at < self.times.len() {
            self.times.remove(at);
        }
        self.trim_times();
        Some(self.acts.remove(at))
    }

    /// Gives each act that has no time the time of the same act in `before` (a record of the
    /// same frame before a change): acts are paired from the start while they are equal, from the
    /// end while they are equal, and in between by position when both have as many acts (one act
    /// corrected keeps the time it was first entered at). An act with no such pair keeps none.
    pub fn fill_times(&mut self, before: &FrameFlow) {
        if !before.has_times() {
            return;
        }
        let (a, b) = (&before.acts, &self.acts);
        let (n, m) = (a.len(), b.len());
        let head = a.iter().zip(b).take_while(|(x, y)| x == y).count();
        let tail = a[head..].iter().rev().zip(b[head..].iter().rev()).take_while(|(x, y)| x == y).count();
        let mut times = self.times.clone();
        times.resize(m, None);
        for (j, slot) in times.iter_mut().enumerate() {
            if slot.is_some() {
                continue;
            }
            let from = if j < head {
                Some(j)
            } else if j >= m - tail {
                Some(j + n - m)
            } else if n == m {
                Some(j)
            } else {
                None
            };
            *slot = from.and_then(|i| before.time(i));
        }
        self.times = times;
        self.trim_times();
    }

    /// Drops the trailing `None`s, and any time past the last act.
    fn trim_times(&mut self) {
        self.times.truncate(self.acts.len());
        while self.times.last() == Some(&None) {
            self.times.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_reads_back_as_written_across_midnight() {
        for text in ["2026-11-23T19:42:10.250Z", "2026-11-23T23:59:59.999Z", "2026-11-24T00:00:00.000Z"] {
            let t = ActTime::parse(text).unwrap();
            assert_eq!(t.to_string(), text);
        }
        let before = ActTime::parse("2026-11-23T23:59:59.500Z").unwrap();
        let after = ActTime::parse("2026-11-24T00:00:01.000Z").unwrap();
        assert_eq!(after.seconds_since(before), 1.5);
        assert_eq!(after.millis() - before.millis(), 1500);
    }

    #[test]
    fn other_comments_are_not_times() {
        for text in ["", "kan dora", "2026-11-23T19:42:10Z", "2026-11-23 19:42:10.250Z", "2026-13-23T19:42:10.250Z"] {
            assert_eq!(ActTime::parse(text), None, "{text}");
        }
    }

    #[test]
    fn a_journal_keeps_a_time_as_text() {
        let t = ActTime::from_millis(1_795_462_930_250);
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(json, "\"2026-11-23T19:42:10.250Z\"");
        assert_eq!(serde_json::from_str::<ActTime>(&json).unwrap(), t);
        assert!(serde_json::from_str::<ActTime>("\"yesterday\"").is_err());
    }
}
