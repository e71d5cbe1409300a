//! The tests that drive other programs, one binary: Debian's Chromium (the On-air pages, the
//! live overlay), mpv and ffmpeg (the match video), the Python `mjai` package (AI players), and
//! On air under load and across a kill. Each sets up what it needs or, outside CI, says it
//! skipped.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../common/mod.rs"]
mod common;
// Chromium through the DevTools protocol (web_live, web_pages).
#[path = "../common/chromium.rs"]
mod chromium;
// A plain HTTP client on a socket (web_live, broadcast_load).
#[path = "web_live/http.rs"]
mod http;

mod broadcast_load;
mod broadcast_recovery;
mod mjai_bots;
mod mjai_live;
mod video_mpv;
mod web_live;
mod web_pages;
mod web_stats;
