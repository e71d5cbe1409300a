//! Extended MPSZ notation (the proposal in `seeds/003`): hands, melds and rivers as short text.
//!
//! - Tiles: digits followed by their suit letter, `m` `p` `s` `z` (honours 1-7: E S W N, white,
//!   green, red), and `x` for a face-down or unknown tile (any digit); `0` is a red five. Runs of one
//!   suit share the letter: `123m`. A space may follow a suit letter. `?` alone is also read as an
//!   unknown tile (the recorder's shorthand).
//! - Hands: the concealed tiles, the win tile appended with its own letter (`3456s3s`), then the
//!   melds. A meld carries one mark after one of its digits: `-` chi, pon or daiminkan, `=` kakan,
//!   `+` ankan; after the first digit the tile came from the kamicha, after the second from the
//!   toimen, after the third from the shimocha, after the fourth it is an ankan. The marked digit is
//!   the called tile; in a kakan the last digit is the added tile.
//! - Rivers: each tile may carry `=` (tsumogiri), `+` (riichi) and `-` (called away), combined.
//!
//! [`parse`] keeps the text as written (its grouping and spaces), so printing gives the same text
//! back; [`hand_text`] and [`river_text`] write the usual compact form of game values.

use std::fmt;

use thiserror::Error;

use crate::format::Seat;
use crate::format::{CalledFrom, Furo, Suit, Tile};
use crate::i18n::{Text as Message, tr};
use crate::rules::{RiverTile, Table};

/// What is wrong with an MPSZ text, and at which character (1-based).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("column {column}: {message}")]
pub struct MpszError {
    pub column: usize,
    /// What is wrong, in English and Japanese.
    pub message: Message,
}

impl MpszError {
    /// "column 3: …" in English, "3 文字目：…" in Japanese.
    pub fn text(&self) -> Message {
        tr!("interop-mpsz-at-column", column = self.column, message = &self.message)
    }
}

fn fail<T>(column: usize, message: Message) -> Result<T, MpszError> {
    Err(MpszError { column, message })
}

/// One digit as written, with the marks after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digit {
    pub digit: char,
    pub marks: String,
    /// Where the digit stands in the text (1-based character).
    pub column: usize,
}

/// Digits sharing one suit letter (`4-35s`), and the spaces before them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub digits: Vec<Digit>,
    /// `m` `p` `s` `z` `x`, or `?` for the lone unknown tile.
    pub suit: char,
    pub spaces: usize,
}

/// An MPSZ text as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MpszText {
    pub groups: Vec<Group>,
}

/// A hand read from MPSZ.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MpszHand {
    /// The concealed tiles (without the win tile).
    pub tiles: Vec<Tile>,
    /// The win tile, when written apart (`3456s3s`, or after a space at the end).
    pub win: Option<Tile>,
    /// The melds in the order written.
    pub melds: Vec<Furo>,
}

/// A river tile read from MPSZ, with its marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RiverMark {
    pub tile: Tile,
    pub tsumogiri: bool,
    pub riichi: bool,
    pub called: bool,
}

// text = group { [" "...] group }
// group = "?" | digit [marks] { digit [marks] } suit
// marks = { "-" | "=" | "+" }
/// Reads MPSZ text; leading and trailing spaces are ignored.
pub fn parse(text: &str) -> Result<MpszText, MpszError> {
    let lead = text.chars().take_while(|c| *c == ' ').count();
    let chars: Vec<char> = text.trim_matches(' ').chars().collect();
    let col = |i: usize| lead + i + 1;
    let mut groups = Vec::new();
    let mut digits: Vec<Digit> = Vec::new();
    let mut spaces = 0;
    let mut i = 0;
    if chars.is_empty() {
        return fail(1, tr!("interop-mpsz-no-tiles").text());
    }
    while i < chars.len() {
        let c = chars[i];
        match c {
            '0'..='9' => digits.push(Digit { digit: c, marks: String::new(), column: col(i) }),
            '-' | '=' | '+' => match digits.last_mut() {
                Some(d) => d.marks.push(c),
                None => {
                    return fail(col(i), tr!("interop-mpsz-mark-without-digit", char = c));
                }
            },
            'm' | 'p' | 's' | 'z' | 'x' => {
                if digits.is_empty() {
                    return fail(col(i), tr!("interop-mpsz-suit-without-digits", char = c));
                }
                let group = Group { digits: std::mem::take(&mut digits), suit: c, spaces };
                check_group(&group)?;
                groups.push(group);
                spaces = 0;
            }
            '?' => {
                if !digits.is_empty() {
                    return fail(col(i), tr!("interop-mpsz-unknown-after-digits").text());
                }
                groups.push(Group { digits: vec![], suit: '?', spaces });
                spaces = 0;
            }
            ' ' => {
                if !digits.is_empty() {
                    return fail(col(i), tr!("interop-mpsz-space").text());
                }
                spaces += 1;
            }
            _ => {
                return fail(col(i), tr!("interop-mpsz-not-mpsz", char = c));
            }
        }
        i += 1;
    }
    if let Some(d) = digits.first() {
        return fail(d.column, tr!("interop-mpsz-digits-without-suit").text());
    }
    Ok(MpszText { groups })
}

fn check_group(g: &Group) -> Result<(), MpszError> {
    for d in &g.digits {
        if tile_of(d.digit, g.suit).is_none() {
            let t = format!("{}{}", d.digit, g.suit);
            return fail(d.column, tr!("interop-mpsz-no-such-honour", tile = t));
        }
    }
    Ok(())
}

fn tile_of(digit: char, suit: char) -> Option<Tile> {
    match suit {
        'x' | '?' => Some(Tile::UNKNOWN),
        _ => Tile::from_mpsz(digit.to_digit(10)? as u8, suit),
    }
}

impl Group {
    fn tiles(&self) -> Vec<Tile> {
        if self.suit == '?' {
            return vec![Tile::UNKNOWN];
        }
        self.digits.iter().filter_map(|d| tile_of(d.digit, self.suit)).collect()
    }

    fn has_marks(&self) -> bool {
        self.digits.iter().any(|d| !d.marks.is_empty())
    }

    fn column(&self) -> usize {
        self.digits.first().map_or(1, |d| d.column)
    }
}

impl MpszText {
    /// Every tile with its marks, in the order written.
    pub fn tiles(&self) -> Vec<(Tile, String)> {
        let mut out = Vec::new();
        for g in &self.groups {
            if g.suit == '?' {
                out.push((Tile::UNKNOWN, String::new()));
            }
            for d in &g.digits {
                out.push((tile_of(d.digit, g.suit).unwrap_or(Tile::UNKNOWN), d.marks.clone()));
            }
        }
        out
    }

    /// The text as a hand: concealed tiles, win tile, melds.
    pub fn hand(&self) -> Result<MpszHand, MpszError> {
        let mut hand = MpszHand::default();
        let concealed: Vec<&Group> = self.groups.iter().filter(|g| !g.has_marks()).collect();
        for g in &self.groups {
            if g.has_marks() {
                hand.melds.push(meld(g)?);
            }
        }
        let win_at = match concealed.as_slice() {
            [.., prev, last] if last.digits.len() == 1 && (last.suit == prev.suit || last.spaces > 0) => {
                Some(concealed.len() - 1)
            }
            _ => None,
        };
        for (i, g) in concealed.iter().enumerate() {
            if Some(i) == win_at {
                hand.win = g.tiles().first().copied();
            } else {
                hand.tiles.extend(g.tiles());
            }
        }
        Ok(hand)
    }

    /// The text as a river: each tile with its marks.
    pub fn river(&self) -> Result<Vec<RiverMark>, MpszError> {
        let mut out = Vec::new();
        for g in &self.groups {
            if g.suit == '?' {
                out.push(RiverMark { tile: Tile::UNKNOWN, tsumogiri: false, riichi: false, called: false });
            }
            for d in &g.digits {
                let mut r = RiverMark {
                    tile: tile_of(d.digit, g.suit).unwrap_or(Tile::UNKNOWN),
                    tsumogiri: false,
                    riichi: false,
                    called: false,
                };
                for m in d.marks.chars() {
                    let flag = match m {
                        '=' => &mut r.tsumogiri,
                        '+' => &mut r.riichi,
                        _ => &mut r.called,
                    };
                    if *flag {
                        return fail(d.column, tr!("interop-mpsz-mark-twice", mark = m));
                    }
                    *flag = true;
                }
                out.push(r);
            }
        }
        Ok(out)
    }
}

/// A meld group: exactly one mark, its place saying the source.
fn meld(g: &Group) -> Result<Furo, MpszError> {
    let marked: Vec<(usize, &Digit)> = g.digits.iter().enumerate().filter(|(_, d)| !d.marks.is_empty()).collect();
    let [(at, d)] = marked[..] else {
        return fail(g.column(), tr!("interop-mpsz-meld-without-mark").text());
    };
    if d.marks.len() != 1 {
        return fail(d.column, tr!("interop-mpsz-meld-marks", marks = &d.marks));
    }
    let tiles = g.tiles();
    let n = tiles.len();
    let from = |at: usize| match at {
        0 => Ok(CalledFrom::Kamicha),
        1 => Ok(CalledFrom::Toimen),
        2 => Ok(CalledFrom::Shimocha),
        _ => fail(d.column, tr!("interop-mpsz-mark-place").text()),
    };
    let rest = |skip: &[usize]| -> Vec<Tile> {
        tiles.iter().enumerate().filter(|(i, _)| !skip.contains(i)).map(|(_, t)| *t).collect()
    };
    let same = tiles.iter().all(|t| t.kind() == tiles[0].kind() || t.is_unknown());
    match (d.marks.as_str(), n) {
        ("-", 3) if same => {
            let h = rest(&[at]);
            Ok(Furo::Pon { called: tiles[at], hand: [h[0], h[1]], from: from(at)? })
        }
        ("-", 3) => {
            if at != 0 {
                return fail(d.column, tr!("interop-mpsz-chi-mark").text());
            }
            Ok(Furo::Chi { called: tiles[0], hand: [tiles[1], tiles[2]] })
        }
        ("-", 4) => {
            let h = rest(&[at]);
            Ok(Furo::Daiminkan { called: tiles[at], hand: [h[0], h[1], h[2]], from: from(at)? })
        }
        ("=", 4) => {
            let h = rest(&[at, 3]);
            Ok(Furo::Kakan { added: tiles[3], called: tiles[at], hand: [h[0], h[1]], from: from(at)? })
        }
        ("+", 4) if at == 3 => Ok(Furo::Ankan([tiles[0], tiles[1], tiles[2], tiles[3]])),
        ("+", 4) => fail(d.column, tr!("interop-mpsz-ankan-mark").text()),
        (m, n) => fail(g.column(), tr!("interop-mpsz-meld-size", mark = m, count = n)),
    }
}

impl fmt::Display for MpszText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for g in &self.groups {
            for _ in 0..g.spaces {
                f.write_str(" ")?;
            }
            for d in &g.digits {
                write!(f, "{}{}", d.digit, d.marks)?;
            }
            write!(f, "{}", g.suit)?;
        }
        Ok(())
    }
}

/// The digit and suit letter of a tile (`0m` for a red five, `0x` for an unknown tile).
fn spell(t: Tile) -> (char, char) {
    if t.is_unknown() {
        return ('0', 'x');
    }
    let suit = match t.suit() {
        Some(Suit::Man) => 'm',
        Some(Suit::Pin) => 'p',
        Some(Suit::Sou) => 's',
        _ => 'z',
    };
    let n = if t.is_red() {
        0
    } else if suit == 'z' {
        t.kind().map_or(0, |k| k - 26) as u8
    } else {
        t.value().unwrap_or(0)
    };
    (char::from(b'0' + n), suit)
}

/// Tiles in compact form: one suit letter per run of one suit (`123m456p`).
pub fn tiles_text(tiles: &[Tile]) -> String {
    let mut s = String::new();
    let mut run: Option<char> = None;
    for t in tiles {
        let (d, suit) = spell(*t);
        if let Some(r) = run
            && r != suit
        {
            s.push(r);
        }
        s.push(d);
        run = Some(suit);
    }
    if let Some(r) = run {
        s.push(r);
    }
    s
}

/// One meld: the called tile marked at its source's place (`2-13m`, `55-5p`, `55=50p`, `1111+z`).
pub fn meld_text(furo: &Furo) -> String {
    let (digits, mark_at, mark): (Vec<Tile>, usize, char) = match *furo {
        Furo::Chi { called, hand } => (vec![called, hand[0], hand[1]], 0, '-'),
        Furo::Pon { called, hand, from } => place(called, &hand, from, '-', None),
        Furo::Daiminkan { called, hand, from } => place(called, &hand, from, '-', None),
        Furo::Kakan { added, called, hand, from } => place(called, &hand, from, '=', Some(added)),
        Furo::Ankan(t) => (t.to_vec(), 3, '+'),
    };
    let suit = digits.first().map_or('x', |t| spell(*t).1);
    let mut s = String::new();
    for (i, t) in digits.iter().enumerate() {
        s.push(spell(*t).0);
        if i == mark_at {
            s.push(mark);
        }
    }
    s.push(suit);
    s
}

/// The called tile put at its source's place among the hand tiles (a shimocha's after the second,
/// even in a kan), the added tile of a kakan last.
fn place(called: Tile, hand: &[Tile], from: CalledFrom, mark: char, added: Option<Tile>) -> (Vec<Tile>, usize, char) {
    let at = match from {
        CalledFrom::Kamicha => 0,
        CalledFrom::Toimen => 1,
        CalledFrom::Shimocha => 2,
    };
    let mut v = hand.to_vec();
    v.insert(at, called);
    v.extend(added);
    (v, at, mark)
}

/// A hand: concealed tiles compact, the win tile after a space with its own letter, then each
/// meld after a space (`23468p11345678s 2z`, `2245m5z 4-35s 0-34p 11=11z`).
pub fn hand_text(tiles: &[Tile], win: Option<Tile>, melds: &[Furo]) -> String {
    let mut s = tiles_text(tiles);
    if let Some(w) = win {
        let (d, suit) = spell(w);
        if !s.is_empty() {
            s.push(' ');
        }
        s.push(d);
        s.push(suit);
    }
    for m in melds {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(&meld_text(m));
    }
    s
}

/// The hand of `seat` as the replay has it now: concealed tiles sorted, the drawn (or won) tile
/// appended, then the melds (e.g. `123m456p11z7z 5-55p`).
pub fn seat_hand_text(t: &Table, seat: Seat) -> String {
    let mut hand = t.hand_of(seat);
    crate::format::sort_tiles(&mut hand.tiles);
    hand_text(&hand.tiles, hand.tsumo, &hand.furo)
}

/// The river of `seat` as the replay has it now, with its marks (`1z=4p+7s-`).
pub fn seat_river_text(t: &Table, seat: Seat) -> String {
    let river: Vec<RiverMark> = t.seats[seat.index()].river.iter().map(RiverMark::from).collect();
    river_text(&river)
}

impl From<&RiverTile> for RiverMark {
    fn from(r: &RiverTile) -> RiverMark {
        RiverMark { tile: r.tile, tsumogiri: r.tsumogiri, riichi: r.riichi, called: r.called_by.is_some() }
    }
}

/// A river as the proposal writes it: one letter per tile, marks `=` `+` `-` after the digit,
/// a space after every six tiles, as the rows lie on the table (`4z2z1s9m2=m5=z 3=z7s8=m7m`).
pub fn river_text(river: &[RiverMark]) -> String {
    let mut s = String::new();
    for (i, r) in river.iter().enumerate() {
        if i > 0 && i % 6 == 0 {
            s.push(' ');
        }
        let (d, suit) = spell(r.tile);
        s.push(d);
        if r.tsumogiri {
            s.push('=');
        }
        if r.riichi {
            s.push('+');
        }
        if r.called {
            s.push('-');
        }
        s.push(suit);
    }
    s
}
