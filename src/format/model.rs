//! The record model of a `.jmjp` paifu: one type per production of the 1.0.0 standard.
//!
//! The model is the document: the recorder, the editor, the forms, the checks and the converters all
//! read and change these values. Optional fields of the grammar are `Option`s; repeated ones are
//! `Vec`s. Counts the grammar fixes (four players, ten dora, hand sizes) are checked by
//! [`crate::format::check`] rather than forced by the types, so a damaged file still opens.

use super::act_time::ActTime;
use super::shorthand::{Affiliation, MatchPlace, Team, TourName, TourStage};
pub use super::strlit::StrLit;
use super::tile::{CalledFrom, Points, Seat, Tile};

/// A whole file: one or more matches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Paifu {
    pub matches: Vec<Match>,
}

/// `match = "(" preMatchInfo [frame]^(0-) postMatchInfo ")"`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Match {
    /// `tnm[...]`.
    pub tour: Option<TourInfo>,
    /// `mtp[...]` (required by the grammar; every field of it is optional).
    pub time_place: TimePlace,
    /// `rec[...]`, any number.
    pub recorders: Vec<Recorder>,
    /// `ply[...]`, four in a valid file.
    pub players: Vec<Player>,
    /// `ptr[...]`.
    pub point_rule: Option<PointRule>,
    /// `frm[...]`, in playing order.
    pub frames: Vec<Frame>,
    /// `pme[...]`: points after leftover kyoutaku, oka and uma, in plyerId order.
    pub end_points: Option<[Points; 4]>,
    /// `ptn[...]`: new tournament points, in plyerId order.
    pub tour_points: Option<[TourPoints; 4]>,
    /// The rules the match was played with, which the standard has no field for: kept as a
    /// comment on the line after the match's `(` (`// rules: jpml, kiriage=yes (studio)`), its
    /// text as written (a preset and its differences; `rules::options::spec` reads it).
    pub rules: Option<String>,
}

/// `name = "(" [strLit]^(0-1) "," [strLit]^(0-1) ")"`: last name first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Name {
    pub last: Option<StrLit>,
    pub first: Option<StrLit>,
}

/// `tnm[tourName, tourYear, tourStage, matchNumInStage, matchNumInDay]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TourInfo {
    pub name: Option<TourName>,
    /// The year the tournament began (YYYY).
    pub year: Option<u16>,
    pub stage: Option<TourStage>,
    pub match_in_stage: Option<u32>,
    pub match_in_day: Option<u32>,
}

/// `YYYYMMDD` as written; [`crate::format::check`] says whether it is a real date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl Date {
    /// The day of the week, when this is a day of the calendar.
    pub fn weekday(self) -> Option<Weekday> {
        use chrono::Datelike;
        let day = self.calendar()?;
        Weekday::ALL.get(usize::try_from(day.weekday().num_days_from_sunday()).ok()?).copied()
    }

    /// The day of the calendar this date names, when it names one.
    pub fn calendar(self) -> Option<chrono::NaiveDate> {
        chrono::NaiveDate::from_ymd_opt(i32::from(self.year), u32::from(self.month), u32::from(self.day))
    }
}

/// The dora field of a frame: ten slots, the dora and the ura under it, then each of the four
/// kan dora and the ura under it.
pub const DORA_SLOTS: usize = 10;

/// The slot of dora indicator `n` in the dora field: 0 the dora, 1 to 4 the kan dora.
pub fn dora_slot(n: usize) -> usize {
    2 * n
}

/// The slot of the ura indicator under dora indicator `n` (0 the dora, 1 to 4 the kan dora).
pub fn ura_slot(n: usize) -> usize {
    2 * n + 1
}

/// `HHMM` (24 hours, local time) as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Time {
    pub hour: u8,
    pub minute: u8,
}

/// `matchDayOfWk`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weekday {
    Sun,
    Mon,
    Tue,
    Wed,
    Thu,
    Fri,
    Sat,
}

impl Weekday {
    /// Sunday first, as the standard lists them.
    pub const ALL: [Weekday; 7] =
        [Weekday::Sun, Weekday::Mon, Weekday::Tue, Weekday::Wed, Weekday::Thu, Weekday::Fri, Weekday::Sat];

    /// The three-letter code of the standard.
    pub fn code(self) -> &'static str {
        match self {
            Weekday::Sun => "sun",
            Weekday::Mon => "mon",
            Weekday::Tue => "tue",
            Weekday::Wed => "wed",
            Weekday::Thu => "thu",
            Weekday::Fri => "fri",
            Weekday::Sat => "sat",
        }
    }

    /// Reads a three-letter code.
    pub fn from_code(code: &str) -> Option<Weekday> {
        Weekday::ALL.into_iter().find(|d| d.code() == code)
    }

    /// The day's full name: "Monday", 月曜日.
    pub fn name(self, lang: crate::i18n::Lang) -> &'static str {
        self.word().get(lang)
    }

    /// The day's full name as a message (an argument of a sentence).
    pub fn word(self) -> crate::i18n::Msg {
        use crate::i18n::tr;
        match self {
            Weekday::Sun => tr!("format-weekday-sun"),
            Weekday::Mon => tr!("format-weekday-mon"),
            Weekday::Tue => tr!("format-weekday-tue"),
            Weekday::Wed => tr!("format-weekday-wed"),
            Weekday::Thu => tr!("format-weekday-thu"),
            Weekday::Fri => tr!("format-weekday-fri"),
            Weekday::Sat => tr!("format-weekday-sat"),
        }
    }
}

/// `mtp[matchDate, matchDayOfWk, matchTime, matchPlace]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TimePlace {
    pub date: Option<Date>,
    pub weekday: Option<Weekday>,
    pub time: Option<Time>,
    pub place: Option<MatchPlace>,
}

/// `rec[recerName, framesRecd]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recorder {
    pub name: Option<Name>,
    pub frames: FramesRecorded,
}

/// `framesRecd = "all" | [frameId]^(0-)`. An empty list is the field left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FramesRecorded {
    All,
    Only(Vec<FrameId>),
}

impl Default for FramesRecorded {
    fn default() -> Self {
        FramesRecorded::Only(Vec::new())
    }
}

/// `ply[plyerId, plyerName, plyerTeam, plyerAffil, ptTourPrev]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    /// Seat in frame E1-0: 0 East .. 3 North. Kept as written; the checks require 0..=3.
    pub id: u8,
    pub name: Option<Name>,
    pub team: Option<Team>,
    /// `Some(Known(None))` is "no known affiliation"; `None` is "no data".
    pub affiliation: Option<Affiliation>,
    /// Tournament points before the match.
    pub tour_points: Option<TourPoints>,
}

/// `ptTour = "(" [pt]^(0-1) "," [pt]^(0-1) ")"`: personal and team tournament points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TourPoints {
    pub personal: Option<Points>,
    pub team: Option<Points>,
}

/// `ptr[ptStart, ptRetn, (ptPostn14, ptPostn23), ptHonba]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointRule {
    /// 配給原点, points each player starts with (25.0).
    pub start: Points,
    /// 原点, points to return (30.0).
    pub return_points: Points,
    /// Uma: what 4th pays 1st.
    pub uma_4_to_1: Points,
    /// Uma: what 3rd pays 2nd.
    pub uma_3_to_2: Points,
    /// Value of one honba for the winner (0.3).
    pub honba: Points,
    /// Total no-ten payment (later draft's fifth field); not part of 1.0, so not written.
    pub noten_total: Option<Points>,
}

impl PointRule {
    /// M League: 25.0 start, 30.0 return, uma 30.0 / 10.0, 0.3 per honba.
    pub const M_LEAGUE: PointRule = PointRule {
        start: Points(250),
        return_points: Points(300),
        uma_4_to_1: Points(300),
        uma_3_to_2: Points(100),
        honba: Points(3),
        noten_total: None,
    };
}

/// `frameWind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Wind {
    East,
    South,
    West,
    North,
}

impl Wind {
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// The capital letter of frame ids.
    pub fn code(self) -> char {
        match self {
            Wind::East => 'E',
            Wind::South => 'S',
            Wind::West => 'W',
            Wind::North => 'N',
        }
    }

    /// The round wind that follows (North is followed by East again).
    pub fn next(self) -> Wind {
        match self {
            Wind::East => Wind::South,
            Wind::South => Wind::West,
            Wind::West => Wind::North,
            Wind::North => Wind::East,
        }
    }

    /// The wind as a seat is named: "East", 東家.
    pub fn name(self, lang: crate::i18n::Lang) -> &'static str {
        self.word().get(lang)
    }

    /// The wind as a seat is named, as a message (an argument of a sentence).
    pub fn word(self) -> crate::i18n::Msg {
        use crate::i18n::tr;
        match self {
            Wind::East => tr!("format-wind-east"),
            Wind::South => tr!("format-wind-south"),
            Wind::West => tr!("format-wind-west"),
            Wind::North => tr!("format-wind-north"),
        }
    }

    pub fn from_code(c: u8) -> Option<Wind> {
        match c {
            b'E' => Some(Wind::East),
            b'S' => Some(Wind::South),
            b'W' => Some(Wind::West),
            b'N' => Some(Wind::North),
            _ => None,
        }
    }
}

/// `frameId = frameWind frameNum "-" frameHonba`, e.g. `E1-0`, `S4-3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct FrameId {
    pub wind: Wind,
    /// 1..=4 in a valid file; kept as written.
    pub number: u8,
    pub honba: u32,
}

impl FrameId {
    /// The frame after this one when the deal passes to the next seat, with `honba`.
    pub fn passed(self, honba: u32) -> FrameId {
        if self.number >= 4 {
            FrameId { wind: self.wind.next(), number: 1, honba }
        } else {
            FrameId { number: self.number + 1, honba, ..self }
        }
    }

    /// The same frame again (the dealer stays), one honba more.
    pub fn repeated(self) -> FrameId {
        FrameId { honba: self.honba.saturating_add(1), ..self }
    }

    /// The plyerId of the frame's dealer: player 0 deals E1, S1, ..., player 1 E2, ...
    pub fn dealer(self) -> usize {
        usize::from(self.number.clamp(1, 4)) - 1
    }

    /// The plyerId sitting at `seat` in this frame.
    pub fn player_at(self, seat: Seat) -> usize {
        super::tile::player_at(seat, self.dealer())
    }

    /// The seat player `player` sits at in this frame.
    pub fn seat_of(self, player: usize) -> Seat {
        super::tile::seat_at(player, self.dealer())
    }

    /// Values by this frame's seats (East first) put in plyerId order.
    pub fn by_player<T: Clone>(self, by_seat: [T; 4]) -> [T; 4] {
        super::tile::by_player(by_seat, self.dealer())
    }

    /// Values by plyerId put in this frame's seat order (East first).
    pub fn by_seat<T: Clone>(self, by_player: [T; 4]) -> [T; 4] {
        super::tile::by_seat(by_player, self.dealer())
    }
}

impl std::fmt::Display for FrameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}-{}", self.wind.code(), self.number, self.honba)
    }
}

/// `dice = diceRes "-" diceRes`, or (later draft) their total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Dice {
    Pair(u8, u8),
    /// The later draft's single total 2..=12; 1.0 cannot hold it, so it is not written.
    Total(u8),
}

/// `frm[frameId, kyoutak, dice, ptFrmStart, dora, frameFlow, ptFrmEnd, frameCmt]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub id: FrameId,
    /// Riichi sticks on the table at the start (供託), as points (one stick is 1.0).
    pub kyoutaku: Option<Points>,
    pub dice: Option<Dice>,
    /// `pfs[...]`, East seat of this frame first.
    pub start_points: Option<[Points; 4]>,
    /// The ten doras themselves (not indicators): dora, ura, kan dora 1, kan ura 1, ... kan ura 4.
    /// Ten in a valid file; empty when the field is left out.
    pub dora: Vec<Tile>,
    pub flow: Option<FrameFlow>,
    /// `pfe[...]`, East seat of this frame first.
    pub end_points: Option<[Points; 4]>,
    pub comment: Option<StrLit>,
}

impl Frame {
    /// An empty frame with only its id.
    pub fn new(id: FrameId) -> Frame {
        Frame {
            id,
            kyoutaku: None,
            dice: None,
            start_points: None,
            dora: Vec::new(),
            flow: None,
            end_points: None,
            comment: None,
        }
    }
}

/// `frameFlow = [(seat, startHand)]^4 [frameAct]^(0-) [(seat, endHand)]^4`.
///
/// Two flows are equal when their hands and acts are: the times the acts were entered are not
/// part of the record (two desks recording one match enter each act at another moment).
#[derive(Clone, Debug, Default)]
pub struct FrameFlow {
    pub start_hands: Vec<SeatHand>,
    pub acts: Vec<Act>,
    pub end_hands: Vec<SeatHand>,
    /// When each act was first entered, beside the acts (never in them: equal acts stay equal):
    /// `times[n]` is act `n`'s; shorter than `acts` when the last acts have none, empty in a
    /// record without times. Whoever inserts or removes an act keeps it in step
    /// ([`FrameFlow::push_act`], [`FrameFlow::insert_act`], [`FrameFlow::remove_act`]); whoever
    /// builds a new list of acts leaves it empty and fills it ([`FrameFlow::fill_times`]).
    pub times: Vec<Option<ActTime>>,
}

impl PartialEq for FrameFlow {
    fn eq(&self, other: &FrameFlow) -> bool {
        self.start_hands == other.start_hands && self.acts == other.acts && self.end_hands == other.end_hands
    }
}

impl Eq for FrameFlow {}

/// `"(" seat "," hand ")"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatHand {
    pub seat: Seat,
    pub hand: Hand,
}

/// `hand = "hnd[" [tileInHand]^(1-13) "," [tileTsumo]^(0-1) "," [tileFuro]^(0-4) "]"`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hand {
    pub tiles: Vec<Tile>,
    /// The 14th tile (the draw, or the ron tile in an end hand).
    pub tsumo: Option<Tile>,
    /// Melds, newest first.
    pub furo: Vec<Furo>,
}

impl Hand {
    /// A start hand as dealt to `seat`: 13 tiles, or 14 for East (the 14th is its first draw),
    /// the 13 sorted as a hand is shown. `None` for any other number of tiles.
    pub fn dealt(seat: Seat, tiles: &[Tile]) -> Option<Hand> {
        let ok = tiles.len() == 13 || (seat == Seat::East && tiles.len() == 14);
        if !ok {
            return None;
        }
        let mut t = tiles.to_vec();
        let tsumo = if t.len() == 14 { t.pop() } else { None };
        super::tile::sort_tiles(&mut t);
        Some(Hand { tiles: t, tsumo, furo: Vec::new() })
    }
}

/// `tileFuro`: an open meld or an ankan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Furo {
    /// `chi[called, hand hand]`, always from kamicha.
    Chi { called: Tile, hand: [Tile; 2] },
    /// `pon[called, hand hand, from]`.
    Pon { called: Tile, hand: [Tile; 2], from: CalledFrom },
    /// `dmk[called, hand hand hand, from]`.
    Daiminkan { called: Tile, hand: [Tile; 3], from: CalledFrom },
    /// `kkn[added, called, hand hand, from]`: a pon with its fourth tile added.
    Kakan { added: Tile, called: Tile, hand: [Tile; 2], from: CalledFrom },
    /// `ank[t t t t]`.
    Ankan([Tile; 4]),
}

/// `frameAct = "(" seat "," drawTile "," [discTile]^(0-1) ")"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Act {
    pub seat: Seat,
    pub draw: Draw,
    pub discard: Option<Discard>,
}

/// `drawTile`: how the seat got its tile this act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Draw {
    /// A tile from the wall.
    Tile(Tile),
    /// `ch[a b]`: chi of the last discard with two tiles from the hand.
    Chi([Tile; 2]),
    /// `pn[a b]`: pon of the last discard.
    Pon([Tile; 2]),
    /// `dk[a b c]`: daiminkan of the last discard (no discard; a rinshan draw follows).
    Daiminkan([Tile; 3]),
    /// `rs[t]`: rinshan draw after a kan.
    Rinshan(Tile),
    /// `ro`: ron on the last discard (or a kakan tile, chankan).
    Ron,
    /// `oy`: the dealer's first turn with a 14-tile start hand.
    Oya,
}

/// `discTile`: what the seat did with its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Discard {
    /// A tile from the hand.
    Tile(Tile),
    /// `tg`: tsumogiri, the drawn tile.
    Tsumogiri,
    /// `kg`: karagiri, a tile from the hand equal to the drawn one.
    Karagiri,
    /// `kk[t]`: kakan (a rinshan draw follows).
    Kakan(Tile),
    /// `ak[a b c d]`: ankan (a rinshan draw follows).
    Ankan([Tile; 4]),
    /// `tm`: tsumo win on this act's draw.
    Tsumo,
    /// `rc[t]`: riichi declared with this discard.
    Riichi(Tile),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::tile::{player_at, seat_at};

    #[test]
    fn seats_and_players_turn_with_the_dealer() {
        // In E3 player 2 deals: East is player 2, North player 1.
        let e3 = FrameId { wind: Wind::East, number: 3, honba: 0 };
        assert_eq!(e3.dealer(), 2);
        assert_eq!(e3.player_at(Seat::East), 2);
        assert_eq!(e3.player_at(Seat::North), 1);
        assert_eq!(e3.seat_of(1), Seat::North);
        for dealer in 0..4 {
            for s in Seat::ALL {
                assert_eq!(seat_at(player_at(s, dealer), dealer), s);
            }
        }
        let by_seat = [10, 20, 30, 40];
        assert_eq!(e3.by_player(by_seat), [30, 40, 10, 20]);
        assert_eq!(e3.by_seat(e3.by_player(by_seat)), by_seat);
    }
}
