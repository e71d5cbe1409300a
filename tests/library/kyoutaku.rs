//! One number for the riichi sticks everywhere: a riichi stick is on the table once its discard
//! has passed without a ron. Checked at every riichi of the corpus's real games, in the rules'
//! table (what the recorder, the editor and the table view show) and in the overlay's and the
//! replay's table view, just after the riichi discard and after the act that follows it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;

use jmjp_studio::broadcast::table::{Cut, table_of};
use jmjp_studio::format::{Discard, Draw, Points};
use jmjp_studio::interop::tenhou6;
use jmjp_studio::rules::Table;
use jmjp_studio::scoring::RuleOptions;

#[test]
fn a_riichi_stick_counts_once_its_discard_passes_without_a_ron() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let mut paths: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    let (mut passed, mut ronned, mut ended) = (0, 0, 0);
    for path in paths {
        let paifu = tenhou6::import(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let m = &paifu.matches[0];
        for (fi, f) in m.frames.iter().enumerate() {
            let acts = &f.flow.as_ref().unwrap().acts;
            for (k, act) in acts.iter().enumerate() {
                if !matches!(act.discard, Some(Discard::Riichi(_))) {
                    continue;
                }
                let at = |n: usize| Table::replay(f, n).unwrap().kyoutaku_now(f.kyoutaku, false);
                let aired = |n: usize| {
                    let cut = Cut { frames: fi + 1, acts: n, dora: 5, end: false, draw_only: false };
                    let view = table_of(m, cut, true, &RuleOptions::TENHOU);
                    Points(view.frame.unwrap().kyoutaku as i32 * 10)
                };
                let seat = act.seat.index();
                let laid = |n: usize| Table::replay(f, n).unwrap().sticks_laid(false)[seat];
                // Just after the riichi discard: its stick is not on the table yet.
                assert!(!laid(k + 1), "{} {}: act {}", path.display(), f.id, k + 1);
                assert_eq!(aired(k + 1), at(k + 1), "{} {}: the overlay at act {}", path.display(), f.id, k + 1);
                let Some(next) = acts.get(k + 1) else {
                    // The frame ended on it (a fourth riichi's abortive draw): its stick is laid,
                    // as the next frame's kyoutaku carries it.
                    let end = Table::replay(f, k + 1).unwrap();
                    assert!(end.sticks_laid(true)[seat], "{} {}: ended on a riichi", path.display(), f.id);
                    let cut = Cut { frames: fi + 1, acts: acts.len(), dora: 5, end: true, draw_only: false };
                    let view = table_of(m, cut, true, &RuleOptions::TENHOU);
                    let aired = Points(view.frame.unwrap().kyoutaku as i32 * 10);
                    assert_eq!(aired, end.kyoutaku_now(f.kyoutaku, true), "{} {}", path.display(), f.id);
                    ended += 1;
                    continue;
                };
                if next.draw == Draw::Ron {
                    ronned += 1;
                    assert!(!laid(k + 2), "{} {}: ronned at act {}", path.display(), f.id, k + 2);
                } else {
                    passed += 1;
                    assert!(laid(k + 2), "{} {}: passed at act {}", path.display(), f.id, k + 2);
                    assert!(at(k + 2).0 >= at(k + 1).0 + 10, "{} {}: act {}", path.display(), f.id, k + 2);
                }
                assert_eq!(aired(k + 2), at(k + 2), "{} {}: the overlay at act {}", path.display(), f.id, k + 2);
            }
        }
    }
    assert!(passed > 50 && ronned > 0 && ended > 0, "riichi passed {passed}, ronned {ronned}, ended on {ended}");
}
