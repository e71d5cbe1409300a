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

use format::{Act, Discard, Draw, Frame, RecordPlace, Seat, Tile};
use rules::Table;
use simulate::Rng;

/// The kinds of physically impossible mistakes planted in legal games.
const MISTAKES: [&str; 9] = [
    "discard of a tile not in the hand",
    "wrong turn order",
    "a fifth copy drawn",
    "tsumogiri after a call",
    "rinshan draw without a kan",
    "chi that is not a run",
    "call of one's own discard",
    "an act after the frame has ended",
    "karagiri without a second copy",
];

/// Plants mistake `kind` in `frame` near act `at`; returns the act where it must be found.
fn plant(kind: usize, frame: &mut Frame, at: usize, rng: &mut Rng) -> Option<usize> {
    let acts_len = frame.flow.as_ref()?.acts.len();
    let find = |frame: &Frame, ok: &dyn Fn(&Act) -> bool| -> Option<usize> {
        let acts = &frame.flow.as_ref()?.acts;
        (0..acts.len()).map(|i| (at + i) % acts.len()).find(|&i| ok(&acts[i]))
    };
    let before = |frame: &Frame, n: usize| Table::replay(frame, n);
    let wall_draw = |a: &Act| matches!(a.draw, Draw::Tile(_));
    let n = match kind {
        0 => {
            let n = find(frame, &|a| wall_draw(a) && matches!(a.discard, Some(Discard::Tile(_))))?;
            let mut t = before(frame, n)?;
            let act = frame.flow.as_ref()?.acts[n];
            t.apply(&Act { discard: None, ..act });
            let hand = &t.seats[act.seat.index()].hand;
            let missing: Vec<Tile> = Tile::ALL[..37].iter().copied().filter(|x| !hand.contains(x)).collect();
            let x = missing[rng.below(missing.len())];
            frame.flow.as_mut()?.acts[n].discard = Some(Discard::Tile(x));
            n
        }
        1 => {
            let n = find(frame, &|a| wall_draw(a))?;
            let act = &mut frame.flow.as_mut()?.acts[n];
            act.seat = Seat::from_index(act.seat.index() + 1 + rng.below(3));
            n
        }
        2 => {
            let n = find(frame, &|a| wall_draw(a))?;
            let t = before(frame, n)?;
            let full: Vec<usize> = (0..Tile::KINDS).filter(|&k| t.seen_of_kind(k) >= 4).collect();
            let k = *full.get(rng.below(full.len().max(1)))?;
            frame.flow.as_mut()?.acts[n].draw = Draw::Tile(Tile::from_kind(k)?);
            n
        }
        3 => {
            let n = find(frame, &|a| matches!(a.draw, Draw::Chi(_) | Draw::Pon(_)))?;
            frame.flow.as_mut()?.acts[n].discard = Some(Discard::Tsumogiri);
            n
        }
        4 => {
            let n = find(frame, &|a| wall_draw(a))?;
            let act = &mut frame.flow.as_mut()?.acts[n];
            if let Draw::Tile(t) = act.draw {
                act.draw = Draw::Rinshan(t);
            }
            n
        }
        5 => {
            let n = find(frame, &|a| matches!(a.draw, Draw::Chi(_)))?;
            let act = &mut frame.flow.as_mut()?.acts[n];
            if let Draw::Chi(pair) = act.draw {
                // Move one tile of the pair four steps along its suit: never a run.
                let v = pair[1].value()?;
                let far = if v > 4 { v - 4 } else { v + 4 };
                act.draw = Draw::Chi([pair[0], Tile::number(pair[1].suit()?, far)?]);
            }
            n
        }
        6 => {
            let n = find(frame, &|a| matches!(a.draw, Draw::Pon(_) | Draw::Daiminkan(_)))?;
            let t = before(frame, n)?;
            let rules::Phase::Draw { last_discard: Some(d), .. } = t.phase else { return None };
            frame.flow.as_mut()?.acts[n].seat = d.seat;
            n
        }
        7 => {
            let t = before(frame, acts_len)?;
            if !t.is_won() {
                return None;
            }
            let flow = frame.flow.as_mut()?;
            flow.acts.push(Act {
                seat: Seat::East,
                draw: Draw::Tile(Tile::UNKNOWN),
                discard: Some(Discard::Tsumogiri),
            });
            acts_len
        }
        _ => {
            let n = find(frame, &|a| wall_draw(a) && matches!(a.discard, Some(Discard::Tile(_) | Discard::Tsumogiri)))?;
            let t = before(frame, n)?;
            let act = frame.flow.as_ref()?.acts[n];
            let Draw::Tile(drawn) = act.draw else { return None };
            if t.seats[act.seat.index()].hand.iter().any(|&h| h == drawn || h.is_unknown()) {
                return None;
            }
            frame.flow.as_mut()?.acts[n].discard = Some(Discard::Karagiri);
            n
        }
    };
    Some(n)
}

#[test]
fn planted_mistakes_are_found_at_their_act() {
    let mut rng = Rng::new(99);
    let mut planted = [0usize; MISTAKES.len()];
    let mut caught = [0usize; MISTAKES.len()];
    let mut misses = Vec::new();
    for seed in 0..25 {
        let m = simulate::random_match(1000 + seed, 6);
        for (fi, frame) in m.frames.iter().enumerate() {
            for kind in 0..MISTAKES.len() {
                let mut f = frame.clone();
                let at = rng.below(f.flow.as_ref().unwrap().acts.len().max(1));
                let Some(n) = plant(kind, &mut f, at, &mut rng) else { continue };
                planted[kind] += 1;
                let mut out = Vec::new();
                rules::check_frame(&f, None, RecordPlace { match_index: 0, frame: Some(fi), act: None }, &mut out);
                let hit = out.iter().any(|d| d.severity == Severity::Error && d.place.act == Some(n));
                if hit {
                    caught[kind] += 1;
                } else {
                    misses.push(format!(
                        "seed {} frame {fi} act {}: {}: {:?}",
                        1000 + seed,
                        n + 1,
                        MISTAKES[kind],
                        out
                    ));
                }
            }
        }
    }
    let total: usize = planted.iter().sum();
    let found: usize = caught.iter().sum();
    for k in 0..MISTAKES.len() {
        println!("{:<40} {:>4} planted {:>4} found at their act", MISTAKES[k], planted[k], caught[k]);
    }
    println!("detection rate: {found}/{total} = {:.1}%", 100.0 * found as f64 / total.max(1) as f64);
    assert!(planted.iter().all(|&p| p > 0), "every kind of mistake was planted: {planted:?}");
    assert!(misses.is_empty(), "{} of {total} planted mistakes were missed:\n{}", misses.len(), misses.join("\n"));
}
