//! A cause in the game's words, in English and Japanese, and the old and new text of its change.

use crate::format::{Discard, Draw, Frame, Points, Tile, act_text};
use crate::i18n::{Lang, Text};

use super::search::act_tiles;
use super::{Cause, Change, Kind};

/// The name of dora slot `slot` in words.
pub fn slot_name(slot: usize) -> Text {
    let n = slot / 2;
    match (slot % 2, n) {
        (0, 0) => Text::new("the dora indicator", "ドラ表示牌"),
        (1, 0) => Text::new("the ura indicator", "裏ドラ表示牌"),
        (0, n) => Text::new(format!("the indicator of kan dora {n}"), format!("カンドラ {n} の表示牌")),
        (_, n) => Text::new(format!("the ura indicator of kan dora {n}"), format!("カンドラ {n} の裏ドラ表示牌")),
    }
}

fn discard_words(d: Option<Discard>, drawn: Option<Tile>, lang: Lang) -> String {
    match (d, lang) {
        (Some(Discard::Tsumogiri), Lang::En) => match drawn {
            Some(t) => format!("the drawn {t} (tsumogiri)"),
            None => "the drawn tile (tsumogiri)".into(),
        },
        (Some(Discard::Tsumogiri), Lang::Ja) => match drawn {
            Some(t) => format!("引いた {t}（ツモ切り）"),
            None => "引いた牌（ツモ切り）".into(),
        },
        (Some(Discard::Tile(t)), Lang::En) => format!("{t} from the hand"),
        (Some(Discard::Tile(t)), Lang::Ja) => format!("手牌の {t}"),
        (Some(Discard::Riichi(t)), Lang::En) => format!("{t} declaring riichi"),
        (Some(Discard::Riichi(t)), Lang::Ja) => format!("{t}（リーチ宣言）"),
        (Some(other), _) => format!("{other:?}"),
        (None, Lang::En) => "nothing".into(),
        (None, Lang::Ja) => "なし".into(),
    }
}

impl Cause {
    /// The act the change is made at (for an inserted act, the act it goes before).
    pub fn act(&self) -> Option<usize> {
        match &self.change {
            Change::Act { act, .. } | Change::Remove { act, .. } | Change::Swap { act } => Some(*act),
            Change::Insert { at, .. } => Some(*at),
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
            Change::Act { from, to, .. } => (act_text(from), act_text(to)),
            Change::StartTile { seat, from, to } => {
                (format!("{} {from}", seat.name(Lang::En)), format!("{} {to}", seat.name(Lang::En)))
            }
            Change::Indicator { slot, from, to } => {
                let what = slot_name(*slot).en;
                let from = if from.is_unknown() { "(none)".to_string() } else { from.to_string() };
                (format!("{what} {from}"), format!("{what} {to}"))
            }
            Change::Insert { act, .. } => ("(nothing)".into(), act_text(act)),
            Change::Remove { was, .. } => (act_text(was), "(nothing)".into()),
            Change::Swap { act } => {
                let f = &self.fixed;
                (format!("{} {}", acts(f, act + 1), acts(f, *act)), format!("{} {}", acts(f, *act), acts(f, act + 1)))
            }
            Change::EndPoints { from, to } => (points(from), points(to)),
        }
    }

    /// The cause in the game's words: "act 25, E discarded rd from the hand, not the drawn 8m
    /// (fix: (e,8m,rd))", in both languages.
    pub fn describe(&self) -> Text {
        let Text { en, ja } = self.what();
        let told = matches!(self.change, Change::Indicator { from, .. } if from.is_unknown());
        let (en, ja) = match (self.others, self.alternatives) {
            _ if told => (en, ja),
            (0, 0) => (en, ja),
            (0, 1) => (
                format!("{en}; 1 less likely change also fits"),
                format!("{ja}。可能性の低い修正がほかに 1 通り当てはまる"),
            ),
            (0, k) => (
                format!("{en}; {k} less likely changes also fit"),
                format!("{ja}。可能性の低い修正がほかに {k} 通り当てはまる"),
            ),
            (1, _) => {
                (format!("{en}; 1 other single change also fits"), format!("{ja}。ほかに 1 通りの修正も当てはまる"))
            }
            (k, _) => {
                (format!("{en}; {k} other single changes also fit"), format!("{ja}。ほかに {k} 通りの修正も当てはまる"))
            }
        };
        Text::new(en, ja)
    }

    /// The change (and the second one, if any) in the game's words, without how many others fit.
    pub fn what(&self) -> Text {
        let n = |i: usize| i + 1;
        let (en, ja) = match &self.change {
            Change::Act { act, from, to } => {
                let (s, sj) = (to.seat.name(Lang::En), to.seat.name(Lang::Ja));
                let drawn = match to.draw {
                    Draw::Tile(t) | Draw::Rinshan(t) => Some(t),
                    _ => None,
                };
                let fix = act_text(to);
                match self.kind {
                    Kind::TsumogiriTedashi | Kind::DiscardTile | Kind::Riichi => (
                        format!(
                            "act {}, {s} discarded {}, not {} (fix: {fix})",
                            n(*act),
                            discard_words(to.discard, drawn, Lang::En),
                            discard_words(from.discard, drawn, Lang::En)
                        ),
                        format!(
                            "{} 手目：{sj}が切ったのは{}で、{}ではない（修正：{fix}）",
                            n(*act),
                            discard_words(to.discard, drawn, Lang::Ja),
                            discard_words(from.discard, drawn, Lang::Ja)
                        ),
                    ),
                    Kind::DrawTile => {
                        let (a, b) = (act_tiles(to).first().copied(), act_tiles(from).first().copied());
                        let (a, b) = (
                            a.map(|t| t.to_string()).unwrap_or_default(),
                            b.map(|t| t.to_string()).unwrap_or_default(),
                        );
                        (
                            format!("act {}, {s} drew {a}, not {b} (fix: {fix})", n(*act)),
                            format!("{} 手目：{sj}のツモは {a} で、{b} ではない（修正：{fix}）", n(*act)),
                        )
                    }
                    _ => (
                        format!("act {} was {fix}, not {} (fix: {fix})", n(*act), act_text(from)),
                        format!("{} 手目は {fix} で、{} ではない（修正：{fix}）", n(*act), act_text(from)),
                    ),
                }
            }
            Change::StartTile { seat, from, to } => {
                let (s, sj) = (seat.name(Lang::En), seat.name(Lang::Ja));
                (
                    format!("{s}'s start hand held {to}, not {from} (fix: the start hand)"),
                    format!("{sj}の配牌は {from} ではなく {to}（修正：配牌）"),
                )
            }
            Change::Indicator { slot, from, to } if from.is_unknown() && self.others > 0 => {
                let what = slot_name(*slot);
                let k = self.others + 1;
                (
                    format!("{} is not recorded; {k} tiles agree with the end points (such as {to})", what.en),
                    format!("{}が記入されていない。終了時の点数に合う牌は {k} 通り（{to} など）", what.ja),
                )
            }
            Change::Indicator { slot, from, to } => {
                let what = slot_name(*slot);
                if from.is_unknown() {
                    (
                        format!("{} was {to}, but it is not recorded (fix: {to})", what.en),
                        format!("{}は {to} だが記入されていない（修正：{to}）", what.ja),
                    )
                } else {
                    (
                        format!("{} was {to}, not {from} (fix: {to})", what.en),
                        format!("{}は {from} ではなく {to}（修正：{to}）", what.ja),
                    )
                }
            }
            Change::Insert { at, act } => {
                let (s, sj) = (act.seat.name(Lang::En), act.seat.name(Lang::Ja));
                let fix = act_text(act);
                (
                    format!("an act of {s} is missing before act {} (fix: insert {fix})", n(*at)),
                    format!("{} 手目の前に{sj}の行為が抜けている（修正：{fix} を挿入）", n(*at)),
                )
            }
            Change::Remove { act, was } => {
                let was = act_text(was);
                (
                    format!("act {} {was} did not happen (fix: delete it)", n(*act)),
                    format!("{} 手目の {was} は起きていない（修正：削除）", n(*act)),
                )
            }
            Change::Swap { act } => (
                format!("acts {} and {} came the other way round (fix: swap them)", n(*act), n(act + 1)),
                format!("{} 手目と {} 手目の順序が逆（修正：入れ替え）", n(*act), n(act + 1)),
            ),
            Change::EndPoints { to, .. } => {
                let p = to.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
                (
                    format!("the end points are {p}, as the hands and acts pay (fix: pfe[{}])", p.replace(' ', "")),
                    format!("終了時の点数は手牌と行為どおり {p}（修正：pfe[{}]）", p.replace(' ', "")),
                )
            }
        };
        let (mut en, mut ja) = (en, ja);
        // A second change, made after this one.
        if let Some(then) = &self.then {
            let t = then.what();
            en = format!("{en}; and then {}", t.en);
            ja = format!("{ja}。さらに{}", t.ja);
        }
        Text::new(en, ja)
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
