//! The season's figures on air, in a real Chromium: the overlay with `stats=1&delay=2` shows under
//! each name plate the player's figures counted from a season folder and the match on air; when
//! a frame ends (one edit of the record) the winner's win rate changes on the page 2 to 4.5 s
//! later, never before, while `/api/stats` without a delay has it at once.
//! Screenshot: target/web-shots/live-stats-ja.png.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::chromium;
use crate::common;
use crate::http;
use common::season::{corpus_match, recording, season_folder};

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use chromium::Chromium;
use jmjp_studio::broadcast::season::SeasonOnAir;
use jmjp_studio::broadcast::{OnAir, Server, SystemClock};
use jmjp_studio::document::{Document, Edit, Feed};
use jmjp_studio::scoring::RuleOptions;
use serde_json::Value;

/// The text of `role` on the plate of the player named `name`.
fn plate(c: &mut Chromium, name: &str, role: &str) -> Option<String> {
    let js = format!(
        "(() => {{ const p = Array.from(document.querySelectorAll('.jm-plate')).find(p => \
         p.querySelector('[data-role=name]').textContent === {name:?}); \
         const s = p && p.querySelector('[data-role={role}]'); return s ? s.textContent : null; }})()"
    );
    c.eval(&js).as_str().map(str::to_string)
}

#[test]
fn the_stats_plate_changes_after_a_frame_ends_and_not_before_the_delay() {
    let _turn = common::turn::take(module_path!());
    let folder = season_folder("web-stats");
    let m = corpus_match("pantheon_usual.json");
    let feed = Feed::new();
    let mut doc = Document::new(recording(&m, 1, 5), false);
    doc.publish_to(&feed);
    let on_air =
        OnAir::new(Arc::new(SystemClock), RuleOptions::default()).with_season(SeasonOnAir::read(Some(&folder)));
    let server = Server::start_on(on_air, doc.subscribe().unwrap(), "127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr();
    let Some(mut c) = Chromium::start() else { return };
    c.set_viewport(1920, 1080);
    c.open(&format!("http://{addr}/overlay?stats=1&delay=2&lang=ja"));
    c.wait_until("document.querySelectorAll('[data-role=stats]').length === 4", Duration::from_secs(8));
    // プレーヤー4 wins East 1 by tsumo: before it ends, the rate is the season's.
    let before = plate(&mut c, "プレーヤー4", "stat-win").unwrap();
    assert!(before.starts_with("和了"), "{before}");
    let matches = plate(&mut c, "プレーヤー4", "stat-matches").unwrap();
    let (_, api) = http::get(addr, "/api/stats");
    let api: Value = serde_json::from_str(&api).unwrap();
    let season_matches = api["players"][3]["matches"].as_u64().unwrap();
    assert_eq!(matches, format!("{season_matches}試合"));
    // East 1 ends and East 2 is dealt: one edit.
    let after = recording(&m, 2, 0);
    doc.apply(Edit::Replace { before: Box::new(doc.paifu().clone()), after: Box::new(after) }, None);
    let entered = Instant::now();
    let wins_now = || {
        let (_, api) = http::get(addr, "/api/stats");
        serde_json::from_str::<Value>(&api).unwrap()["players"][3]["wins"].as_u64().unwrap()
    };
    // The server takes the edit from the document's feed on its own thread: without a delay the
    // win reaches /api/stats as soon as that thread has it, well inside the page's 2 s.
    let season_wins = api["players"][3]["wins"].as_u64().unwrap();
    while wins_now() == season_wins && entered.elapsed() < Duration::from_secs(1) {
        std::thread::sleep(Duration::from_millis(10));
    }
    let at_once = entered.elapsed();
    assert_eq!(wins_now(), season_wins + 1, "/api/stats without a delay has the win within a second");
    println!("/api/stats had the win {at_once:?} after the frame ended");
    let mut changed = None;
    while entered.elapsed() < Duration::from_secs(6) {
        let now = plate(&mut c, "プレーヤー4", "stat-win").unwrap();
        if now != before {
            changed = Some(entered.elapsed());
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let changed = changed.expect("the win rate never changed on the page");
    println!("the plate changed {changed:?} after the frame ended (delay 2 s)");
    assert!(changed >= Duration::from_millis(1900) && changed <= Duration::from_millis(4500), "{changed:?}");
    c.wait_until("document.fonts.status === 'loaded'", Duration::from_secs(5));
    let dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"))
        .join("web-shots");
    c.screenshot().save(&dir.join("live-stats-ja.png"));
    assert_eq!(c.errors(), Vec::<String>::new(), "no script error");
    let _ = std::fs::remove_dir_all(&folder);
}
