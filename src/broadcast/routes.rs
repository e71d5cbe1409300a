//! The server's routes: the pages, the embedded assets and the data. Every request first passes
//! [`guard`]: only GET and HEAD (405 otherwise), and only for the Host the server was reached
//! at by its own address or `localhost` (421 otherwise: a page of another site whose name was
//! turned to this address, DNS rebinding, reads nothing). No CORS header is ever sent.

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::{RawQuery, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tokio_stream::StreamExt;

use super::assets;
use super::delay::MAX_DELAY;
use super::listen::Peer;
use super::on_air::{MAX_STREAMS, OnAir, View};
use crate::i18n::{Lang, tr};

/// The pages the index lists, with the query that makes each.
const PAGES: &[(&str, &str)] = &[
    ("/overlay", ""),
    ("/overlay", "?layout=bar"),
    ("/overlay", "?delay=5&hands=1"),
    ("/overlay", "?lang=ja"),
    ("/overlay", "?stats=1"),
    ("/replay", ""),
    ("/api/state", ""),
    ("/api/events", ""),
    ("/api/replay.json", ""),
    ("/api/stats", ""),
];

/// The routes of the server bound at `addr`, serving `on_air`.
pub fn router(on_air: Arc<OnAir>, addr: SocketAddr) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/overlay", get(|| async { page("overlay.html") }))
        .route("/replay", get(|| async { page("replay.html") }))
        .route("/assets/{*path}", get(asset))
        .route("/api/state", get(state))
        .route("/api/events", get(events))
        .route("/api/replay.json", get(replay))
        .route("/api/stats", get(stats))
        .route("/api/record.jmjp", get(record))
        .fallback(|| async { plain(StatusCode::NOT_FOUND, tr!("broadcast-not-found").get(Lang::En)) })
        .layer(middleware::from_fn_with_state(addr, guard))
        .with_state(on_air)
}

/// Refuses what the server never answers: a method other than GET and HEAD, a Host that is
/// not this server's.
async fn guard(State(addr): State<SocketAddr>, request: Request, next: Next) -> Response {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        let mut r = plain(StatusCode::METHOD_NOT_ALLOWED, tr!("broadcast-method").get(Lang::En));
        r.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return r;
    }
    let host = request.headers().get(header::HOST).and_then(|h| h.to_str().ok());
    if !host.is_some_and(|h| host_allowed(h, addr)) {
        return plain(StatusCode::MISDIRECTED_REQUEST, tr!("broadcast-host").get(Lang::En));
    }
    let mut r = next.run(request).await;
    let h = r.headers_mut();
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    r
}

/// Whether `host` (a Host header) names the server bound at `addr`: its port, and its address,
/// `localhost`, or (bound to every address) an address rather than a name.
pub fn host_allowed(host: &str, addr: SocketAddr) -> bool {
    let Some((name, port)) = host.rsplit_once(':') else { return false };
    if port.parse::<u16>().ok() != Some(addr.port()) {
        return false;
    }
    let name = name.trim_start_matches('[').trim_end_matches(']');
    if name.eq_ignore_ascii_case("localhost") {
        return addr.ip().is_loopback();
    }
    match name.parse::<IpAddr>() {
        Ok(ip) => ip == addr.ip() || addr.ip().is_unspecified(),
        Err(_) => false,
    }
}

fn plain(status: StatusCode, text: &str) -> Response {
    let mut r = (status, format!("{text}\n")).into_response();
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    r
}

fn bytes(content_type: &'static str, body: impl Into<Body>, store: bool) -> Response {
    let mut r = Response::new(body.into());
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(if store { "max-age=300" } else { "no-store" }));
    r
}

/// A page of `assets/web/`; no request from it leaves the machine.
fn page(name: &str) -> Response {
    match assets::web(name) {
        Some(a) => {
            let mut r = bytes(a.content_type, a.bytes, false);
            r.headers_mut().insert(
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static("default-src 'self' 'unsafe-inline' data:"),
            );
            r
        }
        None => plain(StatusCode::NOT_FOUND, tr!("broadcast-not-found").get(Lang::En)),
    }
}

async fn asset(axum::extract::Path(path): axum::extract::Path<String>) -> Response {
    match assets::asset(&path) {
        Some(a) => bytes(a.content_type, a.bytes, true),
        None => plain(StatusCode::NOT_FOUND, tr!("broadcast-not-found").get(Lang::En)),
    }
}

/// The pairs of a query string (`delay=5&hands=1`), not decoded: the server reads only numbers
/// and words.
fn query_pairs(query: Option<&str>) -> impl Iterator<Item = (&str, &str)> {
    query.unwrap_or("").split('&').filter(|p| !p.is_empty()).map(|p| p.split_once('=').unwrap_or((p, "")))
}

/// The delay and hands a query asks for; `Err` with why for a delay that is not a number of
/// seconds up to [`MAX_DELAY`].
pub fn view_of(query: Option<&str>) -> Result<View, String> {
    let mut view = View::default();
    for (k, v) in query_pairs(query) {
        match k {
            "delay" if !v.is_empty() => match v.parse::<u64>() {
                Ok(n) if n <= MAX_DELAY => view.delay = n,
                _ => return Err(tr!("broadcast-bad-delay", value = v, max = MAX_DELAY).into_lang(Lang::En)),
            },
            "hands" => view.hands = matches!(v, "1" | "true" | "yes" | "on"),
            "stats" => view.stats = matches!(v, "1" | "true" | "yes" | "on"),
            _ => {}
        }
    }
    Ok(view)
}

fn json(body: String) -> Response {
    bytes("application/json", body, false)
}

async fn state(State(on_air): State<Arc<OnAir>>, RawQuery(q): RawQuery) -> Response {
    match view_of(q.as_deref()) {
        Ok(view) => json(on_air.state_json(view)),
        Err(why) => plain(StatusCode::BAD_REQUEST, &why),
    }
}

async fn stats(State(on_air): State<Arc<OnAir>>, RawQuery(q): RawQuery) -> Response {
    match view_of(q.as_deref()) {
        Ok(view) => json(on_air.stats_json(view)),
        Err(why) => plain(StatusCode::BAD_REQUEST, &why),
    }
}

async fn replay(State(on_air): State<Arc<OnAir>>, RawQuery(q): RawQuery) -> Response {
    match view_of(q.as_deref()) {
        Ok(view) => json(on_air.replay_json(view)),
        Err(why) => plain(StatusCode::BAD_REQUEST, &why),
    }
}

async fn events(
    State(on_air): State<Arc<OnAir>>,
    peer: Option<axum::Extension<Arc<Peer>>>,
    headers: HeaderMap,
    RawQuery(q): RawQuery,
) -> Response {
    let view = match view_of(q.as_deref()) {
        Ok(v) => v,
        Err(why) => return plain(StatusCode::BAD_REQUEST, &why),
    };
    let last = headers.get("last-event-id").and_then(|h| h.to_str().ok());
    match on_air.open_stream_on(view, last, peer.map(|p| p.0)) {
        Ok(stream) => {
            let events = stream.map(|e| Ok::<_, Infallible>(Event::default().event("state").id(e.id).data(&*e.data)));
            let mut r = Sse::new(events).keep_alive(KeepAlive::default()).into_response();
            r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            r
        }
        Err(_) => plain(StatusCode::SERVICE_UNAVAILABLE, tr!("broadcast-too-many", max = MAX_STREAMS).get(Lang::En)),
    }
}

async fn record(State(on_air): State<Arc<OnAir>>, RawQuery(q): RawQuery) -> Response {
    let given = query_pairs(q.as_deref()).find(|(k, _)| *k == "token").map(|(_, v)| v);
    match given {
        None => plain(StatusCode::UNAUTHORIZED, tr!("broadcast-token-missing").get(Lang::En)),
        Some(t) if !same_token(t, on_air.token()) => {
            plain(StatusCode::FORBIDDEN, tr!("broadcast-token-wrong").get(Lang::En))
        }
        Some(_) => match on_air.record_text() {
            Some(text) => bytes("text/plain; charset=utf-8", text, false),
            None => plain(StatusCode::NOT_FOUND, tr!("broadcast-nothing-yet").get(Lang::En)),
        },
    }
}

/// Compares two tokens in a time that does not tell how much of them matched.
fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The pages' own index (`assets/web/index.html`), else one made here with this server's URLs.
async fn index(headers: HeaderMap, RawQuery(q): RawQuery) -> Response {
    if assets::web("index.html").is_some() {
        return page("index.html");
    }
    let lang = if query_pairs(q.as_deref()).any(|p| p == ("lang", "ja")) { Lang::Ja } else { Lang::En };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
    let mut items = String::new();
    for (path, query) in PAGES {
        let url = escape(&format!("http://{host}{path}{query}"));
        items.push_str(&format!("<li><a href=\"{url}\">{url}</a></li>\n"));
    }
    let html = format!(
        "<!DOCTYPE html>\n<html lang=\"{code}\"><head><meta charset=\"utf-8\"><title>{title}</title>\
         <style>body{{font-family:sans-serif;margin:2em}}li{{margin:.3em 0}}</style></head>\n\
         <body><h1>{title}</h1><p>{obs}</p>\n<ul>\n{items}</ul>\n<p>{record}</p></body></html>\n",
        code = if lang == Lang::Ja { "ja" } else { "en" },
        title = escape(tr!("broadcast-index-title").get(lang)),
        obs = escape(tr!("broadcast-index-obs").get(lang)),
        record = escape(tr!("broadcast-index-record").get(lang)),
    );
    page_html(html)
}

fn page_html(html: String) -> Response {
    let mut r = bytes("text/html; charset=utf-8", html, false);
    r.headers_mut()
        .insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'self' 'unsafe-inline' data:"));
    r
}

/// `text` safe inside HTML text and attribute values.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}
