//! The table of one frame, replayed act by act: concealed hands, melds, rivers, riichi, the wall,
//! kans and what may come next. [`Table::apply`] is incremental and returns the findings about
//! the act it applied; [`Table::replay`] rebuilds the table as it stood after any act (that is how
//! the editor steps back and how undo re-validates).

use crate::format::{Act, CalledFrom, Discard, Draw, Frame, Points, Seat, Severity, Tile};
use crate::i18n::{Msg, Text, tr};

use super::options::KanDora;
use super::shape;

/// Draws the live wall allows in a frame: 136 tiles, less 14 in the dead wall, less 52 dealt.
pub const LIVE_WALL: i32 = 70;

/// A meld on the table (or an ankan), as the seat holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meld {
    pub kind: MeldKind,
    /// All its tiles; for called melds the called tile first.
    pub tiles: Vec<Tile>,
    /// The seat the called tile came from (none for an ankan).
    pub from: Option<Seat>,
}

/// What kind of meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeldKind {
    Chi,
    Pon,
    Daiminkan,
    Kakan,
    Ankan,
}

impl MeldKind {
    /// True for the four kans.
    pub fn is_kan(self) -> bool {
        matches!(self, MeldKind::Daiminkan | MeldKind::Kakan | MeldKind::Ankan)
    }
}

/// One tile in a river.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RiverTile {
    pub tile: Tile,
    /// Discarded straight after drawing it (ツモ切り).
    pub tsumogiri: bool,
    /// The tile that declared riichi (turned sideways on the table).
    pub riichi: bool,
    /// Called away by this seat (chi, pon, daiminkan, ron).
    pub called_by: Option<Seat>,
}

/// One seat's part of the table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatState {
    /// Concealed tiles, the drawn one included, in the order they arrived.
    pub hand: Vec<Tile>,
    /// The tile drawn this turn, while it is still in the hand.
    pub drawn: Option<Tile>,
    /// Melds, oldest first.
    pub melds: Vec<Meld>,
    pub river: Vec<RiverTile>,
    /// The act (0-based) that declared riichi.
    pub riichi: Option<usize>,
    /// Points at the start of the frame, when the record says.
    pub points: Option<Points>,
}

impl SeatState {
    /// True when the seat has called a tile (an ankan keeps the hand closed).
    /// The pon a kakan of `tile` extends.
    pub fn pon_of(&self, tile: Tile) -> Option<&Meld> {
        self.melds.iter().find(|m| m.kind == MeldKind::Pon && m.tiles.first().and_then(|t| t.kind()) == tile.kind())
    }

    pub fn is_open(&self) -> bool {
        self.melds.iter().any(|m| m.kind != MeldKind::Ankan)
    }

    /// True when some concealed tile is unknown, so shape checks must be relaxed.
    pub fn has_unknown(&self) -> bool {
        self.hand.iter().any(|t| t.is_unknown())
    }

    /// Kind counts of the concealed tiles; `None` when one is unknown.
    pub fn kinds(&self) -> Option<shape::Kinds> {
        shape::kinds_of(self.hand.iter().copied())
    }

    /// Removes one `tile` (that exact spelling, or an unknown tile standing for it).
    pub(super) fn take(&mut self, tile: Tile) -> bool {
        let pos = self.hand.iter().position(|&t| t == tile).or_else(|| self.hand.iter().position(|t| t.is_unknown()));
        match pos {
            Some(p) => {
                self.hand.remove(p);
                if self.drawn == Some(tile) && !self.hand.contains(&tile) {
                    self.drawn = None;
                }
                true
            }
            None => {
                tile.is_unknown() && !self.hand.is_empty() && {
                    // An unknown tile named in the record: any concealed tile could have been it.
                    self.hand.pop();
                    true
                }
            }
        }
    }
}

/// How a frame ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FrameEnd {
    /// Won by tsumo at act `act`.
    Tsumo { seat: Seat, act: usize },
    /// Won by ron (one to three seats) on `discarder`'s tile.
    Ron { winners: Vec<Seat>, discarder: Seat, act: usize },
    /// The wall ran out after the last discard and nobody won.
    Exhaustive,
    /// No win and tiles left in the wall: an abortive draw, or a frame still being recorded.
    NoResult,
}

/// What the table waits for next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// `seat` draws from the wall, unless another seat calls `last_discard`.
    Draw { seat: Seat, last_discard: Option<LastDiscard> },
    /// `seat` has drawn or called and must discard (the act was written without its discard).
    Discard { seat: Seat, act: usize },
    /// `seat` draws from the dead wall after a kan; after a kakan another seat may rob it (chankan).
    Rinshan { seat: Seat, kakan: Option<Tile> },
    /// Ron was declared on `tile`; a further seat may also ron it, nothing else may happen.
    Ron { tile: Tile, discarder: Seat },
    /// Won by tsumo.
    Tsumo { seat: Seat },
}

/// The discard that other seats may call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastDiscard {
    pub seat: Seat,
    pub tile: Tile,
    /// Its act (0-based).
    pub act: usize,
    /// It declared riichi (the stick is only deposited if nobody rons it).
    pub riichi: bool,
}

/// A finding about one act (the caller adds where it is).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub severity: Severity,
    pub message: Text,
}

/// The table of one frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub seats: [SeatState; 4],
    pub phase: Phase,
    /// Draws left in the live wall.
    pub wall_left: i32,
    pub kans: u8,
    /// Riichi sticks deposited in this frame.
    pub riichi_sticks: u8,
    /// Acts applied so far.
    pub acts: usize,
    /// Winners of a ron so far (double and triple ron).
    pub(super) winners: Vec<Seat>,
    /// How many of each spelling (38) were seen: start hands, draws, dora indicators.
    pub(super) seen: [u8; 38],
    /// East's start hand had 14 tiles (its first act is `oy`).
    pub(super) dealer_has_14: bool,
    /// Findings are counted, not told: their texts are left empty (the repair search replays a
    /// frame thousands of times and only counts what each replay finds).
    pub(super) quiet: bool,
    /// Kans whose dora indicator is not face up yet, under each [`KanDora`] (as its index): a
    /// kakan until the chankan chance has passed; under [`KanDora::OpenAfterDiscard`] every kan
    /// until its replacement draw, and an open one until its seat discards or makes another kan.
    pub(super) unturned: [u8; 2],
    /// The last kan made was open (a daiminkan or a kakan).
    pub(super) open_kan: bool,
}

pub(super) fn tile_list(tiles: &[Tile]) -> Text {
    crate::format::tiles_text(tiles)
}

/// The dora indicator that shows `dora` (the tile before it: 9m before 1m, N before E, red
/// dragon before white). `None` for an unknown dora.
pub fn indicator_of(dora: Tile) -> Option<Tile> {
    let k = dora.kind()?;
    let prev = match k {
        0..=26 => (k / 9) * 9 + (k % 9 + 8) % 9,
        27..=30 => 27 + (k - 27 + 3) % 4,
        _ => 31 + (k - 31 + 2) % 3,
    };
    Tile::from_kind(prev)
}

/// The dora an indicator shows (the tile after it: 1m after 9m, E after N, white dragon after
/// red). A red five shows the six; an unknown indicator shows an unknown dora.
pub fn dora_of(indicator: Tile) -> Tile {
    let Some(k) = indicator.kind() else { return Tile::UNKNOWN };
    let next = match k {
        0..=26 => (k / 9) * 9 + (k % 9 + 1) % 9,
        27..=30 => 27 + (k - 27 + 1) % 4,
        _ => 31 + (k - 31 + 1) % 3,
    };
    Tile::from_kind(next).unwrap_or(Tile::UNKNOWN)
}

impl Table {
    /// The table before the first act of `frame`, and the findings about its start (hands,
    /// dora). `None` when the frame has no flow.
    pub fn start(frame: &Frame) -> Option<(Table, Vec<Finding>)> {
        Table::begin(frame, false)
    }

    /// [`Table::start`] for a replay whose findings are only counted: they, and those of every
    /// act applied to the table, come without their texts.
    pub fn start_quiet(frame: &Frame) -> Option<(Table, Vec<Finding>)> {
        Table::begin(frame, true)
    }

    fn begin(frame: &Frame, quiet: bool) -> Option<(Table, Vec<Finding>)> {
        let flow = frame.flow.as_ref()?;
        let mut t = Table {
            seats: Default::default(),
            phase: Phase::Draw { seat: Seat::East, last_discard: None },
            wall_left: LIVE_WALL,
            kans: 0,
            riichi_sticks: 0,
            acts: 0,
            winners: Vec::new(),
            seen: [0; 38],
            dealer_has_14: false,
            quiet,
            unturned: [0; 2],
            open_kan: false,
        };
        let mut out = Vec::new();
        // Dora indicators are physical tiles of the dead wall.
        for (n, d) in frame.dora.iter().enumerate() {
            if let Some(ind) = indicator_of(*d)
                && let Some(msg) = t.see(ind)
            {
                out.push(error_of(say(t.quiet, || {
                    let (tile, indicator) = (d, ind);
                    tr!("rules-dora-too-many", tile = tile, place = n + 1, indicator = indicator, problem = msg)
                })));
            }
        }
        for sh in &flow.start_hands {
            let seat = &mut t.seats[sh.seat.index()];
            seat.hand = sh.hand.tiles.clone();
            seat.hand.extend(sh.hand.tsumo);
            seat.drawn = sh.hand.tsumo;
            if !sh.hand.furo.is_empty() {
                out.push(error_of(say(t.quiet, || tr!("rules-start-hand-melds", seat = sh.seat.word()))));
            }
            let tiles = seat.hand.clone();
            for tile in tiles {
                if let Some(msg) = t.see(tile) {
                    out.push(error_of(say(t.quiet, || {
                        tr!("rules-start-hand-too-many", seat = sh.seat.word(), problem = msg)
                    })));
                }
            }
        }
        if let Some(p) = frame.start_points {
            for (s, pts) in t.seats.iter_mut().zip(p) {
                s.points = Some(pts);
            }
        }
        for (i, s) in t.seats.iter().enumerate() {
            let n = s.hand.len();
            let seat = Seat::from_index(i);
            if seat == Seat::East && n == 14 {
                t.dealer_has_14 = true;
            } else if n != 13 && !flow.start_hands.is_empty() {
                out.push(error_of(say(t.quiet, || {
                    if seat == Seat::East {
                        tr!("rules-start-hand-size-dealer", seat = seat.word(), count = n)
                    } else {
                        tr!("rules-start-hand-size", seat = seat.word(), count = n)
                    }
                })));
            }
        }
        if t.dealer_has_14 {
            t.wall_left -= 1;
        }
        for s in &mut t.seats {
            // Only the dealer's 14th tile counts as drawn, and only for its first turn.
            if s.hand.len() != 14 {
                s.drawn = None;
            }
        }
        Some((t, out))
    }

    /// The table as it stood after the first `upto` acts of `frame` (all of them if fewer).
    pub fn replay(frame: &Frame, upto: usize) -> Option<Table> {
        // What the replay finds is not kept: it is not told either.
        let (mut t, _) = Table::start_quiet(frame)?;
        for act in frame.flow.as_ref()?.acts.iter().take(upto) {
            t.apply(act);
        }
        t.quiet = false;
        Some(t)
    }

    /// Counts a tile that came out of the wall; a message when that is one copy too many.
    fn see(&mut self, tile: Tile) -> Option<Text> {
        if tile.is_unknown() {
            return None;
        }
        self.seen[tile.index()] = self.seen[tile.index()].saturating_add(1);
        let plain = tile.plain();
        let total = if tile.value() == Some(5) {
            let red = Tile::ALL[34 + tile.suit().map_or(0, |s| s as usize)];
            self.seen[plain.index()].saturating_add(self.seen[red.index()])
        } else {
            self.seen[plain.index()]
        };
        if tile.is_red() && self.seen[tile.index()] > 1 {
            Some(say(self.quiet, || tr!("rules-second-red-five", tile = tile)))
        } else if total > 4 {
            Some(say(self.quiet, || tr!("rules-fifth-tile", tile = plain)))
        } else {
            None
        }
    }

    /// How many dora indicators are face up when every kan's is turned at once: one, and one
    /// more for each kan (not for a kakan until the chankan chance has passed, so never for a
    /// robbed one).
    pub fn dora_shown(&self) -> usize {
        self.dora_shown_under(KanDora::AtOnce)
    }

    /// How many dora indicators are face up when kan dora are turned as `timing` says.
    pub fn dora_shown_under(&self, timing: KanDora) -> usize {
        let unturned = match timing {
            KanDora::None => return 1,
            KanDora::AtOnce => self.unturned[0],
            KanDora::OpenAfterDiscard => self.unturned[1],
        };
        1 + usize::from(self.kans.min(4)).saturating_sub(usize::from(unturned))
    }

    /// How many tiles of this exact spelling came out of the wall so far.
    pub fn seen_count(&self, t: Tile) -> u8 {
        self.seen[t.index()]
    }

    /// How the frame ends if no act follows.
    pub fn end(&self) -> FrameEnd {
        match self.phase {
            Phase::Tsumo { seat } => FrameEnd::Tsumo { seat, act: self.acts.saturating_sub(1) },
            Phase::Ron { discarder, .. } => {
                FrameEnd::Ron { winners: self.winners.clone(), discarder, act: self.acts.saturating_sub(1) }
            }
            Phase::Draw { last_discard: Some(_), .. } if self.wall_left <= 0 => FrameEnd::Exhaustive,
            _ => FrameEnd::NoResult,
        }
    }

    /// True when the frame is over (a win); nothing may follow.
    pub fn is_won(&self) -> bool {
        matches!(self.phase, Phase::Ron { .. } | Phase::Tsumo { .. })
    }

    /// Applies one act and returns what is wrong with it. The table always moves on (as far as
    /// the act allows), so later acts are judged against what most likely happened.
    pub fn apply(&mut self, act: &Act) -> Vec<Finding> {
        let mut out = Vec::new();
        let n = self.acts;
        self.acts += 1;
        if let Some(msg) = self.phase_conflict(act) {
            out.push(Finding { severity: Severity::Error, message: msg });
        }
        let called = self.apply_draw(act, &mut out);
        self.apply_discard(act, n, called, &mut out);
        out
    }

    /// Why `act` cannot come now, judged on its seat and draw alone.
    fn phase_conflict(&self, act: &Act) -> Option<Text> {
        let seat = act.seat;
        let s = seat.word();
        match (self.phase, act.draw) {
            (Phase::Tsumo { seat: w }, _) => {
                Some(say(self.quiet, || tr!("rules-act-after-tsumo", seat = s, winner = w.word())))
            }
            (Phase::Ron { .. }, Draw::Ron) => None,
            (Phase::Ron { discarder, .. }, _) => {
                Some(say(self.quiet, || tr!("rules-act-after-ron", seat = s, discarder = discarder.word())))
            }
            (Phase::Discard { seat: d, act }, _) => {
                Some(say(self.quiet, || tr!("rules-no-discard", seat = d.word(), act = act + 1)))
            }
            (Phase::Rinshan { seat: k, .. }, Draw::Rinshan(_)) if k != seat => {
                Some(say(self.quiet, || tr!("rules-rinshan-not-yours", seat = s, kan = k.word())))
            }
            (Phase::Rinshan { .. }, Draw::Rinshan(_)) => None,
            (Phase::Rinshan { kakan: Some(_), seat: k }, Draw::Ron) if k != seat => None,
            (Phase::Rinshan { seat: k, .. }, _) => Some(say(self.quiet, || tr!("rules-rinshan-next", seat = k.word()))),
            (Phase::Draw { .. }, Draw::Rinshan(_)) => {
                Some(say(self.quiet, || tr!("rules-rinshan-without-kan", seat = s)))
            }
            (Phase::Draw { seat: next, last_discard }, Draw::Tile(_)) => {
                if self.acts == 1 && seat == Seat::East && self.dealer_has_14 {
                    Some(say(self.quiet, || tr!("rules-dealer-draws-with-14").text()))
                } else if next != seat {
                    let after = match last_discard {
                        Some(d) => tr!("rules-after-discard", seat = d.seat.word(), act = d.act + 1),
                        None => Text::default(),
                    };
                    Some(say(self.quiet, || tr!("rules-not-your-draw", seat = s, turn = next.word(), after = after)))
                } else {
                    None
                }
            }
            (Phase::Draw { .. }, Draw::Oya) => {
                if self.acts != 1 || seat != Seat::East {
                    Some(say(self.quiet, || tr!("rules-oy-not-first", seat = s)))
                } else if !self.dealer_has_14 {
                    Some(say(self.quiet, || tr!("rules-oy-without-14", count = self.seats[0].hand.len())))
                } else {
                    None
                }
            }
            (Phase::Draw { last_discard: None, .. }, _) => {
                Some(say(self.quiet, || tr!("rules-call-nothing", seat = s)))
            }
            (Phase::Draw { last_discard: Some(d), .. }, _) if d.seat == seat => {
                Some(say(self.quiet, || tr!("rules-call-own-discard", seat = s)))
            }
            (Phase::Draw { last_discard: Some(d), .. }, Draw::Chi(_)) if d.seat.next() != seat => {
                let kami = CalledFrom::Kamicha.seat_of(seat);
                Some(say(self.quiet, || {
                    tr!("rules-chi-not-kamicha", seat = s, discarder = d.seat.word(), kamicha = kami.word())
                }))
            }
            (Phase::Draw { .. }, _) => None,
        }
    }

    /// Applies the draw half; returns the called tile when the draw was a call.
    fn apply_draw(&mut self, act: &Act, out: &mut Vec<Finding>) -> Option<Tile> {
        let seat = act.seat;
        let s = seat.word();
        let last = match self.phase {
            Phase::Draw { last_discard: Some(d), .. } if d.seat != seat => Some(d),
            _ => None,
        };
        let kakan = match self.phase {
            Phase::Rinshan { kakan: Some(t), seat: k } => Some((k, t)),
            _ => None,
        };
        match act.draw {
            Draw::Tile(t) => {
                if self.wall_left <= 0 {
                    out.push(error_of(say(self.quiet, || tr!("rules-wall-empty", seat = s, tile = t))));
                }
                self.wall_left -= 1;
                if let Some(msg) = self.see(t) {
                    out.push(error_of(say(self.quiet, || {
                        tr!("rules-draw-too-many", seat = s, tile = t, problem = msg)
                    })));
                }
                self.draw_into(seat, t);
                None
            }
            Draw::Rinshan(t) => {
                // The kan stands: its dora (and an earlier open kan's still waiting) is turned,
                // but under OpenAfterDiscard an open kan's waits for the discard.
                self.unturned = [0, u8::from(self.open_kan)];
                if let Some(msg) = self.see(t) {
                    out.push(error_of(say(self.quiet, || {
                        tr!("rules-rinshan-too-many", seat = s, tile = t, problem = msg)
                    })));
                }
                self.draw_into(seat, t);
                None
            }
            Draw::Oya => {
                let st = &mut self.seats[seat.index()];
                st.drawn = if st.hand.len() == 14 { st.hand.last().copied() } else { None };
                None
            }
            Draw::Chi(pair) => {
                let d = last?;
                if let Some(msg) = run_problem(d.tile, pair) {
                    let with = tile_list(&pair);
                    let tile = d.tile;
                    out.push(error_of(say(self.quiet, || {
                        tr!("rules-chi-not-a-run", seat = s, tile = tile, with = with, problem = msg)
                    })));
                }
                self.call(seat, d, MeldKind::Chi, &pair, out);
                Some(d.tile)
            }
            Draw::Pon(pair) => {
                let d = last?;
                self.same_kind_call(seat, d, MeldKind::Pon, &pair, out);
                Some(d.tile)
            }
            Draw::Daiminkan(three) => {
                let d = last?;
                self.same_kind_call(seat, d, MeldKind::Daiminkan, &three, out);
                self.declare_kan(seat, None, true, out);
                Some(d.tile)
            }
            Draw::Ron => {
                let (tile, discarder) = match (self.phase, last, kakan) {
                    (Phase::Ron { tile, discarder }, _, _) => (tile, discarder),
                    (_, Some(d), _) => (d.tile, d.seat),
                    (_, _, Some((k, t))) if k != seat => (t, k),
                    _ => return None,
                };
                if discarder == seat || self.winners.contains(&seat) {
                    out.push(error_of(say(self.quiet, || tr!("rules-ron-twice", seat = s))));
                    return None;
                }
                if let (Phase::Draw { .. }, Some(d)) = (self.phase, last) {
                    // A ronned riichi tile does not deposit its stick.
                    if d.riichi {
                        self.riichi_sticks = self.riichi_sticks.saturating_sub(1);
                    }
                    self.mark_called(d.seat, seat);
                }
                let st = &self.seats[seat.index()];
                let mut hand = st.hand.clone();
                hand.push(tile);
                if let Some(k) = shape::kinds_of(hand)
                    && !shape::is_complete(&k)
                {
                    let h = tile_list(&st.hand);
                    out.push(warning_of(say(self.quiet, || {
                        tr!("rules-ron-not-complete", seat = s, tile = tile, hand = h)
                    })));
                }
                self.winners.push(seat);
                self.phase = Phase::Ron { tile, discarder };
                None
            }
        }
    }

    /// A pon or daiminkan: the tiles from the hand must be of the called tile's kind.
    fn same_kind_call(
        &mut self,
        seat: Seat,
        d: LastDiscard,
        kind: MeldKind,
        from_hand: &[Tile],
        out: &mut Vec<Finding>,
    ) {
        if !from_hand.iter().all(|&p| same_kind(p, d.tile)) {
            let (seat, tile, with) = (seat.word(), d.tile, tile_list(from_hand));
            out.push(error_of(say(self.quiet, || {
                if kind == MeldKind::Pon {
                    tr!("rules-pon-not-three", seat = seat, tile = tile, with = with)
                } else {
                    tr!("rules-kan-not-four", seat = seat, tile = tile, with = with)
                }
            })));
        }
        self.call(seat, d, kind, from_hand, out);
    }

    fn draw_into(&mut self, seat: Seat, t: Tile) {
        let st = &mut self.seats[seat.index()];
        st.hand.push(t);
        st.drawn = Some(t);
    }

    /// Takes `from_hand` out of the caller's hand and lays the meld.
    fn call(&mut self, seat: Seat, d: LastDiscard, kind: MeldKind, from_hand: &[Tile], out: &mut Vec<Finding>) {
        let quiet = self.quiet;
        let st = &mut self.seats[seat.index()];
        if st.riichi.is_some() {
            out.push(warning_of(say(quiet, || tr!("rules-call-after-riichi", seat = seat.word()))));
        }
        let before = st.hand.clone();
        for &t in from_hand {
            if !st.take(t) {
                out.push(error_of(say(quiet, || {
                    let (with, hand) = (tile_list(from_hand), tile_list(&before));
                    tr!("rules-call-tile-not-in-hand", seat = seat.word(), with = with, hand = hand, tile = t)
                })));
            }
        }
        st.drawn = None;
        let mut tiles = vec![d.tile];
        tiles.extend_from_slice(from_hand);
        st.melds.push(Meld { kind, tiles, from: Some(d.seat) });
        self.mark_called(d.seat, seat);
    }

    fn mark_called(&mut self, discarder: Seat, caller: Seat) {
        if let Some(r) = self.seats[discarder.index()].river.last_mut() {
            r.called_by = Some(caller);
        }
    }

    /// A kan (`open`: a daiminkan or a kakan; `kakan` names the added tile another seat may
    /// rob): the replacement draw comes next.
    pub(super) fn declare_kan(&mut self, seat: Seat, kakan: Option<Tile>, open: bool, out: &mut Vec<Finding>) {
        let [at_once, late] = &mut self.unturned;
        *at_once = at_once.saturating_add(u8::from(kakan.is_some()));
        *late = late.saturating_add(1);
        self.open_kan = open;
        self.kans = self.kans.saturating_add(1);
        if self.kans > 4 {
            out.push(error_of(say(self.quiet, || tr!("rules-fifth-kan", seat = seat.word()))));
        }
        self.wall_left -= 1;
        self.phase = Phase::Rinshan { seat, kakan };
    }
}

pub(super) fn discard_words(d: &Discard) -> String {
    match d {
        Discard::Tile(t) => t.to_string(),
        Discard::Tsumogiri => "tg".into(),
        Discard::Karagiri => "kg".into(),
        Discard::Kakan(t) => format!("kk[{t}]"),
        Discard::Ankan(t) => format!("ak[{}]", tile_list(t).en),
        Discard::Tsumo => "tm".into(),
        Discard::Riichi(t) => format!("rc[{t}]"),
    }
}

/// Same kind (a red five is its five); an unknown tile matches anything.
pub fn same_kind(a: Tile, b: Tile) -> bool {
    a.is_unknown() || b.is_unknown() || a.kind() == b.kind()
}

/// Why `called` with `pair` is not a run; `None` when it is (or unknown tiles allow it).
pub(super) fn run_problem(called: Tile, pair: [Tile; 2]) -> Option<Msg> {
    let tiles = [called, pair[0], pair[1]];
    if tiles.iter().any(|t| t.is_unknown()) {
        return None;
    }
    let suit = called.suit();
    if tiles.iter().any(|t| t.is_honor() || t.suit() != suit) {
        return Some(tr!("rules-chi-one-suit"));
    }
    let mut v: Vec<u8> = tiles.iter().filter_map(|t| t.value()).collect();
    v.sort_unstable();
    if v[1] == v[0] + 1 && v[2] == v[1] + 1 { None } else { Some(tr!("rules-chi-not-run")) }
}

/// The text `text` makes, or none when the table is `quiet`.
pub(super) fn say(quiet: bool, text: impl FnOnce() -> Text) -> Text {
    if quiet { Text::default() } else { text() }
}

/// An error in both languages.
pub(super) fn error_of(message: Text) -> Finding {
    Finding { severity: Severity::Error, message }
}

/// A warning in both languages.
pub(super) fn warning_of(message: Text) -> Finding {
    Finding { severity: Severity::Warning, message }
}
