//! When an act was first entered: a wall-clock time in UTC, to the millisecond.
//!
//! A `.jmjp` file carries it as a comment at the end of the act's line, which every other reader
//! ignores (`(e,2m,ww) // 2026-11-23T19:42:10.250Z`): a full date and time, since a match can cross
//! midnight. Times are kept beside the acts (`FrameFlow::times`), never in an
//! `Act`, so two equal acts entered at different moments stay equal.

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

use chrono::{DateTime, Datelike, NaiveDate, NaiveTime, Timelike, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A wall-clock time in UTC, in milliseconds since 1970-01-01T00:00:00Z.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ActTime(i64);

// The one layout of a time, in a file and in a journal: `2026-11-23T19:42:10.250Z` (UTC, a
// four-digit year, three decimals).

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
        // Read by hand: chrono's pattern reader costs a quarter of a microsecond an act.
        let b = text.trim().as_bytes();
        let layout_ok = b.len() == 24
            && [(4, b'-'), (7, b'-'), (10, b'T'), (13, b':'), (16, b':'), (19, b'.'), (23, b'Z')]
                .iter()
                .all(|&(i, c)| b[i] == c);
        if !layout_ok {
            return None;
        }
        let num = |from: usize, to: usize| -> Option<u32> {
            b[from..to].iter().try_fold(0u32, |n, &d| d.is_ascii_digit().then(|| n * 10 + u32::from(d - b'0')))
        };
        let date = NaiveDate::from_ymd_opt(i32::try_from(num(0, 4)?).ok()?, num(5, 7)?, num(8, 10)?)?;
        let time = NaiveTime::from_hms_milli_opt(num(11, 13)?, num(14, 16)?, num(17, 19)?, num(20, 23)?)?;
        Some(ActTime(date.and_time(time).and_utc().timestamp_millis()))
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
            Some(t) => write!(
                f,
                "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
                t.year(),
                t.month(),
                t.day(),
                t.hour(),
                t.minute(),
                t.second(),
                t.timestamp_subsec_millis()
            ),
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
