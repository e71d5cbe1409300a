//! A raw HTTP/1.1 client over loopback, as a page or a second desk would talk to the server.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::mpsc;
use std::time::Duration;

/// A GET of `path` with `headers`, the connection left open: the stream after the request.
pub fn request(addr: SocketAddr, path: &str, headers: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n{headers}Connection: close\r\n\r\n").unwrap();
    s
}

/// A whole answer: its status and body.
pub fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let mut s = request(addr, path, "");
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    (status_of(&text), text.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string())
}

/// The status of an answer's first line (0 when there is none).
pub fn status_of(answer: &str) -> u16 {
    answer.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0)
}

/// One event of a stream: its id and data.
#[derive(Clone, Debug)]
pub struct Got {
    pub id: String,
    pub data: String,
}

/// Reads an event stream on a thread of its own until an event whose id ends with `last` (or
/// the stream ends); sends every event it read.
pub fn read_events(stream: TcpStream, last: String, tx: mpsc::Sender<Vec<Got>>) {
    std::thread::spawn(move || {
        let mut got = Vec::new();
        let (mut id, mut data) = (String::new(), String::new());
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if let Some(i) = line.strip_prefix("id: ") {
                id = i.to_string();
            } else if let Some(d) = line.strip_prefix("data: ") {
                data.push_str(d);
            } else if line.is_empty() && !id.is_empty() {
                let done = id.ends_with(&last);
                got.push(Got { id: std::mem::take(&mut id), data: std::mem::take(&mut data) });
                if done {
                    break;
                }
            }
        }
        let _ = tx.send(got);
    });
}
