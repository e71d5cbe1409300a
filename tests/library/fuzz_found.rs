//! Every input a fuzz target ever found wrong (`tests/fixtures/fuzz/TARGET/`) goes through that
//! target's property again (the same code: `fuzz/fuzz_targets/properties.rs`), so a fixed bug
//! stays fixed. Each target also runs on its seeds, so the properties themselves are exercised
//! by `cargo test` and cannot rot while nobody fuzzes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::properties;

use std::path::Path;

/// The files of `folder`, sorted (none when it is missing).
fn files(folder: &Path) -> Vec<std::path::PathBuf> {
    let mut out: Vec<_> = std::fs::read_dir(folder)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_file()).collect())
        .unwrap_or_default();
    out.sort();
    out
}

fn run(target: &str, property: fn(&[u8])) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut n = 0;
    for folder in [root.join("tests/fixtures/fuzz").join(target), root.join("fuzz/seeds").join(target)] {
        for f in files(&folder) {
            let bytes = std::fs::read(&f).unwrap();
            if std::panic::catch_unwind(|| property(&bytes)).is_err() {
                panic!("{}: the {target} property fails", f.display());
            }
            n += 1;
        }
    }
    assert!(n > 0, "no input for {target}");
    n
}

#[test]
fn jmjp_inputs_found_and_seeds() {
    run("jmjp_roundtrip", properties::jmjp_roundtrip);
}

#[test]
fn tenhou6_inputs_found_and_seeds() {
    // A double ron whose payments do not add up lost the difference on export (found by the fuzzer).
    run("tenhou6", properties::tenhou6);
}

#[test]
fn mjai_inputs_found_and_seeds() {
    run("mjai", properties::mjai);
}

#[test]
fn mjlog_inputs_found_and_seeds() {
    run("mjlog", properties::mjlog);
}

#[test]
fn mpsz_inputs_found_and_seeds() {
    run("mpsz", properties::mpsz);
}

#[test]
fn recorder_keys_inputs_found_and_seeds() {
    run("recorder_keys", properties::recorder_keys);
}

#[test]
fn journal_inputs_found_and_seeds() {
    run("journal", properties::journal);
}
