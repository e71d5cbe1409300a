//! The likely cause at the live end, measured: in the real games of the corpus, a frame is cut
//! just after one act and that act is typed wrong as scorers type it wrong (a wrong suit, the
//! honours' `z` for a number's suit or the other way, the tile beside the one meant, a tsumogiri
//! for a tile from the hand after a call), only where the
//! mistake is illegal at that act. The first cause the recorder shows must be the entry just typed
//! every time, and the entry exactly as meant as often as the record allows (see the guide's
//! correcting.md for the figures). `cargo test --test library live_entry -- --nocapture`
//! prints the table; `LIVE_ENTRY_N=1500` plants that many of each kind and `LIVE_ENTRY_SEED=7`
//! another seed (the test's own run: 80 of each, seed 46).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::path::PathBuf;

use jmjp_studio::format::{Act, Discard, Draw, Frame, Suit, Tile};
use jmjp_studio::interop::tenhou6;
use jmjp_studio::rules::Table;
use jmjp_studio::rules::repair::{self, Correction, EndHands, Search, live};
use jmjp_studio::rules::simulate::Rng;
use jmjp_studio::scoring::RuleOptions;

/// How a scorer mistypes the act just entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Slip {
    /// The same number in another suit of numbers (9s for 9m).
    WrongSuit,
    /// The suit key `z` for a number, or a number's suit for an honour (3z, West, for 3m; 1m for
    /// East): the same digit, the honours being MPSZ's fourth suit.
    HonourSuit,
    /// The number beside it in the same suit (9s for 8s).
    Neighbour,
    /// Space (tsumogiri) for a tile from the hand, after a chi or pon (no drawn tile).
    TsumogiriForHand,
}

const SLIPS: [Slip; 4] = [Slip::WrongSuit, Slip::HonourSuit, Slip::Neighbour, Slip::TsumogiriForHand];

/// Each frame of the corpus, once.
pub fn corpus_frames() -> Vec<(String, Frame)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let mut paths: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    let mut out = Vec::new();
    for path in paths {
        let paifu = tenhou6::import(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        for f in &paifu.matches[0].frames {
            out.push((format!("{name} {}", f.id), f.clone()));
        }
    }
    out
}

/// The frame as the recorder holds it just after act `i` was entered: its acts up to `i`, no end
/// yet, the first dora indicator only.
pub fn live_after(f: &Frame, i: usize) -> Frame {
    let mut g = f.clone();
    let flow = g.flow.as_mut().unwrap();
    flow.acts.truncate(i + 1);
    flow.times.truncate(i + 1);
    flow.end_hands.clear();
    g.end_points = None;
    for (k, d) in g.dora.iter_mut().enumerate() {
        if k > 0 {
            *d = Tile::UNKNOWN;
        }
    }
    g
}

/// The tiles `seat` holds when it lets go of act `i`'s discard (the drawn one included).
fn holding(f: &Frame, i: usize) -> Vec<Tile> {
    let before = Table::replay(f, i).unwrap();
    let act = f.flow.as_ref().unwrap().acts[i];
    let mut h = before.seats[act.seat.index()].hand.clone();
    if let Draw::Tile(t) | Draw::Rinshan(t) = act.draw {
        h.push(t);
    }
    h
}

/// The act typed instead of act `i` as `slip` mistypes it, when the frame offers one.
pub fn mistype(f: &Frame, i: usize, slip: Slip, rng: &mut Rng) -> Option<Act> {
    let act = f.flow.as_ref()?.acts[i];
    let Some(Discard::Tile(x)) = act.discard else { return None };
    let held = holding(f, i);
    let not_held = |t: &Tile| !held.iter().any(|h| h.kind() == t.kind());
    // An honour's digit is its number as MPSZ writes it (1z East .. 7z red dragon).
    let honour = x.is_honor();
    let value = match x.kind()? {
        k if k >= 27 => (k - 26) as u8,
        _ => x.value()?,
    };
    let typed: Vec<Tile> = match slip {
        Slip::WrongSuit if !honour => ['m', 'p', 's'].iter().filter_map(|&s| Tile::from_mpsz(value, s)).collect(),
        Slip::WrongSuit => return None,
        Slip::HonourSuit if honour => ['m', 'p', 's'].iter().filter_map(|&s| Tile::from_mpsz(value, s)).collect(),
        Slip::HonourSuit => Tile::from_mpsz(value, 'z').into_iter().collect(),
        Slip::Neighbour => {
            let suit = match x.suit()? {
                Suit::Man => 'm',
                Suit::Pin => 'p',
                Suit::Sou => 's',
                Suit::Honor => return None,
            };
            [value - 1, value + 1]
                .iter()
                .filter(|v| (1..=9).contains(*v))
                .filter_map(|&v| Tile::from_mpsz(v, suit))
                .collect()
        }
        Slip::TsumogiriForHand => {
            return matches!(act.draw, Draw::Chi(_) | Draw::Pon(_))
                .then_some(Act { discard: Some(Discard::Tsumogiri), ..act });
        }
    };
    let typed: Vec<Tile> = typed.into_iter().filter(|t| t.kind() != x.kind() && not_held(t)).collect();
    let t = *typed.get(rng.below(typed.len().max(1)))?;
    Some(Act { discard: Some(Discard::Tile(t)), ..act })
}

#[derive(Default, Debug)]
struct Tally {
    planted: usize,
    /// The first cause shown changes the act just entered.
    at_entry: usize,
    /// ... and makes it the act meant.
    meant: usize,
}

#[test]
fn the_first_cause_at_the_live_end_is_the_entry_as_meant() {
    let frames = corpus_frames();
    let mut rng = Rng::new(std::env::var("LIVE_ENTRY_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(46));
    let mut table: BTreeMap<Slip, Tally> = BTreeMap::new();
    let mut misses = Vec::new();
    let search = Search { end_hands: EndHands::Derived, scorer: None, indicators: RuleOptions::TENHOU.indicators() };
    for slip in SLIPS {
        let mut tries = 0;
        let want: usize = std::env::var("LIVE_ENTRY_N").ok().and_then(|v| v.parse().ok()).unwrap_or(80);
        while table.get(&slip).map_or(0, |t| t.planted) < want && tries < 200_000 {
            tries += 1;
            let (name, f) = &frames[rng.below(frames.len())];
            let n = f.flow.as_ref().map_or(0, |fl| fl.acts.len());
            if n == 0 {
                continue;
            }
            let i = rng.below(n);
            let Some(typed) = mistype(f, i, slip, &mut rng) else { continue };
            let meant = live_after(f, i);
            let mut bad = meant.clone();
            bad.flow.as_mut().unwrap().acts[i] = typed;
            let causes = repair::candidates(&bad, search);
            // Only a mistake the recorder shows at the act just entered.
            if causes.first().is_none_or(|c| c.symptom != Some(i)) {
                continue;
            }
            let ranked = live::at_live_end(&bad, &causes);
            let t = table.entry(slip).or_default();
            t.planted += 1;
            let first = &ranked[0];
            let at_entry = live::entry_change(first, i).is_some();
            let as_meant = matches!(&first.change, Correction::Act { act, to, .. }
                if *act == i && *to == f.flow.as_ref().unwrap().acts[i]);
            t.at_entry += usize::from(at_entry);
            t.meant += usize::from(as_meant);
            if !as_meant && misses.len() < 40 {
                let before = Table::replay(&bad, i).unwrap();
                let rank = |c: &repair::Cause| live::entry_rank(&before, c, i);
                let truth = ranked.iter().find(|c| {
                    matches!(&c.change, Correction::Act { act, to, .. }
                    if *act == i && *to == f.flow.as_ref().unwrap().acts[i])
                });
                let tr = truth.map(|c| format!("{:?}", rank(c)));
                misses.push(format!(
                    "{slip:?} {name} act {}: {} {:?} meant {tr:?}",
                    i + 1,
                    first.describe().en,
                    rank(first)
                ));
            }
        }
    }
    println!("{:<18} {:>7} {:>9} {:>7}", "slip", "planted", "at entry", "meant");
    let mut total = (0, 0);
    for (slip, t) in &table {
        let pct = |n: usize| 100.0 * n as f64 / t.planted.max(1) as f64;
        println!("{:<18} {:>7} {:>8.1}% {:>6.1}%", format!("{slip:?}"), t.planted, pct(t.at_entry), pct(t.meant));
        total = (total.0 + t.planted, total.1 + t.meant);
    }
    println!("{:<18} {:>7} {:>9} {:>6.1}%", "all", total.0, "", 100.0 * total.1 as f64 / total.0.max(1) as f64);
    for m in &misses {
        println!("  {m}");
    }
    assert!(total.0 >= 200, "only {} planted", total.0);
    for slip in &SLIPS {
        let t = table.get(slip).unwrap_or_else(|| panic!("{slip:?}: nothing planted"));
        assert!(t.planted >= 60, "{slip:?}: only {} planted", t.planted);
        assert_eq!(t.at_entry, t.planted, "{slip:?}: the first cause is not the entry just typed");
        // The exact tile: a slip of one key fits two or three tiles held, Space after a call any
        // tile of the hand; how players let go of tiles picks (the guide gives the figures: 85,
        // 92, 88 and 58 % on this run; the shanten alone gave 85, 85, 79 and 45 %).
        let floor = match slip {
            Slip::TsumogiriForHand => 52,
            Slip::HonourSuit => 86,
            Slip::WrongSuit | Slip::Neighbour => 82,
        };
        assert!(t.meant * 100 >= t.planted * floor, "{slip:?}: the entry as meant first in {}/{}", t.meant, t.planted);
    }
}
