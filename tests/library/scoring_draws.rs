#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Every exhaustive draw of the real-game corpus: the computed no-ten payments or nagashi mangan
//! equal the point changes the log wrote.

use std::path::PathBuf;

use jmjp_studio::interop::outcome::{DrawKind, FrameOutcome, outcome};
use jmjp_studio::interop::tenhou6;
use jmjp_studio::rules::Table;
use jmjp_studio::scoring::{RuleOptions, exhaustive_draw};

#[test]
fn every_exhaustive_draw_of_the_corpus_pays_what_the_log_says() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let mut seen = 0;
    let mut nagashi = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        let paifu = tenhou6::import(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for f in &paifu.matches[0].frames {
            let table = Table::replay(f, usize::MAX).unwrap();
            let FrameOutcome::Draw { kind, deltas } = outcome(f, &table).unwrap() else { continue };
            if kind.is_abortive() {
                continue;
            }
            seen += 1;
            let paid = exhaustive_draw(&table, &RuleOptions::TENHOU).unwrap();
            assert_eq!(paid.deltas, deltas, "{} {}: {kind:?}, tenpai {:?}", path.display(), f.id, paid.tenpai);
            if kind == DrawKind::Nagashi {
                nagashi += 1;
                assert!(!paid.nagashi.is_empty());
            }
        }
    }
    assert!(seen >= 20 && nagashi >= 1, "{seen} exhaustive draws, {nagashi} nagashi");
}
