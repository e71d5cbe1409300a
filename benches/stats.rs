//! Season statistics: `cargo bench --bench stats` measures
//! - the statistics of 1,000 matches held in memory (each replayed frame by frame, its places
//!   read, each counted once by its tournament, date, number and players): the goal is under one
//!   second on one core (the count is single-threaded);
//! - the same 1,000 matches read from a folder of `.jmjp` files first, as `jmjp-studio stats
//!   FOLDER` does.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use criterion::{Criterion, criterion_group, criterion_main};
use jmjp_studio::format::{Date, Match, Name, Paifu, StrLit};
use jmjp_studio::rules::simulate::random_match;
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
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
