//! The logs the command line reads besides its own: tenhou's mjlog as tenhou serves it (gzip) and
//! cut short, and the official M League record compared with a studio's record of the match.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::cli::{folder, p, run, stderr, stdout};

fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(rel)
}

/// An mjlog as tenhou serves it (gzip-compressed, named by its game id) converts as the plain XML
/// does; one cut short converts its complete frames and says what it left out; a damaged
/// compression is said as such, and nothing is written.
#[test]
fn convert_reads_a_gzipped_mjlog_and_one_cut_short() {
    let dir = folder("mjlog");
    let xml = std::fs::read(fixture("mjlog/west.xml")).unwrap();
    let served = dir.join("2026112701gm-0089-0000-1a2b3c4d");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&xml).unwrap();
    std::fs::write(&served, gz.finish().unwrap()).unwrap();
    let (from_gz, from_xml) = (dir.join("a.jmjp"), dir.join("b.jmjp"));
    let o = run(&["convert", p(&served), p(&from_gz)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("18 frames written as jmjp (0 errors, 0 warnings from check)"), "{}", stdout(&o));
    let o = run(&["convert", p(&fixture("mjlog/west.xml")), p(&from_xml)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let written = std::fs::read_to_string(&from_gz).unwrap();
    assert_eq!(written, std::fs::read_to_string(&from_xml).unwrap());
    assert!(written.contains("// rules: tenhou (般東喰赤; 初段 R1528 /"), "{written}");

    let cut = dir.join("cut.xml");
    std::fs::write(&cut, &xml[..3000]).unwrap();
    let o = run(&["convert", p(&cut), p(&dir.join("cut.jmjp"))]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("1 frames written as jmjp"), "{}", stdout(&o));
    assert!(stderr(&o).contains("note: the log stops during E2-0"), "{}", stderr(&o));

    // A download of the gzipped log that stopped halfway: its complete frames, and the note.
    let whole = std::fs::read(&served).unwrap();
    let half = dir.join("half.mjlog");
    std::fs::write(&half, &whole[..whole.len() / 2]).unwrap();
    let o = run(&["convert", p(&half), p(&dir.join("half.jmjp"))]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("note: the log stops during "), "{}", stderr(&o));

    let damaged = dir.join("damaged.mjlog");
    std::fs::write(&damaged, b"\x1f\x8b\x08\x00garbage").unwrap();
    let out = dir.join("damaged.jmjp");
    let o = run(&["convert", p(&damaged), p(&out)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("its compression is damaged"), "{}", stderr(&o));
    assert!(!out.exists());
    // A log is read, never written.
    let o = run(&["convert", p(&from_xml), p(&dir.join("x.mjlog"))]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("tenhou mjlog is read, not written"), "{}", stderr(&o));
}

/// `compare OURS OFFICIAL`: the studio's record against the league's (its page as saved, or the
/// record alone) names the one planted difference at its line in ours.
#[test]
fn compare_finds_where_a_studio_record_and_the_official_one_differ() {
    let ours = fixture("mleague/typed_planted.jmjp");
    for official in ["mleague/match.html", "mleague/match.json"] {
        let o = run(&["compare", p(&ours), p(&fixture(official))]);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        let name = Path::new(official).file_name().unwrap().to_str().unwrap();
        assert_eq!(
            stdout(&o),
            format!(
                "{}:44:5: differs from {}: E2-0 act 6: (e,6s,7m) in A, (e,6s,9m) in B\n",
                p(&ours),
                p(&fixture(official))
            ),
            "{name}"
        );
    }
    let o = run(&["compare", p(&fixture("mleague/typed.jmjp")), p(&fixture("mleague/match.html"))]);
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), String::new()), "{}", stderr(&o));
}
