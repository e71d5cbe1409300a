//! A difference in words, in both languages: "E1-0 act 25: (e,8m,tg) in A, (e,8m,rd) in B (B is
//! consistent)".

use crate::i18n::{Text, tr};
use crate::rules::repair::slot_name;

use super::difference::{Difference, Part, Side};

impl Difference {
    /// Where the difference is: "E1-0 act 25", "E1-0 the ura indicator", "player 2 (ply)";
    /// with the match first when the files hold several.
    pub fn place(&self, several_matches: bool) -> Text {
        let mut parts = Vec::new();
        if several_matches || self.part == Part::Match {
            parts.push(tr!("compare-match", number = self.at.matches + 1));
        }
        if let Some(id) = self.frame_id {
            parts.push(id.text());
        }
        let part = self.part_name();
        if !part.en.is_empty() {
            parts.push(part);
        }
        Text::join(parts, tr!("compare-place-separator"))
    }

    /// The name of the part that differs ("act 25", "E's start hand"); empty for a whole frame
    /// or match.
    fn part_name(&self) -> Text {
        match self.part {
            Part::Match | Part::Frame => Text::default(),
            Part::Tour => tr!("compare-part-tour").text(),
            Part::TimePlace => tr!("compare-part-time-place").text(),
            Part::Player(i) => tr!("compare-part-player", number = i + 1),
            Part::PointRule => tr!("compare-part-point-rule").text(),
            Part::Rules => tr!("compare-part-rules").text(),
            Part::MatchEndPoints => tr!("compare-part-match-end-points").text(),
            Part::TourPoints => tr!("compare-part-tour-points").text(),
            Part::FrameId => tr!("compare-part-frame-id").text(),
            Part::Kyoutaku => tr!("compare-part-kyoutaku").text(),
            Part::Dice => tr!("compare-part-dice").text(),
            Part::StartPoints => tr!("compare-part-start-points").text(),
            Part::Indicator(slot) => slot_name(slot),
            Part::Flow => tr!("compare-part-flow").text(),
            Part::StartHand(s) => tr!("compare-part-start-hand", seat = s.word()),
            Part::EndHand(s) => tr!("compare-part-end-hand", seat = s.word()),
            Part::EndPoints => tr!("compare-part-end-points").text(),
            Part::Comment => tr!("compare-part-comment").text(),
            Part::Act => {
                let (i, _) = self.act_place.unwrap_or_default();
                let n = i + 1;
                match (self.a.is_some(), i < self.acts_in_a) {
                    (false, true) => tr!("compare-part-before-act", act = n),
                    (false, false) if i > 0 => tr!("compare-part-after-act", act = i),
                    _ => tr!("compare-part-act", act = n),
                }
            }
        }
    }

    /// The value of one side in words.
    pub fn value(&self, side: Side) -> Text {
        let v = if side == Side::A { &self.a } else { &self.b };
        match (v, self.part) {
            (None, _) => tr!("compare-value-none").text(),
            (Some(n), Part::Flow) => tr!("compare-value-acts", count = n),
            (Some(t), _) => Text::verbatim(t.clone()),
        }
    }

    /// The difference in words: "E1-0 act 25: (e,8m,tg) in A, (e,8m,rd) in B (B is consistent)".
    pub fn describe(&self, several_matches: bool) -> Text {
        let place = self.place(several_matches);
        let text = if matches!(self.part, Part::Match | Part::Frame) {
            let side = if self.a.is_some() { "A" } else { "B" };
            tr!("compare-only-in", place = place, side = side)
        } else {
            tr!("compare-differs", place = place, a = self.value(Side::A), b = self.value(Side::B))
        };
        match self.consistent {
            Some(s) => tr!("compare-consistent", text = text, side = s.letter()),
            None => text,
        }
    }
}
