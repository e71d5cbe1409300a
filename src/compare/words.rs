//! A difference in words, in both languages: "E1-0 act 25: (e,8m,tg) in A, (e,8m,rd) in B (B is
//! consistent)".

use crate::format::Seat;
use crate::i18n::{Lang, Text};
use crate::rules::repair::slot_name;

use super::{Difference, Part, Side};

impl Difference {
    /// Where the difference is: "E1-0 act 25", "E1-0 the ura indicator", "player 2 (ply)";
    /// with the match first when the files hold several.
    pub fn place(&self, several_matches: bool) -> Text {
        let mut en = Vec::new();
        let mut ja = Vec::new();
        if several_matches || self.part == Part::Match {
            let n = self.at.matches + 1;
            en.push(format!("match {n}"));
            ja.push(format!("第 {n} 対局"));
        }
        if let Some(id) = self.frame_id {
            en.push(id.to_string());
            ja.push(id.to_string());
        }
        let part = self.part_name();
        if !part.en.is_empty() {
            en.push(part.en);
            ja.push(part.ja);
        }
        Text::new(en.join(" "), ja.join(" "))
    }

    /// The name of the part that differs ("act 25", "E's start hand"); empty for a whole frame
    /// or match.
    fn part_name(&self) -> Text {
        let seat = |s: Seat, en: &str, ja: &str| {
            Text::new(format!("{}'s {en}", s.name(Lang::En)), format!("{}の{ja}", s.name(Lang::Ja)))
        };
        match self.part {
            Part::Match | Part::Frame => Text::new("", ""),
            Part::Tour => Text::new("the tournament (tnm)", "大会情報 (tnm)"),
            Part::TimePlace => Text::new("the date, time and place (mtp)", "日時と場所 (mtp)"),
            Part::Player(i) => Text::new(format!("player {} (ply)", i + 1), format!("対局者 {} (ply)", i + 1)),
            Part::PointRule => Text::new("the point rules (ptr)", "点数ルール (ptr)"),
            Part::MatchEndPoints => Text::new("the match's end points (pme)", "対局終了時の持ち点 (pme)"),
            Part::TourPoints => Text::new("the tournament points (ptn)", "大会ポイント (ptn)"),
            Part::FrameId => Text::new("the frame id", "局番号"),
            Part::Kyoutaku => Text::new("the kyoutaku", "供託"),
            Part::Dice => Text::new("the dice", "サイコロ"),
            Part::StartPoints => Text::new("the start points (pfs)", "開始時の持ち点 (pfs)"),
            Part::Indicator(slot) => slot_name(slot),
            Part::Flow => Text::new("the hands and acts", "配牌と行為"),
            Part::StartHand(s) => seat(s, "start hand", "配牌"),
            Part::EndHand(s) => seat(s, "end hand", "終了時の手牌"),
            Part::EndPoints => Text::new("the end points (pfe)", "終了時の持ち点 (pfe)"),
            Part::Comment => Text::new("the comment", "コメント"),
            Part::Act => {
                let (i, _) = self.act_place.unwrap_or_default();
                let n = i + 1;
                match (self.a.is_some(), i < self.acts_in_a) {
                    (false, true) => Text::new(format!("before act {n}"), format!("{n} 番目の行為の前")),
                    (false, false) if i > 0 => Text::new(format!("after act {i}"), format!("{i} 番目の行為の後")),
                    _ => Text::new(format!("act {n}"), format!("{n} 番目の行為")),
                }
            }
        }
    }

    /// The value of one side in words.
    fn value(&self, side: Side) -> Text {
        let v = if side == Side::A { &self.a } else { &self.b };
        match (v, self.part) {
            (None, _) => Text::new("none", "なし"),
            (Some(n), Part::Flow) => Text::new(format!("{n} acts"), format!("行為 {n}")),
            (Some(t), _) => Text::new(t.clone(), t.clone()),
        }
    }

    /// The difference in words: "E1-0 act 25: (e,8m,tg) in A, (e,8m,rd) in B (B is consistent)".
    pub fn describe(&self, several_matches: bool) -> Text {
        let place = self.place(several_matches);
        let (en, ja) = if matches!(self.part, Part::Match | Part::Frame) {
            let side = if self.a.is_some() { "A" } else { "B" };
            (format!("{}: only in {side}", place.en), format!("{}：{side} にのみある", place.ja))
        } else {
            let (a, b) = (self.value(Side::A), self.value(Side::B));
            (
                format!("{}: {} in A, {} in B", place.en, a.en, b.en),
                format!("{}：A は {}、B は {}", place.ja, a.ja, b.ja),
            )
        };
        match self.consistent {
            Some(s) => {
                Text::new(format!("{en} ({} is consistent)", s.letter()), format!("{ja}（{} が整合）", s.letter()))
            }
            None => Text::new(en, ja),
        }
    }
}
