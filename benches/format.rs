//! Parse and write speed on a large file: a full match (12 frames, ~70 acts each) copied 100 times.
//!
//! `cargo bench --bench format` prints criterion's time and throughput (MiB/s) for both, and
//! for the same file with every act's time (as the recorder writes it).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jmjp_studio::format;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let (paifu, text) = common::large_file(100);
    let acts: usize =
        paifu.matches.iter().flat_map(|m| &m.frames).map(|f| f.flow.as_ref().map_or(0, |fl| fl.acts.len())).sum();
    println!("large file: {} bytes, {} matches, {} acts", text.len(), paifu.matches.len(), acts);
    assert_eq!(format::parse(&text).unwrap().paifu, paifu);

    let mut group = c.benchmark_group("format");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(20);
    group.bench_function("parse 100 matches", |b| b.iter(|| format::parse(black_box(&text)).unwrap()));
    group.bench_function("write 100 matches", |b| b.iter(|| format::write(black_box(&paifu))));
    group.bench_function("check 100 matches", |b| {
        let doc = format::parse(&text).unwrap();
        b.iter(|| format::check(black_box(&doc.paifu), Some(&doc.source_map)))
    });
    group.finish();

    // The same file as the recorder writes it: every act with the time it was entered.
    let mut timed = paifu.clone();
    let mut at = format::ActTime::parse("2026-11-23T19:00:00.000Z").unwrap().millis();
    for flow in timed.matches.iter_mut().flat_map(|m| &mut m.frames).filter_map(|f| f.flow.as_mut()) {
        for n in 0..flow.acts.len() {
            at += 2_500;
            flow.set_time(n, Some(format::ActTime::from_millis(at)));
        }
    }
    let timed_text = format::write(&timed);
    println!("with act times: {} bytes", timed_text.len());
    let mut group = c.benchmark_group("format with act times");
    group.throughput(Throughput::Bytes(timed_text.len() as u64));
    group.sample_size(20);
    group.bench_function("parse 100 matches", |b| b.iter(|| format::parse(black_box(&timed_text)).unwrap()));
    group.bench_function("write 100 matches", |b| b.iter(|| format::write(black_box(&timed))));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
