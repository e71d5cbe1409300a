//! The season's figures on air: `/api/stats` and the tables of a page with `stats=1` give each
//! seated player's figures from a season folder plus the match on air, a frame counted once it
//! ended, and no earlier for a page with a delay than the page sees it (a clock moved by hand).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

use jmjp_studio::broadcast::season::SeasonOnAir;
use jmjp_studio::broadcast::{ManualClock, OnAir, routes};
use jmjp_studio::document::{Revision, Update, UpdateKind};
use jmjp_studio::format::Paifu;
use jmjp_studio::scoring::RuleOptions;
use jmjp_studio::season::stats::{Figures, frame_figures};
use jmjp_studio::season::stats_files::stats_of;

use crate::common::season::{corpus_match, recording, season_folder};

const ADDR: &str = "127.0.0.1:8765";

fn update(seq: u64, paifu: Paifu) -> Update {
    Update { seq, revision: Revision::default(), kind: UpdateKind::Edit, paifu: Arc::new(paifu) }
}

async fn get(router: &Router, uri: &str) -> Value {
    let req = Request::builder().uri(uri).header("host", ADDR).body(Body::empty()).unwrap();
    let res = router.clone().oneshot(req).await.unwrap();
    assert!(res.status().is_success(), "{uri}: {}", res.status());
    serde_json::from_slice(&res.into_body().collect().await.unwrap().to_bytes()).unwrap()
}

#[tokio::test]
async fn the_season_and_the_match_on_air_are_counted_a_frame_once_it_ended_and_not_before_the_delay() {
    let folder = season_folder("on-air-season");
    let expected = stats_of(std::slice::from_ref(&folder), None);
    let clock = Arc::new(ManualClock::default());
    let on_air = OnAir::new(clock.clone(), RuleOptions::default()).with_season(SeasonOnAir::read(Some(&folder)));
    let on_air = Arc::new(on_air);
    let router = routes::router(Arc::clone(&on_air), ADDR.parse::<SocketAddr>().unwrap());
    // pantheon_usual: East 1 is won by player 3 (プレーヤー4) by tsumo.
    let m = corpus_match("pantheon_usual.json");
    on_air.receive(update(1, recording(&m, 1, 5)));
    let now = get(&router, "/api/stats").await;
    assert_eq!(now["season"].as_str().unwrap(), folder.display().to_string());
    let p4 = &expected.players["プレーヤー4"];
    assert_eq!(now["players"][3]["name"], "プレーヤー4");
    assert_eq!(now["players"][3]["matches"], p4.matches + 1, "the season's matches and the one on air");
    assert_eq!(now["players"][3]["wins"], p4.wins, "East 1 has not ended");
    assert_eq!(now["players"][3]["frames"], p4.frames);
    // East 1 ends (East 2 dealt): its win counts at once, and for a page 2 s behind 2 s later.
    clock.advance(Duration::from_secs(1));
    on_air.receive(update(2, recording(&m, 2, 0)));
    let (mut first, _) = frame_figures(&m.frames[0], &RuleOptions::default());
    first[3].add(p4);
    assert_eq!(first[3].wins, p4.wins + 1);
    let now = get(&router, "/api/stats").await;
    assert_eq!(now["players"][3]["wins"], first[3].wins);
    assert_eq!(now["players"][3]["frames"], first[3].frames);
    let rate = jmjp_studio::season::stats_files::StatColumn::WinRate.text(&Figures { ..first[3] });
    assert_eq!(now["players"][3]["win_rate"], rate.as_str());
    let delayed = get(&router, "/api/stats?delay=2").await;
    assert_eq!(delayed["players"][3]["wins"], p4.wins, "a page 2 s behind is not told the win yet");
    let table = get(&router, "/api/state?delay=2&stats=1").await;
    assert_eq!(table["seats"][3]["stats"]["wins"], p4.wins, "nor through its table");
    clock.advance(Duration::from_secs(2));
    on_air.tick();
    let delayed = get(&router, "/api/stats?delay=2").await;
    assert_eq!(delayed["players"][3]["wins"], first[3].wins, "2 s later it is");
    let table = get(&router, "/api/state?delay=2&stats=1").await;
    assert_eq!(table["seats"][3]["stats"]["wins"], first[3].wins);
    let plain = get(&router, "/api/state").await;
    assert!(plain["seats"][3].get("stats").is_none(), "a page that does not ask is sent no figures");
}

#[tokio::test]
async fn without_a_season_folder_the_figures_are_the_match_on_air_alone() {
    let clock = Arc::new(ManualClock::default());
    let on_air = Arc::new(OnAir::new(clock, RuleOptions::default()));
    let router = routes::router(Arc::clone(&on_air), ADDR.parse::<SocketAddr>().unwrap());
    let m = corpus_match("pantheon_usual.json");
    on_air.receive(update(1, recording(&m, 3, 0)));
    let now = get(&router, "/api/stats").await;
    assert!(now["season"].is_null());
    // East 1 and East 2 ended: player 3 won both.
    assert_eq!((now["players"][3]["matches"].as_u64(), now["players"][3]["wins"].as_u64()), (Some(1), Some(2)));
    assert_eq!(now["players"][0]["dealins"], 1, "player 0 dealt into East 2");
}
