//! Double entry while recording: my record (A) and the other desk's (B), both still growing,
//! compared as [`compare`](super::compare) compares two files, with what only means that one
//! desk is behind the other set apart from what differs.
//!
//! - The match compared is the last of each record (the one being recorded). Two records of
//!   different matches (the tournament, the date or a player's name differ where both have
//!   them) are refused with the reason: [`LiveComparison::refused`].
//! - A desk is behind, not different, where it lacks what the other has entered at the end of
//!   a frame it has not ended: the acts after its last act, a frame it has not dealt, the
//!   discard of its last act, an indicator, ura or end points of a frame it has not ended. An act
//!   it lacks counts as a difference once it has entered a later act of that frame or its end.
//! - Each difference has a [`Mark`]: its place and both values. A difference kept (mine marked
//!   checked) is known by its mark; a different value on either side is a new difference.
//! - [`take`]: my match with one difference taken from theirs, crediting the recorders of both.
//!
//! Library code: no UI, no network.

use serde::{Deserialize, Serialize};

use super::difference::{Comparison, Difference, Part, Recording};
use super::{Pair, compare_unjudged};
use crate::format::{Act, Frame, Match, Name, Paifu, StrLit};
use crate::i18n::{Text, tr};
use crate::scoring::RuleOptions;

/// A difference as a desk keeps it: where it is and what each side holds. Stored in the journal
/// when the scorer keeps theirs (mine checked), so a restart does not forget it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Mark {
    /// The frame's id (`E1-0`); empty for the match information.
    pub frame: String,
    /// The part (`act`, `indicator 0`, `player 2`, ...).
    pub part: String,
    /// For an act: how many acts of mine come before it.
    #[serde(default)]
    pub act: Option<usize>,
    pub mine: Option<String>,
    pub theirs: Option<String>,
}

/// One difference shown while recording.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveDifference {
    pub difference: Difference,
    pub mark: Mark,
}

impl LiveDifference {
    /// "E1-0 act 25".
    pub fn place(&self) -> Text {
        self.difference.place(false).printable()
    }

    /// My value in words ("(e,8m,rd)", "none").
    pub fn mine(&self) -> Text {
        self.difference.value(super::Side::A).printable()
    }

    /// Their value in words (a name of their record shown without control characters).
    pub fn theirs(&self) -> Text {
        self.difference.value(super::Side::B).printable()
    }

    /// The same place, whatever the values (to follow a difference whose values changed).
    pub fn same_place(&self, mark: &Mark) -> bool {
        self.mark.frame == mark.frame && self.mark.part == mark.part && self.mark.act == mark.act
    }

    /// Whether `kept` (a difference kept as it is) is this difference: the same frame, part and
    /// values. The act's number is not asked: an act inserted or taken out earlier in the frame
    /// moves it, and the difference is still the one kept.
    pub fn is_kept_by(&self, kept: &Mark) -> bool {
        self.mark.frame == kept.frame
            && self.mark.part == kept.part
            && self.mark.mine == kept.mine
            && self.mark.theirs == kept.theirs
    }
}

/// How far each desk is behind the other at the end of the record: acts (and whole frames'
/// acts) the other has entered that it has not yet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Behind {
    pub mine: usize,
    pub theirs: usize,
}

/// My record and theirs compared while both grow.
#[derive(Clone, Debug, Default)]
pub struct LiveComparison {
    /// Why the two cannot be compared (another match), in both languages.
    pub refused: Option<Text>,
    /// The differences, in file order.
    pub differences: Vec<LiveDifference>,
    pub behind: Behind,
}

/// How the link to the other desk stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum LinkState {
    /// Not connected yet.
    #[default]
    Connecting,
    /// Its event stream is open and its record read.
    Up,
    /// No answer since this time (it reconnects by itself).
    Unreachable { since: chrono::DateTime<chrono::Local>, why: Text },
    /// It answers but its record cannot be compared (a wrong token, nothing recorded, not a
    /// record); tried again by itself.
    Refused(Text),
}

/// What the screen shows: the link, their record and the comparison, at one moment.
#[derive(Clone, Debug, Default)]
pub struct Followed {
    pub link: LinkState,
    /// Their record as last read.
    pub theirs: Option<std::sync::Arc<Paifu>>,
    /// My record and theirs compared (empty until both are there).
    pub live: LiveComparison,
    /// The revision sequence of my record the comparison was made from.
    pub mine_seq: u64,
    /// How many times their record was read.
    pub reads: u64,
    /// How many `state` events their event stream brought (when the comparison was published).
    pub events: u64,
    /// When the comparison was published (for the benchmark of the time to a difference).
    pub at: Option<std::time::Instant>,
}

/// The desk followed, as the recorder reads it: its name, its address and a handle to what the
/// follower publishes; `None` while double entry is off.
pub type Watched = Option<(String, String, std::sync::Arc<std::sync::Mutex<std::sync::Arc<Followed>>>)>;

/// Where the app's follower keeps the desk it follows for the recorder to read when it draws:
/// given to the recorder once, set by the follower when it starts, stops or is renamed, and
/// read without a per-frame hand-over through the shell (the follower wakes the window when
/// what it publishes changed).
#[derive(Clone, Debug, Default)]
pub struct FollowedWatch(std::sync::Arc<std::sync::Mutex<Watched>>);

impl FollowedWatch {
    fn cell(&self) -> std::sync::MutexGuard<'_, Watched> {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Follows `watched` from now on.
    pub fn set(&self, watched: Watched) {
        *self.cell() = watched;
    }

    /// The desk followed now: its name, its address and what following it shows.
    pub fn now(&self) -> Option<(String, String, std::sync::Arc<Followed>)> {
        let cell = self.cell();
        let (name, address, followed) = cell.as_ref()?;
        let f = std::sync::Arc::clone(&followed.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
        Some((name.clone(), address.clone(), f))
    }
}

/// The judgements of frames already judged, kept between comparisons of two growing records so
/// only a frame that changed is judged again (the frame being recorded, one just corrected).
#[derive(Debug, Default)]
pub struct Judged {
    by_frames: std::collections::HashMap<u64, Vec<Option<super::Side>>>,
}

/// How many open differences of one frame are judged while recording (2^n choices each); past
/// it the list names no consistent side for that frame.
const JUDGED_LIVE: usize = 6;

/// Compares my record with theirs (the last match of each).
pub fn live(mine: &Paifu, theirs: &Paifu, opts: &RuleOptions) -> LiveComparison {
    live_judged(mine, theirs, opts, &mut Judged::default())
}

/// [`live`], keeping the frames' judgements in `judged` for the next comparison.
pub fn live_judged(mine: &Paifu, theirs: &Paifu, opts: &RuleOptions, judged: &mut Judged) -> LiveComparison {
    let (Some(ma), Some(mb)) = (mine.matches.last(), theirs.matches.last()) else {
        return LiveComparison::default();
    };
    if let Some(why) = another_match(ma, mb) {
        // The reason quotes their record (a name, a tournament): shown without control characters.
        return LiveComparison { refused: Some(why.printable()), ..LiveComparison::default() };
    }
    let (pa, pb) = (Paifu { matches: vec![ma.clone()] }, Paifu { matches: vec![mb.clone()] });
    let cmp = compare_unjudged(Recording::record(&pa), Recording::record(&pb));
    let mut out = LiveComparison::default();
    let frames = frame_pairs(&cmp);
    for d in &cmp.differences {
        match behind(d, ma, mb, &frames) {
            Some(Lag::Mine(n)) => out.behind.mine += n,
            Some(Lag::Theirs(n)) => out.behind.theirs += n,
            None if d.part == Part::Match => {}
            None => out.differences.push(LiveDifference { mark: mark_of(d), difference: d.clone() }),
        }
    }
    judge_open(&cmp, (ma, mb), opts, &mut out.differences, judged);
    out
}

/// Says which side the rules engine and the points check find consistent for the differences
/// that are open, frame by frame (what only means a desk is behind is not judged: it would only
/// multiply the choices).
fn judge_open(
    cmp: &Comparison,
    (ma, mb): (&Match, &Match),
    opts: &RuleOptions,
    open: &mut [LiveDifference],
    judged: &mut Judged,
) {
    use std::hash::{Hash, Hasher};
    let Some(mp) = cmp.matches.first() else { return };
    let named = ma.rules.as_deref().or(mb.rules.as_deref());
    let opts = named
        .map_or(*opts, |text| crate::rules::options::spec::read(text, opts).0)
        .with_point_rule(ma.point_rule.as_ref().or(mb.point_rule.as_ref()));
    let mut kept = std::collections::HashMap::new();
    for (fk, fp) in mp.frames.iter().enumerate() {
        let Pair::Both(i, j) = fp.pair else { continue };
        let (Some(fa), Some(fb)) = (ma.frames.get(i), mb.frames.get(j)) else { continue };
        let mut here: Vec<Difference> =
            open.iter().filter(|d| d.difference.at.frame == Some(fk)).map(|d| d.difference.clone()).collect();
        if here.is_empty() || here.len() > JUDGED_LIVE {
            continue;
        }
        // The open differences of a frame follow from its two sides alone.
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (crate::format::frame_text(fa), crate::format::frame_text(fb)).hash(&mut h);
        let key = h.finish();
        let sides = match judged.by_frames.remove(&key) {
            Some(sides) if sides.len() == here.len() => sides,
            _ => {
                super::frame::judge_choices(fa, fb, &fp.acts, &opts, &mut here);
                here.iter().map(|d| d.consistent).collect()
            }
        };
        for (d, side) in open.iter_mut().filter(|d| d.difference.at.frame == Some(fk)).zip(&sides) {
            d.difference.consistent = *side;
        }
        kept.insert(key, sides);
    }
    // Only the frames of this comparison are kept: the judgements never grow past one match.
    judged.by_frames = kept;
}

/// My last match with the difference at `mark` taken from theirs, the recorders of both
/// credited; `None` when the two no longer differ there (or cannot be compared).
pub fn take(mine: &Paifu, theirs: &Paifu, mark: &Mark) -> Option<Match> {
    let (ma, mb) = (mine.matches.last()?, theirs.matches.last()?);
    if another_match(ma, mb).is_some() {
        return None;
    }
    let (pa, pb) = (Paifu { matches: vec![ma.clone()] }, Paifu { matches: vec![mb.clone()] });
    let cmp = compare_unjudged(Recording::record(&pa), Recording::record(&pb));
    let k = cmp.differences.iter().position(|d| mark_of(d) == *mark)?;
    let mut choices = vec![super::Side::A; cmp.differences.len()];
    choices[k] = super::Side::B;
    // Two acts the wrong way round are two differences, each the other's values crossed: the
    // pair is taken together (one act alone would leave the same act twice).
    for n in [k.wrapping_sub(1), k + 1] {
        if cmp.differences.get(n).is_some_and(|o| swapped(&cmp.differences[k], o)) {
            choices[n] = super::Side::B;
        }
    }
    cmp.reconcile(&pa, &pb, &choices).matches.pop()
}

/// Whether `a` and `o` are two neighbouring acts of one frame recorded the wrong way round.
fn swapped(a: &Difference, o: &Difference) -> bool {
    let next = |x: &Difference, y: &Difference| x.at.act.is_some_and(|k| y.at.act == Some(k + 1));
    a.part == Part::Act
        && o.part == Part::Act
        && a.at.frame == o.at.frame
        && (next(a, o) || next(o, a))
        && a.a.is_some()
        && a.b.is_some()
        && a.a == o.b
        && a.b == o.a
}

/// The same [`Mark`] for a difference however it was found.
pub fn mark_of(d: &Difference) -> Mark {
    Mark {
        frame: d.frame_id.map(|f| f.to_string()).unwrap_or_default(),
        part: part_key(d.part),
        act: (d.part == Part::Act).then(|| d.act_place.map_or(0, |p| p.0)),
        mine: d.a.clone(),
        theirs: d.b.clone(),
    }
}

fn part_key(part: Part) -> String {
    match part {
        Part::Match => "match".into(),
        Part::Tour => "tnm".into(),
        Part::TimePlace => "mtp".into(),
        Part::Player(i) => format!("ply {i}"),
        Part::PointRule => "ptr".into(),
        Part::Rules => "rules".into(),
        Part::MatchEndPoints => "pme".into(),
        Part::TourPoints => "ptn".into(),
        Part::Frame => "frame".into(),
        Part::FrameId => "frame id".into(),
        Part::Kyoutaku => "kyoutaku".into(),
        Part::Dice => "dice".into(),
        Part::StartPoints => "pfs".into(),
        Part::Indicator(s) => format!("indicator {s}"),
        Part::Flow => "flow".into(),
        Part::StartHand(s) => format!("start hand {s}"),
        Part::Act => "act".into(),
        Part::EndHand(s) => format!("end hand {s}"),
        Part::EndPoints => "pfe".into(),
        Part::Comment => "comment".into(),
    }
}

/// Why two matches are not one: the tournament, the date or a player's name differ where both
/// records have them.
fn another_match(ma: &Match, mb: &Match) -> Option<Text> {
    if let (Some(x), Some(y)) = (super::match_part_text(ma, Part::Tour), super::match_part_text(mb, Part::Tour))
        && x != y
    {
        return Some(tr!("compare-live-another-tour", mine = x, theirs = y));
    }
    if let (Some(x), Some(y)) = (ma.time_place.date, mb.time_place.date)
        && x != y
    {
        let day = |d: crate::format::Date| format!("{:04}-{:02}-{:02}", d.year, d.month, d.day);
        return Some(tr!("compare-live-another-date", mine = day(x), theirs = day(y)));
    }
    for pa in &ma.players {
        let Some(pb) = mb.players.iter().find(|p| p.id == pa.id) else { continue };
        if let (Some(x), Some(y)) = (pa.name.as_ref(), pb.name.as_ref())
            && another_person(x, y)
            && let (Some(x), Some(y)) = (name(x), name(y))
        {
            return Some(tr!("compare-live-another-player", seat = u32::from(pa.id) + 1, mine = x, theirs = y));
        }
    }
    None
}

/// Whether two names are of two people: written in one script on both sides (native, else
/// romanized) and different there. A name written natively at one desk and only romanized at
/// the other is not told apart.
fn another_person(x: &Name, y: &Name) -> bool {
    let script = |n: &Name, native: bool| -> Option<String> {
        let part = |s: &Option<StrLit>| {
            let s = s.as_ref()?;
            if native { s.native.clone() } else { s.roman.clone() }.filter(|t| !t.trim().is_empty())
        };
        let (last, first) = (part(&n.last), part(&n.first));
        (last.is_some() || first.is_some())
            .then(|| format!("{} {}", last.unwrap_or_default(), first.unwrap_or_default()))
    };
    for native in [true, false] {
        if let (Some(a), Some(b)) = (script(x, native), script(y, native)) {
            return a.trim() != b.trim();
        }
    }
    false
}

fn lit(s: &StrLit) -> Option<String> {
    s.native.clone().or_else(|| s.roman.clone()).filter(|s| !s.trim().is_empty())
}

fn name(n: &Name) -> Option<String> {
    let part = |s: &Option<StrLit>| s.as_ref().and_then(lit).unwrap_or_default();
    let full = format!("{} {}", part(&n.last), part(&n.first)).trim().to_string();
    (!full.is_empty()).then_some(full)
}

/// A side lagging by so many acts.
enum Lag {
    Mine(usize),
    Theirs(usize),
}

/// The frame pairs of the one match compared.
fn frame_pairs(cmp: &Comparison) -> Vec<Pair> {
    cmp.matches.first().map(|m| m.frames.iter().map(|f| f.pair).collect()).unwrap_or_default()
}

fn acts(f: &Frame) -> &[Act] {
    f.flow.as_ref().map(|f| f.acts.as_slice()).unwrap_or_default()
}

/// Whether difference `d` only says that one desk has not yet entered what the other has.
fn behind(d: &Difference, ma: &Match, mb: &Match, frames: &[Pair]) -> Option<Lag> {
    // The match's end points and tournament points, entered at one desk and not yet at the other.
    if matches!(d.part, Part::MatchEndPoints | Part::TourPoints) {
        return match (&d.a, &d.b) {
            (Some(_), None) => Some(Lag::Theirs(0)),
            (None, Some(_)) => Some(Lag::Mine(0)),
            _ => None,
        };
    }
    let fk = d.at.frame?;
    let pair = *frames.get(fk)?;
    // A whole frame one desk has not dealt, after every frame it has.
    if d.part == Part::Frame {
        let tail = frames[fk..].iter().all(|p| p.a().is_none()) || frames[fk..].iter().all(|p| p.b().is_none());
        return match pair {
            Pair::OnlyA(i) if tail => Some(Lag::Theirs(ma.frames.get(i).map_or(0, |f| acts(f).len()))),
            Pair::OnlyB(j) if tail => Some(Lag::Mine(mb.frames.get(j).map_or(0, |f| acts(f).len()))),
            _ => None,
        };
    }
    let Pair::Both(i, j) = pair else { return None };
    let (fa, fb) = (ma.frames.get(i)?, mb.frames.get(j)?);
    let (ended_a, ended_b) = (fa.end_points.is_some(), fb.end_points.is_some());
    match d.part {
        Part::Act => {
            let (before_a, before_b) = d.act_place?;
            let (xa, xb) = (acts(fa), acts(fb));
            match (&d.a, &d.b) {
                // Theirs lacks it: behind unless they entered a later act or the end.
                (Some(_), None) if !ended_b && xb.len() <= before_b => Some(Lag::Theirs(1)),
                (None, Some(_)) if !ended_a && xa.len() <= before_a => Some(Lag::Mine(1)),
                // The last act of one desk still waits for its discard.
                (Some(_), Some(_)) => {
                    let (a, b) = (xa.get(before_a)?, xb.get(before_b)?);
                    let waits = |x: &Act, last: bool, ended: bool, other: &Act| {
                        last && !ended && x.discard.is_none() && x.seat == other.seat && x.draw == other.draw
                    };
                    if waits(b, before_b + 1 == xb.len(), ended_b, a) {
                        Some(Lag::Theirs(0))
                    } else if waits(a, before_a + 1 == xa.len(), ended_a, b) {
                        Some(Lag::Mine(0))
                    } else {
                        None
                    }
                }
                _ => None,
            }
        }
        // What is entered at the end of a frame (or when a kan shows an indicator), not yet
        // entered by a desk still recording the frame.
        Part::Indicator(_) | Part::EndPoints | Part::EndHand(_) | Part::Comment => match (&d.a, &d.b) {
            (Some(_), None) if !ended_b => Some(Lag::Theirs(0)),
            (None, Some(_)) if !ended_a => Some(Lag::Mine(0)),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(native: Option<(&str, &str)>, roman: Option<(&str, &str)>) -> Name {
        let lit =
            |n: Option<&str>, r: Option<&str>| Some(StrLit { native: n.map(String::from), roman: r.map(String::from) });
        Name { last: lit(native.map(|n| n.0), roman.map(|r| r.0)), first: lit(native.map(|n| n.1), roman.map(|r| r.1)) }
    }

    #[test]
    fn a_player_written_natively_at_one_desk_and_romanized_at_the_other_is_one_person() {
        let ooi = name(Some(("多井", "隆晴")), Some(("Ooi", "Takaharu")));
        assert!(!another_person(&ooi, &name(None, Some(("Ooi", "Takaharu")))));
        assert!(!another_person(&ooi, &name(Some(("多井", "隆晴")), None)));
        assert!(another_person(&ooi, &name(Some(("佐々木", "寿人")), None)));
        assert!(another_person(&ooi, &name(None, Some(("Sasaki", "Hisato")))));
        assert!(!another_person(&name(Some(("多井", "隆晴")), None), &name(None, Some(("Sasaki", "Hisato")))));
    }

    #[test]
    fn a_kept_difference_is_known_by_its_values_wherever_its_act_moved() {
        let kept = Mark {
            frame: "E1-0".into(),
            part: "act".into(),
            act: Some(24),
            mine: Some("(e,8m,rd)".into()),
            theirs: Some("(e,8m,tg)".into()),
        };
        let d = |act, theirs: &str| LiveDifference {
            difference: Difference {
                part: Part::Act,
                at: Default::default(),
                frame_id: None,
                act_place: Some((act, act)),
                acts_in_a: 40,
                a: Some("(e,8m,rd)".into()),
                b: Some(theirs.into()),
                pos: (None, None),
                consistent: None,
            },
            mark: Mark { act: Some(act), theirs: Some(theirs.into()), ..kept.clone() },
        };
        assert!(d(25, "(e,8m,tg)").is_kept_by(&kept), "an act inserted before it moved it");
        assert!(!d(24, "(e,8m,3p)").is_kept_by(&kept), "another value is another difference");
    }
}
