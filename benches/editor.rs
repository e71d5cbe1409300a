//! The editor on a large file: `cargo bench --bench editor` prints
//! - the time to open a 100-match file (1,200 frames): read the text, parse it, check the whole
//!   file with the rules engine (what File > Open does before the editor shows the problems);
//! - the egui frame time of the editor screen with that file open, while stepping through a
//!   frame with the arrow key (each frame replays the table at the new act), and while moving
//!   from frame to frame (each frame replays a whole frame).
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
    let mut h = Harness::builder().with_size([1400.0, 900.0]).build_eframe(move |cc| StudioApp::new(cc, options));
    h.run_steps(4);
    h.key_press(Key::Home);
    h.step();
    c.bench_function("editor screen: one egui frame stepping one act (Right arrow)", |b| {
        b.iter(|| {
            // Back to the start of the frame whenever the end is reached.
            let (_, _, pos) = h.state().editor_place().unwrap();
            if pos > 60 {
                h.key_press_modifiers(Modifiers::NONE, Key::Home);
            } else {
                h.key_press_modifiers(Modifiers::NONE, Key::ArrowRight);
            }
            h.step();
        })
    });
    c.bench_function("editor screen: one egui frame moving to the next frame (Down arrow)", |b| {
        b.iter(|| {
            let (_, f, _) = h.state().editor_place().unwrap();
            if f >= 11 {
                h.key_press_modifiers(Modifiers::NONE, Key::Home);
                h.key_press_modifiers(Modifiers::NONE, Key::PageUp);
                for _ in 0..11 {
                    h.key_press_modifiers(Modifiers::NONE, Key::PageUp);
                }
            } else {
                h.key_press_modifiers(Modifiers::NONE, Key::ArrowDown);
            }
            h.step();
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
