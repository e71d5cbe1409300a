//! The editor on a large file: `cargo bench --bench editor` prints
//! - the time to open a 100-match file (1,200 frames): read the text, parse it, check the whole
//!   file with the rules engine (what File > Open does before the editor shows the problems);
//! - the time of one egui frame of the editor screen with that file open: with no key, the frame
//!   in which the arrow key steps one act (the table replayed at the new act), and the frame in
//!   which Down moves to the next frame (a whole frame replayed, its fields filled); each once the
//!   problems list has worked out every likely cause (it prints how many screen frames and how
//!   long the open and that took). Issue 48 asks for under 4 ms.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use criterion::{Criterion, criterion_group, criterion_main};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use jmjp_studio::app::StudioApp;
use jmjp_studio::format::{self, Paifu};
use jmjp_studio::rules;
use jmjp_studio::rules::simulate::random_match;
use jmjp_studio::settings::Startup;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The time of the one egui frame in which `key` goes down (egui acts on a key when it goes down);
/// the frame of its release is run but not timed. (`Harness::key_press` queues four events, and
/// `step` runs a frame for each: the modifiers, the key down, the key up, the modifiers again.)
fn key_frame(h: &mut Harness<'_, StudioApp>, key: Key) -> Duration {
    let event =
        |pressed| egui::Event::Key { key, physical_key: None, pressed, repeat: false, modifiers: Modifiers::NONE };
    h.event(event(true));
    let started = Instant::now();
    h.step();
    let took = started.elapsed();
    h.event(event(false));
    h.step();
    took
}

fn bench(c: &mut Criterion) {
    let paifu = Paifu { matches: (0..100).map(|seed| random_match(seed, 12)).collect() };
    let text = format::write(&paifu);
    let frames: usize = paifu.matches.iter().map(|m| m.frames.len()).sum();
    let acts: usize =
        paifu.matches.iter().flat_map(|m| &m.frames).map(|f| f.flow.as_ref().map_or(0, |fl| fl.acts.len())).sum();
    println!("file: 100 matches, {frames} frames, {acts} acts, {} bytes", text.len());
    let dir = std::env::temp_dir().join(format!("jmjp-bench-editor-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("hundred.jmjp");
    std::fs::write(&path, &text).unwrap();

    c.bench_function("editor: open a 100-match file (read, parse, check all)", |b| {
        b.iter(|| {
            let text = std::fs::read_to_string(black_box(&path)).unwrap();
            let doc = format::parse(&text).unwrap();
            let d = rules::check(&doc.paifu, Some(&doc.source_map));
            (doc, d.len())
        })
    });
    // The problems list also scores every frame once, to compare its end points.
    c.bench_function("editor: score every frame of the 100-match file (pfe check)", |b| {
        b.iter(|| {
            let opts = jmjp_studio::scoring::RuleOptions::M_LEAGUE;
            jmjp_studio::scoring::PointsCheck::default().check(black_box(&paifu), &opts).len()
        })
    });

    let options = Startup {
        settings_path: None,
        system_locale: Some("en".into()),
        open: Some(path.clone()),
        record: false,
        roster_path: None,
    };
    // The problems list works out the likely causes a few at a time, a repaint after each batch:
    // the steps are timed once they are all there, as a scorer stepping through meets them.
    let opened = Instant::now();
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .with_max_steps(100_000)
        .build_eframe(move |cc| StudioApp::new(cc, options));
    h.run_steps(4);
    let frames_to_settle = h.try_run().unwrap();
    let problems = h.state().document().map_or(0, |d| d.analysis().diagnostics().len());
    println!(
        "{problems} problems: the file open and their likely causes worked out in {} frames, {:?}",
        frames_to_settle + 4,
        opened.elapsed()
    );
    h.key_press(Key::Home);
    h.step();
    c.bench_function("editor screen: one egui frame, no key", |b| b.iter(|| h.step()));
    c.bench_function("editor screen: one egui frame stepping one act (Right arrow)", |b| {
        b.iter_custom(|n| {
            let mut took = Duration::ZERO;
            for _ in 0..n {
                // Back to the start of the frame whenever the end is reached.
                let (_, _, pos) = h.state().editor_place().unwrap();
                took += key_frame(&mut h, if pos > 60 { Key::Home } else { Key::ArrowRight });
            }
            took
        })
    });
    c.bench_function("editor screen: one egui frame moving to the next frame (Down arrow)", |b| {
        b.iter_custom(|n| {
            let mut took = Duration::ZERO;
            for _ in 0..n {
                let (_, f, _) = h.state().editor_place().unwrap();
                if f >= 11 {
                    for _ in 0..12 {
                        h.key_press_modifiers(Modifiers::NONE, Key::PageUp);
                    }
                    h.step();
                } else {
                    took += key_frame(&mut h, Key::ArrowDown);
                }
            }
            took
        })
    });
    drop(h);
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
