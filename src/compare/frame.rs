//! One frame of each recording: their differences, the frame a choice of sides gives, and the
//! judge that finds which choice the rules engine and the points check hold consistent.

use crate::format::source::{FramePos, MatchPos};
use crate::format::{
    DORA_SLOTS, Dice, Frame, Hand, Match, PartRef, Pos, RecordPlace, Seat, SeatHand, Severity, Tile, act_text,
    part_text, sort_tiles,
};
use crate::rules::Table;
use crate::rules::validate::{check_frame_table, end_hand_agrees};
use crate::scoring::{RuleOptions, score_frame};

use super::align::{Pair, align};
use super::difference::{At, Difference, FramePair, JUDGED_ALONE, Part, Side};

/// The frames of two matches lined up; their differences are added to `out`, each with the side
/// found consistent.
pub(super) fn compare_frames(
    ma: &Match,
    mb: &Match,
    pos: (Option<&MatchPos>, Option<&MatchPos>),
    mi: usize,
    opts: Option<&RuleOptions>,
    out: &mut Vec<Difference>,
) -> Vec<FramePair> {
    let frames = align(&ma.frames, &mb.frames, |x, y| {
        if x.id == y.id { Some(0) } else { (x.id.wind == y.id.wind && x.id.number == y.id.number).then_some(1) }
    });
    let mut pairs = Vec::with_capacity(frames.len());
    for (k, &pair) in frames.iter().enumerate() {
        let at = At { matches: mi, frame: Some(k), act: None };
        match pair {
            Pair::Both(i, j) => {
                let (fa, fb) = (&ma.frames[i], &mb.frames[j]);
                let fp = (pos.0.and_then(|p| p.frames.get(i)), pos.1.and_then(|p| p.frames.get(j)));
                let acts = match (&fa.flow, &fb.flow) {
                    (Some(x), Some(y)) => {
                        align(&x.acts, &y.acts, |p, q| if p == q { Some(0) } else { (p.seat == q.seat).then_some(1) })
                    }
                    _ => Vec::new(),
                };
                if fa == fb {
                    pairs.push(FramePair { pair, acts });
                    continue;
                }
                let start = out.len();
                differences(fa, fb, fp, at, &acts, out);
                if let Some(opts) = opts {
                    judge_choices(fa, fb, &acts, opts, &mut out[start..]);
                }
                pairs.push(FramePair { pair, acts });
            }
            Pair::OnlyA(i) | Pair::OnlyB(i) => {
                let only_a = pair.a().is_some();
                let f = if only_a { &ma.frames[i] } else { &mb.frames[i] };
                let id = Some(f.id.to_string());
                out.push(Difference {
                    part: Part::Frame,
                    at,
                    frame_id: Some(f.id),
                    act_place: None,
                    acts_in_a: 0,
                    a: if only_a { id.clone() } else { None },
                    b: if only_a { None } else { id },
                    pos: (frame_anchor(&frames, k, Side::A, pos.0), frame_anchor(&frames, k, Side::B, pos.1)),
                    consistent: None,
                });
                pairs.push(FramePair { pair, acts: Vec::new() });
            }
        }
    }
    pairs
}

/// Where frame pair `k` is, or would go, in the file of `side`: the start of its frame there, of
/// the next frame that side has, or of what follows the frames.
fn frame_anchor(frames: &[Pair], k: usize, side: Side, mp: Option<&MatchPos>) -> Option<Pos> {
    let mp = mp?;
    let of = |p: &Pair| if side == Side::A { p.a() } else { p.b() };
    let next = frames[k..].iter().find_map(of).and_then(|i| mp.frames.get(i)).map(|f| f.item.start);
    next.or(mp.end_points.as_ref().map(|i| i.start)).or(mp.tour_points.as_ref().map(|i| i.start)).or(Some(mp.start))
}

/// The differences of two frames standing at one place, in file order.
fn differences(
    fa: &Frame,
    fb: &Frame,
    fp: (Option<&FramePos>, Option<&FramePos>),
    at: At,
    acts: &[Pair],
    out: &mut Vec<Difference>,
) {
    let field = |side: Side, n: usize| if side == Side::A { fp.0 } else { fp.1 }.map(|p| p.item.field(n));
    let acts_in_a = fa.flow.as_ref().map_or(0, |f| f.acts.len());
    let mut push = |part: Part, act: Option<usize>, place, a: Option<String>, b: Option<String>, pos| {
        if a != b {
            out.push(Difference {
                part,
                at: At { act, ..at },
                frame_id: Some(fa.id),
                act_place: place,
                acts_in_a,
                a,
                b,
                pos,
                consistent: None,
            });
        }
    };
    let both = |n: usize| (field(Side::A, n), field(Side::B, n));
    push(Part::FrameId, None, None, Some(fa.id.to_string()), Some(fb.id.to_string()), both(0));
    push(Part::Kyoutaku, None, None, fa.kyoutaku.map(|k| k.to_string()), fb.kyoutaku.map(|k| k.to_string()), both(1));
    push(Part::Dice, None, None, fa.dice.map(dice_text), fb.dice.map(dice_text), both(2));
    let pfs = |f: &Frame| f.start_points.as_ref().map(|p| part_text(PartRef::StartPoints(p)));
    push(Part::StartPoints, None, None, pfs(fa), pfs(fb), both(3));
    for slot in 0..DORA_SLOTS {
        push(Part::Indicator(slot), None, None, slot_text(&fa.dora, slot), slot_text(&fb.dora, slot), both(4));
    }
    match (&fa.flow, &fb.flow) {
        (Some(xa), Some(xb)) => {
            let (fpa, fpb) = fp;
            // Where `seat`'s hand is in the file of a side: its line, or the field of the flow.
            let hand_pos = |hands: &[SeatHand], seat: Seat, p: Option<&FramePos>, end: bool| {
                let lines = p.map(|p| if end { &p.end_hands } else { &p.start_hands });
                let i = hands.iter().position(|h| h.seat == seat);
                i.and_then(|i| lines?.get(i).copied()).or(p.map(|p| p.item.field(if end { 6 } else { 5 })))
            };
            // A seat's hand on each side, as written, and where it is.
            let hand = |seat: Seat, ha: &[SeatHand], hb: &[SeatHand], end: bool| {
                let pos = (hand_pos(ha, seat, fpa, end), hand_pos(hb, seat, fpb, end));
                (hand_text(ha, seat), hand_text(hb, seat), pos)
            };
            for seat in Seat::ALL {
                let (ta, tb, pos) = hand(seat, &xa.start_hands, &xb.start_hands, false);
                push(Part::StartHand(seat), None, None, ta, tb, pos);
            }
            // Where act `i` of a side is, or the act would go: that act, or the end hands.
            let act_pos = |p: Option<&FramePos>, i: usize| {
                p.and_then(|p| p.acts.get(i).or(p.end_hands.first()).copied().or(Some(p.item.field(5))))
            };
            let (mut i, mut j) = (0, 0);
            for (k, pair) in acts.iter().enumerate() {
                let text = |acts: &[crate::format::Act], n: Option<usize>| n.map(|n| act_text(&acts[n]));
                let (ta, tb) = (text(&xa.acts, pair.a()), text(&xb.acts, pair.b()));
                push(Part::Act, Some(k), Some((i, j)), ta, tb, (act_pos(fpa, i), act_pos(fpb, j)));
                i += usize::from(pair.a().is_some());
                j += usize::from(pair.b().is_some());
            }
            let (ta, tb) = (Table::replay(fa, usize::MAX), Table::replay(fb, usize::MAX));
            for seat in Seat::ALL {
                let (ea, eb) = (seat_hand(&xa.end_hands, seat), seat_hand(&xb.end_hands, seat));
                // An end hand that is what its side's acts leave follows the acts.
                let follows = |e: Option<&Hand>, t: &Option<Table>| match (e, t) {
                    (Some(h), Some(t)) => end_hand_agrees(seat, h, t),
                    _ => false,
                };
                if follows(ea, &ta) && follows(eb, &tb) {
                    continue;
                }
                let (ta, tb, pos) = hand(seat, &xa.end_hands, &xb.end_hands, true);
                push(Part::EndHand(seat), None, None, ta, tb, pos);
            }
        }
        (None, None) => {}
        (x, y) => {
            let n = |f: Option<&crate::format::FrameFlow>| f.map(|f| f.acts.len().to_string());
            push(Part::Flow, None, None, n(x.as_ref()), n(y.as_ref()), both(5));
        }
    }
    let pfe = |f: &Frame| f.end_points.as_ref().map(|p| part_text(PartRef::EndPoints(p)));
    push(Part::EndPoints, None, None, pfe(fa), pfe(fb), both(6));
    let cmt = |f: &Frame| f.comment.as_ref().map(|c| part_text(PartRef::Str(c)));
    push(Part::Comment, None, None, cmt(fa), cmt(fb), both(7));
}

fn dice_text(d: Dice) -> String {
    match d {
        Dice::Pair(a, b) => format!("{a}-{b}"),
        Dice::Total(t) => t.to_string(),
    }
}

/// A slot of the dora field; `None` when it holds no known tile.
fn slot_text(dora: &[Tile], slot: usize) -> Option<String> {
    dora.get(slot).filter(|t| !t.is_unknown()).map(|t| t.code().to_string())
}

fn seat_hand(hands: &[SeatHand], seat: Seat) -> Option<&Hand> {
    hands.iter().find(|h| h.seat == seat).map(|h| &h.hand)
}

fn hand_text(hands: &[SeatHand], seat: Seat) -> Option<String> {
    seat_hand(hands, seat).map(|h| part_text(PartRef::Hand(h)))
}

/// Puts `hand` as `seat`'s in `hands` (in seat order), or takes the seat's hand out.
fn put_hand(hands: &mut Vec<SeatHand>, seat: Seat, hand: Option<&Hand>) {
    let at = hands.iter().position(|h| h.seat == seat);
    match (at, hand) {
        (Some(i), Some(h)) => hands[i].hand = h.clone(),
        (Some(i), None) => {
            hands.remove(i);
        }
        (None, Some(h)) => {
            let i = hands.iter().position(|x| x.seat.index() > seat.index()).unwrap_or(hands.len());
            hands.insert(i, SeatHand { seat, hand: h.clone() });
        }
        (None, None) => {}
    }
}

/// The frame the choices give: A's frame with each difference chosen B taken from B's. `picks`
/// holds each difference's part and act pair with its side. End hands that followed the acts
/// follow the chosen acts.
pub(super) fn chosen_frame(fa: &Frame, fb: &Frame, acts: &[Pair], picks: &[(Part, Option<usize>, Side)]) -> Frame {
    let from_b = |part: Part, act: Option<usize>| picks.iter().any(|p| (p.0, p.1, p.2) == (part, act, Side::B));
    let listed = |part: Part| picks.iter().any(|p| p.0 == part);
    let mut r = fa.clone();
    // An act both record keeps the time it was first entered, from whichever side has it.
    if let (Some(flow), Some(xb)) = (r.flow.as_mut(), fb.flow.as_ref()) {
        flow.fill_times(xb);
    }
    if picks.iter().all(|p| p.2 == Side::A) {
        return r;
    }
    if from_b(Part::FrameId, None) {
        r.id = fb.id;
    }
    if from_b(Part::Kyoutaku, None) {
        r.kyoutaku = fb.kyoutaku;
    }
    if from_b(Part::Dice, None) {
        r.dice = fb.dice;
    }
    if from_b(Part::StartPoints, None) {
        r.start_points = fb.start_points;
    }
    if from_b(Part::EndPoints, None) {
        r.end_points = fb.end_points;
    }
    if from_b(Part::Comment, None) {
        r.comment = fb.comment.clone();
    }
    if (0..DORA_SLOTS).any(|s| from_b(Part::Indicator(s), None)) {
        let slots =
            |d: &[Tile]| -> Vec<Tile> { (0..DORA_SLOTS).map(|s| d.get(s).copied().unwrap_or(Tile::UNKNOWN)).collect() };
        let (mut d, b_slots) = (slots(&fa.dora), slots(&fb.dora));
        for (s, slot) in d.iter_mut().enumerate() {
            if from_b(Part::Indicator(s), None) {
                *slot = b_slots[s];
            }
        }
        r.dora = if d == b_slots { fb.dora.clone() } else { d };
    }
    if from_b(Part::Flow, None) {
        r.flow = fb.flow.clone();
        return r;
    }
    let (Some(xa), Some(xb), Some(flow)) = (fa.flow.as_ref(), fb.flow.as_ref(), r.flow.as_mut()) else { return r };
    for seat in Seat::ALL {
        if from_b(Part::StartHand(seat), None) {
            put_hand(&mut flow.start_hands, seat, seat_hand(&xb.start_hands, seat));
        }
        if from_b(Part::EndHand(seat), None) {
            put_hand(&mut flow.end_hands, seat, seat_hand(&xb.end_hands, seat));
        }
    }
    // Each act keeps the time it was first entered: A's where A has it, else B's.
    let first_time = |p: Pair| match p {
        Pair::Both(i, j) => xa.time(i).or(xb.time(j)),
        Pair::OnlyA(i) => xa.time(i),
        Pair::OnlyB(j) => xb.time(j),
    };
    let (kept, times): (Vec<crate::format::Act>, Vec<Option<crate::format::ActTime>>) = acts
        .iter()
        .enumerate()
        .filter_map(|(k, p)| match (*p, from_b(Part::Act, Some(k))) {
            (Pair::Both(i, _), false) | (Pair::OnlyA(i), false) => Some((xa.acts[i], first_time(*p))),
            (Pair::Both(_, j), true) | (Pair::OnlyB(j), true) => Some((xb.acts[j], first_time(*p))),
            _ => None,
        })
        .unzip();
    flow.acts = kept;
    flow.times = times;
    while flow.times.last() == Some(&None) {
        flow.times.pop();
    }
    if flow.acts == xa.acts && flow.start_hands == xa.start_hands {
        return r;
    }
    // The acts changed: an end hand both recordings agree on stays (it is evidence the acts must
    // meet); the others follow the new acts (B's own where it agrees, then A's, else the
    // replay's).
    let Some(table) = Table::replay(&r, usize::MAX) else { return r };
    let Some(flow) = r.flow.as_mut() else { return r };
    for seat in Seat::ALL {
        let (ea, eb) = (seat_hand(&xa.end_hands, seat), seat_hand(&xb.end_hands, seat));
        if listed(Part::EndHand(seat)) || seat_hand(&flow.end_hands, seat).is_none() || (ea.is_some() && ea == eb) {
            continue;
        }
        let agrees = |h: &&Hand| end_hand_agrees(seat, h, &table);
        let hand = match (eb.filter(agrees), ea.filter(agrees)) {
            (Some(h), _) | (None, Some(h)) => h.clone(),
            (None, None) => {
                let mut h = table.hand_of(seat);
                sort_tiles(&mut h.tiles);
                h
            }
        };
        put_hand(&mut flow.end_hands, seat, Some(&hand));
    }
    r
}

/// How far a frame is from consistent: its errors (a disagreement of its end points with the
/// scored ones counted as one), then its warnings.
fn judge(f: &Frame, opts: &RuleOptions) -> (usize, usize) {
    let mut found = Vec::new();
    check_frame_table(f, None, RecordPlace::default(), opts, &mut found);
    let mut errors = found.iter().filter(|d| d.severity == Severity::Error).count();
    let warnings = found.len() - errors;
    if let Some(recorded) = f.end_points
        && let Ok(score) = score_frame(f, opts)
        && let Some(scored) = score.end_points(f)
        && scored != recorded
    {
        errors += 1;
    }
    (errors, warnings)
}

/// Says for each difference of one frame which side every best choice takes, when the best
/// choices have no error and all take the same side. Every choice between the sides is judged
/// while there are few differences; past [`JUDGED_ALONE`] only each whole side is.
pub(super) fn judge_choices(fa: &Frame, fb: &Frame, acts: &[Pair], opts: &RuleOptions, diffs: &mut [Difference]) {
    // A comment or a frame id changes nothing the rules look at here.
    let judged: Vec<usize> = (0..diffs.len()).filter(|&k| !matches!(diffs[k].part, Part::Comment)).collect();
    if judged.is_empty() {
        return;
    }
    // Whether choice `mask` takes difference `bit` from B; past [`JUDGED_ALONE`] differences the
    // choices are only all A (0) and all B (every bit, however many differences there are).
    let from_b = |mask: u64, bit: usize| mask == u64::MAX || (bit < 64 && mask >> bit & 1 == 1);
    let frame_of = |mask: u64| {
        let picks: Vec<(Part, Option<usize>, Side)> = judged
            .iter()
            .enumerate()
            .map(|(bit, &k)| (diffs[k].part, diffs[k].at.act, if from_b(mask, bit) { Side::B } else { Side::A }))
            .collect();
        chosen_frame(fa, fb, acts, &picks)
    };
    let n = judged.len();
    let masks: Vec<u64> = if n <= JUDGED_ALONE { (0..1u64 << n).collect() } else { vec![0, u64::MAX] };
    let scores: Vec<(u64, (usize, usize))> = masks.iter().map(|&m| (m, judge(&frame_of(m), opts))).collect();
    let Some(best) = scores.iter().map(|s| s.1).min() else { return };
    if best.0 > 0 {
        return;
    }
    let bests: Vec<u64> = scores.iter().filter(|s| s.1 == best).map(|s| s.0).collect();
    for (bit, &k) in judged.iter().enumerate() {
        let sides: Vec<bool> = bests.iter().map(|&m| from_b(m, bit)).collect();
        if sides.iter().all(|&b| b) {
            diffs[k].consistent = Some(Side::B);
        } else if sides.iter().all(|&b| !b) {
            diffs[k].consistent = Some(Side::A);
        }
    }
}
