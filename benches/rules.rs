//! Replay-validate a full 12-frame match: `cargo bench --bench rules` prints the time for the
//! whole match and the throughput in acts per second (criterion's "elem/s"), also under each
//! preset a match's rules comment names.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jmjp_studio::format::{Paifu, Severity};
use jmjp_studio::rules::{self, Table, simulate};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let m = simulate::random_match(2024, 12);
    let acts: usize = m.frames.iter().map(|f| f.flow.as_ref().map_or(0, |fl| fl.acts.len())).sum();
    let paifu = Paifu { matches: vec![m] };
    assert!(rules::check(&paifu, None).iter().all(|d| d.severity != Severity::Error));
    println!("match: {} frames, {acts} acts", paifu.matches[0].frames.len());

    let mut group = c.benchmark_group("rules");
    group.throughput(Throughput::Elements(acts as u64));
    group.bench_function("check a 12-frame match", |b| b.iter(|| rules::check(black_box(&paifu), None)));
    // Judged under each preset its rules comment names (issue 43: within 10 % of the match that
    // names none), and under a preset with differences ("jpml, red=one-per-suit, ura=yes").
    for rules_text in ["m-league", "tenhou", "jpml", "ema", "wrc", "jpml, red=one-per-suit, ura=yes"] {
        let mut named = paifu.clone();
        named.matches[0].rules = Some(rules_text.to_string());
        group.bench_function(format!("check a 12-frame match under {rules_text}"), |b| {
            b.iter(|| rules::check(black_box(&named), None))
        });
    }
    group.bench_function("replay a 12-frame match", |b| {
        b.iter(|| {
            for f in &paifu.matches[0].frames {
                black_box(Table::replay(f, usize::MAX));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
