//! Double entry: `cargo bench --bench compare` compares two recordings of a 12-frame match (the
//! first 12 frames of the corpus's longest game): the same recording twice, one with three
//! mistakes (a discard from the hand recorded as a tsumogiri in three frames), and one with a
//! mistake in every frame; and reconciles the second with the preferred choices.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use jmjp_studio::compare::{self, Recording};
use jmjp_studio::format::{Discard, Draw, Frame, Paifu, parse, write};
use jmjp_studio::scoring::RuleOptions;

/// `f` with its first discard from the hand recorded as a tsumogiri.
fn mistaken(f: &Frame) -> Frame {
    let mut g = f.clone();
    if let Some(a) = g.flow.as_mut().and_then(|fl| {
        fl.acts.iter_mut().find(|a| matches!((a.draw, a.discard), (Draw::Tile(x), Some(Discard::Tile(y))) if x != y))
    }) {
        a.discard = Some(Discard::Tsumogiri);
    }
    g
}

fn bench(c: &mut Criterion) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let game = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| jmjp_studio::interop::tenhou6::import(&std::fs::read_to_string(e.unwrap().path()).unwrap()).unwrap())
        .max_by_key(|p| p.matches[0].frames.len())
        .unwrap();
    let mut a = game.clone();
    a.matches[0].frames.truncate(12);
    assert_eq!(a.matches[0].frames.len(), 12);
    let with = |every: usize| {
        let mut b: Paifu = a.clone();
        for (i, f) in b.matches[0].frames.iter_mut().enumerate() {
            if i % every == 0 {
                *f = mistaken(f);
            }
        }
        parse(&write(&b)).unwrap()
    };
    let da = parse(&write(&a)).unwrap();
    let (three, all) = (with(4), with(1));
    let opts = RuleOptions::TENHOU;
    let count = |b| compare::compare(Recording::of(&da), Recording::of(b), &opts).differences.len();
    println!(
        "differences: {} (the same), {} (three mistakes), {} (one a frame)",
        count(&da),
        count(&three),
        count(&all)
    );
    let mut group = c.benchmark_group("compare");
    for (name, b) in [("the same", &da), ("three mistakes", &three), ("a mistake a frame", &all)] {
        group.bench_function(format!("two 12-frame recordings, {name}"), |bench| {
            bench.iter(|| compare::compare(Recording::of(black_box(&da)), Recording::of(black_box(b)), &opts))
        });
    }
    let cmp = compare::compare(Recording::of(&da), Recording::of(&all), &opts);
    let choices = cmp.preferred();
    group.bench_function("reconcile, a mistake a frame", |bench| {
        bench.iter(|| cmp.reconcile(black_box(&da.paifu), black_box(&all.paifu), &choices))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
