//! AI players over mjai: the simulator's side of the protocol for a match being recorded (or
//! recorded already). Each seat asked for gets its own AI player ([`link`]), sent that seat's view
//! of the match in batches ([`seat`]), one reply read per batch. What each AI would have done at
//! each of its seat's decisions is compared with what the player did.
//!
//! [`review`] goes through a recorded match and waits for each reply. [`Live`] follows a match as
//! it is recorded: each seat's AI runs on a thread of its own and an entry never waits for it; a
//! bot that fails is reported and started again at the next frame; after an undo or a correction
//! of an earlier act (mjai has no undo) the seat's AI is started again and brought back to the
//! present by replaying the match so far. Nothing a bot sends can change the match.

pub mod link;
pub mod seat;

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use serde_json::Value;

pub use link::{Endpoint, Link};
pub use seat::{Batch, Play, Prompt};

use super::ConvertError;
use super::mjai::{EventAt, match_events};
use crate::format::{Match, Seat};
use crate::i18n::{Text, tr};
use crate::rules::Table;

/// How long a bot may take over one reply before it is given up.
pub const REPLY_LIMIT: Duration = Duration::from_secs(10);

/// An AI's choice at one decision of its seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The seat's player id (0-3).
    pub seat: usize,
    /// The index, in the match's events, of the event the seat was asked after.
    pub event: usize,
    /// The frame and act that event comes from.
    pub at: Option<EventAt>,
    pub asked: Prompt,
    pub ai: Play,
}

/// The events of match `m` and where each comes from.
pub type Events = (Vec<Value>, Vec<Option<EventAt>>);

/// The events of `m` (`live`: it is being recorded).
pub fn events_of(m: &Match, live: bool) -> Result<Events, ConvertError> {
    Ok(match_events(m, 0, 1, live)?.into_iter().unzip())
}

/// What the player of the decision did, when the match has got that far.
pub fn actual_of(events: &[Value], d: &Decision) -> Option<Play> {
    seat::actual(events, d.event, d.seat, d.asked)
}

/// True when decision `d` counts for the agreement: at the seat's own turn always; on another
/// seat's discard or added kan when the AI or the player took it, or the rules let the seat take
/// it (a discard that nobody could call is no decision).
pub fn counts(m: &Match, events: &[Value], d: &Decision) -> bool {
    match d.asked {
        Prompt::Courtesy => false,
        Prompt::Turn | Prompt::AfterCall | Prompt::AfterRiichi => true,
        Prompt::Discard | Prompt::AddedKan => {
            let actual = actual_of(events, d);
            if d.ai != Play::Skip || actual.as_ref().is_some_and(|a| *a != Play::Skip) {
                return true;
            }
            could_take(m, d)
        }
    }
}

/// True when the rules let `d.seat` call or ron the discard it was asked about.
fn could_take(m: &Match, d: &Decision) -> bool {
    let Some(EventAt { frame, act: Some(act) }) = d.at else { return false };
    let Some(f) = m.frames.get(frame) else { return false };
    let Some(table) = Table::replay(f, act + 1) else { return false };
    let dealer = usize::from(f.id.number.clamp(1, 4)) - 1;
    let Some(seat) = Seat::ALL.into_iter().find(|s| crate::format::player_at(*s, dealer) == d.seat) else {
        return false;
    };
    table.call_options().iter().any(|(s, _)| *s == seat)
}

/// One seat's review: the AI's choices and, when it failed, why.
#[derive(Clone, Debug, Default)]
pub struct SeatReview {
    pub seat: usize,
    pub decisions: Vec<Decision>,
    pub failure: Option<Text>,
    /// Batches sent and answered.
    pub answered: usize,
    /// What the bot wrote on its standard error.
    pub stderr: Vec<String>,
}

/// Sends the whole of match `m` to the AI players of `seats` (one each, on threads of their own)
/// and collects their choices.
pub fn review(
    m: &Match,
    seats: &[usize],
    endpoint: &Endpoint,
    limit: Duration,
) -> Result<Vec<SeatReview>, ConvertError> {
    let (events, at) = events_of(m, false)?;
    let events = Arc::new(events);
    let at = Arc::new(at);
    let workers: Vec<_> = seats
        .iter()
        .map(|&seat| {
            let (events, at, endpoint) = (Arc::clone(&events), Arc::clone(&at), endpoint.clone());
            std::thread::spawn(move || review_seat(&events, &at, seat, &endpoint, limit))
        })
        .collect();
    Ok(workers
        .into_iter()
        .zip(seats)
        .map(|(w, &seat)| {
            w.join().unwrap_or_else(|_| SeatReview {
                seat,
                failure: Some(tr!("interop-bots-thread-stopped").text()),
                ..SeatReview::default()
            })
        })
        .collect())
}

fn review_seat(
    events: &[Value],
    at: &[Option<EventAt>],
    seat: usize,
    endpoint: &Endpoint,
    limit: Duration,
) -> SeatReview {
    let mut r = SeatReview { seat, ..SeatReview::default() };
    let mut link = match Link::open(endpoint, seat) {
        Ok(l) => l,
        Err(e) => {
            r.failure = Some(e);
            return r;
        }
    };
    for batch in seat::batches(events, seat, 0) {
        match ask(&mut link, &batch, seat, limit) {
            Ok(Some(ai)) => r.decisions.push(Decision {
                seat,
                event: batch.at,
                at: at.get(batch.at).copied().flatten(),
                asked: batch.asked,
                ai,
            }),
            Ok(None) => {}
            Err(e) => {
                r.failure = Some(e);
                break;
            }
        }
        r.answered += 1;
    }
    r.stderr = link.stderr();
    r
}

/// Sends `batch` and reads the reply: the AI's choice at a decision, `None` for a courtesy batch.
fn ask(link: &mut Link, batch: &Batch, seat: usize, limit: Duration) -> Result<Option<Play>, Text> {
    let reply = link.ask(&seat::line(batch), limit)?;
    if !batch.asked.is_decision() {
        return Ok(None);
    }
    Play::of_reply(&reply, seat, batch.asked).map(Some).map_err(|e| {
        let shown: String = reply.chars().take(80).collect();
        tr!("interop-bots-reply-shown", error = e, shown = shown)
    })
}

/// What a seat's AI reports while a match is recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    Decision(Decision),
    /// The AI failed (why); it is started again at the next frame.
    Failed {
        seat: usize,
        why: Text,
    },
    /// The match changed before event `from` (an undo, a correction): the seat's AI was started
    /// again and its choices from there on are void.
    Restarted {
        seat: usize,
        from: usize,
    },
}

/// The AI players following a match as it is recorded, one thread each.
pub struct Live {
    seats: Vec<(usize, Sender<Arc<Vec<Value>>>)>,
    reports: Receiver<Report>,
}

/// Where an AI's thread sends its reports, and who it wakes when it has.
struct Reporter {
    tx: Sender<Report>,
    /// Called each time a report is sent (the window wakes to show it).
    wake: Arc<dyn Fn() + Send + Sync>,
}

impl Reporter {
    /// Sends `r`, then wakes; false when nobody listens any more.
    fn send(&self, r: Report) -> bool {
        let sent = self.tx.send(r).is_ok();
        (self.wake)();
        sent
    }
}

impl Live {
    /// Starts the AI players of `seats` (player id and where its AI is); their reports are read
    /// with [`Live::reports`] when asked.
    pub fn start(seats: Vec<(usize, Endpoint)>, limit: Duration) -> Live {
        Live::start_waking(seats, limit, Arc::new(|| {}))
    }

    /// [`Live::start`], `wake` called after each report is sent.
    pub fn start_waking(seats: Vec<(usize, Endpoint)>, limit: Duration, wake: Arc<dyn Fn() + Send + Sync>) -> Live {
        let (tx, reports) = mpsc::channel();
        let seats = seats
            .into_iter()
            .map(|(seat, endpoint)| {
                let (to_seat, rx) = mpsc::channel();
                let report = Reporter { tx: tx.clone(), wake: Arc::clone(&wake) };
                std::thread::spawn(move || follow(seat, &endpoint, limit, &rx, &report));
                (seat, to_seat)
            })
            .collect();
        Live { seats, reports }
    }

    /// The match as it now stands (its events): each AI gets what is new to it. Never waits.
    pub fn update(&self, events: &Arc<Vec<Value>>) {
        for (_, tx) in &self.seats {
            let _ = tx.send(Arc::clone(events));
        }
    }

    /// The reports that came in since the last call. Never waits.
    pub fn reports(&self) -> Vec<Report> {
        self.reports.try_iter().collect()
    }
}

/// The number of frames begun in `events`.
fn frames(events: &[Value]) -> usize {
    events.iter().filter(|e| e.get("type").and_then(Value::as_str) == Some("start_kyoku")).count()
}

/// One seat's AI following the match: the newest events in, reports out.
fn follow(seat: usize, endpoint: &Endpoint, limit: Duration, rx: &Receiver<Arc<Vec<Value>>>, report: &Reporter) {
    let mut link: Option<Link> = None;
    // The events the AI has been sent (the batches answered), and the frames begun when it failed.
    let mut sent: Vec<Value> = Vec::new();
    let mut failed_in: Option<usize> = None;
    while let Ok(mut events) = rx.recv() {
        while let Ok(newer) = rx.try_recv() {
            events = newer;
        }
        let common = sent.iter().zip(events.iter()).take_while(|(a, b)| a == b).count();
        if common < sent.len() {
            link = None;
            sent.clear();
            if !report.send(Report::Restarted { seat, from: common }) {
                return;
            }
        }
        if let Some(n) = failed_in {
            if frames(&events) <= n {
                continue;
            }
            failed_in = None;
        }
        let mut fail = |why: Text, link: &mut Option<Link>, sent: &mut Vec<Value>| {
            *link = None;
            sent.clear();
            failed_in = Some(frames(&events));
            report.send(Report::Failed { seat, why })
        };
        if link.is_none() {
            match Link::open(endpoint, seat) {
                Ok(l) => link = Some(l),
                Err(why) => {
                    if !fail(why, &mut link, &mut sent) {
                        return;
                    }
                    continue;
                }
            }
        }
        for batch in seat::batches(&events, seat, sent.len()) {
            let Some(l) = link.as_mut() else { break };
            match ask(l, &batch, seat, limit) {
                Ok(ai) => {
                    sent = events[..=batch.at].to_vec();
                    if let Some(ai) = ai {
                        let d = Decision { seat, event: batch.at, at: None, asked: batch.asked, ai };
                        if !report.send(Report::Decision(d)) {
                            return;
                        }
                    }
                }
                Err(why) => {
                    if !fail(why, &mut link, &mut sent) {
                        return;
                    }
                    break;
                }
            }
        }
    }
}
