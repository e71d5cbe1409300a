//! The one flow of changes of the open document: every change (an entry, undo and redo, a form
//! edit, an editor edit, a fix, a reconcile, a merge, a file opened or recovered) is published
//! from the document ([`super::Document`]) as an [`Update`] with a sequence number that only
//! grows, the revision and a shared snapshot of the record.
//!
//! Whoever wants the record as it is recorded (the AI players, the served record, the desk that
//! follows this one) subscribes and reads on a thread of its own. The publisher never waits for a
//! subscriber: each has a queue of its own that keeps the newest [`QUEUE_LIMIT`] updates; one that
//! falls further behind loses the oldest (every update is a whole record, so the newest says all)
//! and sees the gap in the sequence numbers.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError, Weak};
use std::thread::JoinHandle;
use std::time::Duration;

/// What a subscriber calls when it has something new to show (the app wakes its window: no timed
/// repaint).
pub type Wake = std::sync::Arc<dyn Fn() + Send + Sync>;

use crate::format::Paifu;

use super::revision::Revision;

/// How many updates a subscriber's queue keeps when it does not read them.
pub const QUEUE_LIMIT: usize = 256;

/// What made an update.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UpdateKind {
    /// A new state: an entry, a form or editor edit, a fix, a reconcile, a merge.
    Edit,
    /// The last step undone.
    Undo,
    /// The step undone last made again.
    Redo,
    /// A document came to the feed: a file opened, a new match, a recording recovered (its
    /// revisions start again; the sequence numbers do not).
    Opened,
    /// The state as it stood when the subscriber joined.
    Joined,
}

/// One change of the open document, as subscribers see it.
#[derive(Clone, Debug)]
pub struct Update {
    /// Grows by one with every change published, across undo, other files and recoveries.
    pub seq: u64,
    /// The document's revision after the change (it goes back on undo and restarts when
    /// another document is opened: use `seq` to order updates).
    pub revision: Revision,
    pub kind: UpdateKind,
    /// The whole record after the change, shared by every subscriber.
    pub paifu: Arc<Paifu>,
}

/// The queue of one subscriber.
#[derive(Debug, Default)]
struct Queue {
    state: Mutex<QueueState>,
    ready: Condvar,
}

#[derive(Debug, Default)]
struct QueueState {
    updates: VecDeque<Update>,
    /// Updates dropped because the subscriber fell more than [`QUEUE_LIMIT`] behind.
    missed: u64,
    /// The subscriber is gone, or has been asked to stop.
    closed: bool,
}

impl Queue {
    fn state(&self) -> MutexGuard<'_, QueueState> {
        // A subscriber that panicked while holding its lock leaves a queue still good to use.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn push(&self, update: Update) {
        let mut s = self.state();
        if s.updates.len() >= QUEUE_LIMIT {
            s.updates.pop_front();
            s.missed += 1;
        }
        s.updates.push_back(update);
        drop(s);
        self.ready.notify_one();
    }

    fn close(&self) {
        self.state().closed = true;
        self.ready.notify_all();
    }
}

#[derive(Debug, Default)]
struct Inner {
    /// The sequence number of the last change.
    seq: AtomicU64,
    /// The subscribers' queues (a dropped subscriber's entry is let go at the next change).
    queues: Mutex<Vec<Weak<Queue>>>,
}

/// The publisher: one per window, handed from each document to the next (a file opened, a
/// recording recovered) so the sequence numbers keep growing. Cloning gives another handle on the
/// same flow.
#[derive(Clone, Debug, Default)]
pub struct Feed {
    inner: Arc<Inner>,
}

impl Feed {
    pub fn new() -> Feed {
        Feed::default()
    }

    fn queues(&self) -> MutexGuard<'_, Vec<Weak<Queue>>> {
        self.inner.queues.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// True when both are handles on the same flow.
    pub fn same_as(&self, other: &Feed) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    /// The sequence number of the last change published (0 before any).
    pub fn seq(&self) -> u64 {
        self.inner.seq.load(Ordering::SeqCst)
    }

    /// True when somebody listens (a document makes a snapshot only then).
    pub fn has_subscribers(&self) -> bool {
        self.queues().iter().any(|q| q.strong_count() > 0)
    }

    /// Publishes a change: `snapshot` is called for the record only when somebody listens. Never
    /// waits for a subscriber.
    pub fn publish(&self, kind: UpdateKind, revision: Revision, snapshot: impl FnOnce() -> Paifu) -> u64 {
        self.publish_shared(kind, revision, || Arc::new(snapshot()))
    }

    /// Publishes a change whose record the publisher keeps too (it is not copied again).
    pub fn publish_shared(&self, kind: UpdateKind, revision: Revision, snapshot: impl FnOnce() -> Arc<Paifu>) -> u64 {
        let mut queues = self.queues();
        // The number is taken under the lock so updates reach every queue in their order.
        let seq = self.inner.seq.fetch_add(1, Ordering::SeqCst) + 1;
        queues.retain(|q| q.strong_count() > 0);
        if queues.is_empty() {
            return seq;
        }
        let update = Update { seq, revision, kind, paifu: snapshot() };
        for q in queues.iter().filter_map(Weak::upgrade) {
            q.push(update.clone());
        }
        seq
    }

    /// A subscription whose first update is `now` (the state as it stands, numbered with the last
    /// change's sequence number), then every change after it.
    pub fn subscribe(&self, revision: Revision, now: Paifu) -> Subscription {
        let queue = Arc::new(Queue::default());
        let mut queues = self.queues();
        let seq = self.seq();
        queue.push(Update { seq, revision, kind: UpdateKind::Joined, paifu: Arc::new(now) });
        queues.push(Arc::downgrade(&queue));
        Subscription { queue }
    }
}

/// A subscriber's end: read it on a thread of your own. Dropping it unsubscribes.
#[derive(Debug)]
pub struct Subscription {
    queue: Arc<Queue>,
}

impl Subscription {
    /// The next update, waiting for it; `None` once [`Subscription::closer`] closed it.
    pub fn recv(&self) -> Option<Update> {
        let mut s = self.queue.state();
        loop {
            if s.closed {
                return None;
            }
            if let Some(u) = s.updates.pop_front() {
                return Some(u);
            }
            s = self.queue.ready.wait(s).unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// The next update, waiting at most `limit`; `None` when none came (or it was closed).
    pub fn recv_timeout(&self, limit: Duration) -> Option<Update> {
        let s = self.queue.state();
        let (mut s, _) = self
            .queue
            .ready
            .wait_timeout_while(s, limit, |s| !s.closed && s.updates.is_empty())
            .unwrap_or_else(PoisonError::into_inner);
        if s.closed { None } else { s.updates.pop_front() }
    }

    /// The next update if one is waiting.
    pub fn try_recv(&self) -> Option<Update> {
        let mut s = self.queue.state();
        if s.closed { None } else { s.updates.pop_front() }
    }

    /// How many updates this subscriber lost by falling more than [`QUEUE_LIMIT`] behind.
    pub fn missed(&self) -> u64 {
        self.queue.state().missed
    }

    /// A handle that ends this subscription from another thread (its `recv` then returns `None`).
    pub fn closer(&self) -> Closer {
        Closer { queue: Arc::clone(&self.queue) }
    }

    /// Reads this subscription on a thread of its own, calling `on_update` for each update in
    /// order, until the [`Follower`] is dropped.
    pub fn follow(self, name: &str, mut on_update: impl FnMut(Update) + Send + 'static) -> std::io::Result<Follower> {
        let closer = self.closer();
        let thread = std::thread::Builder::new().name(format!("feed: {name}")).spawn(move || {
            while let Some(u) = self.recv() {
                on_update(u);
            }
        })?;
        Ok(Follower { closer, thread: Some(thread) })
    }
}

/// Ends a subscription from another thread.
#[derive(Clone, Debug)]
pub struct Closer {
    queue: Arc<Queue>,
}

impl Closer {
    pub fn close(&self) {
        self.queue.close();
    }
}

/// A subscriber reading on its own thread; dropping it stops the thread (after the update it is
/// handling, without waiting for it).
#[derive(Debug)]
pub struct Follower {
    closer: Closer,
    thread: Option<JoinHandle<()>>,
}

impl Follower {
    /// True while its thread runs.
    pub fn is_running(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }
}

impl Drop for Follower {
    fn drop(&mut self) {
        self.closer.close();
        // Not joined: the window never waits for a subscriber.
        self.thread.take();
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn paifu(n: usize) -> Paifu {
        Paifu { matches: vec![Default::default(); n] }
    }

    #[test]
    fn a_subscriber_starts_from_the_state_as_it_stands_then_sees_each_change_in_order() {
        let feed = Feed::new();
        assert_eq!(feed.publish(UpdateKind::Edit, Revision(1), || unreachable!("nobody listens")), 1);
        let sub = feed.subscribe(Revision(1), paifu(1));
        feed.publish(UpdateKind::Edit, Revision(2), || paifu(2));
        feed.publish(UpdateKind::Undo, Revision(1), || paifu(1));
        let got: Vec<_> =
            std::iter::from_fn(|| sub.try_recv()).map(|u| (u.seq, u.kind, u.paifu.matches.len())).collect();
        assert_eq!(got, [(1, UpdateKind::Joined, 1), (2, UpdateKind::Edit, 2), (3, UpdateKind::Undo, 1)]);
    }

    #[test]
    fn a_subscriber_that_does_not_read_keeps_only_the_newest_and_counts_the_rest() {
        let feed = Feed::new();
        let sub = feed.subscribe(Revision(0), paifu(0));
        for i in 1..=(QUEUE_LIMIT as u64 + 9) {
            feed.publish(UpdateKind::Edit, Revision(i), || paifu(1));
        }
        assert_eq!(sub.missed(), 10, "the state it joined with and 9 changes");
        assert_eq!(sub.try_recv().map(|u| u.seq), Some(10));
        drop(sub);
        assert!(!feed.has_subscribers());
    }

    #[test]
    fn a_follower_stops_when_dropped() {
        let feed = Feed::new();
        let (tx, rx) = std::sync::mpsc::channel();
        let f = feed.subscribe(Revision(0), paifu(0)).follow("test", move |u| tx.send(u.seq).unwrap()).unwrap();
        feed.publish(UpdateKind::Edit, Revision(1), || paifu(1));
        assert_eq!(rx.recv_timeout(Duration::from_secs(5)), Ok(0));
        assert_eq!(rx.recv_timeout(Duration::from_secs(5)), Ok(1));
        drop(f);
        assert_eq!(rx.recv_timeout(Duration::from_secs(5)), Err(std::sync::mpsc::RecvTimeoutError::Disconnected));
    }
}
