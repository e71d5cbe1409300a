//! The checks whose answer depends on the rule options: abortive draws (none under M League; under
//! tenhou only the five kinds), more rons on one tile than the rules pay, and a match that goes on
//! below zero where the rules end it. The kan dora's timing is in the dora checks of `validate`.

use crate::format::{Diagnostic, Draw, Frame, Match, Pos, RecordPlace, Seat, Severity, Tile, source::FramePos};
use crate::i18n::{Text, tr};

use super::options::{AbortiveDraws, BelowZero, DoubleRon, RuleOptions};
use super::table::{FrameEnd, Table};

/// The ways a frame ends in an abortive draw (tiles left in the wall, nobody won).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Abortive {
    /// 九種九牌: a first draw holding nine kinds of terminals and honours, declared.
    NineTerminals,
    /// 四家立直: the fourth riichi's discard passed.
    FourRiichi,
    /// 四槓散了: a fourth kan by more than one seat.
    FourKans,
    /// 四風連打: the same wind discarded by all four in the first go-around, no call.
    FourWinds,
    /// 三家和了: three seats ron the same tile.
    TripleRon,
}

impl Abortive {
    /// Whether `rules` end a frame with this kind.
    pub fn played(self, rules: &AbortiveDraws) -> bool {
        match self {
            Abortive::NineTerminals => rules.nine_terminals,
            Abortive::FourRiichi => rules.four_riichi,
            Abortive::FourKans => rules.four_kans,
            Abortive::FourWinds => rules.four_winds,
            Abortive::TripleRon => rules.triple_ron,
        }
    }

    pub fn word(self) -> Text {
        match self {
            Abortive::NineTerminals => tr!("rules-abortive-nine-terminals"),
            Abortive::FourRiichi => tr!("rules-abortive-four-riichi"),
            Abortive::FourKans => tr!("rules-abortive-four-kans"),
            Abortive::FourWinds => tr!("rules-abortive-four-winds"),
            Abortive::TripleRon => tr!("rules-abortive-triple-ron"),
        }
        .text()
    }
}

/// Which abortive draw the end of `frame` (no win, tiles left: `table` after its last act)
/// is, as far as its acts show one.
pub fn abortive_reason(frame: &Frame, table: &Table) -> Option<Abortive> {
    let acts = frame.flow.as_ref().map(|f| f.acts.as_slice()).unwrap_or(&[]);
    let last = acts.last()?;
    if last.discard.is_none() && matches!(last.draw, Draw::Tile(_) | Draw::Oya) && nine_terminals(table, last.seat) {
        return Some(Abortive::NineTerminals);
    }
    if table.seats.iter().all(|s| s.riichi.is_some()) {
        return Some(Abortive::FourRiichi);
    }
    let kan_seats = table.seats.iter().filter(|s| s.melds.iter().any(|m| m.kind.is_kan())).count();
    if table.kans >= 4 && kan_seats > 1 {
        return Some(Abortive::FourKans);
    }
    let first: Vec<_> = table.seats.iter().map(|s| s.river.first().map(|r| r.tile.kind())).collect();
    if acts.len() == 4
        && table.seats.iter().all(|s| s.river.len() == 1 && s.melds.is_empty())
        && first.iter().all(|k| matches!(k, Some(Some(27..=30))) && *k == first[0])
    {
        return Some(Abortive::FourWinds);
    }
    let (seat, tile) = last_discard(table)?;
    // Only hands whose tiles are all known say whether they could ron.
    let known = |s: Seat| !tile.is_unknown() && table.seats[s.index()].hand.iter().all(|t| !t.is_unknown());
    let rons = Seat::ALL.into_iter().filter(|&s| s != seat && known(s) && table.may_ron(s, tile)).count();
    (rons == 3).then_some(Abortive::TripleRon)
}

/// Whether `seat` may declare nine terminals now: its first draw, no call made yet by anyone, and
/// nine kinds of terminals and honours in its hand (as far as its tiles are known).
fn nine_terminals(table: &Table, seat: Seat) -> bool {
    let st = &table.seats[seat.index()];
    let first_turn = st.river.is_empty() && table.seats.iter().all(|s| s.melds.is_empty());
    let known: Vec<usize> = st.hand.iter().filter_map(|t| t.kind()).collect();
    let mut kinds: Vec<usize> = known.iter().copied().filter(|&k| k >= 27 || k % 9 == 0 || k % 9 == 8).collect();
    kinds.sort_unstable();
    kinds.dedup();
    let unknown = st.hand.len() - known.len();
    first_turn && kinds.len() + unknown >= 9
}

/// The seat and tile of the last discard still open to calls.
pub fn last_discard(table: &Table) -> Option<(Seat, Tile)> {
    match table.phase {
        super::Phase::Draw { last_discard: Some(d), .. } => Some((d.seat, d.tile)),
        _ => None,
    }
}

/// The checks of one frame (replayed to `table`) that depend on `rules`.
pub(super) fn frame_checks(
    f: &Frame,
    table: &Table,
    rules: &RuleOptions,
    fp: Option<&FramePos>,
    place: RecordPlace,
    out: &mut Vec<Diagnostic>,
) {
    let at = fp.map(|p| p.item.field(6));
    let mut warn = |pos: Option<Pos>, text: Text| {
        let message = tr!("rules-at-frame", frame = f.id, text = text);
        out.push(Diagnostic { severity: Severity::Warning, place, pos, message });
    };
    // Two or three rons recorded where the rules pay only one, or make three a draw.
    if let FrameEnd::Ron { winners, .. } = table.end() {
        if winners.len() > 1 && rules.double_ron == DoubleRon::Atamahane {
            warn(at, tr!("rules-rons-atamahane", count = winners.len()));
        } else if winners.len() == 3 && rules.abortive.triple_ron {
            warn(at, tr!("rules-rons-three-draw").text());
        }
    }
    // A frame whose end points are recorded is over: with no win and tiles left, an abortive draw
    // (unless a chombo voided it).
    if table.end() == FrameEnd::NoResult && f.end_points.is_some() && table.acts > 0 && !super::penalty::voided(f) {
        match abortive_reason(f, table) {
            Some(kind) if !kind.played(&rules.abortive) => {
                warn(at, tr!("rules-abortive-not-played", kind = kind.word()))
            }
            Some(_) => {}
            None if rules.abortive == AbortiveDraws::NONE => warn(at, tr!("rules-abortive-none-played").text()),
            None => warn(at, tr!("rules-abortive-no-reason").text()),
        }
    }
    if !rules.red_fives {
        red_five_check(f, fp, &mut warn);
    }
}

/// The first red five of a frame whose rules play none (its start hands, acts and dora), said
/// once at its place: it counts as a plain five. Nothing is allocated: the recorder checks the
/// whole file after every entry.
fn red_five_check(f: &Frame, fp: Option<&FramePos>, warn: &mut impl FnMut(Option<Pos>, Text)) {
    let Some(flow) = f.flow.as_ref() else { return };
    let red = |t: &Tile| t.is_red();
    let found = flow
        .start_hands
        .iter()
        .enumerate()
        .find_map(|(n, sh)| {
            let t = sh.hand.tiles.iter().chain(sh.hand.tsumo.iter()).find(|t| red(t))?;
            Some((*t, fp.and_then(|p| p.start_hands.get(n).copied())))
        })
        .or_else(|| {
            flow.acts
                .iter()
                .enumerate()
                .find_map(|(n, a)| Some((act_red_five(a)?, fp.and_then(|p| p.acts.get(n).copied()))))
        })
        .or_else(|| Some((*f.dora.iter().find(|t| red(t))?, fp.map(|p| p.item.field(4)))));
    if let Some((tile, pos)) = found {
        warn(pos, tr!("rules-red-five-not-played", tile = tile));
    }
}

/// A red five an act names, if any.
fn act_red_five(a: &crate::format::Act) -> Option<Tile> {
    use crate::format::Discard;
    let drawn: &[Tile] = match &a.draw {
        Draw::Tile(t) | Draw::Rinshan(t) => std::slice::from_ref(t),
        Draw::Chi(t) | Draw::Pon(t) => t,
        Draw::Daiminkan(t) => t,
        Draw::Ron | Draw::Oya => &[],
    };
    let put: &[Tile] = match &a.discard {
        Some(Discard::Tile(t) | Discard::Kakan(t) | Discard::Riichi(t)) => std::slice::from_ref(t),
        Some(Discard::Ankan(t)) => t,
        _ => &[],
    };
    drawn.iter().chain(put).find(|t| t.is_red()).copied()
}

/// What a match's rules comment names that is not taken (an unknown preset, option or value):
/// each said once at its place in the comment, and ignored (the match is judged by the rest).
pub(super) fn named_rules_check(m: &Match, at: Option<Pos>, mi: usize, out: &mut Vec<Diagnostic>) {
    let Some(text) = m.rules.as_deref() else { return };
    let (_, problems) = super::options::spec::read(text, &RuleOptions::M_LEAGUE);
    let place = RecordPlace { match_index: mi, frame: None, act: None };
    for p in problems {
        let pos = at.map(|a| Pos { offset: a.offset + p.offset, line: a.line });
        out.push(Diagnostic { severity: Severity::Warning, place, pos, message: p.message });
    }
}

/// The checks of a whole match that depend on `rules`: no frame after a player fell below zero
/// where that ends the match.
pub(super) fn match_checks(
    m: &Match,
    fps: Option<&[FramePos]>,
    mi: usize,
    rules: &RuleOptions,
    out: &mut Vec<Diagnostic>,
) {
    if rules.below_zero != BelowZero::MatchEnds {
        return;
    }
    for (i, pair) in m.frames.windows(2).enumerate() {
        let (prev, next) = (&pair[0], &pair[1]);
        let Some(end) = prev.end_points else { continue };
        let Some(seat) = Seat::ALL.into_iter().find(|s| end[s.index()].0 < 0) else { continue };
        let place = RecordPlace { match_index: mi, frame: Some(i + 1), act: None };
        let pos = fps.and_then(|p| p.get(i + 1)).map(|p| p.item.field(0));
        let text = tr!(
            "rules-below-zero-match-ends",
            seat = seat.word(),
            previous = prev.id,
            points = end[seat.index()].to_string(),
        );
        let message = tr!("rules-at-frame", frame = next.id, text = text);
        out.push(Diagnostic { severity: Severity::Warning, place, pos, message });
        return;
    }
}
