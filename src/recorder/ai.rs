//! The AI players of a recording (Settings > AI players): the match, as it is recorded, goes to
//! them over mjai ([`crate::interop::bots::Live`]: a thread per seat, an entry never waits). They
//! are the first subscriber of the document's flow of changes ([`crate::document::feed`]): a
//! thread of theirs turns each change into mjai events, so they follow every change wherever the
//! scorer makes it (the recorder, the editor, the forms), and
//! what each would have done at each of its seat's decisions is kept to be shown beside the act
//! it concerns, with whether the player did the same. Only decisions are shown, never what an AI
//! sees of hidden hands. Nothing an AI sends changes the document.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::Value;

use crate::document::feed::Follower;
use crate::document::{Document, Update};
use crate::format::{Match, Seat, player_at};
use crate::i18n::{Text, tr};
use crate::interop::bots::{self, Decision, Endpoint, Live, Play, Prompt, Report};
use crate::interop::mjai::EventAt;

/// One AI choice as the recorder shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The seat in the frame (East is the dealer).
    pub seat: Seat,
    pub ai: Play,
    /// The riichi discard, when the AI declared riichi and was asked for it (the player
    /// declared too): "riichi 5p".
    pub then: Option<Play>,
    /// Whether the player did the same; `None` while the player has not acted yet.
    pub agrees: Option<bool>,
}

impl Note {
    /// "discard 3z", "riichi 5p".
    fn choice_text(&self) -> Text {
        let ai = self.ai.text();
        match &self.then {
            Some(Play::Discard(t)) => {
                let t = Text::new(crate::interop::mpsz::tiles_text(&[*t]), t.name(crate::i18n::Lang::Ja));
                tr!("recorder-ai-discard", choice = ai, tile = t)
            }
            _ => ai,
        }
    }

    /// The AI's choice alone: "AI: discard 3z".
    pub fn ai_text(&self, lang: crate::i18n::Lang) -> String {
        let ai = self.choice_text();
        tr!("recorder-ai-choice", choice = ai).into_lang(lang)
    }

    /// "AI: discard 3z (agrees)" / 「AI：3z 打（一致）」.
    pub fn text(&self) -> Text {
        let ai = self.choice_text();
        match self.agrees {
            Some(true) => tr!("recorder-ai-agrees", choice = ai),
            Some(false) => tr!("recorder-ai-differs", choice = ai),
            None => tr!("recorder-ai-choice", choice = ai),
        }
    }
}

/// The match as last sent to the AIs, by the feed's thread: its events, where each is in the
/// match, and the match.
#[derive(Debug, Default)]
struct Sent {
    /// The sequence number of the change it was made from (`None` before the first).
    seq: Option<u64>,
    events: Vec<Value>,
    at: Vec<Option<EventAt>>,
    shown: Match,
}

/// On the feed's thread: the match being recorded (the last of the file), as it stands after the
/// change `u`, goes to the AIs when it can be spoken (no start points yet, say: once it can).
fn send(u: &Update, live: &Mutex<Live>, sent: &Mutex<Sent>) {
    let Some(m) = u.paifu.matches.last() else { return };
    let Ok((events, at)) = bots::events_of(m, true) else { return };
    live.lock().unwrap_or_else(PoisonError::into_inner).update(&Arc::new(events.clone()));
    *sent.lock().unwrap_or_else(PoisonError::into_inner) = Sent { seq: Some(u.seq), events, at, shown: m.clone() };
}

/// The AI players following a recording.
pub struct AiPlayers {
    live: Arc<Mutex<Live>>,
    /// The thread that follows the document's changes: kept, never read (dropping it ends the
    /// thread); none when the document publishes nowhere.
    _follower: Option<Follower>,
    sent: Arc<Mutex<Sent>>,
    /// The player ids asked, and where their AI is.
    seats: Vec<(usize, Endpoint)>,
    /// By (event, player id).
    decisions: BTreeMap<(usize, usize), Decision>,
    /// Why an AI failed (by player id), until it is started again.
    failures: BTreeMap<usize, Text>,
    /// The sequence number of what the notes were worked out from.
    seq: Option<u64>,
    events: Vec<Value>,
    at: Vec<Option<EventAt>>,
    /// The match as last sent.
    shown: Match,
    /// Worked out once per change (an entry, a report), not at every frame of the window: the
    /// notes of the decisions that count, by frame and act; the notes not answered yet.
    counted: BTreeMap<(usize, usize), Vec<Note>>,
    unanswered: Vec<Note>,
}

impl std::fmt::Debug for AiPlayers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AiPlayers").field("seats", &self.seats).field("decisions", &self.decisions.len()).finish()
    }
}

impl AiPlayers {
    /// Starts the AI players of `seats` (player id, where its AI is) on the record `doc` is
    /// recording: a thread of ours follows its every change from now on, wherever it is made,
    /// and never makes an entry wait. `wake` is called whenever there is something new to show
    /// (the match sent, an AI's report); the screen takes it in with [`AiPlayers::poll`]. Nothing
    /// is followed when the document publishes nowhere.
    pub fn start(seats: Vec<(usize, Endpoint)>, doc: &Document, wake: Arc<dyn Fn() + Send + Sync>) -> AiPlayers {
        let live = Arc::new(Mutex::new(Live::start_waking(seats.clone(), bots::REPLY_LIMIT, Arc::clone(&wake))));
        let sent: Arc<Mutex<Sent>> = Arc::default();
        let follower = doc.subscribe().and_then(|sub| {
            let (live, sent) = (Arc::clone(&live), Arc::clone(&sent));
            sub.follow("AI players", move |u| {
                send(&u, &live, &sent);
                wake();
            })
            .ok()
        });
        AiPlayers {
            live,
            _follower: follower,
            sent,
            seats,
            decisions: BTreeMap::new(),
            failures: BTreeMap::new(),
            seq: None,
            events: Vec::new(),
            at: Vec::new(),
            shown: Match::default(),
            counted: BTreeMap::new(),
            unanswered: Vec::new(),
        }
    }

    /// The player ids asked and where their AI is.
    pub fn seats(&self) -> &[(usize, Endpoint)] {
        &self.seats
    }

    /// Takes in what the AIs reported and the match as last sent; true when anything came.
    pub fn poll(&mut self) -> bool {
        let reports = self.live.lock().unwrap_or_else(PoisonError::into_inner).reports();
        let mut any = !reports.is_empty();
        {
            let mut sent = self.sent.lock().unwrap_or_else(PoisonError::into_inner);
            if sent.seq.is_some() && self.seq != sent.seq {
                self.seq = sent.seq;
                self.events = std::mem::take(&mut sent.events);
                self.at = std::mem::take(&mut sent.at);
                self.shown = std::mem::take(&mut sent.shown);
                any = true;
            }
        }
        for r in reports {
            match r {
                Report::Decision(mut d) => {
                    d.at = self.at.get(d.event).copied().flatten();
                    self.failures.remove(&d.seat);
                    self.decisions.insert((d.event, d.seat), d);
                }
                Report::Failed { seat, why } => {
                    self.failures.insert(seat, why);
                }
                Report::Restarted { seat, from } => {
                    self.decisions.retain(|(event, s), _| *s != seat || *event < from);
                }
            }
        }
        if any {
            self.refresh();
        }
        any
    }

    /// The notes worked out again from the decisions and the match.
    fn refresh(&mut self) {
        let mut counted: BTreeMap<(usize, usize), Vec<Note>> = BTreeMap::new();
        for d in self.decisions.values() {
            let Some(EventAt { frame, act: Some(act) }) = d.at else { continue };
            if bots::counts(&self.shown, &self.events, d)
                && let Some(n) = self.note(d)
            {
                counted.entry((frame, act)).or_default().push(n);
            }
        }
        self.counted = counted;
        self.unanswered = self
            .decisions
            .values()
            .filter(|d| bots::actual_of(&self.events, d).is_none())
            .filter(|d| d.asked != Prompt::Courtesy && (d.ai != Play::Skip || d.asked == Prompt::Turn))
            .filter_map(|d| self.note(d))
            .collect();
    }

    /// The seat of player `player` in frame `frame`.
    fn seat_of(&self, frame: usize, player: usize) -> Option<Seat> {
        let f = self.shown.frames.get(frame)?;
        let dealer = usize::from(f.id.number.clamp(1, 4)) - 1;
        Seat::ALL.into_iter().find(|s| player_at(*s, dealer) == player)
    }

    fn note(&self, d: &Decision) -> Option<Note> {
        let at = d.at?;
        let actual = bots::actual_of(&self.events, d);
        Some(Note {
            seat: self.seat_of(at.frame, d.seat)?,
            agrees: actual.map(|a| a == d.ai),
            ai: d.ai.clone(),
            then: None,
        })
    }

    /// The AI choices about act `act` of frame `frame` that count (a discard nobody could call
    /// is no decision).
    pub fn notes_of(&self, frame: usize, act: usize) -> Vec<Note> {
        self.counted.get(&(frame, act)).into_iter().flatten().cloned().fold(Vec::new(), |mut notes: Vec<Note>, n| {
            // A riichi and its discard, both the AI's, are one choice: "riichi 5p".
            match notes.last_mut() {
                Some(r) if r.seat == n.seat && r.ai == Play::Riichi && r.then.is_none() => {
                    r.agrees = r.agrees.zip(n.agrees).map(|(a, b)| a && b);
                    r.then = Some(n.ai);
                }
                _ => notes.push(n),
            }
            notes
        })
    }

    /// The AI choices the players have not answered yet (the step being recorded).
    pub fn pending(&self) -> Vec<Note> {
        self.unanswered.clone()
    }

    /// Per seat of frame `frame`: the decisions where the player did what the AI would have,
    /// and the decisions counted.
    pub fn agreement(&self, frame: usize) -> Vec<(Seat, usize, usize)> {
        let mut out: BTreeMap<Seat, (usize, usize)> = BTreeMap::new();
        for n in self.counted.range((frame, 0)..(frame + 1, 0)).flat_map(|(_, notes)| notes) {
            let Some(agrees) = n.agrees else { continue };
            let e = out.entry(n.seat).or_default();
            e.0 += usize::from(agrees);
            e.1 += 1;
        }
        out.into_iter().map(|(s, (a, c))| (s, a, c)).collect()
    }

    /// The AIs that failed, by player id, and why.
    pub fn failures(&self) -> Vec<(usize, Text)> {
        self.failures.iter().map(|(s, t)| (*s, t.clone())).collect()
    }
}
