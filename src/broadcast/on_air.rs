//! The record on air: the newest record from the document's flow of changes, the records of the
//! last minutes (for the delay), the last [`EVENT_BUFFER`] events of this epoch (for a page that
//! reconnects) and the open event streams, each with a bounded queue of its own. Whoever hands a
//! record in ([`OnAir::receive`], the feed's own thread) never waits for a viewer: a stream whose
//! queue is full is dropped.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use tokio::sync::mpsc;

use crate::document::{Update, UpdateKind};
use crate::format::Paifu;
use crate::scoring::RuleOptions;

use super::delay::{Arrival, History, MAX_DELAY, Shape};
use super::kept::{EventBuffer, KeptEvent};
use super::listen::Peer;
use super::season::SeasonOnAir;
use super::table::{Cut, on_air, table_of};

pub use super::kept::{EVENT_BUFFER, EVENT_BYTES};
/// Event streams open at once, at most.
pub const MAX_STREAMS: usize = 32;
/// Events queued for one stream before it counts as stuck and is dropped.
pub const STREAM_QUEUE: usize = 64;

/// Where the time comes from (the tests move it by hand).
pub trait Clock: Send + Sync + std::fmt::Debug {
    fn now(&self) -> Instant;
}

/// The real clock.
#[derive(Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Instant {
        Instant::now()
    }
}

/// A clock that only moves when told (tests, benchmarks).
#[derive(Debug)]
pub struct ManualClock(Mutex<Instant>);

impl Default for ManualClock {
    fn default() -> Self {
        ManualClock(Mutex::new(Instant::now()))
    }
}

impl ManualClock {
    pub fn advance(&self, by: Duration) {
        let mut t = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        *t += by;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Instant {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// What a page asks for: a delay (whole seconds, at most [`MAX_DELAY`]), the hands or not, and
/// each seated player's season figures or not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct View {
    pub delay: u64,
    pub hands: bool,
    pub stats: bool,
}

impl View {
    fn delay(self) -> Duration {
        Duration::from_secs(self.delay.min(MAX_DELAY))
    }
}

/// One event of a stream: its id (`EPOCH-SEQ`) and its data (a table as JSON).
#[derive(Clone, Debug)]
pub struct StreamEvent {
    pub id: String,
    pub data: Arc<str>,
}

/// A record as it came.
#[derive(Clone, Debug)]
struct Record {
    seq: u64,
    paifu: Arc<Paifu>,
}

/// One open event stream.
#[derive(Debug)]
struct Stream {
    id: u64,
    view: View,
    tx: mpsc::Sender<StreamEvent>,
    /// The record and cut it was last sent, and what that read.
    sent: Option<(u64, Cut, Arc<str>)>,
    /// Its connection (`None` for a stream opened without one, as the route tests do).
    peer: Option<Arc<Peer>>,
    /// Events queued for it so far (the table it opened with counts one).
    events: u64,
}

impl Stream {
    /// It has been sent nothing since the table it opened with (no act entered since): its
    /// client has shown no reading, so it may give its slot to a new stream, the oldest first.
    /// A stream that has been sent more keeps its slot; one whose client then stops reading is
    /// dropped when its queue fills, and closed by the stall timeout.
    fn not_reading(&self) -> Option<u64> {
        self.peer.as_ref()?;
        (self.events < 2).then_some(self.id)
    }
}

#[derive(Debug, Default)]
struct State {
    epoch: u64,
    newest: Option<Record>,
    history: History,
    events: EventBuffer,
    streams: Vec<Stream>,
}

/// The record on air, shared by the server's tasks and the feed's thread.
#[derive(Debug)]
pub struct OnAir {
    state: Mutex<State>,
    clock: Arc<dyn Clock>,
    rules: RuleOptions,
    token: String,
    next_stream: AtomicU64,
    /// Streams being sent to (read by the status bar without the lock).
    viewers: AtomicU64,
    /// The season's figures the pages that ask are given.
    season: SeasonOnAir,
    /// Called when the number of viewers changed (the status bar shows it).
    wake: Waking,
}

/// Who is woken when the number of viewers changes, if anyone.
#[derive(Default)]
struct Waking(Option<crate::document::feed::Wake>);

impl std::fmt::Debug for Waking {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "Waking" } else { "NotWaking" })
    }
}

/// Why a stream was not opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full;

impl OnAir {
    /// Nothing on air yet, a new epoch, a new token.
    pub fn new(clock: Arc<dyn Clock>, rules: RuleOptions) -> OnAir {
        OnAir {
            state: Mutex::new(State { epoch: new_epoch(0), ..State::default() }),
            clock,
            rules,
            token: new_token(),
            next_stream: AtomicU64::new(1),
            viewers: AtomicU64::new(0),
            season: SeasonOnAir::default(),
            wake: Waking::default(),
        }
    }

    /// The same, calling `wake` whenever a viewer comes or goes.
    pub fn waking(mut self, wake: crate::document::feed::Wake) -> OnAir {
        self.wake = Waking(Some(wake));
        self
    }

    /// The same, giving the pages that ask (`stats=1`) the figures of `season` with the match on
    /// air.
    pub fn with_season(mut self, season: SeasonOnAir) -> OnAir {
        self.season = season;
        self
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The same, with `token` (letters and digits, at least 16) instead of a new one: the token
    /// the settings keep, so a desk following this one reads on after a restart. Any other
    /// `token` is not used.
    pub fn with_token(mut self, token: &str) -> OnAir {
        if token.len() >= 16 && token.chars().all(|c| c.is_ascii_alphanumeric()) {
            self.token = token.to_string();
        }
        self
    }

    /// The per-run token `/api/record.jmjp` needs.
    pub fn token(&self) -> &str {
        &self.token
    }

    /// Event streams open now.
    pub fn viewers(&self) -> usize {
        usize::try_from(self.viewers.load(Ordering::SeqCst)).unwrap_or(usize::MAX)
    }

    /// The bytes the events kept for pages that reconnect hold (bounded by [`EVENT_BYTES`]).
    pub fn kept_bytes(&self) -> usize {
        self.state().events.bytes()
    }

    /// The events kept for pages that reconnect (at most [`EVENT_BUFFER`]).
    pub fn kept_events(&self) -> usize {
        self.state().events.len()
    }

    /// The epoch of the event ids now.
    pub fn epoch(&self) -> u64 {
        self.state().epoch
    }

    /// A record from the flow of changes: kept, and sent at once to the streams without a delay.
    /// A document opened or recovered starts a new epoch. Never waits for a stream.
    pub fn receive(&self, update: Update) {
        let now = self.clock.now();
        let mut s = self.state();
        if update.kind == UpdateKind::Opened {
            s.epoch = new_epoch(s.epoch);
            s.events.clear();
        }
        let record = Record { seq: update.seq, paifu: update.paifu };
        let shape = Shape::of(on_air(&record.paifu), s.history.newest().map(|a| a.shape.as_ref()));
        s.history.push(Arrival { seq: record.seq, at: now, shape: Arc::new(shape) });
        s.events.push(record.seq, &record.paifu);
        s.newest = Some(record);
        self.send_due(&mut s, now, |v| v.delay == 0);
    }

    /// Sends the delayed streams what has come due (the server calls it a few times a second).
    pub fn tick(&self) {
        let now = self.clock.now();
        let mut s = self.state();
        self.send_due(&mut s, now, |v| v.delay > 0);
    }

    /// Sends each stream `which` picks its table when it changed; drops those that cannot take it.
    fn send_due(&self, s: &mut State, now: Instant, which: impl Fn(View) -> bool) {
        let Some(newest) = s.newest.clone() else { return };
        let epoch = s.epoch;
        let mut rendered: Vec<(View, Cut, Arc<str>)> = Vec::new();
        let mut dropped = Vec::new();
        for i in 0..s.streams.len() {
            let view = s.streams[i].view;
            if !which(view) {
                continue;
            }
            let cut = s.history.delayed_cut(now, view.delay()).unwrap_or(Cut {
                frames: 0,
                acts: 0,
                dora: 0,
                end: false,
                draw_only: false,
            });
            if s.streams[i].sent.as_ref().is_some_and(|(seq, c, _)| *seq == newest.seq && *c == cut) {
                continue;
            }
            let data = match rendered.iter().find(|(v, c, _)| *v == view && *c == cut) {
                Some((_, _, d)) => Arc::clone(d),
                None => {
                    let d = self.render(&newest.paifu, cut, view, "");
                    rendered.push((view, cut, Arc::clone(&d)));
                    d
                }
            };
            let stream = &mut s.streams[i];
            // Without a delay each change is an event; a delayed stream gets a table only when
            // what it shows changed.
            if view.delay > 0 && stream.sent.as_ref().is_some_and(|(_, _, d)| *d == data) {
                stream.sent = Some((newest.seq, cut, data));
                continue;
            }
            let event = StreamEvent { id: event_id(epoch, newest.seq), data: with_id(&data, epoch, newest.seq) };
            match stream.tx.try_send(event) {
                Ok(()) => {
                    stream.sent = Some((newest.seq, cut, data));
                    stream.events += 1;
                }
                Err(_) => dropped.push(stream.id),
            }
        }
        // A stream that cannot take its event is stuck (or gone): it is counted out and its
        // queue let go, which ends its response once its page reads what was queued.
        if !dropped.is_empty() {
            s.streams.retain(|x| !dropped.contains(&x.id));
            self.count(s);
        }
    }

    /// The viewers are the streams being sent to.
    fn count(&self, s: &State) {
        let before = self.viewers.swap(s.streams.len() as u64, Ordering::SeqCst);
        if before != s.streams.len() as u64
            && let Some(wake) = &self.wake.0
        {
            wake();
        }
    }

    /// The table of `paifu` cut at `cut` as JSON, its id left for [`with_id`] to fill; with each
    /// seated player's season figures when `view` asks for them.
    fn render(&self, paifu: &Paifu, cut: Cut, view: View, id: &str) -> Arc<str> {
        let empty = crate::format::Match::default();
        self.render_match(on_air(paifu).unwrap_or(&empty), cut, view, id)
    }

    /// [`OnAir::render`] of the match on air `m`.
    fn render_match(&self, m: &crate::format::Match, cut: Cut, view: View, id: &str) -> Arc<str> {
        let mut t = table_of(m, cut, view.hands, &self.rules);
        if view.stats {
            let figures = self.season.figures(m, cut.frames_to_end(m), &self.rules);
            for seat in &mut t.seats {
                seat.stats = figures.get(seat.seat).cloned().flatten();
            }
        }
        t.id = id.to_string();
        Arc::from(serde_json::to_string(&t).unwrap_or_default())
    }

    /// The cut of the newest record `view` sees now; `None` before any record.
    fn cut_now(&self, s: &State, view: View) -> Option<(Record, Cut)> {
        let newest = s.newest.clone()?;
        let cut = s.history.delayed_cut(self.clock.now(), view.delay()).unwrap_or(Cut {
            frames: 0,
            acts: 0,
            dora: 0,
            end: false,
            draw_only: false,
        });
        Some((newest, cut))
    }

    /// The table now (`/api/state`), as JSON.
    pub fn state_json(&self, view: View) -> String {
        let s = self.state();
        let Some((newest, cut)) = self.cut_now(&s, view) else {
            return self.render(&Paifu::default(), Cut::all(&Default::default()), view, "").to_string();
        };
        let id = event_id(s.epoch, newest.seq);
        drop(s);
        self.render(&newest.paifu, cut, view, &id).to_string()
    }

    /// Each seated player's season figures now, as a page with `view`'s delay sees the match
    /// (`/api/stats`): `{"season": FOLDER or null, "players": [{"name", figures...} or null, ...]}`
    /// by player id.
    pub fn stats_json(&self, view: View) -> String {
        let s = self.state();
        let found = self.cut_now(&s, view);
        drop(s);
        let empty = crate::format::Match::default();
        let (m, cut) = match &found {
            Some((newest, cut)) => (on_air(&newest.paifu).unwrap_or(&empty), *cut),
            None => (&empty, Cut::all(&empty)),
        };
        let figures = self.season.figures(m, cut.frames_to_end(m), &self.rules);
        let names = super::table::player_names(m);
        let players: Vec<serde_json::Value> = figures
            .iter()
            .zip(names)
            .map(|(f, name)| match f {
                Some(f) => {
                    let mut v = serde_json::to_value(f).unwrap_or_default();
                    if let Some(o) = v.as_object_mut() {
                        o.insert("name".into(), name.into());
                    }
                    v
                }
                None => serde_json::Value::Null,
            })
            .collect();
        let season = self.season.folder().map(|f| f.display().to_string());
        serde_json::json!({ "season": season, "players": players }).to_string()
    }

    /// The replay of the record now (`/api/replay.json`), as JSON.
    pub fn replay_json(&self, view: View) -> String {
        let s = self.state();
        let found = self.cut_now(&s, view);
        drop(s);
        let Some((newest, cut)) = found else { return "null".to_string() };
        let Some(m) = on_air(&newest.paifu) else { return "null".to_string() };
        serde_json::to_string(&super::replay::replay_of(m, cut, view.hands, &self.rules)).unwrap_or_default()
    }

    /// The newest record as canonical `.jmjp` text, undelayed, hands and all.
    pub fn record_text(&self) -> Option<String> {
        let newest = self.state().newest.clone()?;
        Some(crate::format::write(&newest.paifu))
    }

    /// Opens a stream for `view`. A `last_id` of this epoch whose events the buffer still holds
    /// gets those after it (only without a delay); any other gets the table now. `Err` when
    /// [`MAX_STREAMS`] are open.
    pub fn open_stream(self: &Arc<Self>, view: View, last_id: Option<&str>) -> Result<EventStream, Full> {
        self.open_stream_on(view, last_id, None)
    }

    /// [`OnAir::open_stream`] on the connection `peer`. When [`MAX_STREAMS`] are open, the
    /// oldest stream that has been sent nothing since the table it opened with is closed,
    /// socket and all, to make room; `Err` when every one has been sent more.
    pub fn open_stream_on(
        self: &Arc<Self>,
        view: View,
        last_id: Option<&str>,
        peer: Option<Arc<Peer>>,
    ) -> Result<EventStream, Full> {
        let mut s = self.state();
        if s.streams.len() >= MAX_STREAMS {
            let victim = s.streams.iter().enumerate().filter_map(|(i, x)| Some((x.not_reading()?, i))).min();
            let Some((_, i)) = victim else { return Err(Full) };
            let gone = s.streams.remove(i);
            if let Some(p) = &gone.peer {
                p.close();
            }
        }
        if let Some(p) = &peer {
            p.streams(true);
        }
        let (tx, rx) = mpsc::channel(STREAM_QUEUE);
        let id = self.next_stream.fetch_add(1, Ordering::SeqCst);
        let mut backlog = VecDeque::new();
        let mut sent = None;
        if let Some((newest, cut)) = self.cut_now(&s, view) {
            let after = last_id.and_then(parse_id).filter(|&(e, _)| e == s.epoch).map(|(_, q)| q);
            let first_kept = s.events.first_seq().unwrap_or(u64::MAX);
            match after {
                Some(q) if view.delay == 0 && q <= newest.seq && q.saturating_add(1) >= first_kept => {
                    backlog.extend(s.events.after(q).cloned().map(Missed::Kept));
                }
                _ => backlog.push_back(Missed::Now(newest.clone(), cut)),
            }
            sent = Some((newest.seq, cut, Arc::from("")));
        }
        let events = backlog.len() as u64;
        s.streams.push(Stream { id, view, tx, sent, peer, events });
        self.count(&s);
        let epoch = s.epoch;
        drop(s);
        Ok(EventStream { on_air: Arc::clone(self), id, epoch, view, backlog, rx })
    }

    /// Ends every stream (the server stops).
    pub fn close_streams(&self) {
        let mut s = self.state();
        s.streams.clear();
        self.count(&s);
    }

    fn let_go(&self, id: u64) {
        let mut s = self.state();
        s.streams.retain(|x| {
            let gone = x.id == id;
            // Its connection may serve other requests now, and make room like any other.
            if let (true, Some(p)) = (gone, &x.peer) {
                p.streams(false);
            }
            !gone
        });
        self.count(&s);
    }
}

/// What a stream is sent before what comes: the table now, or the events it missed.
#[derive(Debug)]
enum Missed {
    Now(Record, Cut),
    Kept(KeptEvent),
}

/// The events of one stream: first those it missed (rendered as it reads them), then those
/// [`OnAir`] queues for it. Dropping it (the page went, or was dropped) counts it out.
#[derive(Debug)]
pub struct EventStream {
    on_air: Arc<OnAir>,
    id: u64,
    epoch: u64,
    view: View,
    backlog: VecDeque<Missed>,
    rx: mpsc::Receiver<StreamEvent>,
}

impl EventStream {
    /// The next event, waiting for it; `None` when the stream was dropped.
    pub async fn next_event(&mut self) -> Option<StreamEvent> {
        if let Some(e) = self.next_missed() {
            return Some(e);
        }
        self.rx.recv().await
    }

    fn next_missed(&mut self) -> Option<StreamEvent> {
        let (seq, data) = match self.backlog.pop_front()? {
            Missed::Now(record, cut) => (record.seq, self.on_air.render(&record.paifu, cut, self.view, "")),
            Missed::Kept(kept) => {
                let m = kept.on_air();
                (kept.seq, self.on_air.render_match(&m, Cut::all(&m), self.view, ""))
            }
        };
        Some(StreamEvent { id: event_id(self.epoch, seq), data: with_id(&data, self.epoch, seq) })
    }
}

impl tokio_stream::Stream for EventStream {
    type Item = StreamEvent;

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<StreamEvent>> {
        if let Some(e) = self.next_missed() {
            return std::task::Poll::Ready(Some(e));
        }
        self.rx.poll_recv(cx)
    }
}

impl Drop for EventStream {
    fn drop(&mut self) {
        self.on_air.let_go(self.id);
    }
}

/// `EPOCH-SEQ`.
pub fn event_id(epoch: u64, seq: u64) -> String {
    format!("{epoch}-{seq}")
}

/// The epoch and sequence number of an event id.
pub fn parse_id(id: &str) -> Option<(u64, u64)> {
    let (e, s) = id.trim().split_once('-')?;
    Some((e.parse().ok()?, s.parse().ok()?))
}

/// The table's JSON (rendered with an empty id) with its id filled in.
fn with_id(data: &str, epoch: u64, seq: u64) -> Arc<str> {
    Arc::from(data.replacen(r#""id":"""#, &format!(r#""id":"{}""#, event_id(epoch, seq)), 1))
}

/// A new epoch: the time in milliseconds, always above `before`.
fn new_epoch(before: u64) -> u64 {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(0));
    now.max(before.saturating_add(1))
}

/// A random token of 128 bits as hex (the system's random source; the time if it has none).
/// A new random token (32 hexadecimal digits).
pub fn new_token() -> String {
    let mut bytes = [0u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        let t = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        bytes = t.to_le_bytes();
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
