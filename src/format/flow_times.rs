//! The times of a flow's acts, kept in step with its acts (see [`super::act_time`]).

use super::act_time::ActTime;
use super::model::{Act, FrameFlow};

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
