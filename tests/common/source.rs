//! The crate's own source, for the tests that read it (the layers, the names, the function sizes,
//! the messages the code asks for).

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, depth first.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}
