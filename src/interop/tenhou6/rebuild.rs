//! The order of a kyoku's acts, which the log does not keep: the kyoku is replayed on the rules
//! engine's table, each call tried and let pass, until the lists are used up exactly.

use super::kyoku::{CallKind, Kyoku, Out, Result6, Take};
use crate::format::{Act, CalledFrom, Discard, Draw, Severity, Tile};
use crate::i18n::{Text, tr};
use crate::interop::outcome::DrawKind;
use crate::rules::Table;

/// How far the order search may go before it gives up (applied acts, all paths together).
const SEARCH_BUDGET: usize = 200_000;

#[derive(Clone, Copy, Debug)]
pub(super) enum RebuildMode {
    /// `player` draws from the wall (or the dead wall after a kan).
    Draw { player: usize, rinshan: bool },
    /// `player` drew (or called) and discards next.
    Discard { player: usize, draw: Draw, drawn: Option<Tile> },
    /// `player` discarded `tile`; another player may call it.
    Discarded { player: usize, tile: Tile },
    /// `caller` calls the last discard with the call at the head of its takes.
    Call { caller: usize },
}

#[derive(Clone)]
pub(super) struct SearchPath {
    pub(super) take: [usize; 4],
    pub(super) out: [usize; 4],
    pub(super) table: Table,
    pub(super) acts: Vec<Act>,
    pub(super) mode: RebuildMode,
}

/// Why a path was abandoned, with how far it got.
pub(super) struct DeadEnd {
    pub(super) acts: usize,
    pub(super) message: Text,
}

pub(super) enum SearchStep {
    Go,
    /// Alternatives were pushed onto the stack.
    Fork,
    Done,
}

pub(super) struct Rebuild<'a> {
    pub(super) k: &'a Kyoku,
    pub(super) stack: Vec<SearchPath>,
    pub(super) deepest: Option<DeadEnd>,
    pub(super) spent: usize,
}

impl Rebuild<'_> {
    pub(super) fn all_used(&self, p: &SearchPath) -> bool {
        (0..4).all(|i| p.take[i] == self.k.takes[i].len() && p.out[i] == self.k.outs[i].len())
    }

    pub(super) fn apply(&mut self, p: &mut SearchPath, act: Act) -> Result<(), Text> {
        self.spent += 1;
        let findings = p.table.apply(&act);
        p.acts.push(act);
        match findings.into_iter().find(|f| f.severity == Severity::Error) {
            Some(f) => Err(f.message),
            None => Ok(()),
        }
    }

    pub(super) fn act(&self, player: usize, draw: Draw, discard: Option<Discard>) -> Act {
        Act { seat: self.k.seat(player), draw, discard }
    }

    /// Advances a path by one step.
    pub(super) fn step(&mut self, p: &mut SearchPath) -> Result<SearchStep, Text> {
        match p.mode {
            RebuildMode::Draw { player, rinshan } => self.draw(p, player, rinshan),
            RebuildMode::Discard { player, draw, drawn } => self.discard(p, player, draw, drawn),
            RebuildMode::Discarded { player, tile } => self.offer_discard(p, player, tile),
            RebuildMode::Call { caller } => self.call(p, caller),
        }
    }

    /// `player` draws its next take from the wall (or the dead wall after a kan); with no take
    /// left and every list used up, the kyoku ended after the last discard.
    fn draw(&mut self, p: &mut SearchPath, player: usize, rinshan: bool) -> Result<SearchStep, Text> {
        let k = self.k;
        let Some(t) = k.takes[player].get(p.take[player]) else {
            if !rinshan && self.all_used(p) {
                return self.end_after_discard(p);
            }
            return Err(tr!("interop-tenhou6-player-has-no-more-takes-but", player = player.to_string()));
        };
        let Take::Tile(t) = t else {
            return Err(tr!("interop-tenhou6-player-s-next-take-is-a", player = player.to_string()));
        };
        p.take[player] += 1;
        let draw = if rinshan { Draw::Rinshan(*t) } else { Draw::Tile(*t) };
        p.mode = RebuildMode::Discard { player, draw, drawn: Some(*t) };
        Ok(SearchStep::Go)
    }

    /// `player`, having drawn or called, makes its next out: a discard (riichi, tsumogiri, kg)
    /// or a kan; with no out left the kyoku ends on its draw.
    fn discard(
        &mut self,
        p: &mut SearchPath,
        player: usize,
        draw: Draw,
        drawn: Option<Tile>,
    ) -> Result<SearchStep, Text> {
        let k = self.k;
        let Some(o) = k.outs[player].get(p.out[player]).cloned() else {
            return self.end_without_discard(p, player, draw);
        };
        p.out[player] += 1;
        // The drawn tile's twin from the hand is kg; with no twin it can only be the drawn one.
        let seat = k.seat(player);
        let twin = |t: Tile| p.table.seats[seat.index()].hand.contains(&t);
        let tile_of = |t: Tile| if drawn == Some(t) && twin(t) { Discard::Karagiri } else { Discard::Tile(t) };
        let (discard, next) = match o {
            Out::Tile(t) => (tile_of(t), Some(t)),
            Out::Tsumogiri => {
                let t = drawn.ok_or_else(|| tr!("interop-tenhou6-a-tsumogiri-60-right-after-a").text())?;
                (Discard::Tsumogiri, Some(t))
            }
            Out::Riichi(t) => {
                let t = t.or(drawn).ok_or_else(|| tr!("interop-tenhou6-a-riichi-tsumogiri-r60-right-after").text())?;
                (Discard::Riichi(t), Some(t))
            }
            Out::Ankan(ts) => (Discard::Ankan(ts), None),
            Out::Kakan(t) => (Discard::Kakan(t), None),
            Out::Placeholder => {
                return Err(tr!("interop-tenhou6-a-0-in-the-discards-that").text());
            }
        };
        if drawn.is_none() && next.is_none() {
            return Err(tr!("interop-tenhou6-a-kan-declared-right-after-a").text());
        }
        self.apply(p, self.act(player, draw, Some(discard)))?;
        match (next, o) {
            (Some(tile), _) => p.mode = RebuildMode::Discarded { player, tile },
            (None, Out::Kakan(_)) if self.all_used(p) => return self.end_chankan(p, player),
            (None, _) => p.mode = RebuildMode::Draw { player, rinshan: true },
        }
        Ok(SearchStep::Go)
    }

    /// `player` discarded `tile`: the players whose next take calls it fork the path (pon and
    /// kan tried before chi), beside the path where it passes and the next player draws.
    fn offer_discard(&mut self, p: &mut SearchPath, player: usize, tile: Tile) -> Result<SearchStep, Text> {
        let k = self.k;
        if self.all_used(p) {
            return self.end_after_discard(p);
        }
        let callers: Vec<usize> = (1..4)
            .map(|d| (player + d) % 4)
            .filter(|&q| match k.takes[q].get(p.take[q]) {
                Some(Take::Call(c)) => c.called == tile && (q + source_offset(c.from)) % 4 == player,
                _ => false,
            })
            .collect();
        if callers.is_empty() {
            p.mode = RebuildMode::Draw { player: (player + 1) % 4, rinshan: false };
            return Ok(SearchStep::Go);
        }
        let mut pass = p.clone();
        pass.mode = RebuildMode::Draw { player: (player + 1) % 4, rinshan: false };
        self.stack.push(pass);
        // Pon and kan before chi: they take precedence at the table.
        let mut order = callers;
        order.sort_by_key(|&q| match &k.takes[q][p.take[q]] {
            Take::Call(c) if c.kind == CallKind::Chi => 1,
            _ => 0,
        });
        for &q in order.iter().rev() {
            let mut c = p.clone();
            c.mode = RebuildMode::Call { caller: q };
            self.stack.push(c);
        }
        Ok(SearchStep::Fork)
    }

    /// `caller` calls the last discard with the call at the head of its takes: a chi or pon
    /// discards next, a daiminkan draws from the dead wall.
    fn call(&mut self, p: &mut SearchPath, caller: usize) -> Result<SearchStep, Text> {
        let k = self.k;
        let Some(Take::Call(c)) = k.takes[caller].get(p.take[caller]).cloned() else {
            return Err(tr!("interop-tenhou6-internal-a-call-path-without-a").text());
        };
        p.take[caller] += 1;
        match c.kind {
            CallKind::Chi | CallKind::Pon => {
                let pair = [c.consumed[0], c.consumed[1]];
                let draw = if c.kind == CallKind::Chi { Draw::Chi(pair) } else { Draw::Pon(pair) };
                p.mode = RebuildMode::Discard { player: caller, draw, drawn: None };
            }
            CallKind::Daiminkan => {
                let three = [c.consumed[0], c.consumed[1], c.consumed[2]];
                self.apply(p, self.act(caller, Draw::Daiminkan(three), None))?;
                if k.outs[caller].get(p.out[caller]) == Some(&Out::Placeholder) {
                    p.out[caller] += 1;
                }
                p.mode = RebuildMode::Draw { player: caller, rinshan: true };
            }
        }
        Ok(SearchStep::Go)
    }

    /// The player drew and has no discard left: a tsumo win or nine terminals.
    pub(super) fn end_without_discard(
        &mut self,
        p: &mut SearchPath,
        player: usize,
        draw: Draw,
    ) -> Result<SearchStep, Text> {
        if !self.all_used(p) {
            return Err(tr!("interop-tenhou6-player-has-no-discard-left-but", player = player.to_string()));
        }
        match &self.k.result {
            Result6::Win(rows) if rows.len() == 1 && rows[0].who == player && rows[0].from == player => {
                self.apply(p, self.act(player, draw, Some(Discard::Tsumo)))?;
            }
            Result6::Draw(DrawKind::NineTerminals, _) => self.apply(p, self.act(player, draw, None))?,
            _ => {
                return Err(tr!("interop-tenhou6-the-lists-end-on-player-s", player = player.to_string()));
            }
        }
        Ok(SearchStep::Done)
    }

    /// Every list is used up after a discard: ron, an exhaustive draw or an abortive draw.
    pub(super) fn end_after_discard(&mut self, p: &mut SearchPath) -> Result<SearchStep, Text> {
        match &self.k.result {
            Result6::Win(rows) => {
                for r in rows {
                    if r.who == r.from {
                        return Err(tr!("interop-tenhou6-the-result-is-a-tsumo-but").text());
                    }
                    self.apply(p, self.act(r.who, Draw::Ron, None))?;
                }
            }
            Result6::Draw(kind, _) if !kind.is_abortive() => {
                if p.table.wall_left > 0 {
                    let left = p.table.wall_left;
                    return Err(tr!("interop-tenhou6-the-result-is-an-exhaustive-draw", left = left.to_string()));
                }
            }
            Result6::Draw(DrawKind::NineTerminals, _) => {
                return Err(tr!("interop-tenhou6-nine-terminals-after-a-discard").text());
            }
            Result6::Draw(..) => {}
        }
        Ok(SearchStep::Done)
    }

    /// The lists end on a kakan: a chankan.
    pub(super) fn end_chankan(&mut self, p: &mut SearchPath, player: usize) -> Result<SearchStep, Text> {
        match &self.k.result {
            Result6::Win(rows) if rows.iter().all(|r| r.from == player && r.who != player) => {
                for r in rows {
                    self.apply(p, self.act(r.who, Draw::Ron, None))?;
                }
                Ok(SearchStep::Done)
            }
            _ => Err(tr!("interop-tenhou6-the-lists-end-on-a-kakan").text()),
        }
    }

    /// Runs the search; the acts in order.
    pub(super) fn run(mut self, start: SearchPath) -> Result<(Vec<Act>, Table), Text> {
        self.stack.push(start);
        while let Some(mut p) = self.stack.pop() {
            loop {
                if self.spent > SEARCH_BUDGET {
                    return Err(tr!("interop-tenhou6-the-order-of-acts-is-too").text());
                }
                match self.step(&mut p) {
                    Ok(SearchStep::Go) => {}
                    Ok(SearchStep::Fork) => break,
                    Ok(SearchStep::Done) => return Ok((p.acts, p.table)),
                    Err(message) => {
                        if self.deepest.as_ref().is_none_or(|d| p.acts.len() >= d.acts) {
                            self.deepest = Some(DeadEnd { acts: p.acts.len(), message });
                        }
                        break;
                    }
                }
            }
        }
        let d = self.deepest.unwrap_or(DeadEnd { acts: 0, message: tr!("interop-tenhou6-nothing-to-replay").text() });
        Err(tr!("interop-tenhou6-no-order-replays", act = (d.acts + 1).to_string(), message = d.message))
    }
}

/// How many seats after the caller the source of a call sits.
pub(super) fn source_offset(from: CalledFrom) -> usize {
    match from {
        CalledFrom::Kamicha => 3,
        CalledFrom::Toimen => 2,
        CalledFrom::Shimocha => 1,
    }
}

/// The acts of kyoku `k` in the order they were played, found by replaying it from `table` (the
/// table as dealt), and the table after the last act; or why no order fits the log.
pub(super) fn order(k: &Kyoku, table: Table) -> Result<(Vec<Act>, Table), Text> {
    let start = SearchPath {
        take: [0; 4],
        out: [0; 4],
        table,
        acts: vec![],
        mode: RebuildMode::Draw { player: k.dealer(), rinshan: false },
    };
    Rebuild { k, stack: vec![], deepest: None, spent: 0 }.run(start)
}
