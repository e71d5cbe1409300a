//! The server's accept loop and its limits: how many connections may be open, how long a
//! request's headers (or an idle connection's next request) may take, and how long a response
//! may wait for a client that takes nothing. `axum::serve` sets none of these, and idle
//! connections never reach a tower layer, so they are kept here: each connection is served by
//! hyper's HTTP/1 with a timer, over a socket that fails a write its client takes nothing of for too
//! long; a [`Peer`] names the connection to what it serves.
//!
//! - **A cap on open connections** ([`Limits::connections`], below the process's open-file
//!   limit): past it the oldest idle connection is closed to make room. Idle is between requests:
//!   kept alive and waiting for the next, or still sending a request's headers. A connection is
//!   busy from the moment its request's headers are read until its answer is written out whole
//!   (the body done and hyper's own buffer written to the socket), so a page loading slowly is
//!   never cut, nor an event stream. When none is idle the newcomer is told 503 (in English and
//!   Japanese) and closed.
//! - **A header-read timeout** ([`Limits::header_read`]): a request whose headers do not all come
//!   in time (slowloris), and a kept-alive connection that sends no next request, are closed.
//! - **A stall timeout** ([`Limits::stalled`]): once a write waits, its client has that long to
//!   take all the write was handed, or a send buffer's worth ([`Limits::send_buffer`] as the
//!   system gives it: Linux doubles it); else the connection is closed with its socket. Each
//!   send buffer's worth taken gives it that long again. So a client must take at least a send
//!   buffer every `stalled` (128 KiB in 10 s by default): one that takes a byte now and then is
//!   closed as one that takes nothing. The small send buffer makes a client that does not read
//!   show soon.

use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::Notify;

use crate::i18n::tr;

/// The server's limits (the defaults for a studio; the tests make them short).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Connections open at once, at most.
    pub connections: usize,
    /// How long a request's headers may take to come, and an idle connection may wait for its
    /// next request.
    pub header_read: Duration,
    /// How long a response may wait for its client to take what it was sent (all of a write,
    /// or a send buffer's worth).
    pub stalled: Duration,
    /// The send buffer of each connection, in bytes.
    pub send_buffer: usize,
}

/// Connections open at once when the process may open many files.
pub const MAX_CONNECTIONS: usize = 512;
/// Files the process keeps for itself besides the server's connections (the document, the
/// journal, the runtime, a child's pipes).
const FILES_KEPT: usize = 24;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            connections: connections_allowed(open_file_limit()),
            header_read: Duration::from_secs(10),
            stalled: Duration::from_secs(10),
            send_buffer: 64 * 1024,
        }
    }
}

/// The connections the server may hold under an open-file limit of `limit` (`None`: not known).
pub fn connections_allowed(limit: Option<u64>) -> usize {
    match limit {
        Some(l) => usize::try_from(l).unwrap_or(usize::MAX).saturating_sub(FILES_KEPT).clamp(8, MAX_CONNECTIONS),
        None => MAX_CONNECTIONS,
    }
}

/// The process's soft limit of open files (Linux: `/proc/self/limits`; elsewhere not known).
pub fn open_file_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    line["Max open files".len()..].split_whitespace().next()?.parse().ok()
}

/// One connection as the server sees it: whether it carries an event
/// stream, whether it is answering a request, and the switch that closes it. Requests carry it
/// (an extension), so the event stream opened on it can be told apart and closed.
#[derive(Debug, Default)]
pub struct Peer {
    /// It carries an event stream.
    streaming: AtomicBool,
    /// A request is being answered: from its headers read until its answer is written out.
    busy: AtomicBool,
    /// The answer's body is all handed to hyper: the connection is idle once hyper's buffer is
    /// written out.
    ending: AtomicBool,
    close: Notify,
}

impl Peer {
    /// Marks it as carrying an event stream (not closed to make room for a connection), or no
    /// longer.
    pub fn streams(&self, on: bool) {
        self.streaming.store(on, Ordering::SeqCst);
    }

    /// Closes it, socket and all.
    pub fn close(&self) {
        self.close.notify_one();
    }

    /// Whether it may be closed to make room: between requests, and no event stream.
    fn idle(&self) -> bool {
        !self.busy.load(Ordering::SeqCst) && !self.streaming.load(Ordering::SeqCst)
    }

    /// Everything hyper had to send is written to the socket: if the answer's body was done, the
    /// connection is between requests.
    fn written_out(&self) {
        if self.ending.swap(false, Ordering::SeqCst) {
            self.busy.store(false, Ordering::SeqCst);
        }
    }
}

/// A request being answered on a connection, from its headers read: the connection is busy.
/// It goes with the answer's body; when hyper lets the body go (all of it taken, or the
/// connection ended), the connection stays busy until what hyper holds is written out.
#[derive(Debug)]
struct Busy(Arc<Peer>);

impl Busy {
    fn new(peer: Arc<Peer>) -> Busy {
        peer.ending.store(false, Ordering::SeqCst);
        peer.busy.store(true, Ordering::SeqCst);
        Busy(peer)
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.ending.store(true, Ordering::SeqCst);
    }
}

/// An answer's body, which keeps its connection busy as long as hyper holds it.
struct Answer {
    body: axum::body::Body,
    _busy: Busy,
}

impl hyper::body::Body for Answer {
    type Data = hyper::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.body.size_hint()
    }
}

/// The open connections, oldest first.
#[derive(Debug, Default)]
struct Open(Mutex<VecDeque<(u64, Arc<Peer>)>>);

impl Open {
    fn lock(&self) -> std::sync::MutexGuard<'_, VecDeque<(u64, Arc<Peer>)>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes in a new connection if there is room, closing the oldest idle one when there is
    /// none; `None` when no open connection is idle (each answering a request).
    fn admit(&self, id: u64, max: usize) -> Option<Arc<Peer>> {
        let mut open = self.lock();
        if open.len() >= max {
            let oldest = open.iter().position(|(_, p)| p.idle())?;
            if let Some((_, p)) = open.remove(oldest) {
                p.close();
            }
        }
        let peer = Arc::new(Peer::default());
        open.push_back((id, Arc::clone(&peer)));
        Some(peer)
    }

    fn gone(&self, id: u64) {
        self.lock().retain(|(i, _)| *i != id);
    }

    fn close_all(&self) {
        for (_, p) in self.lock().drain(..) {
            p.close();
        }
    }

    fn len(&self) -> usize {
        self.lock().len()
    }
}

/// What the accept loop counts (for tests and the guide's figures).
#[derive(Debug, Default)]
pub struct Connections {
    open: Open,
    /// Connections refused with 503 (no open one idle).
    pub refused: AtomicU64,
    /// Connections closed to make room for a newer one.
    pub made_room: AtomicU64,
}

impl Connections {
    /// Connections open now.
    pub fn open(&self) -> usize {
        self.open.len()
    }
}

/// The answer past the cap, in English and Japanese: written straight to the socket, before
/// hyper, the same bytes every time (made once).
fn full() -> &'static [u8] {
    static FULL: LazyLock<Vec<u8>> = LazyLock::new(|| {
        let text = tr!("broadcast-full").text();
        let body = format!("{}\n{}\n", text.en, text.ja);
        format!(
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n\
             Connection: close\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .into_bytes()
    });
    &FULL
}

/// Accepts connections until `stop` says so, serving each with `app` under `limits`.
pub async fn accept(
    listener: tokio::net::TcpListener,
    app: axum::Router,
    limits: Limits,
    counts: Arc<Connections>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let mut next = 0u64;
    // Made now, not by the first connection past the cap.
    full();
    loop {
        let (tcp, _) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                // Out of files or a connection reset before it was taken: wait, go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            _ = stop.wait_for(|s| *s) => break,
        };
        next += 1;
        let id = next;
        let made_room_before = counts.open();
        let Some(peer) = counts.open.admit(id, limits.connections) else {
            counts.refused.fetch_add(1, Ordering::SeqCst);
            tokio::spawn(refuse(tcp));
            continue;
        };
        if counts.open() <= made_room_before {
            counts.made_room.fetch_add(1, Ordering::SeqCst);
        }
        // Each event is sent at once, not held back to be sent with the next (Nagle).
        let _ = tcp.set_nodelay(true);
        let _ = socket2::SockRef::from(&tcp).set_send_buffer_size(limits.send_buffer);
        let counts = Arc::clone(&counts);
        let app = app.clone();
        tokio::spawn(async move {
            serve_one(tcp, app, limits, Arc::clone(&peer)).await;
            counts.open.gone(id);
        });
    }
    counts.open.close_all();
}

/// Tells a connection past the cap why, never waiting on it for more than a second.
async fn refuse(mut tcp: TcpStream) {
    let _ = tokio::time::timeout(Duration::from_secs(1), tcp.write_all(full())).await;
}

/// Serves one connection until it ends, times out or is closed.
async fn serve_one(tcp: TcpStream, app: axum::Router, limits: Limits, peer: Arc<Peer>) {
    // The send buffer as the system gave it (Linux doubles what is asked).
    let buffer = socket2::SockRef::from(&tcp).send_buffer_size().unwrap_or(limits.send_buffer);
    let io = TokioIo::new(Watched::new(tcp, limits.stalled, buffer.max(limits.send_buffer), Arc::clone(&peer)));
    let on_peer = Arc::clone(&peer);
    let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
        // Called once the request's headers are read.
        let busy = Busy::new(Arc::clone(&on_peer));
        request.extensions_mut().insert(Arc::clone(&on_peer));
        let app = app.clone();
        async move {
            let answer = tower::ServiceExt::oneshot(app, request).await.unwrap_or_else(|e| match e {});
            Ok::<_, std::convert::Infallible>(answer.map(|body| Answer { body, _busy: busy }))
        }
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_read).keep_alive(true);
    let connection = http.serve_connection(io, service);
    tokio::select! {
        _ = connection => {}
        _ = peer.close.notified() => {}
    }
}

/// A connection's socket that fails a write its client does not take: once a write is left
/// waiting or only partly taken, the client has `stalled` to take either everything the write was
/// handed or `enough` bytes (the connection's send buffer); each time it takes `enough`, it has
/// `stalled` again. A client that takes a byte now and then is closed as one that takes nothing.
/// Its flushes tell `peer` when hyper has written out all it held.
struct Watched<T> {
    inner: T,
    stalled: Duration,
    enough: usize,
    /// The clock of a write not yet taken, and the bytes taken since it started.
    since: Option<(Pin<Box<tokio::time::Sleep>>, usize)>,
    peer: Arc<Peer>,
}

impl<T> Watched<T> {
    fn new(inner: T, stalled: Duration, enough: usize, peer: Arc<Peer>) -> Self {
        Watched { inner, stalled, enough: enough.max(1), since: None, peer }
    }

    /// What a write of `asked` bytes gave: taken whole, the clock stops; taken in part, the bytes
    /// count towards `enough` (which starts the clock again); left waiting, the clock runs (started
    /// if it was not), and the write fails once it runs out.
    fn written(
        &mut self,
        cx: &mut Context<'_>,
        asked: usize,
        done: Poll<std::io::Result<usize>>,
    ) -> Poll<std::io::Result<usize>> {
        let stalled = self.stalled;
        match done {
            Poll::Ready(Ok(n)) if n >= asked => {
                self.since = None;
                Poll::Ready(Ok(n))
            }
            Poll::Ready(Ok(n)) => {
                let (clock, taken) = self.since.get_or_insert_with(|| (Box::pin(tokio::time::sleep(stalled)), 0));
                *taken = taken.saturating_add(n);
                if *taken >= self.enough {
                    clock.as_mut().reset(tokio::time::Instant::now() + stalled);
                    *taken = 0;
                } else if clock.is_elapsed() {
                    return Poll::Ready(Err(std::io::ErrorKind::TimedOut.into()));
                }
                Poll::Ready(Ok(n))
            }
            Poll::Pending => {
                let (clock, _) = self.since.get_or_insert_with(|| (Box::pin(tokio::time::sleep(stalled)), 0));
                match clock.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Err(std::io::ErrorKind::TimedOut.into())),
                    Poll::Pending => Poll::Pending,
                }
            }
            other => other,
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Watched<T> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Watched<T> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        let done = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.written(cx, buf.len(), done)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let done = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        let asked = bufs.iter().map(|b| b.len()).fold(0usize, usize::saturating_add);
        self.written(cx, asked, done)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    /// hyper flushes its socket once its own buffer is written out.
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let flushed = Pin::new(&mut self.inner).poll_flush(cx);
        if let Poll::Ready(Ok(())) = flushed {
            self.peer.written_out();
        }
        flushed
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_stays_below_the_open_file_limit() {
        assert_eq!(connections_allowed(Some(64)), 40);
        assert_eq!(connections_allowed(Some(1024)), MAX_CONNECTIONS);
        assert_eq!(connections_allowed(Some(10)), 8, "a few always");
        assert_eq!(connections_allowed(None), MAX_CONNECTIONS);
    }

    #[test]
    fn a_full_house_makes_room_by_its_oldest_idle_connection() {
        let open = Open::default();
        let a = open.admit(1, 3).unwrap();
        a.streams(true);
        let b = open.admit(2, 3).unwrap();
        let answering = Busy::new(Arc::clone(&b));
        let _c = open.admit(3, 3).unwrap();
        let _d = open.admit(4, 3).expect("c made room");
        let ids = |open: &Open| open.lock().iter().map(|(i, _)| *i).collect::<Vec<u64>>();
        assert_eq!(ids(&open), [1, 2, 4], "not the stream, not the one answering");
        // Its answer's body is done, but hyper has not written it all out yet: still busy.
        drop(answering);
        assert!(!b.idle());
        b.written_out();
        assert!(b.idle());
        let _e = open.admit(5, 3).expect("b made room");
        assert_eq!(ids(&open), [1, 4, 5]);
        let _answering: Vec<Busy> = open.lock().iter().map(|(_, p)| Busy::new(Arc::clone(p))).collect();
        assert!(open.admit(6, 3).is_none(), "none idle: refused");
    }

    /// A client that takes `chunk` bytes of what is written to it every `every`, and sends nothing.
    struct Trickle {
        every: Duration,
        chunk: usize,
        next: Pin<Box<tokio::time::Sleep>>,
        taken: usize,
    }

    impl Trickle {
        fn new(chunk: usize, every: Duration) -> Self {
            Trickle { every, chunk, next: Box::pin(tokio::time::sleep(every)), taken: 0 }
        }
    }

    impl AsyncRead for Trickle {
        fn poll_read(self: Pin<&mut Self>, _: &mut Context<'_>, _: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
            Poll::Pending
        }
    }

    impl AsyncWrite for Trickle {
        fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
            match self.next.as_mut().poll(cx) {
                Poll::Ready(()) => {
                    let every = self.every;
                    self.next.as_mut().reset(tokio::time::Instant::now() + every);
                    let n = self.chunk.min(buf.len());
                    self.taken += n;
                    Poll::Ready(Ok(n))
                }
                Poll::Pending => Poll::Pending,
            }
        }

        fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
            Poll::Ready(Ok(()))
        }

        fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
            Poll::Ready(Ok(()))
        }
    }

    #[tokio::test]
    async fn a_client_that_takes_a_byte_now_and_then_is_closed_as_one_that_takes_nothing() {
        let stalled = Duration::from_millis(400);
        // A byte every 100 ms, well inside the stall timeout, of a response of 8 KiB.
        let mut socket = Watched::new(Trickle::new(1, Duration::from_millis(100)), stalled, 4096, Arc::default());
        let started = std::time::Instant::now();
        let written = tokio::time::timeout(Duration::from_secs(3), socket.write_all(&[b'x'; 8192])).await;
        let took = started.elapsed();
        let kind = written.map(|w| w.map_err(|e| e.kind()));
        assert_eq!(kind, Ok(Err(std::io::ErrorKind::TimedOut)), "after {took:?}, {} bytes taken", socket.inner.taken);
        assert!(took < stalled + Duration::from_millis(300), "closed {took:?} after the write began");
        assert!(socket.inner.taken <= 5, "{} bytes taken", socket.inner.taken);
    }

    #[tokio::test]
    async fn a_slow_client_that_takes_a_send_buffer_in_time_is_kept() {
        let stalled = Duration::from_millis(400);
        // 2 KiB every 40 ms: the 4 KiB send buffer's worth every 80 ms, never a write whole.
        let mut socket = Watched::new(Trickle::new(2048, Duration::from_millis(40)), stalled, 4096, Arc::default());
        let written = tokio::time::timeout(Duration::from_secs(5), socket.write_all(&[b'x'; 40 * 1024])).await;
        assert!(matches!(written, Ok(Ok(()))), "{written:?}");
        assert_eq!(socket.inner.taken, 40 * 1024);
    }
}
