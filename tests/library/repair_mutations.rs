//! Planted mistakes: realistic recording mistakes, one at a time, in the real games of the corpus
//! and in simulated games; for each kind, how often the frame is flagged, the likely cause stands
//! at the true place, and its fix gives back the frame exactly. `cargo test --test
//! repair_mutations -- --nocapture` prints the table.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::common;

use common::planting::{Place, Planted, plant};
use jmjp_studio::format::{Frame, Points, Severity};
use jmjp_studio::interop::tenhou6;
use jmjp_studio::rules;
use jmjp_studio::rules::repair::{self, Cause, Correction, Search};
use jmjp_studio::rules::simulate::{Rng, random_match};
use jmjp_studio::scoring::{RuleOptions, score_frame};

/// A frame to plant mistakes in, with the rule options its end points follow (none for the
/// simulated games, whose payments are simplified).
struct Source {
    name: String,
    frame: Frame,
    opts: Option<RuleOptions>,
}

fn sources() -> Vec<Source> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let mut paths: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    let mut out = Vec::new();
    for path in paths {
        let paifu = tenhou6::import(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let m = &paifu.matches[0];
        let opts = RuleOptions::TENHOU.with_point_rule(m.point_rule.as_ref());
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        for f in &m.frames {
            out.push(Source { name: format!("{name} {}", f.id), frame: f.clone(), opts: Some(opts) });
        }
    }
    for seed in 0..6 {
        for f in random_match(seed, 8).frames {
            out.push(Source { name: format!("simulated {seed} {}", f.id), frame: f, opts: None });
        }
    }
    // Only frames that are clean as they are: a mistake planted in them is the only one.
    out.retain(|s| problems(&s.frame, s.opts.as_ref()) == 0);
    out
}

/// The computed end points of a frame under `opts`.
fn scored(f: &Frame, opts: &RuleOptions) -> Option<[Points; 4]> {
    score_frame(f, opts).ok()?.end_points(f)
}

/// Errors, and end points that differ from the scored ones.
fn problems(f: &Frame, opts: Option<&RuleOptions>) -> usize {
    let d = findings(f, opts);
    let errors = d.iter().filter(|x| x.severity == Severity::Error).count();
    let points = match (f.end_points, opts.and_then(|o| scored(f, o))) {
        (Some(r), Some(c)) => usize::from(r != c),
        _ => 0,
    };
    errors + points
}

/// Any finding at all in the frame: errors, warnings, differing end points.
fn flagged(f: &Frame, opts: Option<&RuleOptions>) -> bool {
    !findings(f, opts).is_empty() || problems(f, opts) > 0
}

/// What the rules check finds in a frame, under the rules it was played with (the corpus logs:
/// tenhou's; a simulated game: M League's).
fn findings(f: &Frame, opts: Option<&RuleOptions>) -> Vec<jmjp_studio::format::Diagnostic> {
    let mut d = Vec::new();
    let rules = opts.copied().unwrap_or_default();
    let place = jmjp_studio::format::RecordPlace::default();
    rules::validate::check_frame_table(f, None, place, &rules, &mut d);
    d
}

/// The same frame, the order of the tiles of a start hand aside (a fix of one of two equal tiles
/// cannot know which place in the hand it stood at).
fn same(a: &Frame, b: &Frame) -> bool {
    let sorted = |f: &Frame| {
        let mut f = f.clone();
        for sh in &mut f.flow.as_mut().unwrap().start_hands {
            sh.hand.tiles.sort();
        }
        f
    };
    sorted(a) == sorted(b)
}

/// Where the cause found puts the mistake.
fn place_of(c: &Cause) -> Place {
    match &c.change {
        Correction::Act { act, .. } | Correction::Remove { act, .. } | Correction::Swap { act } => Place::Act(*act),
        Correction::Insert { at, .. } => Place::Act(*at),
        Correction::StartTile { seat, .. } => Place::Start(*seat),
        Correction::Indicator { slot, .. } => Place::Slot(*slot),
        Correction::EndPoints { .. } => Place::EndPoints,
    }
}

#[derive(Default, Debug)]
struct Tally {
    planted: usize,
    flagged: usize,
    located: usize,
    exact: usize,
    /// More than one single change fits: the record alone cannot tell which.
    ambiguous: usize,
    /// The true fix is among the changes that fit (ranked first or not).
    found: usize,
    worst_ms: f64,
}

#[test]
fn planted_mistakes_are_found_located_and_fixed() {
    let sources = sources();
    let mut rng = Rng::new(18);
    let mut table: BTreeMap<Planted, Tally> = BTreeMap::new();
    let mut misses: Vec<String> = Vec::new();
    for kind in Planted::ALL {
        let mut done = 0;
        let mut tries = 0;
        while done < 40 && tries < 2000 {
            tries += 1;
            let s = &sources[rng.below(sources.len())];
            let needs_points = matches!(kind, Planted::WrongDora | Planted::MissingUra | Planted::WrongEndPoints);
            if needs_points && s.opts.is_none() {
                continue;
            }
            let Some((bad, place)) = plant(kind, &s.frame, &mut rng) else { continue };
            if bad == s.frame {
                continue;
            }
            done += 1;
            let t = table.entry(kind).or_default();
            t.planted += 1;
            let is_flagged = flagged(&bad, s.opts.as_ref());
            t.flagged += usize::from(is_flagged);
            let scorer = s.opts.map(|o| move |f: &Frame| scored(f, &o));
            let scorer_ref: Option<&repair::ScoreFn<'_>> = scorer.as_ref().map(|f| f as &repair::ScoreFn<'_>);
            let started = std::time::Instant::now();
            let all = repair::candidates(
                &bad,
                Search {
                    // As check and the editor judge them: end hands the replay wrote are none.
                    end_hands: repair::end_hands_of(&bad),
                    scorer: scorer_ref,
                    indicators: s.opts.map_or(RuleOptions::M_LEAGUE.indicators(), |o| o.indicators()),
                },
            );
            t.worst_ms = t.worst_ms.max(started.elapsed().as_secs_f64() * 1000.0);
            t.found += usize::from(all.iter().any(|c| same(&c.fixed, &s.frame)));
            match all.into_iter().next() {
                Some(c) => {
                    t.ambiguous += usize::from(c.others > 0);
                    if place_of(&c) == place {
                        t.located += 1;
                    }
                    if same(&c.fixed, &s.frame) {
                        t.exact += 1;
                    } else if misses.len() < 200 {
                        misses.push(format!("{kind:?} {} at {place:?}: {}", s.name, c.describe().en));
                    }
                }
                None => {
                    if misses.len() < 200 {
                        let why = if is_flagged { "no cause" } else { "not flagged: the record cannot show it" };
                        misses.push(format!("{kind:?} {} at {place:?}: {why}", s.name));
                    }
                }
            }
        }
    }
    println!(
        "{:<22} {:>7} {:>8} {:>8} {:>8} {:>10} {:>8} {:>9}",
        "kind", "planted", "flagged", "located", "exact", "ambiguous", "found", "worst ms"
    );
    let mut total = Tally::default();
    for (k, t) in &table {
        println!(
            "{:<22} {:>7} {:>7}% {:>7}% {:>7}% {:>9}% {:>7}% {:>9.1}",
            format!("{k:?}"),
            t.planted,
            100 * t.flagged / t.planted.max(1),
            100 * t.located / t.planted.max(1),
            100 * t.exact / t.planted.max(1),
            100 * t.ambiguous / t.planted.max(1),
            100 * t.found / t.planted.max(1),
            t.worst_ms
        );
        total.planted += t.planted;
        total.flagged += t.flagged;
        total.located += t.located;
        total.exact += t.exact;
    }
    println!(
        "{:<22} {:>7} {:>7}% {:>7}% {:>7}%",
        "all",
        total.planted,
        100 * total.flagged / total.planted,
        100 * total.located / total.planted,
        100 * total.exact / total.planted
    );
    if std::env::var("JMJP_REPAIR_MISSES").is_ok() {
        for m in &misses {
            println!("  {m}");
        }
    }
    assert!(total.planted >= 300, "{total:?}");
    let pct = |n: usize, of: usize| 100 * n / of.max(1);
    // Where the record holds the answer: the cause stands at the true place, and its fix gives
    // back the frame.
    for k in [
        Planted::TedashiAsTsumogiri,
        Planted::TsumogiriAsTedashi,
        Planted::WrongDealTile,
        Planted::MissingAct,
        Planted::SwappedActs,
        Planted::WrongEndPoints,
    ] {
        let t = &table[&k];
        assert!(pct(t.located, t.planted) >= 95, "{k:?} located: {t:?}");
        if k != Planted::MissingAct {
            assert!(pct(t.exact, t.planted) >= 80, "{k:?} exact: {t:?}");
        }
    }
    // A missed riichi shows when its ura indicators are recorded or the points disagree.
    let t = &table[&Planted::MissedRiichi];
    assert!(pct(t.located, t.flagged) >= 90, "MissedRiichi: {t:?}");
    // Where another change fits the record as well (a tile dealt instead of drawn or let go), the
    // true one is among the fits.
    for k in [Planted::WrongDiscard, Planted::WrongDraw] {
        let t = &table[&k];
        assert!(pct(t.found, t.planted) >= 95, "{k:?} found: {t:?}");
    }
    // An indicator: located whenever the points show it.
    for k in [Planted::WrongDora, Planted::MissingUra] {
        let t = &table[&k];
        assert!(pct(t.located, t.flagged) >= 95, "{k:?}: {t:?}");
    }
}
