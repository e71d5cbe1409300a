//! The connection to one AI player: a command we start (the seat's player id as its last
//! argument, batches on its standard input, one reply line on its standard output: the
//! convention of the mjai.app bots and of Mortal's mjai mode), or a TCP address (one JSON batch
//! per line, one reply per line). Replies are read on a thread of their own, so a bot that hangs
//! is given up after a time limit and never blocks its caller longer.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::i18n::{Text, tr};

/// Where an AI player is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Endpoint {
    /// A program and its arguments; the seat's player id (0-3) is appended.
    Command(Vec<String>),
    /// `host:port`.
    Tcp(String),
}

impl Endpoint {
    /// A command line split into words as a shell splits them (single and double quotes, and
    /// a backslash, keep spaces in a word); an error for an unclosed quote or no word.
    pub fn command(line: &str) -> Result<Endpoint, Text> {
        let words = shell_words(line)?;
        if words.is_empty() {
            return Err(tr!("interop-bots-command-empty").text());
        }
        Ok(Endpoint::Command(words))
    }

    /// How it is shown: the command line, or the address.
    pub fn shown(&self) -> String {
        match self {
            Endpoint::Command(words) => words.join(" "),
            Endpoint::Tcp(addr) => format!("tcp://{addr}"),
        }
    }
}

/// `line` split into words as a POSIX shell splits them, without expansions.
pub fn shell_words(line: &str) -> Result<Vec<String>, Text> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if let Some(w) = word.take() {
                    words.push(w);
                }
            }
            '\'' | '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some(q) if q == c => break,
                        Some('\\') if c == '"' => match chars.next() {
                            Some(n @ ('"' | '\\' | '$' | '`')) => w.push(n),
                            Some(n) => {
                                w.push('\\');
                                w.push(n);
                            }
                            None => return Err(unclosed()),
                        },
                        Some(x) => w.push(x),
                        None => return Err(unclosed()),
                    }
                }
            }
            '\\' => {
                if let Some(n) = chars.next() {
                    word.get_or_insert_with(String::new).push(n);
                }
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

fn unclosed() -> Text {
    tr!("interop-bots-unclosed-quote").text()
}

/// An open connection to one AI player.
pub struct Link {
    child: Option<Child>,
    writer: Box<dyn Write + Send>,
    replies: Receiver<Result<String, String>>,
    /// What the bot wrote on its standard error (a command bot), kept for the report.
    stderr: Arc<Mutex<Vec<String>>>,
}

impl Link {
    /// Starts (or connects to) the AI player of `seat`.
    pub fn open(endpoint: &Endpoint, seat: usize) -> Result<Link, Text> {
        let (tx, replies) = mpsc::channel();
        let stderr = Arc::new(Mutex::new(Vec::new()));
        match endpoint {
            Endpoint::Command(words) => {
                let (program, args) = words.split_first().ok_or_else(|| tr!("interop-bots-command-empty").text())?;
                let mut child = Command::new(program)
                    .args(args)
                    .arg(seat.to_string())
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .map_err(|e| tr!("interop-bots-not-started", program = program, error = e.to_string()))?;
                let (Some(stdin), Some(stdout), Some(err)) =
                    (child.stdin.take(), child.stdout.take(), child.stderr.take())
                else {
                    let _ = child.kill();
                    return Err(tr!("interop-bots-no-pipes").text());
                };
                read_lines(BufReader::new(stdout), tx);
                let kept = Arc::clone(&stderr);
                std::thread::spawn(move || {
                    for line in BufReader::new(err).lines().map_while(Result::ok) {
                        if let Ok(mut k) = kept.lock() {
                            k.push(line);
                        }
                    }
                });
                Ok(Link { child: Some(child), writer: Box::new(stdin), replies, stderr })
            }
            Endpoint::Tcp(addr) => {
                let stream = TcpStream::connect(addr)
                    .map_err(|e| tr!("interop-bots-not-reached", addr = addr, error = e.to_string()))?;
                let reader = stream
                    .try_clone()
                    .map_err(|e| tr!("interop-bots-connection-failed", addr = addr, error = e.to_string()))?;
                read_lines(BufReader::new(reader), tx);
                Ok(Link { child: None, writer: Box::new(stream), replies, stderr })
            }
        }
    }

    /// Sends one batch (a line) and waits for the one reply, at most `limit`.
    pub fn ask(&mut self, line: &str, limit: Duration) -> Result<String, Text> {
        // A reply left over from an earlier batch (one given up on) is not this one's.
        while self.replies.try_recv().is_ok() {}
        self.writer
            .write_all(line.as_bytes())
            .and_then(|()| self.writer.write_all(b"\n"))
            .and_then(|()| self.writer.flush())
            .map_err(|e| tr!("interop-bots-not-reading", error = e.to_string()))?;
        match self.replies.recv_timeout(limit) {
            Ok(Ok(reply)) => Ok(reply),
            Ok(Err(e)) => Err(tr!("interop-bots-reply-unreadable", error = e.to_string())),
            Err(RecvTimeoutError::Timeout) => {
                Err(tr!("interop-bots-no-answer", seconds = limit.as_secs_f32().to_string()))
            }
            Err(RecvTimeoutError::Disconnected) => Err(tr!("interop-bots-closed").text()),
        }
    }

    /// The lines the bot wrote on its standard error so far.
    pub fn stderr(&self) -> Vec<String> {
        self.stderr.lock().map(|l| l.clone()).unwrap_or_default()
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Reads `reader` line by line on a thread of its own into `tx`.
fn read_lines<R: BufRead + Send + 'static>(reader: R, tx: mpsc::Sender<Result<String, String>>) {
    std::thread::spawn(move || {
        for line in reader.lines() {
            let stop = line.is_err();
            if tx.send(line.map_err(|e| e.to_string())).is_err() || stop {
                break;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::shell_words;

    #[test]
    fn commands_split_as_a_shell_splits_them() {
        let w = |s: &str| shell_words(s).unwrap_or_default();
        assert_eq!(w("python3 bot.py"), ["python3", "bot.py"]);
        assert_eq!(w(r#"python3 "my bots/bot.py" --x 'a b'"#), ["python3", "my bots/bot.py", "--x", "a b"]);
        assert_eq!(w(r"a\ b c"), ["a b", "c"]);
        assert_eq!(w(r#""say \"hi\"""#), [r#"say "hi""#]);
        assert_eq!(w("  "), Vec::<String>::new());
        assert!(shell_words("python3 'bot.py").is_err());
    }
}
