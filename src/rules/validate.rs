//! Whole-file judgement: every frame replayed act by act, its end hands compared with the replay,
//! its dora and points checked, and the frames of a match checked against each other (ids,
//! honba, riichi sticks, points carried from one frame to the next).

use crate::format::{
    self, Diagnostic, Frame, FrameId, Hand, Match, Paifu, Points, Pos, RecordPlace, Seat, Severity, SourceMap, Tile,
    source::FramePos,
};

use crate::i18n::{Text, tr};

use super::options::{Indicators, KanDora, RuleOptions, spec};
use super::shape;
use super::table::{Finding, FrameEnd, Table, same_kind};
use super::variations;

/// What the replay of a frame found out, for the checks of the frames after it.
#[derive(Clone, Debug)]
pub struct FrameSummary {
    pub end: FrameEnd,
    /// Riichi sticks deposited during the frame.
    pub riichi_sticks: u8,
    /// Whether East was tenpai at the end (`None` when unknown tiles hide it).
    pub dealer_tenpai: Option<bool>,
    /// A penalty voided the hand (a chombo): the same frame is played again, its riichi sticks
    /// back with their owners.
    pub voided: bool,
}

/// All findings for a record: the structural checks, then the replay of every frame whose
/// structure is sound, then the match-level checks. `map` gives positions. Each match is judged
/// under the rules it names (`// rules: tenhou`), else M League's.
pub fn check(paifu: &Paifu, map: Option<&SourceMap>) -> Vec<Diagnostic> {
    check_under(paifu, map, None)
}

/// The rules a match is judged under: `chosen` when given, else the rules its comment names (a
/// preset and its differences), else M League's.
pub fn rules_of(m: &Match, chosen: Option<&RuleOptions>) -> RuleOptions {
    chosen.copied().unwrap_or_else(|| rules_or(m, &RuleOptions::M_LEAGUE))
}

/// The rules a match is judged under in the app: the rules its comment names, else `default`
/// (the user's choice for files that name none; also the base of a comment whose preset is
/// unknown).
pub fn rules_or(m: &Match, default: &RuleOptions) -> RuleOptions {
    m.rules.as_deref().map_or(*default, |text| spec::read(text, default).0)
}

/// [`check`] under `rules` (for every match) when given.
pub fn check_under(paifu: &Paifu, map: Option<&SourceMap>, rules: Option<&RuleOptions>) -> Vec<Diagnostic> {
    let mut out = format::check(paifu, map);
    let broken: Vec<(usize, Option<usize>)> =
        out.iter().filter(|d| d.severity == Severity::Error).map(|d| (d.place.match_index, d.place.frame)).collect();
    for (mi, m) in paifu.matches.iter().enumerate() {
        let mp = map.and_then(|s| s.matches.get(mi));
        let opts = rules_of(m, rules);
        let mut summaries = Vec::with_capacity(m.frames.len());
        for (fi, f) in m.frames.iter().enumerate() {
            let place = RecordPlace { match_index: mi, frame: Some(fi), act: None };
            if broken.contains(&(mi, Some(fi))) {
                summaries.push(None);
                continue;
            }
            let fp = mp.and_then(|p| p.frames.get(fi));
            summaries.push(check_frame_table(f, fp, place, &opts, &mut out).map(|(s, _)| s));
        }
        variations::named_rules_check(m, mp.and_then(|p| p.rules), mi, &mut out);
        check_match(m, &summaries, mp.map(|p| p.frames.as_slice()), mi, &opts, &mut out);
    }
    out
}

/// The same findings as [`check`] without positions, worked out again only for the frames that
/// changed since the last call: the recorder checks the whole file after every entry this way.
#[derive(Clone, Debug, Default)]
pub struct Incremental {
    matches: Vec<Vec<CachedFrame>>,
    /// The rules a match that names none is judged under (see [`rules_or`]).
    default: RuleOptions,
}

#[derive(Clone, Debug)]
struct CachedFrame {
    frame: Frame,
    rules: RuleOptions,
    found: Vec<Diagnostic>,
    summary: Option<FrameSummary>,
    /// The table after the frame's last act (when its structure allowed a replay).
    table: Option<Table>,
}

impl Incremental {
    /// Judges a match that names no rules under `default` from now on (a frame is checked again
    /// when the rules it is judged under change).
    pub fn set_default_rules(&mut self, default: RuleOptions) {
        self.default = default;
    }

    /// All findings for `paifu` (in a different order than [`check`]: by match, header first,
    /// then frame by frame).
    pub fn check(&mut self, paifu: &Paifu) -> Vec<Diagnostic> {
        self.matches.resize_with(paifu.matches.len(), Vec::new);
        let mut out = Vec::new();
        for (mi, m) in paifu.matches.iter().enumerate() {
            out.extend(format::check::check_header(m, mi));
            let opts = rules_or(m, &self.default);
            let cache = &mut self.matches[mi];
            cache.truncate(m.frames.len());
            for (fi, f) in m.frames.iter().enumerate() {
                if cache.get(fi).is_some_and(|c| c.frame == *f && c.rules == opts) {
                    continue;
                }
                let mut found = format::check::check_frame(f, mi, fi);
                let place = RecordPlace { match_index: mi, frame: Some(fi), act: None };
                let (summary, table) = if found.iter().any(|d| d.severity == Severity::Error) {
                    (None, None)
                } else {
                    match check_frame_table(f, None, place, &opts, &mut found) {
                        Some((s, t)) => (Some(s), Some(t)),
                        None => (None, None),
                    }
                };
                let c = CachedFrame { frame: f.clone(), rules: opts, found, summary, table };
                if fi < cache.len() {
                    cache[fi] = c;
                } else {
                    cache.push(c);
                }
            }
            let summaries: Vec<Option<FrameSummary>> = cache.iter().map(|c| c.summary.clone()).collect();
            for c in cache.iter() {
                out.extend(c.found.iter().cloned());
            }
            variations::named_rules_check(m, None, mi, &mut out);
            check_match(m, &summaries, None, mi, &opts, &mut out);
        }
        out
    }

    /// The table after the last act of frame `fi` of match `mi`, as the last [`Incremental::check`]
    /// replayed it (`None` when the frame's structure is broken).
    pub fn table(&self, mi: usize, fi: usize) -> Option<&Table> {
        self.matches.get(mi)?.get(fi)?.table.as_ref()
    }
}

/// Replays one frame under M League's rules, adding its findings to `out`; `None` when it has no
/// flow.
pub fn check_frame(
    f: &Frame,
    fp: Option<&FramePos>,
    place: RecordPlace,
    out: &mut Vec<Diagnostic>,
) -> Option<FrameSummary> {
    check_frame_table(f, fp, place, &RuleOptions::M_LEAGUE, out).map(|(s, _)| s)
}

/// [`check_frame`] under `rules`, also returning the table after the last act.
pub fn check_frame_table(
    f: &Frame,
    fp: Option<&FramePos>,
    place: RecordPlace,
    rules: &RuleOptions,
    out: &mut Vec<Diagnostic>,
) -> Option<(FrameSummary, Table)> {
    let flow = f.flow.as_ref()?;
    let field = |n: usize| fp.map(|p| p.item.field(n));
    let (mut table, start) = Table::start(f)?;
    let start_at = fp.and_then(|p| p.start_hands.first().copied()).or(field(5));
    push(out, start, place, start_at, f.id);
    // A chombo's false win (a ron or tsumo on a hand that is none) is what its penalty covers:
    // its warning is not said again.
    let voided = super::penalty::voided(f);
    for (n, act) in flow.acts.iter().enumerate() {
        let mut found = table.apply(act);
        if voided && (act.draw == format::Draw::Ron || act.discard == Some(format::Discard::Tsumo)) {
            found.retain(|x| x.severity == Severity::Error);
        }
        let at = fp.and_then(|p| p.acts.get(n).copied());
        push(out, found, RecordPlace { act: Some(n), ..place }, at, f.id);
    }
    for (n, sh) in flow.end_hands.iter().enumerate() {
        let at = fp.and_then(|p| p.end_hands.get(n).copied());
        if let Some(msg) = end_hand_problem(sh.seat, &sh.hand, &table.hand_of(sh.seat), true) {
            push(out, vec![Finding { severity: Severity::Error, message: msg }], place, at, f.id);
        }
    }
    let end = table.end();
    dora_checks(f, &table, &end, rules, field(4), place, out);
    variations::frame_checks(f, &table, rules, fp, place, out);
    points_checks(f, &table, &end, field(6), place, out);
    for problem in super::penalty::penalties(f).1 {
        push(out, vec![Finding { severity: Severity::Warning, message: problem }], place, field(7), f.id);
    }
    let dealer_tenpai = table.seats[0].kinds().map(|k| !shape::waits(&k).is_empty());
    Some((FrameSummary { end, riichi_sticks: table.riichi_sticks, dealer_tenpai, voided }, table))
}

fn push(out: &mut Vec<Diagnostic>, found: Vec<Finding>, place: RecordPlace, pos: Option<Pos>, id: FrameId) {
    for f in found {
        let message = match place.act {
            Some(a) => tr!("rules-at-act", frame = id, act = a + 1, text = f.message),
            None => tr!("rules-at-frame", frame = id, text = f.message),
        };
        out.push(Diagnostic { severity: f.severity, place, pos, message });
    }
}

/// True when every recorded end hand of `f` agrees with `table` (the table after its last act).
pub fn end_hands_agree(f: &Frame, table: &Table) -> bool {
    f.flow.as_ref().is_none_or(|fl| fl.end_hands.iter().all(|sh| end_hand_agrees(sh.seat, &sh.hand, table)))
}

/// True when `recorded`, the end hand of `seat`, agrees with `table` (the table after the last
/// act); unknown tiles match anything.
pub fn end_hand_agrees(seat: Seat, recorded: &Hand, table: &Table) -> bool {
    end_hand_problem(seat, recorded, &table.hand_of(seat), false).is_none()
}

/// Why a recorded end hand differs from the replayed one (told when `tell`, else an empty
/// text); unknown tiles match anything.
fn end_hand_problem(seat: Seat, recorded: &Hand, replayed: &Hand, tell: bool) -> Option<Text> {
    let mut rec: Vec<Tile> = recorded.tiles.clone();
    rec.extend(recorded.tsumo);
    let mut rep: Vec<Tile> = replayed.tiles.clone();
    rep.extend(replayed.tsumo);
    let (missing, extra) = difference(&rep, &rec);
    let s = seat.word();
    let differs = !missing.is_empty() || !extra.is_empty() || recorded.furo.len() != replayed.furo.len();
    if differs && !tell {
        return Some(Text::default());
    }
    if !missing.is_empty() || !extra.is_empty() {
        let codes = |v: &[Tile]| format::tiles_text(v);
        let mut parts = Vec::new();
        if !extra.is_empty() {
            parts.push(tr!("rules-end-hand-has", tiles = codes(&extra)));
        }
        if !missing.is_empty() {
            parts.push(tr!("rules-end-hand-lacks", tiles = codes(&missing)));
        }
        let how = Text::join(parts, tr!("rules-end-hand-and"));
        return Some(tr!("rules-end-hand-differs", seat = s, how = how, replay = codes(&rep)));
    }
    if recorded.furo.len() != replayed.furo.len() {
        let (r, p) = (recorded.furo.len(), replayed.furo.len());
        return Some(tr!("rules-end-hand-melds", seat = s, recorded = r, made = p));
    }
    let mut unmatched: Vec<_> = replayed.furo.clone();
    for f in &recorded.furo {
        match unmatched.iter().position(|r| furo_matches(f, r)) {
            Some(p) => {
                unmatched.remove(p);
            }
            None if !tell => return Some(Text::default()),
            None => {
                let meld = format::furo_text(f);
                return Some(tr!("rules-end-hand-extra-meld", seat = s, meld = meld));
            }
        }
    }
    None
}

/// Tiles of `a` not in `b` and of `b` not in `a` (exact spellings), after unknowns of either side
/// have stood in for what the other lacks.
fn difference(a: &[Tile], b: &[Tile]) -> (Vec<Tile>, Vec<Tile>) {
    let mut only_a: Vec<Tile> = a.iter().copied().filter(|t| !t.is_unknown()).collect();
    let mut only_b: Vec<Tile> = Vec::new();
    for &t in b.iter().filter(|t| !t.is_unknown()) {
        match only_a.iter().position(|&x| x == t) {
            Some(p) => {
                only_a.remove(p);
            }
            None => only_b.push(t),
        }
    }
    let unknown_a = a.iter().filter(|t| t.is_unknown()).count();
    let unknown_b = b.iter().filter(|t| t.is_unknown()).count();
    if a.len() == b.len() && only_a.len() <= unknown_b && only_b.len() <= unknown_a {
        return (Vec::new(), Vec::new());
    }
    (only_a, only_b)
}

pub(crate) fn furo_matches(a: &format::Furo, b: &format::Furo) -> bool {
    use format::Furo::*;
    let tiles = |f: &format::Furo| -> (u8, Vec<Tile>, Option<format::CalledFrom>) {
        match *f {
            Chi { called, hand } => (0, vec![called, hand[0], hand[1]], None),
            Pon { called, hand, from } => (1, vec![called, hand[0], hand[1]], Some(from)),
            Daiminkan { called, hand, from } => (2, vec![called, hand[0], hand[1], hand[2]], Some(from)),
            Kakan { added, called, hand, from } => (3, vec![added, called, hand[0], hand[1]], Some(from)),
            Ankan(t) => (4, t.to_vec(), None),
        }
    };
    let (ka, ta, fa) = tiles(a);
    let (kb, tb, fb) = tiles(b);
    ka == kb && fa == fb && ta.len() == tb.len() && ta.iter().zip(&tb).all(|(x, y)| same_kind(*x, *y))
}

/// The dora slots a frame should have filled in but has not: the dora indicator; the indicator
/// of each kan's dora turned so far under the rules (a kakan robbed by a chankan shows none; under
/// [`KanDora::OpenAfterDiscard`], an open kan's waits for the discard; none where kan dora are not
/// played); the ura indicator under the dora when a riichi hand won and the rules turn it. A frame
/// still being recorded is judged as far as it has come; a frame without a dora field has nothing
/// to say.
pub fn missing_indicators(f: &Frame, table: &Table, rules: Indicators) -> Vec<usize> {
    // A frame that leaves the dora field out says nothing of its indicators.
    if f.dora.is_empty() {
        return Vec::new();
    }
    let known = |i: usize| f.dora.get(i).is_some_and(|d| !d.is_unknown());
    let mut out = Vec::new();
    if !known(format::dora_slot(0)) {
        out.push(format::dora_slot(0));
    }
    let end = table.end();
    let kans = table.dora_shown_under(rules.kan_dora) - 1;
    out.extend((1..=kans).map(format::dora_slot).filter(|&s| !known(s)));
    // The ura indicator is recorded with the end of the frame: not missing before its end points.
    if rules.ura && riichi_won(table, &end) && f.end_points.is_some() && !known(format::ura_slot(0)) {
        out.push(format::ura_slot(0));
    }
    out
}

/// True when a seat in riichi won the frame.
fn riichi_won(table: &Table, end: &FrameEnd) -> bool {
    match end {
        FrameEnd::Tsumo { seat, .. } => table.seats[seat.index()].riichi.is_some(),
        FrameEnd::Ron { winners, .. } => winners.iter().any(|w| table.seats[w.index()].riichi.is_some()),
        _ => false,
    }
}

/// Ura dora without a riichi win; kan dora beyond the kans made; indicators face up that the
/// record leaves out (the dora, a kan's dora, the ura of a riichi win).
fn dora_checks(
    f: &Frame,
    table: &Table,
    end: &FrameEnd,
    rules: &RuleOptions,
    at: Option<Pos>,
    place: RecordPlace,
    out: &mut Vec<Diagnostic>,
) {
    let (id, timing) = (f.id, rules.kan_dora);
    let mut warn = |text: Text| {
        let message = tr!("rules-at-frame", frame = id, text = text);
        out.push(Diagnostic { severity: Severity::Warning, place, pos: at, message })
    };
    for slot in missing_indicators(f, table, rules.indicators()) {
        let text = match (slot % 2, slot / 2) {
            (0, 0) => tr!("rules-dora-not-recorded").text(),
            (0, n) => tr!("rules-kan-dora-not-recorded", kan = n),
            _ => {
                let winners: Vec<Seat> = match end {
                    FrameEnd::Tsumo { seat, .. } => vec![*seat],
                    FrameEnd::Ron { winners, .. } => winners.clone(),
                    _ => Vec::new(),
                };
                let riichi: Vec<Seat> =
                    winners.into_iter().filter(|w| table.seats[w.index()].riichi.is_some()).collect();
                let names = Text::join(riichi.iter().map(|w| w.word().text()), tr!("rules-seats-and"));
                tr!("rules-ura-not-recorded", seats = names)
            }
        };
        warn(text);
    }
    if f.dora.len() != 10 {
        return;
    }
    let known = |i: usize| !f.dora[i].is_unknown();
    let uras: Vec<usize> = [1, 3, 5, 7, 9].into_iter().filter(|&i| known(i)).collect();
    if !uras.is_empty() && !rules.ura_dora {
        warn(tr!("rules-ura-not-played").text());
    } else if !uras.is_empty() && !riichi_won(table, end) {
        warn(tr!("rules-ura-without-riichi-win").text());
    }
    let kans = usize::from(table.kans);
    let kan_doras = [2, 4, 6, 8].into_iter().filter(|&i| known(i)).count();
    let kan_uras = [3, 5, 7, 9].into_iter().filter(|&i| known(i)).count();
    let n = kan_doras.max(kan_uras);
    let turned = table.dora_shown_under(timing) - 1;
    if n > kans {
        warn(tr!("rules-kan-dora-beyond-kans", count = n, kans = kans));
    } else if n > turned && (table.is_won() || f.end_points.is_some()) {
        let why = match timing {
            KanDora::None => tr!("rules-kan-dora-none"),
            KanDora::AtOnce => tr!("rules-kan-dora-at-once"),
            KanDora::OpenAfterDiscard => tr!("rules-kan-dora-after-discard"),
        };
        warn(tr!("rules-kan-dora-beyond-turned", count = n, kans = kans, turned = turned, why = why));
    }
}

/// The sum of the points must change by exactly the riichi sticks and the kyoutaku collected.
fn points_checks(
    f: &Frame,
    table: &Table,
    end: &FrameEnd,
    at: Option<Pos>,
    place: RecordPlace,
    out: &mut Vec<Diagnostic>,
) {
    let (Some(start), Some(end_pts)) = (f.start_points, f.end_points) else { return };
    // In i64: points come from the file and four of them may not fit an i32 sum.
    let sum = |p: [Points; 4]| p.iter().map(|x| i64::from(x.0)).sum::<i64>();
    let change = sum(end_pts) - sum(start);
    let sticks = i64::from(table.riichi_sticks) * 10;
    let kyoutaku = f.kyoutaku.map_or(0, |k| i64::from(k.0));
    let won = matches!(end, FrameEnd::Tsumo { .. } | FrameEnd::Ron { .. });
    // Table penalties move points too; a hand a chombo voided pays nothing else (its sticks go
    // back).
    let penalties: i64 = super::penalty::table_deltas(f).iter().sum::<i64>() / 100;
    let voided = super::penalty::voided(f);
    let expected = penalties
        + if voided {
            0
        } else if won {
            kyoutaku
        } else {
            -sticks
        };
    if change != expected {
        let why = if voided {
            tr!("rules-points-voided", points = tenths(penalties))
        } else if won {
            tr!("rules-points-winner-collects", points = tenths(kyoutaku + sticks))
        } else {
            tr!("rules-points-sticks-stay", sticks = table.riichi_sticks)
        };
        let message = tr!(
            "rules-points-not-conserved",
            frame = f.id,
            change = tenths(change),
            expected = tenths(expected),
            why = why,
        );
        out.push(Diagnostic { severity: Severity::Warning, place, pos: at, message });
    }
}

/// A count of hundreds of points written as the standard writes points (`-5.8`).
fn tenths(v: i64) -> String {
    let sign = if v < 0 { "-" } else { "" };
    let a = v.unsigned_abs();
    format!("{sign}{}.{}", a / 10, a % 10)
}

/// The riichi sticks left on the table for the next frame (as points, one stick is 1.0): none
/// after a win, else those of the frame's start plus the sticks put down in it.
pub fn carried_kyoutaku(start: Option<Points>, s: &FrameSummary) -> Points {
    let won = matches!(s.end, FrameEnd::Tsumo { .. } | FrameEnd::Ron { .. });
    if s.voided {
        // A chombo: the hand's riichi sticks went back to their owners.
        Points(start.map_or(0, |k| k.0))
    } else if won {
        Points(0)
    } else {
        Points(start.map_or(0, |k| k.0).saturating_add(i32::from(s.riichi_sticks) * 10))
    }
}

/// The frames that may follow `id` given how it ended (two when the dealer's tenpai is unknown).
pub fn next_ids(id: FrameId, s: &FrameSummary) -> Vec<FrameId> {
    if s.voided {
        // A chombo: the same frame again.
        return vec![id];
    }
    let repeat = id.repeated();
    let pass = |honba: u32| id.passed(honba);
    match &s.end {
        FrameEnd::Tsumo { seat: Seat::East, .. } => vec![repeat],
        FrameEnd::Ron { winners, .. } if winners.contains(&Seat::East) => vec![repeat],
        FrameEnd::Tsumo { .. } | FrameEnd::Ron { .. } => vec![pass(0)],
        FrameEnd::Exhaustive => match s.dealer_tenpai {
            Some(true) => vec![repeat],
            Some(false) => vec![pass(id.honba + 1)],
            None => vec![repeat, pass(id.honba + 1)],
        },
        FrameEnd::NoResult => vec![repeat],
    }
}

fn check_match(
    m: &Match,
    summaries: &[Option<FrameSummary>],
    fps: Option<&[FramePos]>,
    mi: usize,
    rules: &RuleOptions,
    out: &mut Vec<Diagnostic>,
) {
    variations::match_checks(m, fps, mi, rules, out);
    for i in 1..m.frames.len() {
        let (prev, cur) = (&m.frames[i - 1], &m.frames[i]);
        let place = RecordPlace { match_index: mi, frame: Some(i), act: None };
        let at = |n: usize| fps.and_then(|p| p.get(i)).map(|p| p.item.field(n));
        let id = cur.id;
        let mut warn = |pos: Option<Pos>, text: Text| {
            let message = tr!("rules-at-frame", frame = id, text = text);
            out.push(Diagnostic { severity: Severity::Warning, place, pos, message })
        };
        if let Some(s) = &summaries[i - 1] {
            let next = next_ids(prev.id, s);
            if !next.contains(&cur.id) {
                let want = Text::join(next.iter().map(|x| x.text()), tr!("rules-frames-or"));
                let how = match &s.end {
                    FrameEnd::Tsumo { seat, .. } => tr!("rules-end-tsumo", seat = seat.word()),
                    FrameEnd::Ron { winners, .. } => {
                        let names = Text::join(winners.iter().map(|w| w.word().text()), tr!("rules-seats-and"));
                        tr!("rules-end-ron", seats = names)
                    }
                    FrameEnd::Exhaustive => match s.dealer_tenpai {
                        Some(true) => tr!("rules-end-exhaustive-dealer-tenpai").text(),
                        _ => tr!("rules-end-exhaustive-dealer-noten").text(),
                    },
                    FrameEnd::NoResult => tr!("rules-end-abortive").text(),
                };
                warn(at(0), tr!("rules-next-frame", previous = prev.id, how = how, next = want));
            }
            let carried = carried_kyoutaku(prev.kyoutaku, s);
            if let Some(k) = cur.kyoutaku
                && k != carried
            {
                let (prev_id, left) = (prev.id, tenths(i64::from(carried.0)));
                let message = tr!("rules-kyoutaku-carried", kyoutaku = k.to_string(), previous = prev_id, left = left);
                warn(at(1), message);
            }
        }
        if let (Some(end), Some(start)) = (prev.end_points, cur.start_points) {
            // Both are in seat order of their own frame: compare per player.
            let expected = cur.id.by_seat(prev.id.by_player(end));
            if expected != start {
                let list = |v: &[Points]| v.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(",");
                let (got, prev_id, want) = (list(&start), prev.id, list(&expected));
                let message = tr!("rules-start-points", points = got, previous = prev_id, expected = want);
                warn(at(3), message);
            }
        }
    }
}
