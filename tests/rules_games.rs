//! Random legal games (seeded, through the legal-act API) must pass every check; the same games
//! with one planted mistake must be caught at the act where the mistake is.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use jmjp_studio::format::{self, Diagnostic, Paifu, Severity};
use jmjp_studio::rules::{self, simulate};

fn check_text(text: &str) -> Vec<Diagnostic> {
    let doc = format::parse(text).unwrap();
    rules::check(&doc.paifu, Some(&doc.source_map))
}

#[test]
fn random_legal_matches_have_no_errors() {
    let mut stats = [0usize; 6];
    for seed in 0..60 {
        let m = simulate::random_match(seed, 12);
        let text = format::write(&Paifu { matches: vec![m.clone()] });
        let diags = check_text(&text);
        let errors: Vec<String> =
            diags.iter().filter(|d| d.severity == Severity::Error).map(|d| d.render(&text)).collect();
        assert!(errors.is_empty(), "seed {seed}:\n{}\n{text}", errors.join("\n"));
        let warnings: Vec<String> = diags.iter().map(|d| d.render(&text)).collect();
        assert!(warnings.is_empty(), "seed {seed} has warnings:\n{}", warnings.join("\n"));
        for f in &m.frames {
            for a in &f.flow.as_ref().unwrap().acts {
                use format::{Discard, Draw};
                match (a.draw, a.discard) {
                    (Draw::Chi(_) | Draw::Pon(_), _) => stats[0] += 1,
                    (Draw::Daiminkan(_), _) | (_, Some(Discard::Ankan(_) | Discard::Kakan(_))) => stats[1] += 1,
                    (_, Some(Discard::Riichi(_))) => stats[2] += 1,
                    (Draw::Ron, _) => stats[3] += 1,
                    (_, Some(Discard::Tsumo)) => stats[4] += 1,
                    _ => stats[5] += 1,
                }
            }
        }
    }
    println!(
        "calls {} kans {} riichi {} ron {} tsumo {} other {}",
        stats[0], stats[1], stats[2], stats[3], stats[4], stats[5]
    );
    // The generator reaches every kind of act.
    assert!(stats.iter().all(|&n| n > 0), "{stats:?}");
}
