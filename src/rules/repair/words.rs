//! A cause in the game's words, in English and Japanese, and the old and new text of its change.

use crate::format::{Discard, Draw, Frame, Points, Tile, act_text};
use crate::i18n::{Lang, Text, tr};

use super::cause::{Cause, Correction, Kind};
use super::search::act_tiles;

/// The name of dora slot `slot` in words.
pub fn slot_name(slot: usize) -> Text {
    let n = slot / 2;
    match (slot % 2, n) {
        (0, 0) => tr!("rules-slot-dora").text(),
        (1, 0) => tr!("rules-slot-ura").text(),
        (0, n) => tr!("rules-slot-kan-dora", kan = n),
        (_, n) => tr!("rules-slot-kan-ura", kan = n),
    }
}

fn discard_words(d: Option<Discard>, drawn: Option<Tile>) -> Text {
    match d {
        Some(Discard::Tsumogiri) => match drawn {
            Some(t) => tr!("rules-discard-drawn-tile", tile = t),
            None => tr!("rules-discard-drawn").text(),
        },
        Some(Discard::Tile(t)) => tr!("rules-discard-from-hand", tile = t),
        Some(Discard::Riichi(t)) => tr!("rules-discard-riichi", tile = t),
        Some(other) => Text::verbatim(format!("{other:?}")),
        None => tr!("rules-discard-nothing").text(),
    }
}

impl Cause {
    /// The act the change is made at (for an inserted act, the act it goes before).
    pub fn act(&self) -> Option<usize> {
        match &self.change {
            Correction::Act { act, .. } | Correction::Remove { act, .. } | Correction::Swap { act } => Some(*act),
            Correction::Insert { at, .. } => Some(*at),
            _ => None,
        }
    }

    /// What the record holds there now, and what the change makes it, as the file writes them.
    pub fn old_new(&self) -> (String, String) {
        let acts =
            |f: &Frame, i: usize| f.flow.as_ref().and_then(|fl| fl.acts.get(i)).map(act_text).unwrap_or_default();
        let points =
            |p: &[Points; 4]| format!("pfe[{}]", p.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(","));
        match &self.change {
            Correction::Act { from, to, .. } => (act_text(from), act_text(to)),
            Correction::StartTile { seat, from, to } => {
                (format!("{} {from}", seat.name(Lang::En)), format!("{} {to}", seat.name(Lang::En)))
            }
            Correction::Indicator { slot, from, to } => {
                let what = slot_name(*slot).en;
                let from = if from.is_unknown() { "(none)".to_string() } else { from.to_string() };
                (format!("{what} {from}"), format!("{what} {to}"))
            }
            Correction::Insert { act, .. } => ("(nothing)".into(), act_text(act)),
            Correction::Remove { was, .. } => (act_text(was), "(nothing)".into()),
            Correction::Swap { act } => {
                let f = &self.fixed;
                (format!("{} {}", acts(f, act + 1), acts(f, *act)), format!("{} {}", acts(f, *act), acts(f, act + 1)))
            }
            Correction::EndPoints { from, to } => (points(from), points(to)),
        }
    }

    /// The cause in the game's words: "act 25, E discarded rd from the hand, not the drawn 8m
    /// (fix: (e,8m,rd))", in both languages.
    pub fn describe(&self) -> Text {
        let what = self.what();
        let told = matches!(self.change, Correction::Indicator { from, .. } if from.is_unknown());
        match (self.others, self.alternatives) {
            _ if told => what,
            (0, 0) => what,
            (0, k) => tr!("rules-cause-less-likely", what = what, count = k),
            (k, _) => tr!("rules-cause-others", what = what, count = k),
        }
    }

    /// The change (and the second one, if any) in the game's words, without how many others fit.
    pub fn what(&self) -> Text {
        let n = |i: usize| i + 1;
        let text = match &self.change {
            Correction::Act { act, from, to } => {
                let seat = to.seat.word();
                let drawn = match to.draw {
                    Draw::Tile(t) | Draw::Rinshan(t) => Some(t),
                    _ => None,
                };
                let fix = to.text();
                match self.kind {
                    Kind::TsumogiriTedashi | Kind::DiscardTile | Kind::Riichi => tr!(
                        "rules-cause-discard",
                        act = n(*act),
                        seat = seat,
                        recorded = discard_words(to.discard, drawn),
                        was = discard_words(from.discard, drawn),
                        fix = fix,
                    ),
                    Kind::DrawTile => {
                        let (a, b) = (act_tiles(to).first().copied(), act_tiles(from).first().copied());
                        let (a, b) = (a.map(Tile::text).unwrap_or_default(), b.map(Tile::text).unwrap_or_default());
                        tr!("rules-cause-draw", act = n(*act), seat = seat, drew = a, was = b, fix = fix)
                    }
                    _ => tr!("rules-cause-act", act = n(*act), fix = fix, was = from.text()),
                }
            }
            Correction::StartTile { seat, from, to } => {
                tr!("rules-cause-start-tile", seat = seat.word(), tile = to, was = from)
            }
            Correction::Indicator { slot, from, to } if from.is_unknown() && self.others > 0 => {
                tr!("rules-cause-indicator-unrecorded", what = slot_name(*slot), count = self.others + 1, tile = to)
            }
            Correction::Indicator { slot, from, to } => {
                let what = slot_name(*slot);
                if from.is_unknown() {
                    tr!("rules-cause-indicator-missing", what = what, tile = to)
                } else {
                    tr!("rules-cause-indicator", what = what, tile = to, was = from)
                }
            }
            Correction::Insert { at, act } => {
                tr!("rules-cause-insert", seat = act.seat.word(), act = n(*at), fix = act.text())
            }
            Correction::Remove { act, was } => tr!("rules-cause-remove", act = n(*act), was = was.text()),
            Correction::Swap { act } => tr!("rules-cause-swap", act = n(*act), next = n(act + 1)),
            Correction::EndPoints { to, .. } => {
                let p = to.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
                tr!("rules-cause-end-points", points = p.clone(), fix = p.replace(' ', ""))
            }
        };
        // A second change, made after this one.
        match &self.then {
            Some(then) => tr!("rules-cause-and-then", what = text, then = then.what()),
            None => text,
        }
    }
    /// Every change of the cause, the first first (more than one when one change is not enough).
    pub fn changes(&self) -> Vec<&Cause> {
        let mut out = vec![self];
        let mut next = self.then.as_deref();
        while let Some(c) = next {
            out.push(c);
            next = c.then.as_deref();
        }
        out
    }
}
