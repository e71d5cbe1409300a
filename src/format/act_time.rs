//! When an act was first entered: a wall-clock time in UTC, to the millisecond.
//!
//! A `.jmjp` file carries it as a comment at the end of the act's line, which every other reader
//! ignores (`(e,2m,ww) // 2026-11-23T19:42:10.250Z`): a full date and time, since a match can cross
//! midnight. Times are kept beside the acts (`FrameFlow::times`), never in an
//! `Act`, so two equal acts entered at different moments stay equal.

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

use chrono::{DateTime, NaiveDateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

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
