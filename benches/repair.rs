//! The cause finder: `cargo bench --bench repair` plants one mistake in every frame of the tenhou
//! corpus (a discard from the hand recorded as a tsumogiri where the frame has one, else a tile of
//! a start hand typed as its neighbour), then prints how long explaining one such frame takes
//! (the median and the worst over the corpus, each frame the fastest of five runs), and measures
//! explaining them all.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use jmjp_studio::format::{Discard, Draw, Frame, Points, Tile};
use jmjp_studio::rules::repair::{self, EndHands, Search};
use jmjp_studio::scoring::{RuleOptions, score_frame};

/// `f` with one mistake planted, if it has a place for one.
fn planted(f: &Frame) -> Option<Frame> {
    let mut g = f.clone();
    let flow = g.flow.as_mut()?;
    if let Some(a) =
        flow.acts.iter_mut().find(|a| matches!((a.draw, a.discard), (Draw::Tile(x), Some(Discard::Tile(y))) if x != y))
    {
        a.discard = Some(Discard::Tsumogiri);
        return Some(g);
    }
    let hand = &mut flow.start_hands.first_mut()?.hand;
    let t = hand.tiles.iter_mut().find(|t| t.value().is_some_and(|v| v < 9) && !t.is_honor() && !t.is_red())?;
    *t = Tile::from_code(format!("{}{}", t.value()? + 1, &t.code()[1..]).as_bytes())?;
    Some(g)
}

fn bench(c: &mut Criterion) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let mut frames = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
        let paifu = jmjp_studio::interop::tenhou6::import(&text).unwrap();
        let m = &paifu.matches[0];
        let opts = RuleOptions::TENHOU.with_point_rule(m.point_rule.as_ref());
        frames.extend(m.frames.iter().filter_map(planted).map(|f| (f, opts)));
    }
    let explain = |f: &Frame, opts: &RuleOptions| {
        let scorer = |g: &Frame| -> Option<[Points; 4]> { score_frame(g, opts).ok()?.end_points(g) };
        repair::explain(
            f,
            Search {
                end_hands: EndHands::Evidence,
                scorer: Some(&scorer),
                indicators: RuleOptions::M_LEAGUE.indicators(),
            },
        )
    };
    let mut times: Vec<Duration> = frames
        .iter()
        .map(|(f, o)| {
            (0..5)
                .map(|_| {
                    let t = Instant::now();
                    black_box(explain(f, o));
                    t.elapsed()
                })
                .min()
                .unwrap()
        })
        .collect();
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let explained = frames.iter().filter(|(f, o)| explain(f, o).is_some()).count();
    println!(
        "explain one planted mistake, over {} corpus frames ({} explained): median {:.2} ms, 90th {:.2} ms, worst {:.2} ms",
        frames.len(),
        explained,
        ms(times[times.len() / 2]),
        ms(times[times.len() * 9 / 10]),
        ms(times[times.len() - 1])
    );
    c.bench_function(&format!("repair: explain all {} planted frames of the corpus", frames.len()), |b| {
        b.iter(|| {
            for (f, o) in &frames {
                black_box(explain(f, o));
            }
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
