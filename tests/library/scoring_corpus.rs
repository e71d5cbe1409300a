#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Every frame of the real-game corpus scored from its hands and acts alone: the computed end
//! points of every win (tsumo, ron, double ron, every yaku the games hold) and every draw equal
//! the points the log wrote.

use std::path::PathBuf;

use jmjp_studio::interop::tenhou6;
use jmjp_studio::scoring::{RuleOptions, Settlement, score_frame};

#[test]
fn every_win_and_draw_of_the_corpus_pays_what_the_log_says() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let (mut wins, mut draws, mut tsumo, mut multi) = (0, 0, 0, 0);
    let mut wrong = Vec::new();
    let mut yaku = std::collections::BTreeMap::new();
    let mut pao = 0;
    let mut paths: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    for path in paths {
        let paifu = tenhou6::import(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let m = &paifu.matches[0];
        let opts = RuleOptions::TENHOU.with_point_rule(m.point_rule.as_ref());
        for f in &m.frames {
            let name = path.file_name().unwrap().to_string_lossy();
            let score = match score_frame(f, &opts) {
                Ok(s) => s,
                Err(e) => {
                    wrong.push(format!("{name} {}: {e}", f.id));
                    continue;
                }
            };
            match &score.result {
                Settlement::Wins(w) => {
                    wins += w.len();
                    tsumo += usize::from(w[0].from.is_none());
                    multi += usize::from(w.len() > 1);
                    for w in w {
                        pao += usize::from(w.pao.is_some());
                        for (y, _) in &w.value.yaku {
                            *yaku.entry(y.english()).or_insert(0) += 1;
                        }
                    }
                }
                Settlement::Exhaustive(_) | Settlement::Abortive => draws += 1,
                Settlement::Chombo { .. } => {}
            }
            let got = score.end_points(f);
            if got != f.end_points {
                let detail: Vec<String> = match &score.result {
                    Settlement::Wins(w) => w
                        .iter()
                        .map(|w| {
                            let yaku: Vec<String> =
                                w.value.yaku.iter().map(|(y, h)| format!("{}:{h}", y.english())).collect();
                            format!(
                                "{:?} from {:?} {} han {} fu {:?} [{}] {:?}",
                                w.seat,
                                w.from,
                                w.value.han,
                                w.value.fu,
                                w.payment,
                                yaku.join(", "),
                                w.deltas
                            )
                        })
                        .collect(),
                    other => vec![format!("{other:?}")],
                };
                wrong.push(format!(
                    "{name} {}: computed {:?}, logged {:?}; {}",
                    f.id,
                    got.map(|p| p.map(|x| x.as_points())),
                    f.end_points.map(|p| p.map(|x| x.as_points())),
                    detail.join(" | ")
                ));
            }
        }
    }
    // Two logs of mjai-reviewer's test set were edited by hand and do not add up themselves
    // (`check` warns on both that the points are not conserved): in the first the winner's
    // 1600 (1000 and two honba) is logged without the 1000 riichi stick on the table; in the
    // second South "rons" 7m on 7p8p9p9p, which is not a complete hand, so it is a chombo.
    let known = [
        "mjai-reviewer_confusing_nakis_1.json E2-2: computed Some([23700, 25300, 25700, 25300]), logged Some([23700, 25300, 25700, 24300])",
        "mjai-reviewer_confusing_nakis_2.json E1-0: computed None, logged Some([21800, 25000, 27200, 25000]); Chombo",
    ];
    let unexplained: Vec<&String> = wrong.iter().filter(|w| !known.iter().any(|k| w.starts_with(k))).collect();
    assert!(unexplained.is_empty(), "{} frames differ:\n{:#?}", unexplained.len(), unexplained);
    assert_eq!(wrong.len(), known.len(), "{wrong:#?}");
    eprintln!("{wins} wins ({tsumo} tsumo, {multi} double ron, {pao} pao), {draws} draws: all as logged; {yaku:?}");
    assert!(
        wins >= 150 && draws >= 20 && tsumo >= 40,
        "{wins} wins ({tsumo} tsumo, {multi} double ron), {draws} draws"
    );
}
