//! Inputs made to exhaust the program end with a result or an error, in bounded time and memory:
//! a 100 MB file is refused by its size before it is read (nothing over 64 MiB is read); a million
//! nested brackets and a 10 MB line are read in one pass (the parser does not recurse on the
//! input's nesting, and the JSON readers stop at a depth of 128). The guide's "Robustness"
//! section gives the time and memory measured for each with the release build.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;

use jmjp_studio::document::io::{self, MAX_FILE_BYTES, ReadError};
use jmjp_studio::i18n::Lang;
use jmjp_studio::interop::{mjai, mpsz, tenhou6};
use jmjp_studio::recorder::Journal;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-huge-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_file_over_64_mib_is_refused_by_its_size_before_it_is_read() {
    let dir = temp("size");
    let path = dir.join("huge.jmjp");
    // A sparse file: 100 MB long, no disk used.
    std::fs::File::create(&path).unwrap().set_len(100_000_000).unwrap();
    let e = io::load(&path).unwrap_err();
    assert!(matches!(e, ReadError::TooLarge { .. }), "{e:?}");
    assert!(e.text().get(Lang::En).contains("larger than 64 MiB"), "{}", e.text().get(Lang::En));
    assert!(e.text().get(Lang::Ja).contains("64 MiB を超える"), "{}", e.text().get(Lang::Ja));
    assert!(matches!(io::import(&path), Err(ReadError::TooLarge { .. })));
    let journal = dir.join("huge.jmjp.journal");
    std::fs::File::create(&journal).unwrap().set_len(MAX_FILE_BYTES + 1).unwrap();
    let e = Journal::read(&journal).unwrap_err();
    assert!(e.text().en.contains("larger than"), "{}", e.text().en);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_million_nested_brackets_are_an_error_with_a_position() {
    let deep = format!("jmjp[1.0]{}", "(".repeat(1_000_000));
    let e = io::parse(&deep).unwrap_err();
    assert_eq!((e.line, e.column), (1, 11));
    let inside = format!("jmjp[1.0](mtp[20231002,mon,1900,mlg-std]ply[0,{}", "(".repeat(1_000_000));
    assert!(io::parse(&inside).is_err());
    let json = "[".repeat(1_000_000);
    let e = tenhou6::import(&json).unwrap_err();
    assert!(e.message.en.contains("recursion limit"), "{e}");
    let line = format!("{{\"type\":\"start_game\",\"names\":{}\n", "[".repeat(1_000_000));
    assert!(mjai::import(&line).is_err());
    assert!(Journal::read_bytes("deep.journal", json.as_bytes()).is_err());
    assert!(mpsz::parse(&"(".repeat(1_000_000)).is_err());
}

#[test]
fn a_10_mb_line_is_read_to_its_end() {
    // A name of 10 MB: a valid file, read, written and read back.
    let name = "x".repeat(10_000_000);
    let text = format!(
        "jmjp[1.0](tnm[{name},2023,mlg-reg,1,1]mtp[20231002,mon,1900,mlg-std]ply[0,,,,]ply[1,,,,]ply[2,,,,]ply[3,,,,])"
    );
    let doc = io::parse(&text).unwrap();
    let again = jmjp_studio::format::write(&doc.paifu);
    assert!(again.len() > 10_000_000);
    // Broken at its very end: the error names the column 10 million characters in.
    let broken = format!("jmjp[1.0](tnm[{name}])");
    let e = io::parse(&broken).unwrap_err();
    assert_eq!((e.line, e.column), (1, 10_000_015));
    assert!(mpsz::parse(&"1".repeat(10_000_000)).is_err());
    assert!(tenhou6::import(&format!("\"{name}\"")).is_err());
}
