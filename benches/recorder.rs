//! The recorder on a full match: `cargo bench --bench recorder` prints
//! - the time to make and validate one entry (journal off: its fsync is the disk's time, not ours)
//!   at the end of a 12-frame match, with the whole file checked again after it;
//! - what AI players attached to the recorder add to an entry (with four that never answer);
//! - the egui frame time of the recorder screen with that match loaded (egui_kittest, no GPU).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;
use jmjp_studio::app::StudioApp;
use jmjp_studio::document::Document;
use jmjp_studio::format::{self, Match, Paifu};
use jmjp_studio::recorder::script::entries_of_frame;
use jmjp_studio::recorder::{Entry, LiveRecording};
use jmjp_studio::rules::simulate::random_match;
use jmjp_studio::settings::Startup;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let m = random_match(5, 12);
    let mut all: Vec<Entry> = m.frames.iter().flat_map(entries_of_frame).collect();
    let acts: usize = m.frames.iter().map(|f| f.flow.as_ref().map_or(0, |fl| fl.acts.len())).sum();
    println!("match: {} frames, {acts} acts, {} entries", m.frames.len(), all.len());
    // Stop in the last frame, just before a draw: the entry measured is that draw.
    let at = all.len() - 1 - all.iter().rev().position(|e| matches!(e, Entry::Act(_))).unwrap();
    let next = all[at].clone();
    all.truncate(at);
    let mut doc = Document::new(Paifu { matches: vec![Match { frames: Vec::new(), ..m }] }, false);
    let mut rec = LiveRecording::in_memory();
    for e in all {
        rec.enter(&mut doc, e).unwrap();
    }
    rec.session.snapshot(&doc);
    let warm = rec.session.clone();

    c.bench_function("recorder: one entry made and the whole 12-frame file checked", |b| {
        b.iter_batched(
            || {
                let mut r = LiveRecording::in_memory();
                r.session = warm.clone();
                (doc.clone(), r)
            },
            |(mut d, mut r)| {
                r.enter(&mut d, black_box(next.clone())).unwrap();
                let errors = r.session.snapshot(&d).errors;
                // Returned, so dropping the document and its history is not timed.
                (d, r, errors)
            },
            BatchSize::SmallInput,
        )
    });

    // Where the time of an entry goes: the change worked out (the frame copied, the act added,
    // the end hands replayed), the change made in the document (one undo step), the analysis
    // brought up to date (the changed frame checked and scored), the session's snapshot.
    let mut group = c.benchmark_group("recorder entry, by part");
    group.bench_function("1 change worked out", |b| {
        b.iter(|| jmjp_studio::recorder::entry::change_of(black_box(&doc), &next).unwrap())
    });
    group.bench_function("2 change made in the document", |b| {
        b.iter_batched(
            || (doc.clone(), jmjp_studio::recorder::entry::change_of(&doc, &next).unwrap()),
            |(mut d, ch)| {
                jmjp_studio::recorder::entry::carry_out(&mut d, &next, ch);
                d
            },
            BatchSize::SmallInput,
        )
    });
    let mut changed = doc.clone();
    let ch = jmjp_studio::recorder::entry::change_of(&doc, &next).unwrap();
    jmjp_studio::recorder::entry::carry_out(&mut changed, &next, ch);
    let _ = doc.analysis().errors();
    group.bench_function("3 analysis brought up to date", |b| {
        b.iter_batched(
            || {
                // The analysis as it stood before the entry, then the entry's edit.
                let mut d = doc.clone();
                let ch = jmjp_studio::recorder::entry::change_of(&d, &next).unwrap();
                jmjp_studio::recorder::entry::carry_out(&mut d, &next, ch);
                d
            },
            |d| {
                let e = d.analysis().errors();
                (d, e)
            },
            BatchSize::SmallInput,
        )
    });
    let _ = changed.analysis().errors();
    group.bench_function("4 session snapshot", |b| {
        b.iter_batched(
            || warm.clone(),
            |mut s| {
                let errors = s.snapshot(black_box(&changed)).errors;
                (s, errors)
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();

    // What AI players attached to the recorder add to an entry (Settings > AI players): the
    // match's mjai events worked out again, and the newest events handed to each AI's thread.
    // Here the four AIs never answer (`sleep`): the entry does not wait for them.
    let mut done = doc.clone();
    LiveRecording::in_memory().enter(&mut done, next.clone()).unwrap();
    let played = done.paifu().matches[0].clone();
    let mut group = c.benchmark_group("recorder entry, with AI players");
    group.bench_function("the match's mjai events worked out (12 frames)", |b| {
        b.iter(|| jmjp_studio::interop::bots::events_of(black_box(&played), true).unwrap())
    });
    let hang = jmjp_studio::interop::bots::Endpoint::Command(vec!["sleep".into(), "1000".into()]);
    let live = jmjp_studio::interop::bots::Live::start(
        (0..4).map(|s| (s, hang.clone())).collect(),
        std::time::Duration::from_secs(600),
    );
    let events = std::sync::Arc::new(jmjp_studio::interop::bots::events_of(&played, true).unwrap().0);
    group.bench_function("sent to four AIs that never answer", |b| b.iter(|| live.update(black_box(&events))));
    group.finish();
    drop(live);

    let dir = std::env::temp_dir().join(format!("jmjp-bench-rec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("match.jmjp");
    std::fs::write(&path, format::write(doc.paifu())).unwrap();
    let options = Startup {
        settings_path: None,
        system_locale: Some("en".into()),
        open: Some(path),
        record: true,
        roster_path: None,
    };
    let mut h = Harness::builder().with_size([1400.0, 900.0]).build_eframe(move |cc| StudioApp::new(cc, options));
    h.run();
    c.bench_function("recorder screen: one egui frame with the match loaded", |b| b.iter(|| h.step()));
    drop(h);
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
