//! Convert the whole real-game corpus (`../shared/corpus/tenhou6/`, 39 games, 200 kyoku):
//! `cargo bench --bench convert` prints the time per pass and the throughput in games per second
//! (criterion's "elem/s") for each direction, and the time serde_json takes to read the logs into
//! their typed form alone (`tenhou6::Tenhou6Log`); then the same games read from tenhou's mjlog
//! XML and from tenhou.net/6 JSON, side by side.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jmjp_studio::format::{self, Paifu};
use jmjp_studio::interop::{mjai, mjlog, tenhou6};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let texts: Vec<String> = files.iter().map(|f| std::fs::read_to_string(f).unwrap()).collect();
    let records: Vec<Paifu> = texts.iter().map(|t| tenhou6::import(t).unwrap()).collect();
    let logs: Vec<String> = records.iter().map(|p| mjai::export(p).unwrap()).collect();
    let frames: usize = records.iter().map(|p| p.matches[0].frames.len()).sum();
    println!("corpus: {} games, {frames} frames", texts.len());

    let mut group = c.benchmark_group("convert corpus");
    group.throughput(Throughput::Elements(texts.len() as u64));
    group.bench_function("tenhou6 -> jmjp text (order rebuilt)", |b| {
        b.iter(|| {
            for t in &texts {
                black_box(format::write(&tenhou6::import(black_box(t)).unwrap()));
            }
        })
    });
    group.bench_function("tenhou6 -> typed log (serde, no record)", |b| {
        b.iter(|| {
            for t in &texts {
                black_box(serde_json::from_str::<tenhou6::Tenhou6Log>(black_box(t)).unwrap());
            }
        })
    });
    group.bench_function("record -> tenhou6", |b| {
        b.iter(|| {
            for p in &records {
                black_box(tenhou6::export(black_box(p)).unwrap());
            }
        })
    });
    group.bench_function("record -> mjai", |b| {
        b.iter(|| {
            for p in &records {
                black_box(mjai::export(black_box(p)).unwrap());
            }
        })
    });
    group.bench_function("mjai -> record", |b| {
        b.iter(|| {
            for l in &logs {
                black_box(mjai::import(black_box(l)).unwrap());
            }
        })
    });
    group.finish();
    mjlog_against_tenhou6(c);
}

/// The same games as tenhou's mjlog XML and as tenhou.net/6 JSON (the pairs of
/// `tests/fixtures/mjlog/README.md`): each made a record, in one run, so the ratio holds on a
/// shared machine.
fn mjlog_against_tenhou6(c: &mut Criterion) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("tests/fixtures/mjlog/README.md")).unwrap();
    let mut xml = Vec::new();
    let mut json = Vec::new();
    for line in readme.lines().filter(|l| l.starts_with("| ") && l.contains(".xml |")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        xml.push(std::fs::read_to_string(root.join("tests/fixtures/mjlog").join(cells[1])).unwrap());
        json.push(std::fs::read_to_string(root.join("../shared/corpus/tenhou6").join(cells[2])).unwrap());
    }
    println!("mjlog and tenhou.net/6: {} games of each", xml.len());
    let mut group = c.benchmark_group("one game two ways");
    group.throughput(Throughput::Elements(xml.len() as u64));
    group.bench_function("mjlog -> record", |b| {
        b.iter(|| {
            for t in &xml {
                black_box(mjlog::import(black_box(t)).unwrap());
            }
        })
    });
    group.bench_function("tenhou6 -> record", |b| {
        b.iter(|| {
            for t in &json {
                black_box(tenhou6::import(black_box(t)).unwrap());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
