//! On air: the served record. An HTTP server (axum on a tokio runtime of its own threads)
//! subscribed to the document's one flow of changes, serving the broadcast overlay, the replay
//! and their data: the table now ([`table`]), delayed on the server ([`delay`]), as events
//! ([`on_air`]), the replay of a match ([`replay`]) and one self-contained replay file
//! ([`export`]). Read-only: nothing a request says changes the record. Library code: no egui.
//!
//! The app holds a [`Server`]: [`Server::start`] with a subscription of the open document's
//! feed and the address to bind, [`Server::viewers`] for the status bar, [`Server::urls`] and
//! [`Server::token`] for the settings; dropping it stops the server.

pub mod assets;
pub mod delay;
pub mod export;
pub mod kept;
pub mod listen;
pub mod on_air;
pub mod replay;
pub mod routes;
pub mod season;
pub mod switch;
pub mod table;

use std::net::SocketAddr;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use crate::document::Subscription;
use crate::document::feed::Follower;
use crate::i18n::{Text, tr};
use crate::scoring::RuleOptions;

pub use listen::Limits;
pub use on_air::{Clock, ManualClock, OnAir, SystemClock, View, new_token};
pub use switch::Switch;
pub use table::{Cut, TableView};

/// The port the server binds when none is named.
pub const DEFAULT_PORT: u16 = 8765;

/// How often the delayed streams are looked at.
const TICK: Duration = Duration::from_millis(50);

/// Why the server did not start.
#[derive(Debug, thiserror::Error)]
pub enum BroadcastError {
    /// The address cannot be bound (in use, not this machine's, not allowed).
    #[error("cannot listen on {addr}: {source}")]
    Bind { addr: SocketAddr, source: std::io::Error },
    /// The server's threads could not be made.
    #[error("cannot start the server's threads: {source}")]
    Threads { source: std::io::Error },
}

impl BroadcastError {
    /// The problem in both languages.
    pub fn text(&self) -> Text {
        match self {
            BroadcastError::Bind { addr, source } => {
                tr!("broadcast-cannot-bind", addr = addr.to_string(), why = source.to_string())
            }
            BroadcastError::Threads { source } => tr!("broadcast-no-threads", why = source.to_string()),
        }
    }
}

/// One page to paste somewhere: what it is and its address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageUrl {
    pub label: Text,
    pub url: String,
}

/// The running server. Dropping it stops it: the streams end, the port is let go.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    on_air: Arc<OnAir>,
    counts: Arc<listen::Connections>,
    stop: Option<tokio::sync::watch::Sender<bool>>,
    thread: Option<JoinHandle<()>>,
    follower: Option<Follower>,
}

impl Server {
    /// Serves the record `subscription` brings at `bind` (port 0: a free port), scoring with the
    /// M League rules.
    pub fn start(subscription: Subscription, bind: SocketAddr) -> Result<Server, BroadcastError> {
        Server::start_with(subscription, bind, RuleOptions::default(), Arc::new(SystemClock))
    }

    /// [`Server::start`] with the scoring rules and the clock.
    pub fn start_with(
        subscription: Subscription,
        bind: SocketAddr,
        rules: RuleOptions,
        clock: Arc<dyn Clock>,
    ) -> Result<Server, BroadcastError> {
        Server::start_on(OnAir::new(clock, rules), subscription, bind)
    }

    /// Serves `on_air` (made with its rules, clock and token), fed by `subscription`, at `bind`.
    pub fn start_on(on_air: OnAir, subscription: Subscription, bind: SocketAddr) -> Result<Server, BroadcastError> {
        Server::start_limited(on_air, subscription, bind, Limits::default())
    }

    /// [`Server::start_on`] under `limits` (the tests make them short).
    pub fn start_limited(
        on_air: OnAir,
        subscription: Subscription,
        bind: SocketAddr,
        limits: Limits,
    ) -> Result<Server, BroadcastError> {
        let on_air = Arc::new(on_air);
        let listener =
            std::net::TcpListener::bind(bind).map_err(|source| BroadcastError::Bind { addr: bind, source })?;
        let addr = listener.local_addr().map_err(|source| BroadcastError::Bind { addr: bind, source })?;
        listener.set_nonblocking(true).map_err(|source| BroadcastError::Bind { addr, source })?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("on air")
            .enable_all()
            .build()
            .map_err(|source| BroadcastError::Threads { source })?;
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let app = routes::router(Arc::clone(&on_air), addr);
        let ticking = Arc::clone(&on_air);
        let counts = Arc::new(listen::Connections::default());
        let accepting = (Arc::clone(&counts), limits);
        let thread = std::thread::Builder::new()
            .name("on air: server".into())
            .spawn(move || serve(runtime, listener, app, ticking, accepting, stopped))
            .map_err(|source| BroadcastError::Threads { source })?;
        let fed = Arc::clone(&on_air);
        let follower = subscription
            .follow("on air", move |u| fed.receive(u))
            .map_err(|source| BroadcastError::Threads { source })?;
        Ok(Server { addr, on_air, counts, stop: Some(stop), thread: Some(thread), follower: Some(follower) })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Event streams open now (the pages watching).
    pub fn viewers(&self) -> usize {
        self.on_air.viewers()
    }

    /// The per-run token of `/api/record.jmjp`.
    pub fn token(&self) -> &str {
        self.on_air.token()
    }

    /// The connections open, refused and closed to make room (for tests and the guide).
    pub fn counts(&self) -> &listen::Connections {
        &self.counts
    }

    /// What it serves (for tests and benchmarks that look inside).
    pub fn on_air(&self) -> &Arc<OnAir> {
        &self.on_air
    }

    /// The pages with their addresses, the record's with its token.
    pub fn urls(&self) -> Vec<PageUrl> {
        urls(self.addr, self.token())
    }

    /// "On air: 127.0.0.1:8765 · 2 viewers", for the status bar.
    pub fn status(&self) -> Text {
        tr!("broadcast-status", addr = self.addr.to_string(), viewers = self.viewers())
    }
}

/// The pages of a server at `addr` with their addresses, the record's with `token`.
pub fn urls(addr: SocketAddr, token: &str) -> Vec<PageUrl> {
    let host = if addr.ip().is_unspecified() {
        SocketAddr::new(std::net::Ipv4Addr::LOCALHOST.into(), addr.port())
    } else {
        addr
    };
    let at = |path: &str| format!("http://{host}{path}");
    vec![
        PageUrl { label: tr!("broadcast-url-index").text(), url: at("/") },
        PageUrl { label: tr!("broadcast-url-overlay").text(), url: at("/overlay") },
        PageUrl { label: tr!("broadcast-url-bar").text(), url: at("/overlay?layout=bar") },
        PageUrl { label: tr!("broadcast-url-stats").text(), url: at("/overlay?stats=1") },
        PageUrl { label: tr!("broadcast-url-replay").text(), url: at("/replay") },
        PageUrl { label: tr!("broadcast-url-state").text(), url: at("/api/state") },
        PageUrl { label: tr!("broadcast-url-events").text(), url: at("/api/events") },
        PageUrl { label: tr!("broadcast-url-record").text(), url: at(&format!("/api/record.jmjp?token={token}")) },
    ]
}

/// The server's thread: serves until told to stop, then closes every connection.
fn serve(
    runtime: tokio::runtime::Runtime,
    listener: std::net::TcpListener,
    app: axum::Router,
    on_air: Arc<OnAir>,
    (counts, limits): (Arc<listen::Connections>, Limits),
    stopped: tokio::sync::watch::Receiver<bool>,
) {
    runtime.block_on(async move {
        let Ok(listener) = tokio::net::TcpListener::from_std(listener) else { return };
        let ticking = Arc::clone(&on_air);
        let ticker = tokio::spawn(async move {
            let mut every = tokio::time::interval(TICK);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
            loop {
                every.tick().await;
                ticking.tick();
            }
        });
        listen::accept(listener, app, limits, counts, stopped).await;
        on_air.close_streams();
        ticker.abort();
    });
    runtime.shutdown_timeout(Duration::from_millis(200));
}

impl Drop for Server {
    fn drop(&mut self) {
        self.follower.take();
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(true);
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
