//! The cause finder: `cargo bench --bench repair` plants one mistake in every frame of the tenhou
//! corpus (a discard from the hand recorded as a tsumogiri where the frame has one, else a tile of
//! a start hand typed as its neighbour), then prints how long explaining one such frame takes
//! (the median and the worst over the corpus, each frame the fastest of five runs), and measures
//! explaining them all. Then F's ranking at the live end: each frame cut after its last discard
//! from the hand, that tile typed in a suit the seat does not hold, ranked as the recorder's header
//! ranks it (`cargo bench --bench repair -- "live end"`).
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

/// The first match of every game of the tenhou corpus.
fn corpus_matches() -> Vec<jmjp_studio::format::Match> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
        out.push(jmjp_studio::interop::tenhou6::import(&text).unwrap().matches.remove(0));
    }
    out
}

/// The fastest of five runs of `run` on each item, sorted, and said as "median .. ms, 90th ..
/// ms, worst .. ms".
fn spread<T>(items: &[T], run: impl Fn(&T)) -> String {
    let mut times: Vec<Duration> = items
        .iter()
        .map(|x| {
            (0..5)
                .map(|_| {
                    let t = Instant::now();
                    run(x);
                    t.elapsed()
                })
                .min()
                .unwrap()
        })
        .collect();
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let at = |q: usize| ms(times[(times.len() * q / 10).min(times.len() - 1)]);
    format!("median {:.2} ms, 90th {:.2} ms, worst {:.2} ms", at(5), at(9), at(10))
}

fn bench(c: &mut Criterion) {
    let mut frames = Vec::new();
    for m in corpus_matches() {
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
    let said = spread(&frames, |(f, o)| {
        black_box(explain(f, o));
    });
    let explained = frames.iter().filter(|(f, o)| explain(f, o).is_some()).count();
    println!("explain one planted mistake, over {} corpus frames ({explained} explained): {said}", frames.len());
    c.bench_function(&format!("repair: explain all {} planted frames of the corpus", frames.len()), |b| {
        b.iter(|| {
            for (f, o) in &frames {
                black_box(explain(f, o));
            }
        })
    });
}

/// `f` cut just after its last discard from the hand of a number tile, that tile typed in a suit
/// the seat does not hold: the recorder at the live end with the entry just typed wrong.
fn mistyped_at_live_end(f: &Frame) -> Option<Frame> {
    let acts = &f.flow.as_ref()?.acts;
    let i = acts.iter().rposition(|a| matches!(a.discard, Some(Discard::Tile(t)) if t.value().is_some()))?;
    let Some(Discard::Tile(x)) = acts[i].discard else { return None };
    let before = jmjp_studio::rules::Table::replay(f, i)?;
    let held = |t: Tile| before.seats[acts[i].seat.index()].hand.iter().any(|h| h.kind() == t.kind());
    let typed = ['m', 'p', 's']
        .iter()
        .filter_map(|&s| Tile::from_mpsz(x.value()?, s))
        .find(|t| !held(*t) && t.kind() != x.kind())?;
    let mut g = f.clone();
    let flow = g.flow.as_mut()?;
    flow.acts.truncate(i + 1);
    flow.times.truncate(i + 1);
    flow.end_hands.clear();
    g.end_points = None;
    flow.acts[i].discard = Some(Discard::Tile(typed));
    Some(g)
}

/// F's ranking at the live end: the causes of the entry just typed wrong, ranked for the scorer,
/// as the recorder's header works them out (end hands written from the replay, no end points).
fn live_end(c: &mut Criterion) {
    let frames: Vec<Frame> =
        corpus_matches().iter().flat_map(|m| m.frames.iter().filter_map(mistyped_at_live_end)).collect();
    let search = Search { end_hands: EndHands::Derived, scorer: None, indicators: RuleOptions::TENHOU.indicators() };
    let rank = |f: &Frame| repair::live::at_live_end(f, &repair::candidates(f, search));
    let said = spread(&frames, |f| {
        black_box(rank(f));
    });
    println!("rank the causes of an entry typed wrong at the live end, over {} corpus frames: {said}", frames.len());
    c.bench_function(&format!("repair: F's ranking at the live end, all {} frames", frames.len()), |b| {
        b.iter(|| {
            for f in &frames {
                black_box(rank(f));
            }
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench, live_end
}
criterion_main!(benches);
