//! Tiles, seats and the small value types every other part of the record uses.

use std::fmt;

use crate::i18n::{Lang, Msg, tr};

/// The suit of a tile: manzu, pinzu, souzu or an honour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// 萬子, written `m`.
    Man,
    /// 筒子, written `p`.
    Pin,
    /// 索子, written `s`.
    Sou,
    /// 字牌: winds and dragons.
    Honor,
}

/// One tile as the standard writes it: `1m`..`9m`, `0m` (red five), the same for `p` and `s`,
/// the winds `ew sw ww nw`, the dragons `wd gd rd`, and `uk` for a tile nobody saw.
///
/// Stored as one byte: 0..=8 manzu 1-9, 9..=17 pinzu, 18..=26 souzu, 27..=30 winds E S W N,
/// 31..=33 dragons white green red, 34..=36 red fives of m p s, 37 unknown.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

/// The row of [`CODE_TABLE`] for a spelling's second letter: m p s w d k, anything else 6.
static FAMILY: [u8; 256] = {
    let mut t = [6u8; 256];
    let letters = *b"mpswdk";
    let mut n = 0;
    while n < letters.len() {
        t[letters[n] as usize] = n as u8;
        n += 1;
    }
    t
};

/// By family row and first letter: the tile's index plus one, or 0 for no tile.
static CODE_TABLE: [[u8; 256]; 7] = {
    let mut t = [[0u8; 256]; 7];
    let letters = *b"mpswdk";
    let mut row = 0;
    while row < letters.len() {
        let mut a = 0;
        while a < 256 {
            if let Some(n) = Tile::decode(a as u8, letters[row]) {
                t[row][a] = n + 1;
            }
            a += 1;
        }
        row += 1;
    }
    t
};

const SPELLINGS: [&str; 38] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", //
    "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", //
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", //
    "ew", "sw", "ww", "nw", "wd", "gd", "rd", //
    "0m", "0p", "0s", "uk",
];

impl Tile {
    /// Number of distinct tile kinds (red fives counted with their plain fives, no unknown).
    pub const KINDS: usize = 34;
    /// The unknown tile `uk`.
    pub const UNKNOWN: Tile = Tile(37);
    /// Every tile spelling the standard has, in a fixed order (34 kinds, 3 red fives, unknown).
    pub const ALL: [Tile; 38] = {
        let mut all = [Tile(0); 38];
        let mut i = 0;
        while i < 38 {
            all[i] = Tile(i as u8);
            i += 1;
        }
        all
    };

    /// A number tile; `number` 0 is the red five. `None` for a number above 9 or an honour suit.
    pub const fn number(suit: Suit, number: u8) -> Option<Tile> {
        let base = match suit {
            Suit::Man => 0,
            Suit::Pin => 9,
            Suit::Sou => 18,
            Suit::Honor => return None,
        };
        match number {
            0 => Some(Tile(34 + base / 9)),
            1..=9 => Some(Tile(base + number - 1)),
            _ => None,
        }
    }

    /// East, South, West, North wind (0..=3); `None` above.
    pub const fn wind(index: u8) -> Option<Tile> {
        if index < 4 { Some(Tile(27 + index)) } else { None }
    }

    /// White, green, red dragon (0..=2); `None` above.
    pub const fn dragon(index: u8) -> Option<Tile> {
        if index < 3 { Some(Tile(31 + index)) } else { None }
    }

    /// The tile of a kind index 0..34 (plain fives, no red); `None` outside.
    pub const fn from_kind(kind: usize) -> Option<Tile> {
        if kind < Self::KINDS { Some(Tile(kind as u8)) } else { None }
    }

    /// Reads the two-letter spelling of the standard (`5m`, `0p`, `rd`, `uk`): two lookups in a
    /// table made at compile time by [`Tile::decode`], no branch on the letters (the parser reads
    /// thousands of tiles a game, in no order a branch predictor could learn).
    #[inline]
    pub fn from_code(code: &[u8]) -> Option<Tile> {
        let [a, b] = *code else { return None };
        match CODE_TABLE[FAMILY[b as usize] as usize][a as usize] {
            0 => None,
            n => Some(Tile(n - 1)),
        }
    }

    /// The spelling's meaning, letter by letter (what [`CODE_TABLE`] is made of).
    const fn decode(a: u8, b: u8) -> Option<u8> {
        // The second letter decides the family; most tiles are number tiles.
        let base = match b {
            b'm' => 0,
            b'p' => 9,
            b's' => 18,
            b'w' => {
                return match a {
                    b'e' => Some(27),
                    b's' => Some(28),
                    b'w' => Some(29),
                    b'n' => Some(30),
                    _ => None,
                };
            }
            b'd' => {
                return match a {
                    b'w' => Some(31),
                    b'g' => Some(32),
                    b'r' => Some(33),
                    _ => None,
                };
            }
            b'k' if a == b'u' => return Some(Tile::UNKNOWN.0),
            _ => return None,
        };
        match a {
            b'1'..=b'9' => Some(base + a - b'1'),
            b'0' => Some(34 + base / 9),
            _ => None,
        }
    }

    /// The two-letter spelling of the standard.
    pub fn code(self) -> &'static str {
        SPELLINGS[self.0 as usize]
    }

    /// The suit; the unknown tile has none.
    pub fn suit(self) -> Option<Suit> {
        match self.0 {
            0..=8 | 34 => Some(Suit::Man),
            9..=17 | 35 => Some(Suit::Pin),
            18..=26 | 36 => Some(Suit::Sou),
            27..=33 => Some(Suit::Honor),
            _ => None,
        }
    }

    /// The face value 1..=9 of a number tile (a red five is 5); `None` for honours and unknown.
    pub fn value(self) -> Option<u8> {
        match self.0 {
            0..=26 => Some(self.0 % 9 + 1),
            34..=36 => Some(5),
            _ => None,
        }
    }

    /// True for `0m`, `0p`, `0s`.
    pub fn is_red(self) -> bool {
        (34..=36).contains(&self.0)
    }

    /// True for `uk`.
    pub fn is_unknown(self) -> bool {
        self.0 == 37
    }

    /// True for winds and dragons.
    pub fn is_honor(self) -> bool {
        (27..=33).contains(&self.0)
    }

    /// The kind index 0..34 (a red five counts as its plain five); `None` for unknown.
    pub fn kind(self) -> Option<usize> {
        match self.0 {
            0..=33 => Some(self.0 as usize),
            34..=36 => Some((self.0 as usize - 34) * 9 + 4),
            _ => None,
        }
    }

    /// The same tile without red: a red five becomes its plain five; others are unchanged.
    pub fn plain(self) -> Tile {
        match self.kind() {
            Some(k) => Tile(k as u8),
            None => self,
        }
    }

    /// The index of this spelling in [`Tile::ALL`] (0..38).
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// A tile from a digit and a suit letter as MPSZ writes it: `5` `p` is 5p, `0` a red five,
    /// `1z`..`7z` the winds E S W N and the dragons white, green, red. `None` when there is no
    /// such tile (`8z`, a digit above 9, another letter).
    pub fn from_mpsz(digit: u8, suit: char) -> Option<Tile> {
        match suit {
            'm' => Tile::number(Suit::Man, digit),
            'p' => Tile::number(Suit::Pin, digit),
            's' => Tile::number(Suit::Sou, digit),
            'z' => match digit {
                1..=4 => Tile::wind(digit - 1),
                5..=7 => Tile::dragon(digit - 5),
                _ => None,
            },
            _ => None,
        }
    }
}

/// Tiles in the order a hand is shown: by kind, a red five after its plain fives, unknown last.
pub fn sort_tiles(tiles: &mut [Tile]) {
    tiles.sort_by_key(|t| (t.kind().unwrap_or(usize::MAX), t.is_red()));
}

/// A tile is written in the standard's own spelling (`"5m"`, `"uk"`) wherever it is serialized.
impl serde::Serialize for Tile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> serde::Deserialize<'de> for Tile {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Tile, D::Error> {
        let code = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Tile::from_code(code.as_bytes())
            .ok_or_else(|| serde::de::Error::custom(format!("{code:?} is not a tile (1m..9m, 0m, ew, wd, uk, ...)")))
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A seat of one frame: East (the dealer of that frame), South, West, North.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Seat {
    East,
    South,
    West,
    North,
}

impl Seat {
    /// All four seats in turn order.
    pub const ALL: [Seat; 4] = [Seat::East, Seat::South, Seat::West, Seat::North];

    /// The letter of the standard: `e s w n`.
    pub fn code(self) -> char {
        match self {
            Seat::East => 'e',
            Seat::South => 's',
            Seat::West => 'w',
            Seat::North => 'n',
        }
    }

    /// Reads a seat letter.
    pub fn from_code(c: u8) -> Option<Seat> {
        match c {
            b'e' => Some(Seat::East),
            b's' => Some(Seat::South),
            b'w' => Some(Seat::West),
            b'n' => Some(Seat::North),
            _ => None,
        }
    }

    /// 0 for East .. 3 for North.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The seat of an index, counting round the table (index taken modulo 4).
    pub fn from_index(i: usize) -> Seat {
        Seat::ALL[i % 4]
    }

    /// The next seat in turn order (shimocha).
    pub fn next(self) -> Seat {
        Seat::from_index(self.index() + 1)
    }

    /// How many turns after `from` this seat plays (0 for `from` itself): the winner nearest the
    /// discarder has the fewest.
    pub fn turns_after(self, from: Seat) -> usize {
        (self.index() + 4 - from.index()) % 4
    }

    /// "E" .. "N" in English (as the file writes them), 東家 .. 北家 in Japanese.
    pub fn name(self, lang: Lang) -> &'static str {
        // Read once: the rules name seats in every finding they make.
        static NAMES: std::sync::LazyLock<[[&str; 4]; 2]> =
            std::sync::LazyLock::new(|| Lang::ALL.map(|lang| Seat::ALL.map(|s| s.word().get(lang))));
        NAMES[lang as usize][self.index()]
    }

    /// The seat's name as a message (an argument of a sentence): E, 東家.
    pub fn word(self) -> Msg {
        match self {
            Seat::East => tr!("format-seat-east"),
            Seat::South => tr!("format-seat-south"),
            Seat::West => tr!("format-seat-west"),
            Seat::North => tr!("format-seat-north"),
        }
    }
}

/// The plyerId sitting at `seat` in a frame whose dealer is player `dealer` (0..3). The one
/// rotation between seats and players: [`crate::format::FrameId::player_at`] and the converters
/// use it.
pub fn player_at(seat: Seat, dealer: usize) -> usize {
    (seat.index() + dealer) % 4
}

/// The seat player `player` sits at in a frame whose dealer is player `dealer` (the inverse of
/// [`player_at`]).
pub fn seat_at(player: usize, dealer: usize) -> Seat {
    Seat::from_index(player % 4 + 4 - dealer % 4)
}

/// Values by seat (East first) put in plyerId order.
pub fn by_player<T: Clone>(by_seat: [T; 4], dealer: usize) -> [T; 4] {
    std::array::from_fn(|player| by_seat[seat_at(player, dealer).index()].clone())
}

/// Values by plyerId put in seat order (East first).
pub fn by_seat<T: Clone>(by_player: [T; 4], dealer: usize) -> [T; 4] {
    std::array::from_fn(|seat| by_player[player_at(Seat::from_index(seat), dealer)].clone())
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.code().to_ascii_uppercase())
    }
}

/// Where a called tile came from, seen from the caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CalledFrom {
    /// 上家, the seat on the left (the one before in turn order), `k`.
    Kamicha,
    /// 対面, the seat opposite, `t`.
    Toimen,
    /// 下家, the seat on the right (the one after in turn order), `s`.
    Shimocha,
}

impl CalledFrom {
    /// The letter of the standard: `k t s`.
    pub fn code(self) -> char {
        match self {
            CalledFrom::Kamicha => 'k',
            CalledFrom::Toimen => 't',
            CalledFrom::Shimocha => 's',
        }
    }

    /// Reads a source letter.
    pub fn from_code(c: u8) -> Option<CalledFrom> {
        match c {
            b'k' => Some(CalledFrom::Kamicha),
            b't' => Some(CalledFrom::Toimen),
            b's' => Some(CalledFrom::Shimocha),
            _ => None,
        }
    }

    /// The seat the tile came from, for a caller in `seat`.
    pub fn seat_of(self, caller: Seat) -> Seat {
        match self {
            CalledFrom::Kamicha => Seat::from_index(caller.index() + 3),
            CalledFrom::Toimen => Seat::from_index(caller.index() + 2),
            CalledFrom::Shimocha => Seat::from_index(caller.index() + 1),
        }
    }

    /// How `discarder` sits relative to `caller`; `None` when they are the same seat.
    pub fn between(caller: Seat, discarder: Seat) -> Option<CalledFrom> {
        match (discarder.index() + 4 - caller.index()) % 4 {
            3 => Some(CalledFrom::Kamicha),
            2 => Some(CalledFrom::Toimen),
            1 => Some(CalledFrom::Shimocha),
            _ => None,
        }
    }
}

/// Points as a whole count of 100 points: the standard's `25.0` (25000 points) is `Points(250)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Points(pub i32);

impl Points {
    /// The largest points a `.jmjp` can say: eight digits of thousands (99999999.9).
    pub const MAX: Points = Points(999_999_999);

    /// From real points (25000 -> 25.0); `None` when not a whole number of hundreds, or larger
    /// than a `.jmjp` can say ([`Points::MAX`]).
    pub fn from_points(points: i64) -> Option<Points> {
        if points % 100 != 0 || (points / 100).abs() > i64::from(Points::MAX.0) {
            return None;
        }
        i32::try_from(points / 100).ok().map(Points)
    }

    /// Real points (25.0 -> 25000).
    pub fn as_points(self) -> i64 {
        i64::from(self.0) * 100
    }
}

impl fmt::Display for Points {
    /// Writes the standard's form: always exactly one decimal, a minus sign when negative.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let v = self.0.unsigned_abs();
        write!(f, "{sign}{}.{}", v / 10, v % 10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_code_table_reads_every_pair_of_bytes_as_the_letters_say() {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                assert_eq!(Tile::from_code(&[a, b]).map(|t| t.0), Tile::decode(a, b), "{a} {b}");
            }
        }
        assert_eq!(Tile::from_code(b"5m").map(Tile::code), Some("5m"));
        assert_eq!(Tile::from_code(b"0s").map(Tile::code), Some("0s"));
        assert_eq!(Tile::from_code(b"uk"), Some(Tile::UNKNOWN));
        assert_eq!(Tile::from_code(b"5"), None);
    }

    #[test]
    fn every_spelling_reads_back() {
        for t in Tile::ALL {
            assert_eq!(Tile::from_code(t.code().as_bytes()), Some(t));
        }
        assert_eq!(Tile::from_code(b"xm"), None);
        assert_eq!(Tile::from_code(b"5"), None);
        assert_eq!(Tile::from_code(b"5z"), None);
    }

    #[test]
    fn red_fives_know_their_plain_five() {
        let red = Tile::from_code(b"0p").unwrap();
        assert!(red.is_red());
        assert_eq!(red.value(), Some(5));
        assert_eq!(red.suit(), Some(Suit::Pin));
        assert_eq!(red.plain().code(), "5p");
        assert_eq!(red.kind(), Tile::from_code(b"5p").unwrap().kind());
        assert_eq!(Tile::UNKNOWN.kind(), None);
        assert!(Tile::from_code(b"gd").unwrap().is_honor());
    }

    #[test]
    fn points_print_one_decimal() {
        assert_eq!(Points(250).to_string(), "25.0");
        assert_eq!(Points(-58).to_string(), "-5.8");
        assert_eq!(Points(-3).to_string(), "-0.3");
        assert_eq!(Points(0).to_string(), "0.0");
        assert_eq!(Points::from_points(7700), Some(Points(77)));
        assert_eq!(Points::from_points(7750), None);
        // What a .jmjp can write, it can read: eight digits of thousands.
        assert_eq!(Points::from_points(99_999_999_900), Some(Points::MAX));
        assert_eq!(Points::MAX.to_string(), "99999999.9");
        assert_eq!(Points::from_points(100_000_000_000), None);
        assert_eq!(Points::from_points(-100_000_000_000), None);
    }

    #[test]
    fn relative_seats() {
        assert_eq!(CalledFrom::Kamicha.seat_of(Seat::East), Seat::North);
        assert_eq!(CalledFrom::Shimocha.seat_of(Seat::North), Seat::East);
        assert_eq!(CalledFrom::between(Seat::South, Seat::East), Some(CalledFrom::Kamicha));
        assert_eq!(CalledFrom::between(Seat::South, Seat::North), Some(CalledFrom::Toimen));
        assert_eq!(CalledFrom::between(Seat::South, Seat::South), None);
    }

    #[test]
    fn mpsz_digits_and_suits_make_tiles_and_hands_sort_as_shown() {
        assert_eq!(Tile::from_mpsz(5, 'p'), Tile::from_code(b"5p"));
        assert_eq!(Tile::from_mpsz(0, 's'), Tile::from_code(b"0s"));
        assert_eq!(Tile::from_mpsz(1, 'z'), Tile::from_code(b"ew"));
        assert_eq!(Tile::from_mpsz(7, 'z'), Tile::from_code(b"rd"));
        assert_eq!(Tile::from_mpsz(8, 'z'), None);
        assert_eq!(Tile::from_mpsz(5, 'q'), None);
        let mut hand: Vec<Tile> =
            ["uk", "0m", "ew", "5m", "1m"].iter().map(|c| Tile::from_code(c.as_bytes()).unwrap()).collect();
        sort_tiles(&mut hand);
        let codes: Vec<&str> = hand.iter().map(|t| t.code()).collect();
        assert_eq!(codes, ["1m", "5m", "0m", "ew", "uk"]);
    }
}
