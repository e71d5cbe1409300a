//! The game the live tests record: a corpus frame whose first 20 entries hold a riichi, a
//! tsumogiri and a call, and what the table must show after each entry, worked out here from the
//! entries alone (not by the server's table code).
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use jmjp_studio::format::{Discard, Draw, Frame, Match, Seat, Tile};
use jmjp_studio::recorder::Entry;
use jmjp_studio::recorder::script::entries_of_frame;
use serde_json::{Value, json};

/// Entries made one by one and checked in the browser.
pub const CHECKED: usize = 20;

pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6")
}

/// The corpus logs, by name.
pub fn corpus_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "the corpus is at {}", corpus_dir().display());
    files
}

pub fn import(path: &Path) -> jmjp_studio::format::Paifu {
    jmjp_studio::interop::tenhou6::import(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A recording to make: the match header, the entries of the frames before (made unchecked),
/// the frame and its first [`CHECKED`] entries.
pub struct Scene {
    pub name: String,
    pub header: Match,
    pub before: Vec<Entry>,
    pub frame: Frame,
    pub entries: Vec<Entry>,
}

/// The first corpus frame (by file, then frame) whose first 20 entries have a riichi, a
/// tsumogiri and a chi or pon, and nothing else (no kan, no win) the tracker does not follow.
pub fn pick() -> Scene {
    for path in corpus_files() {
        let m = import(&path).matches.remove(0);
        for (fi, f) in m.frames.iter().enumerate() {
            let all = entries_of_frame(f);
            if all.len() <= CHECKED {
                continue;
            }
            let first = &all[..CHECKED];
            let has = |p: &dyn Fn(&Entry) -> bool| first.iter().any(p);
            let riichi = has(&|e| matches!(e, Entry::Discard(Discard::Riichi(_))));
            let tsumogiri = has(&|e| matches!(e, Entry::Discard(Discard::Tsumogiri)));
            let call = has(&|e| matches!(e, Entry::Act(a) if matches!(a.draw, Draw::Chi(_) | Draw::Pon(_))));
            let simple = first.iter().all(|e| match e {
                Entry::Deal(_) => true,
                Entry::Act(a) => matches!(a.draw, Draw::Tile(_) | Draw::Chi(_) | Draw::Pon(_)),
                Entry::Discard(d) => matches!(d, Discard::Tile(_) | Discard::Tsumogiri | Discard::Riichi(_)),
                _ => false,
            });
            if riichi && tsumogiri && call && simple {
                let before = m.frames[..fi].iter().flat_map(entries_of_frame).collect();
                return Scene {
                    name: format!("{} frame {fi} ({})", path.file_name().unwrap().to_string_lossy(), f.id),
                    header: Match { frames: Vec::new(), ..m.clone() },
                    before,
                    frame: f.clone(),
                    entries: first.to_vec(),
                };
            }
        }
    }
    panic!("no corpus frame has a riichi, a tsumogiri and a call in its first {CHECKED} entries");
}

/// One river tile as the table shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct RiverTile {
    pub tile: String,
    pub tsumogiri: bool,
    pub riichi: bool,
    pub called: bool,
}

/// The table by player, followed entry by entry.
#[derive(Clone, Debug)]
pub struct Tracker {
    pub frame: Frame,
    pub points: [i64; 4],
    pub kyoutaku: i64,
    pub riichi: [bool; 4],
    pub river: [Vec<RiverTile>; 4],
    /// The concealed tiles, the drawn one among them.
    pub concealed: [Vec<Tile>; 4],
    pub drawn: [Option<Tile>; 4],
    /// The player who discarded last (whose tile a call takes).
    last_discarder: Option<usize>,
    /// The player whose act came last.
    pub last_player: usize,
    /// The player whose riichi discard may still be ronned: its stick is laid with the next act.
    stick_pending: Option<usize>,
}

impl Tracker {
    /// Before the frame's deal: its start points (as recorded) by player.
    pub fn new(frame: &Frame) -> Tracker {
        let start = frame.start_points.expect("the corpus frame has its start points").map(|p| p.as_points());
        Tracker {
            frame: frame.clone(),
            points: frame.id.by_player(start),
            kyoutaku: frame.kyoutaku.map_or(0, |k| k.as_points() / 1000),
            riichi: [false; 4],
            river: Default::default(),
            concealed: Default::default(),
            drawn: [None; 4],
            last_discarder: None,
            last_player: 0,
            stick_pending: None,
        }
    }

    fn player(&self, seat: Seat) -> usize {
        self.frame.id.player_at(seat)
    }

    fn take(&mut self, p: usize, t: Tile) {
        let i = self.concealed[p].iter().position(|x| *x == t).unwrap_or_else(|| panic!("{t} is not in hand {p}"));
        self.concealed[p].remove(i);
    }

    /// Follows one entry (of those [`pick`] allows).
    pub fn apply(&mut self, e: &Entry) {
        match e {
            Entry::Deal(d) => {
                for (i, hand) in d.hands.iter().enumerate() {
                    let p = self.player(Seat::from_index(i));
                    self.concealed[p] = hand.clone();
                }
                self.last_player = self.frame.id.dealer();
            }
            Entry::Act(a) => {
                // The riichi discard passed without a ron (these entries have none): its stick
                // is on the table now.
                if let Some(r) = self.stick_pending.take() {
                    self.points[r] -= 1000;
                    self.kyoutaku += 1;
                }
                let p = self.player(a.seat);
                self.last_player = p;
                self.drawn = [None; 4];
                match a.draw {
                    Draw::Tile(x) => {
                        self.concealed[p].push(x);
                        self.drawn[p] = Some(x);
                    }
                    Draw::Chi(two) | Draw::Pon(two) => {
                        two.iter().for_each(|t| self.take(p, *t));
                        let from = self.last_discarder.expect("a call takes a discard");
                        self.river[from].last_mut().unwrap().called = true;
                    }
                    other => panic!("not followed: {other:?}"),
                }
            }
            Entry::Discard(d) => {
                let p = self.last_player;
                let (tile, tsumogiri, riichi) = match *d {
                    Discard::Tile(t) => (t, false, false),
                    Discard::Tsumogiri => (self.drawn[p].expect("a tsumogiri after a draw"), true, false),
                    Discard::Riichi(t) => (t, false, true),
                    other => panic!("not followed: {other:?}"),
                };
                self.take(p, tile);
                self.river[p].push(RiverTile { tile: tile.to_string(), tsumogiri, riichi, called: false });
                if riichi {
                    // Declared; the stick is laid once the discard passes (the next act).
                    self.riichi[p] = true;
                    self.stick_pending = Some(p);
                }
                self.drawn = [None; 4];
                self.last_discarder = Some(p);
            }
            other => panic!("not followed: {other:?}"),
        }
    }

    /// Each player's concealed tiles, as sorted names.
    pub fn hands(&self) -> Vec<Vec<String>> {
        self.concealed.iter().map(|h| sorted(h.iter().map(|t| t.to_string()).collect())).collect()
    }

    /// What the page must show without hands, in the shape [`DOM_TABLE`] reads it.
    pub fn shown(&self) -> Value {
        let seats: Vec<Value> = (0..4)
            .map(|p| {
                let river: Vec<Value> =
                    self.river[p].iter().map(|r| json!([r.tile, r.tsumogiri, r.riichi, r.called])).collect();
                json!({"points": self.points[p].to_string(), "riichi": self.riichi[p], "river": river})
            })
            .collect();
        json!({"seats": seats, "kyoutaku": self.kyoutaku.to_string()})
    }
}

pub fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// The page's table as [`Tracker::shown`] gives it: by seat its points (`data-value`), whether
/// it shows a riichi stick, its river (tile, tsumogiri, riichi, called); and the kyoutaku.
pub const DOM_TABLE: &str = r#"(() => {
  const seats = [0, 1, 2, 3].map(s => {
    const seat = document.querySelector(`[data-seat="${s}"][data-place]`);
    if (!seat) return null;
    const points = seat.querySelector('[data-role=points]');
    const river = Array.from(seat.querySelectorAll('[data-role=river] img[data-tile]')).map(i =>
      [i.dataset.tile, i.hasAttribute('data-tsumogiri'), i.hasAttribute('data-riichi'), i.hasAttribute('data-called')]);
    return { points: points ? points.dataset.value : null, riichi: !!seat.querySelector('[data-role=riichi]'), river };
  });
  const k = document.querySelector('[data-role=kyoutaku]');
  return { seats, kyoutaku: k ? k.textContent.trim() : null };
})()"#;

/// Each seat's hand tiles as shown (the drawn one among them), and the drawn one alone.
pub const DOM_HANDS: &str = r#"(() => [0, 1, 2, 3].map(s => {
  const imgs = Array.from(document.querySelectorAll(`[data-seat="${s}"] [data-role=hand] img[data-tile]`));
  const drawn = imgs.find(i => i.hasAttribute('data-drawn'));
  return [imgs.map(i => i.dataset.tile).sort(), drawn ? drawn.dataset.tile : null];
}))()"#;
