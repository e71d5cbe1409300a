//! The win evaluator: `cargo bench --bench scoring` prints how long the 3,000 hands of the oracle
//! fixture take to score (every reading of each hand tried), and so the hands scored per second;
//! and how long every frame of the tenhou corpus takes to score from its record (replay, hand and
//! situation read from the acts, value, payments), as frames per second.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../tests/common/scoring_case.rs"]
mod scoring_case;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jmjp_studio::scoring::win::{WinRules, evaluate};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let cases: Vec<_> = scoring_case::fixture().iter().map(scoring_case::input).collect();
    let mut g = c.benchmark_group("scoring");
    g.throughput(Throughput::Elements(cases.len() as u64));
    g.bench_function("evaluate the 3,000 oracle hands", |b| {
        b.iter(|| {
            for (hand, sit) in &cases {
                black_box(evaluate(hand, sit, &WinRules::MAHJONG_SOUL).ok());
            }
        })
    });
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let mut frames = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
        let paifu = jmjp_studio::interop::tenhou6::import(&text).unwrap();
        frames.extend(paifu.matches.into_iter().flat_map(|m| m.frames));
    }
    g.throughput(Throughput::Elements(frames.len() as u64));
    g.bench_function(format!("score the {} frames of the corpus", frames.len()), |b| {
        b.iter(|| {
            for f in &frames {
                black_box(jmjp_studio::scoring::score_frame(f, &jmjp_studio::scoring::RuleOptions::TENHOU).ok());
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
