//! Replay-validate a full 12-frame match: `cargo bench --bench rules` prints the time for the
//! whole match and the throughput in acts per second (criterion's "elem/s"), also under each
//! preset a match's rules comment names.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jmjp_studio::format::{Discard, Draw, Frame, Paifu, Severity, Tile};
use jmjp_studio::rules::options::KanDora;
use jmjp_studio::rules::{self, Table, simulate};
use jmjp_studio::scoring::RuleOptions;
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
    for rules_text in [
        "m-league",
        "tenhou",
        "mahjong-soul",
        "jpml",
        "ema",
        "wrc",
        "rmu",
        "jpml, red=one-per-suit, ura=yes",
        "jpml, red=one-per-suit",
        "jpml, ura=yes",
        "m-league, red=none",
    ] {
        let mut named = paifu.clone();
        named.matches[0].rules = Some(rules_text.to_string());
        // The match as those rules would have it recorded (no red fives, ura or kan dora where
        // they play none), so that only the judging differs.
        let opts = rules::rules_of(&named.matches[0], None);
        named.matches[0].frames.iter_mut().for_each(|f| as_played(f, &opts));
        println!("under {rules_text}: {} findings", rules::check(&named, None).len());
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

/// `f` as `opts` would have it recorded: red fives plain where none are played, ura and kan dora
/// indicators unknown where none are turned.
fn as_played(f: &mut Frame, opts: &RuleOptions) {
    let plain = |t: &mut Tile| {
        if !opts.red_fives {
            *t = t.plain();
        }
    };
    f.dora.iter_mut().for_each(plain);
    for (i, d) in f.dora.iter_mut().enumerate() {
        let ura = i % 2 == 1;
        if (ura && !opts.ura_dora) || (i >= 2 && opts.kan_dora == KanDora::None) {
            *d = Tile::UNKNOWN;
        }
    }
    let Some(flow) = f.flow.as_mut() else { return };
    for h in flow.start_hands.iter_mut().chain(flow.end_hands.iter_mut()) {
        h.hand.tiles.iter_mut().for_each(plain);
        h.hand.tsumo.iter_mut().for_each(plain);
    }
    for a in &mut flow.acts {
        match &mut a.draw {
            Draw::Tile(t) | Draw::Rinshan(t) => plain(t),
            Draw::Chi(t) | Draw::Pon(t) => t.iter_mut().for_each(plain),
            Draw::Daiminkan(t) => t.iter_mut().for_each(plain),
            Draw::Ron | Draw::Oya => {}
        }
        match &mut a.discard {
            Some(Discard::Tile(t) | Discard::Kakan(t) | Discard::Riichi(t)) => plain(t),
            Some(Discard::Ankan(t)) => t.iter_mut().for_each(plain),
            _ => {}
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
