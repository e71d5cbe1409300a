//! The other desk as the follower reads it, with care: it may be another program, broken, or
//! hostile. Its address (named for people without its token: [`shown_address`]), the timings of
//! the reads ([`FollowTimings`]), one read of its record ([`fetch_text`]: no redirect followed,
//! no more than [`MAX_FILE_BYTES`] read, every failure said in words) and its event stream read
//! event by event ([`EventLines`]: only a whole `state` event counts).
//!
//! Every text the other desk sends that is shown (an error's body, a parse error quoting its
//! record) goes through [`printable`]: no control character reaches a screen or a terminal.

use std::io::Read;
use std::time::Duration;

use crate::document::io::MAX_FILE_BYTES;
use crate::format::{self, Paifu};
use crate::i18n::{Text, printable, tr};

/// The other desk: where its record is served, and the token of its record's address. Shown to
/// people (its `Display`, its `Debug`) without the token.
#[derive(Clone, PartialEq, Eq)]
pub struct Desk {
    /// `host:port` (an address of the studio's network, or `localhost:8765`).
    pub address: String,
    pub token: String,
    /// What the scorer calls it ("desk A").
    pub name: String,
}

impl std::fmt::Debug for Desk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Desk")
            .field("address", &shown_address(&self.address))
            .field("token", &if self.token.is_empty() { "" } else { "(hidden)" })
            .field("name", &self.name)
            .finish()
    }
}

impl std::fmt::Display for Desk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&shown_address(&self.address))
    }
}

/// A desk's address or record address as people are shown it (in the app's messages, by
/// `compare`, in any error): without its query (where the token is), without a `user:password@`,
/// and without control characters. `http://host:8765/api/record.jmjp?token=…` is shown
/// `http://host:8765/api/record.jmjp`; `host:8765` as it is. The one place a desk is named.
pub fn shown_address(address: &str) -> String {
    let address = address.split(['?', '#']).next().unwrap_or(address);
    let (scheme, rest) = match address.find("://") {
        Some(i) => address.split_at(i + 3),
        None => ("", address),
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let rest = match rest[..authority_end].rfind('@') {
        Some(at) => &rest[at + 1..],
        None => rest,
    };
    printable(&format!("{scheme}{rest}"))
}

impl Desk {
    /// A desk from what a scorer pastes: `host:port`, or a whole record address
    /// (`http://host:port/api/record.jmjp?token=...`), whose token then counts. `Err` with why
    /// (the address named without its token).
    pub fn parse(address: &str, token: &str) -> Result<Desk, Text> {
        let typed = address.trim();
        let rest = typed.strip_prefix("http://").unwrap_or(typed);
        if rest.starts_with("https://") || typed.starts_with("https://") {
            return Err(tr!("broadcast-follow-no-https", address = shown_address(typed)));
        }
        let (host, query) = match rest.find(['/', '?']) {
            Some(i) => (&rest[..i], rest[i..].split_once('?').map(|(_, q)| q)),
            None => (rest, None),
        };
        let from_url = query.map(token_in).filter(|t| !t.is_empty());
        let token = from_url.unwrap_or(token.trim()).to_string();
        let port_ok =
            host.rsplit_once(':').is_some_and(|(h, p)| !h.is_empty() && p.parse::<u16>().is_ok_and(|p| p > 0));
        if !port_ok || host.contains(char::is_whitespace) || host.contains('@') || host.contains(char::is_control) {
            return Err(tr!("broadcast-follow-bad-address", address = shown_address(typed)));
        }
        if token.is_empty() || !token.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(tr!("broadcast-follow-bad-token").text());
        }
        Ok(Desk { address: host.to_string(), token, name: String::new() })
    }

    /// The address of its record, with the token: for a request only, never to be shown (show
    /// [`shown_address`] of it).
    pub fn record_url(&self) -> String {
        format!("http://{}/api/record.jmjp?token={}", self.address, self.token)
    }

    pub(super) fn events_url(&self) -> String {
        format!("http://{}/api/events", self.address)
    }
}

/// How long the follower waits for the other desk, and how often it reads its record. The
/// defaults are the program's; tests make them short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FollowTimings {
    /// How long a connection may take to open.
    pub connect: Duration,
    /// How long the event stream may stay silent, and one of its lines take to come whole (the
    /// server sends a keep-alive every 15 s).
    pub silent: Duration,
    /// How long one read of the record may take, whole.
    pub fetch: Duration,
    /// The wait before opening the event stream again (an unreachable desk, a stream that
    /// ended). A record that could not be read is read again at the desk's next state event.
    pub retry: Duration,
    /// The least time between the starts of two reads of the record: changes that come
    /// meanwhile are read together, once, when it has passed (at most four reads a second).
    pub spacing: Duration,
}

impl Default for FollowTimings {
    fn default() -> FollowTimings {
        FollowTimings {
            connect: Duration::from_secs(2),
            silent: Duration::from_secs(20),
            fetch: Duration::from_secs(5),
            retry: Duration::from_millis(500),
            spacing: Duration::from_millis(250),
        }
    }
}

/// Why a desk's record could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FetchError {
    /// No answer: the desk is not running (the connection refused), not on the network, or too
    /// slow (timed out).
    Unreachable(Text),
    /// The desk answered but gives nothing to compare (a wrong token, nothing recorded yet, a
    /// redirect, another status).
    Refused(Text),
    /// What it sent is not a `.jmjp` record (too large, not UTF-8, not parsed).
    NotARecord(Text),
}

impl FetchError {
    pub fn text(&self) -> &Text {
        match self {
            FetchError::Unreachable(t) | FetchError::Refused(t) | FetchError::NotARecord(t) => t,
        }
    }
}

/// A client: `whole` limits a whole response (a record read), `per_read` each read of the
/// connection (the event stream, which never ends: only its silence is limited). It follows no
/// redirect: a 3xx answer is returned as it is, and said.
pub(super) fn agent(t: &FollowTimings, whole: Option<Duration>, per_read: Duration) -> ureq::Agent {
    ureq::Agent::config_builder()
        .timeout_connect(Some(t.connect))
        .timeout_global(whole)
        .timeout_per_read(Some(per_read))
        .http_status_as_error(false)
        .max_redirects(0)
        .build()
        .into()
}

/// Seconds in words ("0.5", "5").
pub(super) fn seconds(d: Duration) -> String {
    let s = format!("{:.1}", d.as_secs_f64());
    s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
}

/// `token=` of a query (`a=1&token=…`; empty when it has none).
fn token_in(query: &str) -> &str {
    let query = query.split('#').next().unwrap_or(query);
    query.split('&').find_map(|p| p.strip_prefix("token=")).unwrap_or("")
}

/// `token=` of an address's query (empty when it has none).
fn token_of(url: &str) -> &str {
    url.split_once('?').map_or("", |(_, q)| token_in(q))
}

/// The other desk as what is said of it names it: its address shown (without the token), and
/// the token, which no word quoted from the desk repeats (a hostile desk may echo it back).
pub(super) struct DeskWords {
    address: String,
    token: String,
}

impl DeskWords {
    /// The desk at `address` (`host:port`, or its record's address with the token) with `token`.
    pub(super) fn of(address: &str, token: &str) -> DeskWords {
        DeskWords { address: shown_address(address), token: token.to_string() }
    }

    /// Text that came from the desk (or its client) as it may be shown: printable, its token
    /// left out.
    fn quote(&self, text: &str) -> String {
        let text = printable(text);
        if self.token.is_empty() { text } else { text.replace(&self.token, "…") }
    }

    /// What went wrong talking to the desk, in words: the connection refused, timed out (its
    /// opening after `t.connect`, else after `limit`, the limit of the read), more than a record
    /// may be, or else what the client says (quoted).
    pub(super) fn failure(&self, e: ureq::Error, t: &FollowTimings, limit: Duration) -> FetchError {
        use std::io::ErrorKind;
        let address = self.address.as_str();
        let timed_out = |limit| {
            FetchError::Unreachable(tr!("broadcast-follow-timed-out", address = address, seconds = seconds(limit)))
        };
        match e {
            ureq::Error::Timeout(ureq::Timeout::Connect) => timed_out(t.connect),
            ureq::Error::Timeout(_) => timed_out(limit),
            ureq::Error::Io(io) if matches!(io.kind(), ErrorKind::TimedOut | ErrorKind::WouldBlock) => timed_out(limit),
            ureq::Error::Io(io) if io.kind() == ErrorKind::ConnectionRefused => {
                FetchError::Unreachable(tr!("broadcast-follow-connection-refused", address = address))
            }
            ureq::Error::BodyExceedsLimit(_) => self.too_large(),
            e => FetchError::Unreachable(tr!(
                "broadcast-follow-unreachable",
                address = address,
                why = self.quote(&e.to_string())
            )),
        }
    }

    fn too_large(&self) -> FetchError {
        let mib = (MAX_FILE_BYTES >> 20).to_string();
        FetchError::NotARecord(tr!("broadcast-follow-too-large", address = self.address.as_str(), mib = mib))
    }

    /// What an answer other than 200 says: a redirect (not followed), a token refused, nothing
    /// recorded yet, another status with the first words of its body (quoted).
    pub(super) fn not_ok(&self, response: ureq::http::Response<ureq::Body>) -> FetchError {
        let address = self.address.as_str();
        let status = response.status().as_u16();
        if (300..400).contains(&status) {
            let location =
                response.headers().get("location").map(|l| String::from_utf8_lossy(l.as_bytes()).into_owned());
            let location = self.quote(&shown_address(location.as_deref().unwrap_or("?")));
            return FetchError::Refused(tr!(
                "broadcast-follow-redirect",
                address = address,
                status = status,
                location = location
            ));
        }
        match status {
            401 | 403 => FetchError::Refused(tr!("broadcast-follow-token-refused", address = address)),
            404 => FetchError::Refused(tr!("broadcast-follow-nothing-yet", address = address)),
            _ => {
                // The first words of its body, whatever else comes (a reason, never the whole).
                let mut bytes = Vec::new();
                let _ = response.into_body().into_reader().take(4096).read_to_end(&mut bytes);
                let why: String = self.quote(String::from_utf8_lossy(&bytes).trim()).chars().take(200).collect();
                FetchError::Refused(tr!(
                    "broadcast-follow-status",
                    address = address,
                    status = status,
                    why = why.trim()
                ))
            }
        }
    }
}

/// The record served at `url` (a record address with its token), as text, with the default
/// timings.
pub fn fetch_text(url: &str) -> Result<String, FetchError> {
    fetch_text_within(url, &FollowTimings::default())
}

/// The record served at `url` as text, read within `t.fetch`: a redirect is not followed, a
/// record over [`MAX_FILE_BYTES`] (said in its header, or as it comes) or not UTF-8 is not read.
pub fn fetch_text_within(url: &str, t: &FollowTimings) -> Result<String, FetchError> {
    let words = DeskWords::of(url, token_of(url));
    let response = agent(t, Some(t.fetch), t.fetch).get(url).call().map_err(|e| words.failure(e, t, t.fetch))?;
    if response.status().as_u16() != 200 {
        return Err(words.not_ok(response));
    }
    let mut body = response.into_body();
    if body.content_length().is_some_and(|n| n > MAX_FILE_BYTES) {
        return Err(words.too_large());
    }
    let bytes = body.with_config().limit(MAX_FILE_BYTES).read_to_vec().map_err(|e| words.failure(e, t, t.fetch))?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to() + 1;
        FetchError::NotARecord(tr!("broadcast-follow-not-utf8", address = words.address.as_str(), at = at))
    })
}

/// The record served at `url`, parsed (default timings).
pub fn fetch(url: &str) -> Result<Paifu, FetchError> {
    fetch_within(url, &FollowTimings::default())
}

/// The record served at `url`, read within `t`, parsed.
pub fn fetch_within(url: &str, t: &FollowTimings) -> Result<Paifu, FetchError> {
    let text = fetch_text_within(url, t)?;
    format::parse(&text).map(|p| p.paifu).map_err(|e| FetchError::NotARecord(not_a_record(url, &e)))
}

/// Why the text read at `url` is not a record (the parser's words, which may quote the text,
/// quoted as the desk's own; the address shown without its token).
pub fn not_a_record(url: &str, e: &format::ParseError) -> Text {
    let words = DeskWords::of(url, token_of(url));
    let why = Text::new(words.quote(&e.message.en), words.quote(&e.message.ja));
    tr!("broadcast-follow-not-a-record", address = words.address.as_str(), line = e.line, column = e.column, why = why)
}

/// The longest line of an event stream read.
pub(super) const MAX_LINE: u64 = 4 * 1024 * 1024;
/// The most an event stream may send from one `state` event to the end of the next: a longest
/// line, and keep-alives.
const MAX_BETWEEN: u64 = MAX_LINE + 64 * 1024;
/// The most comments and blank lines that end no event it may send from one `state` event to the
/// next (the server's keep-alive, 3 bytes every 15 s, reaches it in 90 hours).
const MAX_NOISE: u64 = 64 * 1024;

/// The event stream read line by line as Server-Sent Events: lines gather into an event, which a
/// blank line ends; only an event named `state` that carries data is one (the server's
/// `event: state`). Comments (`:` lines, the keep-alive), blank lines with no event before them
/// and events of another name are nothing; past [`MAX_NOISE`] bytes of comments and blank lines,
/// or [`MAX_BETWEEN`] of anything, with no `state` event, the stream floods ([`EventLines::flooded`]).
#[derive(Debug, Default)]
pub struct EventLines {
    /// The `event:` field of the event being read.
    name: Vec<u8>,
    /// Whether it has a `data:` field.
    data: bool,
    /// Bytes read since the last `state` event, and of them comments and blank lines.
    since_state: u64,
    noise: u64,
}

impl EventLines {
    /// Takes one line (its line end included or not): true when it ends a `state` event.
    pub fn line(&mut self, line: &[u8]) -> bool {
        self.since_state += line.len() as u64;
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            let (state, ends_one) = (self.data && self.name == b"state", self.data);
            (self.name, self.data) = (Vec::new(), false);
            if state {
                (self.since_state, self.noise) = (0, 0);
            } else if !ends_one {
                self.noise += 1;
            }
            return state;
        }
        let (field, value) = match line.iter().position(|&b| b == b':') {
            Some(i) => (&line[..i], line[i + 1..].strip_prefix(b" ").unwrap_or(&line[i + 1..])),
            None => (line, &b""[..]),
        };
        match field {
            b"event" => self.name = value.to_vec(),
            b"data" => self.data = true,
            b"" => self.noise += line.len() as u64 + 1,
            // An id, a retry or an unknown field.
            _ => {}
        }
        false
    }

    /// Whether the stream sent more than an event stream does with no `state` event.
    pub fn flooded(&self) -> bool {
        self.noise > MAX_NOISE || self.since_state > MAX_BETWEEN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_whole_state_event_counts() {
        let mut e = EventLines::default();
        let stream = ": keep-alive\n\n\n\r\nevent: state\nid: 3\ndata: {}\n\nevent: other\ndata: x\n\n\
                      data: no name\n\nevent: state\n\nevent:state\r\ndata:{\"a\":1}\r\n\r\n";
        let seen = stream.split_inclusive('\n').filter(|l| e.line(l.as_bytes())).count();
        assert_eq!(seen, 2);
        // Blank lines and comments: a flood past 64 KiB of them; any other lines past 4 MiB.
        let mut e = EventLines::default();
        assert!((0..MAX_NOISE).all(|_| !e.line(b"\n")) && !e.flooded());
        assert!(!e.line(b":\n") && e.flooded());
        let mut e = EventLines::default();
        let line = vec![b'x'; 1024];
        assert!((0..4 * 1024).all(|_| !e.line(&line)) && !e.flooded());
        (0..65).for_each(|_| _ = e.line(&line));
        assert!(e.flooded());
        assert!(!e.line(b"event: state\n") && !e.line(b"data: {}\n") && e.line(b"\n") && !e.flooded());
    }

    #[test]
    fn a_desk_is_named_without_its_token() {
        let t = "0123456789abcdef0123456789abcdef";
        for (given, shown) in [
            (format!("http://10.0.0.2:8765/api/record.jmjp?token={t}"), "http://10.0.0.2:8765/api/record.jmjp"),
            (format!("10.0.0.2:8765?token={t}"), "10.0.0.2:8765"),
            ("http://me:secret@10.0.0.2:8765/x".to_string(), "http://10.0.0.2:8765/x"),
            ("10.0.0.2:8765\u{1b}]0;x\u{7}".to_string(), "10.0.0.2:8765]0;x"),
        ] {
            assert_eq!(shown_address(&given), shown);
        }
        let d = Desk::parse(&format!("http://10.0.0.2:8765/api/record.jmjp?token={t}"), "").unwrap_or_else(|e| {
            panic!("{}", e.en);
        });
        assert!(!format!("{d} {d:?}").contains(t), "{d:?}");
        let e = Desk::parse(&format!("http://10.0.0.2/api/record.jmjp?token={t}"), "").err();
        assert!(e.is_some_and(|e| !e.en.contains(t) && !e.ja.contains(t)));
    }
}
