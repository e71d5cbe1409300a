//! One module at a time in a grouped test binary, for the tests that lean on the machine
//! (browsers, Python bots, load on a server, timed pages): before the binaries were grouped each
//! module was a binary of its own and cargo ran them one after another. A module's tests still run
//! in parallel with each other, as they did then; a test of another module waits for its turn.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

struct Running {
    module: Option<&'static str>,
    tests: usize,
}

static RUNNING: Mutex<Running> = Mutex::new(Running { module: None, tests: 0 });
static CHANGED: Condvar = Condvar::new();

fn running() -> MutexGuard<'static, Running> {
    RUNNING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Held for a test's whole run: `let _turn = common::turn::take(module_path!());`.
pub struct Turn;

/// Waits until no test of another module runs, then counts this one in.
pub fn take(module: &'static str) -> Turn {
    let mut now = running();
    while now.module.is_some_and(|m| m != module) {
        now = CHANGED.wait(now).unwrap_or_else(PoisonError::into_inner);
    }
    now.module = Some(module);
    now.tests += 1;
    Turn
}

impl Drop for Turn {
    fn drop(&mut self) {
        let mut now = running();
        now.tests -= 1;
        if now.tests == 0 {
            now.module = None;
            CHANGED.notify_all();
        }
    }
}
