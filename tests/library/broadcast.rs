//! On air (`broadcast`): the table worked out from a corpus game, the routes of the server as
//! axum's own examples test them (tower's `oneshot`, no socket): the Host and the method every
//! request must have, the token of the record, paths that never reach the file system, hands
//! never sent unless asked for, the delay cut with a clock moved by hand, and the event ids
//! across undo, redo and a recovery with the reconnects that replay them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

use jmjp_studio::broadcast::on_air::{EVENT_BUFFER, MAX_STREAMS, parse_id};
use jmjp_studio::broadcast::table::{Cut, table_of};
use jmjp_studio::broadcast::{ManualClock, OnAir, View, routes};
use jmjp_studio::document::{Revision, Update, UpdateKind};
use jmjp_studio::format::{Match, Paifu};
use jmjp_studio::scoring::RuleOptions;

const ADDR: &str = "127.0.0.1:8765";

/// The first match of a corpus log, as recorded.
fn corpus(name: &str) -> Match {
    let log = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6").join(name);
    let text = std::fs::read_to_string(&log).unwrap();
    jmjp_studio::interop::tenhou6::import(&text).unwrap().matches.remove(0)
}

/// `m` cut after `acts` acts of frame `frame` (the frames after it left out, its end too).
fn cut(m: &Match, frame: usize, acts: usize) -> Paifu {
    let mut m = m.clone();
    m.frames.truncate(frame + 1);
    let f = &mut m.frames[frame];
    let flow = f.flow.as_mut().unwrap();
    if acts < flow.acts.len() {
        flow.acts.truncate(acts);
        flow.end_hands.clear();
        f.end_points = None;
    }
    Paifu { matches: vec![m] }
}

fn update(seq: u64, kind: UpdateKind, paifu: Paifu) -> Update {
    Update { seq, revision: Revision::default(), kind, paifu: Arc::new(paifu) }
}

fn server() -> (Arc<OnAir>, Arc<ManualClock>, Router) {
    let clock = Arc::new(ManualClock::default());
    let on_air = Arc::new(OnAir::new(clock.clone(), RuleOptions::default()));
    let router = routes::router(Arc::clone(&on_air), ADDR.parse::<SocketAddr>().unwrap());
    (on_air, clock, router)
}

async fn send(
    router: &Router,
    method: &str,
    uri: &str,
    host: Option<&str>,
) -> (StatusCode, Vec<(String, String)>, String) {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(h) = host {
        req = req.header("host", h);
    }
    let res = router.clone().oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
    let status = res.status();
    let headers =
        res.headers().iter().map(|(k, v)| (k.as_str().to_string(), v.to_str().unwrap_or("").to_string())).collect();
    let body = res.into_body().collect().await.unwrap().to_bytes();
    (status, headers, String::from_utf8_lossy(&body).into_owned())
}

async fn get(router: &Router, uri: &str) -> (StatusCode, String) {
    let (s, _, b) = send(router, "GET", uri, Some(ADDR)).await;
    (s, b)
}

fn tiles(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_string()).collect()
}

fn river(seat: &Value) -> Vec<String> {
    seat["river"].as_array().unwrap().iter().map(|r| r["tile"].as_str().unwrap().to_string()).collect()
}

/// Every table in a JSON answer (a table, a replay, a list of events' data).
fn tables(v: &Value) -> Vec<&Value> {
    match v {
        Value::Object(o) if o.contains_key("seats") => vec![v],
        Value::Object(o) => o.values().flat_map(tables).collect(),
        Value::Array(a) => a.iter().flat_map(tables).collect(),
        _ => Vec::new(),
    }
}

/// No concealed tile anywhere: no hand, drawn tile or waits, and no tile of a draw.
fn assert_no_hand_tile(v: &Value, what: &str) {
    let all = tables(v);
    assert!(!all.is_empty(), "{what}: no table in {v}");
    for t in all {
        for s in t["seats"].as_array().unwrap() {
            for key in ["hand", "drawn", "waits"] {
                assert!(s[key].is_null(), "{what}: seat {} has {key} {}", s["seat"], s[key]);
            }
        }
        let last = &t["frame"]["last"];
        if last["kind"] == "draw" {
            assert!(last["tile"].is_null(), "{what}: a draw's tile is shown: {last}");
        }
    }
}

#[test]
fn a_corpus_game_cut_at_a_known_act_gives_its_points_rivers_and_dora() {
    let m = corpus("mjai-reviewer_chankan.json");
    let p = cut(&m, 0, 12);
    let t =
        serde_json::to_value(table_of(&p.matches[0], Cut::all(&p.matches[0]), false, &RuleOptions::default())).unwrap();
    let f = &t["frame"];
    assert_eq!((f["name"].as_str(), f["index"].as_u64(), f["dealer"].as_u64()), (Some("E1-0"), Some(0), Some(0)));
    assert_eq!(tiles(&f["dora"]), ["3s"], "the log's dora indicator 33");
    assert_eq!(f["wall_left"], 70 - 12);
    assert_eq!(f["acts"], 12);
    let seats = t["seats"].as_array().unwrap();
    // The log's discards (dahai) of each seat's first three turns; 60 is a tsumogiri.
    assert_eq!(river(&seats[0]), ["nw", "1p", "rd"]);
    assert_eq!(river(&seats[1]), ["8p", "1p", "8s"]);
    assert_eq!(river(&seats[2]), ["8s", "2s", "ww"]);
    assert_eq!(river(&seats[3]), ["wd", "1m", "wd"]);
    assert_eq!(seats[0]["river"][2]["tsumogiri"], true);
    assert_eq!(seats[2]["river"][2]["tsumogiri"], false);
    for s in seats {
        assert_eq!(s["points"], 25000);
        assert!(s["hand"].is_null());
    }
    assert_eq!(f["last"], serde_json::json!({"seat": 3, "kind": "discard", "tile": "wd"}));
    // With hands: the dealer's 13 concealed tiles, sorted, after three turns.
    let t =
        serde_json::to_value(table_of(&p.matches[0], Cut::all(&p.matches[0]), true, &RuleOptions::default())).unwrap();
    let hand = tiles(&t["seats"][0]["hand"]);
    assert_eq!(hand.len(), 13);
    // The start hand 13 13 17 21 24 25 31 32 33 33 36 42 44, drew 42 11 47, discarded 44 21 47.
    assert_eq!(hand, ["1m", "3m", "3m", "7m", "4p", "5p", "1s", "2s", "3s", "3s", "6s", "sw", "sw"]);
}

#[test]
fn a_frame_end_shows_its_deltas_and_a_line_in_both_languages() {
    let m = corpus("pantheon_usual.json");
    let p = Paifu { matches: vec![Match { frames: m.frames[..1].to_vec(), ..m.clone() }] };
    let t =
        serde_json::to_value(table_of(&p.matches[0], Cut::all(&p.matches[0]), false, &RuleOptions::default())).unwrap();
    let end = &t["end"];
    assert!(matches!(end["kind"].as_str(), Some("tsumo" | "ron" | "draw")), "{end}");
    let deltas: Vec<i64> = end["deltas"].as_array().unwrap().iter().map(|d| d.as_i64().unwrap()).collect();
    let points: Vec<i64> = t["seats"].as_array().unwrap().iter().map(|s| s["points"].as_i64().unwrap()).collect();
    let after: Vec<i64> = points.iter().zip(&deltas).map(|(p, d)| p + d).collect();
    let f = &m.frames[0];
    let recorded = f.id.by_player(f.end_points.unwrap()).map(|p| p.as_points());
    assert_eq!(after, recorded, "the points shown plus the deltas are the frame's end points");
    assert!(!end["text"]["en"].as_str().unwrap().is_empty() && !end["text"]["ja"].as_str().unwrap().is_empty());
}

#[tokio::test]
async fn hands_are_never_sent_unless_asked_for() {
    let (on_air, clock, router) = server();
    let m = corpus("mjai-reviewer_chankan.json");
    for (seq, acts) in [5usize, 6, 13, 40].into_iter().enumerate() {
        on_air.receive(update(seq as u64, UpdateKind::Edit, cut(&m, 0, acts)));
        clock.advance(Duration::from_secs(1));
    }
    // A draw is the last act (the discard not entered yet): its tile stays hidden too.
    let mut drawn = cut(&m, 0, 41);
    drawn.matches[0].frames[0].flow.as_mut().unwrap().acts[40].discard = None;
    on_air.receive(update(4, UpdateKind::Edit, drawn));
    for uri in ["/api/state", "/api/state?delay=2", "/api/replay.json", "/api/state?hands=0", "/api/state?hands=no"] {
        let (status, body) = get(&router, uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert_no_hand_tile(&serde_json::from_str(&body).unwrap(), uri);
    }
    let (_, body) = get(&router, "/api/state").await;
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["frame"]["last"]["kind"], "draw");
    let mut stream = on_air.open_stream(View::default(), None).unwrap();
    let first = stream.next_event().await.unwrap();
    assert_no_hand_tile(&serde_json::from_str(&first.data).unwrap(), "/api/events");
    drop(stream);
    let (_, body) = get(&router, "/api/state?hands=1").await;
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(v["seats"][0]["hand"].is_array() && v["frame"]["last"]["tile"].is_string(), "asked for: sent");
    let (_, body) = get(&router, "/api/replay.json?hands=1").await;
    assert!(body.contains(r#""hand":["#));
}

#[tokio::test]
async fn a_mistake_corrected_within_the_delay_never_airs() {
    let (on_air, clock, router) = server();
    let m = corpus("mjai-reviewer_chankan.json");
    let acts_at = |v: &Value| v["frame"]["acts"].as_u64();
    on_air.receive(update(0, UpdateKind::Joined, cut(&m, 0, 8)));
    clock.advance(Duration::from_secs(1));
    // A discard of 9p that never happened, undone 1 s later and the right act entered.
    let mut wrong = cut(&m, 0, 9);
    let a = &mut wrong.matches[0].frames[0].flow.as_mut().unwrap().acts[8];
    a.discard = Some(jmjp_studio::format::Discard::Tile(jmjp_studio::format::Tile::from_code(b"9p").unwrap()));
    on_air.receive(update(1, UpdateKind::Edit, wrong));
    clock.advance(Duration::from_secs(1));
    on_air.receive(update(2, UpdateKind::Undo, cut(&m, 0, 8)));
    on_air.receive(update(3, UpdateKind::Edit, cut(&m, 0, 9)));
    let mut delayed = on_air.open_stream(View { delay: 2, hands: true, stats: false }, None).unwrap();
    let mut seen = vec![delayed.next_event().await.unwrap()];
    let (_, now) = get(&router, "/api/state?delay=2").await;
    assert_eq!(acts_at(&serde_json::from_str(&now).unwrap()), Some(8), "the record of 2 s ago had 8 acts");
    let (_, now) = get(&router, "/api/state").await;
    assert_eq!(acts_at(&serde_json::from_str(&now).unwrap()), Some(9), "without a delay: all of it");
    for _ in 0..30 {
        clock.advance(Duration::from_millis(100));
        on_air.tick();
        while let Ok(Some(e)) = tokio::time::timeout(Duration::from_millis(5), delayed.next_event()).await {
            seen.push(e);
        }
    }
    let acts: Vec<u64> = seen.iter().map(|e| acts_at(&serde_json::from_str(&e.data).unwrap()).unwrap()).collect();
    assert_eq!(acts, [8, 9], "the right act airs once, 2 s after it came");
    for e in &seen {
        let v: Value = serde_json::from_str(&e.data).unwrap();
        for s in v["seats"].as_array().unwrap() {
            assert!(!river(s).contains(&"9p".to_string()) || s["seat"] != 0, "the mistaken 9p aired: {v}");
        }
    }
    let (status, _) = get(&router, "/api/state?delay=abc").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = get(&router, "/api/state?delay=100000").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn event_ids_replay_after_undo_and_redo_and_start_over_after_a_recovery() {
    let (on_air, _, _) = server();
    let m = corpus("mjai-reviewer_chankan.json");
    on_air.receive(update(0, UpdateKind::Joined, cut(&m, 0, 1)));
    let first = on_air.epoch();
    on_air.receive(update(1, UpdateKind::Edit, cut(&m, 0, 2)));
    on_air.receive(update(2, UpdateKind::Edit, cut(&m, 0, 3)));
    on_air.receive(update(3, UpdateKind::Undo, cut(&m, 0, 2)));
    on_air.receive(update(4, UpdateKind::Redo, cut(&m, 0, 3)));
    let id = |e: u64, s: u64| format!("{e}-{s}");
    let ids = |s: &mut jmjp_studio::broadcast::on_air::EventStream| {
        let mut out = Vec::new();
        while let Some(e) = futures_now(s) {
            out.push(e.id);
        }
        out
    };
    let mut s = on_air.open_stream(View::default(), Some(&id(first, 1))).unwrap();
    assert_eq!(ids(&mut s), [id(first, 2), id(first, 3), id(first, 4)], "the events after 1, in order");
    let mut s = on_air.open_stream(View::default(), None).unwrap();
    assert_eq!(ids(&mut s), [id(first, 4)], "no id: the table now");
    let mut s = on_air.open_stream(View::default(), Some(&id(first, 4))).unwrap();
    assert!(ids(&mut s).is_empty(), "up to date: nothing to replay");
    on_air.receive(update(5, UpdateKind::Edit, cut(&m, 0, 4)));
    assert_eq!(ids(&mut s), [id(first, 5)], "then each change as it comes");
    // A recovered recording: a new epoch, so an id of the old one gets the full state.
    on_air.receive(update(6, UpdateKind::Opened, cut(&m, 0, 4)));
    let second = on_air.epoch();
    assert!(second > first);
    let mut s = on_air.open_stream(View::default(), Some(&id(first, 5))).unwrap();
    assert_eq!(ids(&mut s), [id(second, 6)]);
    let mut s = on_air.open_stream(View::default(), Some("garbage")).unwrap();
    assert_eq!(ids(&mut s), [id(second, 6)]);
    // Past the buffer: the full state.
    for seq in 7..(8 + EVENT_BUFFER as u64) {
        on_air.receive(update(seq, UpdateKind::Edit, cut(&m, 0, 4 + (seq as usize % 2))));
    }
    let last = 7 + EVENT_BUFFER as u64;
    let mut s = on_air.open_stream(View::default(), Some(&id(second, 6))).unwrap();
    assert_eq!(ids(&mut s), [id(second, last)]);
    let mut s = on_air.open_stream(View::default(), Some(&id(second, last - 3))).unwrap();
    assert_eq!(ids(&mut s).len(), 3);
    assert_eq!(parse_id(&id(second, last)), Some((second, last)));
}

/// The next event of a stream if one is ready now.
fn futures_now(
    s: &mut jmjp_studio::broadcast::on_air::EventStream,
) -> Option<jmjp_studio::broadcast::on_air::StreamEvent> {
    let waker = std::task::Waker::noop();
    let mut cx = std::task::Context::from_waker(waker);
    match tokio_stream::Stream::poll_next(std::pin::Pin::new(s), &mut cx) {
        std::task::Poll::Ready(e) => e,
        std::task::Poll::Pending => None,
    }
}

#[tokio::test]
async fn the_event_stream_is_server_sent_events_with_its_name_and_id() {
    let (on_air, _, router) = server();
    let m = corpus("mjai-reviewer_chankan.json");
    on_air.receive(update(7, UpdateKind::Joined, cut(&m, 0, 3)));
    let req = Request::builder().uri("/api/events").header("host", ADDR).body(Body::empty()).unwrap();
    let res = router.clone().oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "text/event-stream");
    assert_eq!(on_air.viewers(), 1);
    let mut body = res.into_body();
    let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
    let text = String::from_utf8_lossy(&frame);
    assert!(text.starts_with("event: state\n"), "{text}");
    assert!(text.contains(&format!("id: {}-7\n", on_air.epoch())), "{text}");
    assert!(text.contains("data: {\"id\":"), "{text}");
    drop(body);
    assert_eq!(on_air.viewers(), 0, "a page gone is counted out");
}

#[tokio::test]
async fn the_thirty_third_stream_is_refused_with_a_reason() {
    let (on_air, _, router) = server();
    on_air.receive(update(0, UpdateKind::Joined, Paifu::default()));
    let streams: Vec<_> = (0..MAX_STREAMS).map(|_| on_air.open_stream(View::default(), None).unwrap()).collect();
    assert_eq!(on_air.viewers(), 32);
    let (status, body) = get(&router, "/api/events").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(body.contains("32 event streams are open"), "{body}");
    drop(streams);
    assert_eq!(on_air.viewers(), 0);
}

// Outside a runtime: tokio's budget would make a stream read 128 times in one task yield.
#[test]
fn a_stream_that_does_not_read_is_dropped_and_the_others_go_on() {
    let (on_air, _, _) = server();
    let m = corpus("mjai-reviewer_chankan.json");
    on_air.receive(update(0, UpdateKind::Joined, cut(&m, 0, 1)));
    let mut reader = on_air.open_stream(View::default(), None).unwrap();
    let _stuck = on_air.open_stream(View::default(), None).unwrap();
    let mut got = Vec::new();
    for seq in 1..200u64 {
        on_air.receive(update(seq, UpdateKind::Edit, cut(&m, 0, 1 + seq as usize % 30)));
        while let Some(e) = futures_now(&mut reader) {
            got.push(parse_id(&e.id).unwrap().1);
        }
    }
    assert_eq!(got, (0..200).collect::<Vec<u64>>(), "the reader saw every change");
    assert_eq!(on_air.viewers(), 1, "the stuck stream was dropped, not waited for");
}

#[tokio::test]
async fn only_this_servers_host_is_answered() {
    let (_, _, router) = server();
    for host in [ADDR, "localhost:8765", "LOCALHOST:8765"] {
        let (status, _, _) = send(&router, "GET", "/", Some(host)).await;
        assert_eq!(status, StatusCode::OK, "{host}");
    }
    for host in ["evil.example:8765", "127.0.0.1:80", "127.0.0.1", "localhost", "127.0.0.2:8765", "x.localhost:8765"] {
        let (status, _, body) = send(&router, "GET", "/api/state", Some(host)).await;
        assert_eq!(status, StatusCode::MISDIRECTED_REQUEST, "{host}");
        assert!(!body.contains("seats"));
    }
    let (status, _, _) = send(&router, "GET", "/api/state", None).await;
    assert_eq!(status, StatusCode::MISDIRECTED_REQUEST, "no Host");
    let any = "0.0.0.0:8765".parse().unwrap();
    assert!(routes::host_allowed("192.168.1.20:8765", any), "bound to every address: any address");
    assert!(!routes::host_allowed("studio.example:8765", any), "never a name");
}

#[tokio::test]
async fn only_get_and_head_are_answered() {
    let (on_air, _, router) = server();
    on_air.receive(update(0, UpdateKind::Joined, Paifu::default()));
    for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
        for uri in ["/", "/api/state", "/api/record.jmjp", "/nowhere"] {
            let (status, headers, _) = send(&router, method, uri, Some(ADDR)).await;
            assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {uri}");
            assert!(headers.iter().any(|(k, v)| k == "allow" && v == "GET, HEAD"));
        }
    }
    let (status, _, body) = send(&router, "HEAD", "/api/state", Some(ADDR)).await;
    assert_eq!((status, body.as_str()), (StatusCode::OK, ""));
}

#[tokio::test]
async fn the_record_needs_this_runs_token() {
    let (on_air, _, router) = server();
    let m = corpus("mjai-reviewer_chankan.json");
    let p = cut(&m, 0, 10);
    on_air.receive(update(0, UpdateKind::Joined, p.clone()));
    assert_eq!(get(&router, "/api/record.jmjp").await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(get(&router, "/api/record.jmjp?token=0123").await.0, StatusCode::FORBIDDEN);
    let wrong: String = on_air.token().chars().rev().collect();
    assert_eq!(get(&router, &format!("/api/record.jmjp?token={wrong}")).await.0, StatusCode::FORBIDDEN);
    let (status, body) = get(&router, &format!("/api/record.jmjp?token={}", on_air.token())).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, jmjp_studio::format::write(&p), "the canonical text, undelayed");
    assert_eq!(on_air.token().len(), 32);
    let other = OnAir::new(Arc::new(ManualClock::default()), RuleOptions::default());
    assert_ne!(other.token(), on_air.token(), "a token per run");
}

#[tokio::test]
async fn no_path_reaches_the_file_system_and_unknown_paths_are_404() {
    let (on_air, _, router) = server();
    for uri in [
        "/assets/../Cargo.toml",
        "/assets/tiles/../../Cargo.toml",
        "/assets/%2e%2e/Cargo.toml",
        "/assets/tiles/..%2f..%2fCargo.toml",
        "/assets/tiles/make_tiles.py",
        "/assets//etc/passwd",
        "/../Cargo.toml",
        "/Cargo.toml",
        "/src/lib.rs",
        "/nowhere",
    ] {
        let (status, headers, body) = send(&router, "GET", uri, Some(ADDR)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
        assert!(!body.contains("[package]") && !body.contains("root:"), "{uri}: {body}");
        assert!(!headers.iter().any(|(k, _)| k.starts_with("access-control-")), "no CORS");
    }
    let (status, headers, body) = send(&router, "GET", "/assets/tiles/5m.svg", Some(ADDR)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.starts_with("<svg") || body.starts_with("<?xml"));
    assert!(headers.contains(&("content-type".into(), "image/svg+xml".into())));
    let (status, _, _) = send(&router, "GET", "/assets/fonts/Mplus1-Regular.otf", Some(ADDR)).await;
    assert_eq!(status, StatusCode::OK);
    for page in ["/", "/overlay", "/replay", "/assets/web/overlay.js", "/assets/web/common.js", "/assets/web/fonts.css"]
    {
        let (status, headers, _) = send(&router, "GET", page, Some(ADDR)).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert!(!headers.iter().any(|(k, _)| k.starts_with("access-control-")), "no CORS on {page}");
    }
    let (_, _, index) = send(&router, "GET", "/", Some(ADDR)).await;
    assert!(index.contains("/overlay") && index.contains("/replay"), "{index}");
    assert!(!index.contains(on_air.token()), "the index never shows the token");
}
