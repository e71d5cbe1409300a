//! Season statistics: `cargo bench --bench stats` measures
//! - the statistics of 1,000 matches held in memory (each replayed frame by frame, its places
//!   read, each counted once by its tournament, date, number and players): the goal is under one
//!   second on one core (the count is single-threaded);
//! - the same 1,000 matches read from a folder of `.jmjp` files first, as `jmjp-studio stats
//!   FOLDER` does;
//! - On air with that folder as its season: from an entry of the match on air (a record of 12
//!   frames, the newest from the document's flow of changes) to each seat's figures worked out
//!   for a page (`/api/stats`; a page with `stats=1` gets the same in its table): the goal is
//!   under 5 ms.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use jmjp_studio::broadcast::season::SeasonOnAir;
use jmjp_studio::broadcast::{ManualClock, OnAir, View};
use jmjp_studio::document::{Revision, Update, UpdateKind};
use jmjp_studio::format::{Date, Match, Name, Paifu, StrLit};
use jmjp_studio::rules::simulate::random_match;
use jmjp_studio::scoring::RuleOptions;
use jmjp_studio::season::stats::Stats;
use jmjp_studio::season::stats_files::stats_of;

/// 1,000 random matches of 12 frames among twelve players, numbered 1 to 1,000 of one season.
fn season() -> Vec<Match> {
    (0..1000u32)
        .map(|i| {
            let mut m = random_match(u64::from(i), 12);
            for (seat, p) in m.players.iter_mut().enumerate() {
                let who = (i as usize + seat * 3) % 12;
                p.name = Some(Name { last: Some(StrLit::native(format!("選手{who}"))), first: None });
            }
            if let Some(t) = m.tour.as_mut() {
                t.year = Some(2025);
                t.match_in_stage = Some(i + 1);
            }
            m.time_place.date = Some(Date { year: 2025, month: 10, day: 1 });
            m
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let matches = season();
    let frames: usize = matches.iter().map(|m| m.frames.len()).sum();
    let mut g = c.benchmark_group("stats");
    g.sample_size(10);
    g.bench_function(format!("1000 matches ({frames} frames), in memory"), |b| {
        b.iter(|| {
            let mut stats = Stats::default();
            for m in &matches {
                stats.add_match("bench", m, None);
            }
            assert_eq!(stats.players.len(), 12);
            stats
        })
    });
    let dir = std::env::temp_dir().join(format!("jmjp-bench-stats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (i, m) in matches.iter().enumerate() {
        let text = jmjp_studio::format::write(&Paifu { matches: vec![m.clone()] });
        std::fs::write(dir.join(format!("{i:04}.jmjp")), text).unwrap();
    }
    g.bench_function("1000 matches, read from a folder of .jmjp files", |b| {
        b.iter(|| {
            let stats = stats_of(std::slice::from_ref(&dir), None);
            assert!(stats.unread.is_empty() && stats.left_out.is_empty());
            stats
        })
    });
    let on_air =
        OnAir::new(Arc::new(ManualClock::default()), RuleOptions::default()).with_season(SeasonOnAir::read(Some(&dir)));
    let mut live = random_match(4242, 12);
    for (seat, p) in live.players.iter_mut().enumerate() {
        p.name = Some(Name { last: Some(StrLit::native(format!("選手{seat}"))), first: None });
    }
    let mut seq = 0;
    g.sample_size(50);
    g.bench_function("On air: an entry to the seats' figures (season of 1000 matches)", |b| {
        b.iter(|| {
            seq += 1;
            let paifu = Paifu { matches: vec![live.clone()] };
            on_air.receive(Update {
                seq,
                revision: Revision::default(),
                kind: UpdateKind::Edit,
                paifu: Arc::new(paifu),
            });
            let json = on_air.stats_json(View { delay: 0, hands: false, stats: true });
            assert!(json.contains("\"wins\""));
            json
        })
    });
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
