//! Tiles and frames as a person reads them in each language: the file's codes (`5m`, `gd`,
//! `E1-0`) in English, as Japanese scorers write them (五萬, 發, 東1局0本場) in Japanese. Every
//! sentence that names a tile or a frame gets it from here, as an argument of its message.

use super::model::{Act, Discard, Draw, FrameId, Wind};
use super::tile::{Suit, Tile};
use crate::i18n::{Arg, Lang, Text};

/// The kanji numerals of number tiles, 一 for 1 .. 九 for 9 (index 0 unused).
const NUMERALS: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// By [`Tile::index`]: the Japanese name of every spelling (the red fives 赤五萬 .., `uk` 不明).
const JAPANESE: [&str; 38] = [
    "一萬",
    "二萬",
    "三萬",
    "四萬",
    "五萬",
    "六萬",
    "七萬",
    "八萬",
    "九萬", //
    "一筒",
    "二筒",
    "三筒",
    "四筒",
    "五筒",
    "六筒",
    "七筒",
    "八筒",
    "九筒", //
    "一索",
    "二索",
    "三索",
    "四索",
    "五索",
    "六索",
    "七索",
    "八索",
    "九索", //
    "東",
    "南",
    "西",
    "北",
    "白",
    "發",
    "中", //
    "赤五萬",
    "赤五筒",
    "赤五索",
    "不明",
];

/// The character of a suit as a tile's name ends: 萬, 筒, 索 (none for honours).
fn suit_char(suit: Suit) -> &'static str {
    match suit {
        Suit::Man => "萬",
        Suit::Pin => "筒",
        Suit::Sou => "索",
        Suit::Honor => "",
    }
}

impl Tile {
    /// The tile as read in `lang`: its code (`5m`, `0p`, `gd`) in English, 五萬, 赤五筒, 發 in
    /// Japanese.
    pub fn name(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.code(),
            Lang::Ja => JAPANESE[self.index()],
        }
    }

    /// The tile's name in both languages (the argument of a sentence).
    pub fn text(self) -> Text {
        Text::new(self.code(), JAPANESE[self.index()])
    }
}

/// A tile named in a message: `{ $tile }` reads `1m` in English, 一萬 in Japanese.
impl From<Tile> for Arg {
    fn from(t: Tile) -> Arg {
        Arg::Text(t.text())
    }
}

impl From<&Tile> for Arg {
    fn from(t: &Tile) -> Arg {
        Arg::Text(t.text())
    }
}

/// Several tiles (a hand, a meld) in both languages: the codes one after the other in English
/// (`1m2m3mew`), in Japanese the way scorers write a hand, the numbers of one suit together
/// before the suit (一二三萬 赤五五筒 東東).
pub fn tiles_text(tiles: &[Tile]) -> Text {
    Text::new(tiles.iter().map(|t| t.code()).collect::<String>(), tiles_japanese(tiles))
}

fn tiles_japanese(tiles: &[Tile]) -> String {
    let mut out = String::new();
    // The suit of the numbers written since the last suit character.
    let mut open: Option<Suit> = None;
    for &t in tiles {
        let number = match (t.suit(), t.value()) {
            (Some(suit), Some(value)) if suit != Suit::Honor => Some((suit, value)),
            _ => None,
        };
        if let Some(suit) = open
            && number.map(|(s, _)| s) != Some(suit)
        {
            out.push_str(suit_char(suit));
            open = None;
        }
        if !out.is_empty() && open.is_none() {
            out.push(' ');
        }
        match number {
            Some((suit, value)) => {
                if t.is_red() {
                    out.push('赤');
                }
                out.push_str(NUMERALS[usize::from(value)]);
                open = Some(suit);
            }
            None => out.push_str(JAPANESE[t.index()]),
        }
    }
    if let Some(suit) = open {
        out.push_str(suit_char(suit));
    }
    out
}

impl Wind {
    /// The wind as a round is named: 東 .. 北.
    fn round_kanji(self) -> &'static str {
        match self {
            Wind::East => "東",
            Wind::South => "南",
            Wind::West => "西",
            Wind::North => "北",
        }
    }
}

impl FrameId {
    /// The frame as read in `lang`: as the file writes it in English (`S2-1`), as Japanese
    /// scorers say it in Japanese (南2局1本場).
    pub fn name(self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Ja => format!("{}{}局{}本場", self.wind.round_kanji(), self.number, self.honba),
        }
    }

    /// The frame as a heading names it, with its honba beside it in a label of its own: the
    /// whole id in English (`E1-0`, as the file writes it), 東1局 in Japanese (東1局 0本場).
    pub fn heading(self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Ja => format!("{}{}局", self.wind.round_kanji(), self.number),
        }
    }

    /// The frame's name in both languages (the argument of a sentence).
    pub fn text(self) -> Text {
        Text::new(self.name(Lang::En), self.name(Lang::Ja))
    }
}

/// A frame named in a message: `{ $frame }` reads `E1-0` in English, 東1局0本場 in Japanese.
impl From<FrameId> for Arg {
    fn from(id: FrameId) -> Arg {
        Arg::Text(id.text())
    }
}

impl From<&FrameId> for Arg {
    fn from(id: &FrameId) -> Arg {
        Arg::Text(id.text())
    }
}

impl Act {
    /// The act as read in `lang`'s message: as the file writes it in English (`(e,8m,rd)`, which
    /// the scorer can type back), in words in Japanese (東家 八萬ツモ 中切り).
    pub fn text(&self) -> Text {
        Text::new(super::act_text(self), act_japanese(self))
    }
}

fn act_japanese(act: &Act) -> String {
    let t = |t: Tile| t.name(Lang::Ja);
    let hand = |tiles: &[Tile]| tiles_japanese(tiles);
    let draw = match act.draw {
        Draw::Tile(x) => format!("{}ツモ", t(x)),
        Draw::Chi(two) => format!("{}でチー", hand(&two)),
        Draw::Pon(two) => format!("{}でポン", hand(&two)),
        Draw::Daiminkan(three) => format!("{}で大明槓", hand(&three)),
        Draw::Rinshan(x) => format!("嶺上{}ツモ", t(x)),
        Draw::Ron => "ロン".to_string(),
        Draw::Oya => "配牌から".to_string(),
    };
    let discard = act.discard.map(|d| match d {
        Discard::Tile(x) => format!("{}切り", t(x)),
        Discard::Tsumogiri => "ツモ切り".to_string(),
        Discard::Karagiri => "空切り".to_string(),
        Discard::Kakan(x) => format!("{}加槓", t(x)),
        Discard::Ankan(four) => format!("{}暗槓", hand(&four)),
        Discard::Tsumo => "ツモ和了".to_string(),
        Discard::Riichi(x) => format!("{}切りリーチ", t(x)),
    });
    let seat = act.seat.name(Lang::Ja);
    match discard {
        Some(d) => format!("{seat} {draw} {d}"),
        None => format!("{seat} {draw}"),
    }
}

/// An act named in a message: `{ $act }` reads `(e,8m,rd)` in English, 東家 八萬ツモ 中切り in
/// Japanese.
impl From<&Act> for Arg {
    fn from(a: &Act) -> Arg {
        Arg::Text(a.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiles(codes: &[&str]) -> Vec<Tile> {
        codes.iter().filter_map(|c| Tile::from_code(c.as_bytes())).collect()
    }

    #[test]
    fn every_tile_has_its_japanese_name() {
        let named: Vec<&str> = tiles(&["1m", "9m", "5p", "0p", "7s", "0s", "ew", "nw", "wd", "gd", "rd", "uk"])
            .into_iter()
            .map(|t| t.name(Lang::Ja))
            .collect();
        assert_eq!(named, ["一萬", "九萬", "五筒", "赤五筒", "七索", "赤五索", "東", "北", "白", "發", "中", "不明"]);
        assert_eq!(Tile::from_code(b"gd").map(|t| t.name(Lang::En)), Some("gd"));
    }

    #[test]
    fn a_hand_groups_the_numbers_of_a_suit() {
        let hand = tiles(&["1m", "2m", "3m", "0p", "5p", "ew", "ew", "9s"]);
        let text = tiles_text(&hand);
        assert_eq!(text.en, "1m2m3m0p5pewew9s");
        assert_eq!(text.ja, "一二三萬 赤五五筒 東 東 九索");
        assert_eq!(tiles_text(&tiles(&["4s"])).ja, "四索");
        assert_eq!(tiles_text(&[]).ja, "");
    }

    #[test]
    fn an_act_reads_as_its_code_in_english_and_in_words_in_japanese() {
        let act = crate::format::parse_act("(e,8m,rd)").ok();
        let text = act.map(|a| a.text());
        assert_eq!(text.as_ref().map(|t| t.en.as_str()), Some("(e,8m,rd)"));
        assert_eq!(text.as_ref().map(|t| t.ja.as_str()), Some("東家 八萬ツモ 中切り"));
        let chi = crate::format::parse_act("(s,ch[3m4m],9p)").ok().map(|a| a.text().ja);
        assert_eq!(chi.as_deref(), Some("南家 三四萬でチー 九筒切り"));
        let riichi = crate::format::parse_act("(w,0s,rc[ew])").ok().map(|a| a.text().ja);
        assert_eq!(riichi.as_deref(), Some("西家 赤五索ツモ 東切りリーチ"));
    }

    #[test]
    fn a_frame_is_named_with_its_round_hand_and_honba() {
        let id = FrameId { wind: Wind::South, number: 2, honba: 1 };
        assert_eq!(id.name(Lang::Ja), "南2局1本場");
        assert_eq!(id.name(Lang::En), "S2-1");
    }
}
