//! The match spoken to real, independent AI players over mjai: the reference bots of the `mjai`
//! Python package (Mortal's libriichi checks every event they get) play every seat of every game
//! of ../shared/corpus and of simulated games, as command bots and behind a TCP port. Every batch
//! must be answered and every reply read; an `Exception:` on a bot's standard error (an event
//! impossible from its seat) fails the test. The virtual environment is made under target/ on
//! the first run (python3 -m venv, pip install mjai); when that cannot be done the test fails
//! saying what is missing.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use jmjp_studio::format::Match;
use jmjp_studio::interop::bots::{self, Endpoint, SeatReview};

const MJAI: &str = "mjai==0.2.1";

/// The Python of the test's virtual environment, made on first use.
fn python() -> &'static Path {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/mjai-venv");
        let python = venv.join("bin/python");
        let ready = venv.join(".ready");
        if ready.exists() {
            return python;
        }
        let run = |cmd: &mut Command, what: &str| {
            let out = cmd.output().unwrap_or_else(|e| panic!("{what}: could not run it ({e}); python3 with venv and pip is needed"));
            assert!(
                out.status.success(),
                "{what} failed; the mjai tests need python3 (3.11, for the mjai wheel) with venv and access to PyPI:\n{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        };
        run(Command::new("python3").args(["-m", "venv"]).arg(&venv), "python3 -m venv target/mjai-venv");
        run(Command::new(&python).args(["-m", "pip", "install", "-q", MJAI]), "pip install mjai");
        std::fs::write(&ready, MJAI).unwrap();
        python
    })
}

fn bot(kind: &str) -> Endpoint {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bots/mjai_bot.py");
    Endpoint::Command(vec![python().display().to_string(), script.display().to_string(), kind.to_string()])
}

fn corpus() -> Vec<(String, Match)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let mut games: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    games.sort();
    games
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let mut paifu = jmjp_studio::interop::tenhou6::import(&text).unwrap();
            (p.file_name().unwrap().to_string_lossy().into_owned(), paifu.matches.remove(0))
        })
        .collect()
}

/// Checks one seat's review: every batch answered, every reply read, nothing refused.
fn check(name: &str, m: &Match, r: &SeatReview) {
    let (events, _) = bots::events_of(m, false).unwrap();
    let batches = bots::seat::batches(&events, r.seat, 0).len();
    assert!(r.failure.is_none(), "{name}, seat {}: {:?}\n{}", r.seat, r.failure, r.stderr.join("\n"));
    assert_eq!(r.answered, batches, "{name}, seat {}: every batch answered", r.seat);
    let refused: Vec<&String> = r.stderr.iter().filter(|l| l.contains("Exception")).collect();
    assert!(
        refused.is_empty(),
        "{name}, seat {}: the bot refused an event: {refused:?}\n{}",
        r.seat,
        r.stderr.join("\n")
    );
}

#[test]
fn the_reference_bots_accept_every_batch_of_every_corpus_game_at_every_seat() {
    let _turn = common::turn::take(module_path!());
    let games = corpus();
    assert!(games.len() >= 30, "the corpus is there");
    let mut decisions = 0;
    for (name, m) in &games {
        for kind in ["riichi", "rulebase"] {
            let reviews = bots::review(m, &[0, 1, 2, 3], &bot(kind), Duration::from_secs(30)).unwrap();
            for r in &reviews {
                check(name, m, r);
                decisions += r.decisions.len();
            }
        }
    }
    assert!(decisions > 1000, "{decisions} decisions");
}

#[test]
fn the_reference_bots_accept_simulated_games() {
    let _turn = common::turn::take(module_path!());
    for seed in 1..=6 {
        let m = jmjp_studio::rules::simulate::random_match(seed, 8);
        let reviews = bots::review(&m, &[0, 1, 2, 3], &bot("riichi"), Duration::from_secs(30)).unwrap();
        for r in &reviews {
            check(&format!("simulated {seed}"), &m, r);
        }
    }
}

#[test]
fn over_tcp_the_same_bot_gives_the_same_choices() {
    let _turn = common::turn::take(module_path!());
    // The same bot behind a port: a small socket wrapper, one connection per seat.
    let wrapper = r#"
import socket, subprocess, sys, threading
script, kind = sys.argv[1], sys.argv[2]
server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen()
print(server.getsockname()[1], flush=True)
seat = 0
def serve(conn, seat):
    bot = subprocess.Popen([sys.executable, script, kind, str(seat)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    f = conn.makefile("rw")
    for line in f:
        bot.stdin.write(line); bot.stdin.flush()
        f.write(bot.stdout.readline()); f.flush()
while True:
    conn, _ = server.accept()
    threading.Thread(target=serve, args=(conn, seat), daemon=True).start()
    seat += 1
"#;
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bots/mjai_bot.py");
    /// The wrapper, stopped however the test ends.
    struct Server(std::process::Child);
    impl Drop for Server {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let mut server = Command::new(python())
        .args(["-c", wrapper])
        .arg(&script)
        .arg("riichi")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .map(Server)
        .unwrap();
    let mut port = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(server.0.stdout.take().unwrap()), &mut port).unwrap();
    let addr = format!("127.0.0.1:{}", port.trim());
    let (name, m) = corpus().into_iter().find(|(n, _)| n == "pantheon_west.json").unwrap();
    // Seat by seat, so the wrapper's connections come in the seats' order.
    for seat in 0..4 {
        let tcp = bots::review(&m, &[seat], &Endpoint::Tcp(addr.clone()), Duration::from_secs(30)).unwrap();
        let command = bots::review(&m, &[seat], &bot("riichi"), Duration::from_secs(30)).unwrap();
        check(&name, &m, &command[0]);
        assert!(tcp[0].failure.is_none(), "{:?}", tcp[0].failure);
        assert_eq!(tcp[0].decisions, command[0].decisions, "seat {seat}: the same choices over TCP");
    }
}
