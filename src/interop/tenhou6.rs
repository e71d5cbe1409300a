//! tenhou.net/6 JSON logs: `{"title":[..], "name":[4], "rule":{..}, "log":[kyoku..]}`.
//!
//! Each kyoku is 17 items: `[kyoku, honba, kyotaku]`, the start scores, the dora and ura
//! indicators, then for each player its start hand, its takes (draws and calls) and its discards,
//! then the result. Players are absolute (0 is the first dealer); a `.jmjp` frame counts seats from
//! its dealer, so every list is rotated on the way in and out.
//!
//! The log keeps each player's takes and discards apart and does not say how they interleave.
//! [`import`] rebuilds the order by replaying the kyoku on the rules engine's table: after each
//! discard, a player whose next take is a call on exactly that tile from exactly that seat may
//! call it or let it pass. Both are tried (the call first); a path that breaks a rule of the table
//! or leaves the lists unconsumed is abandoned. That is how the classic trap (the same tile
//! discarded twice in a row, called only the second time) is resolved.

use serde_json::Value;

use super::outcome::{DrawKind, Outcome, Win};
use super::{
    ConvertError, act_problem, frame_at, no_flow, not_hundreds, path_at, player_names, single_match, strlit_text,
    the_file,
};
use crate::format::{
    Act, CalledFrom, Choice, DORA_SLOTS, Discard, Draw, Frame, FrameFlow, FrameId, Hand, Match, Name, Paifu, Player,
    Points, Seat, SeatHand, Severity, StrLit, Tile, TourInfo, Wind, by_player, dora_slot, player_at, seat_at, ura_slot,
};
use crate::i18n::Text;
use crate::rules::{Table, dora_of, indicator_of};

/// How far the order search may go before it gives up (applied acts, all paths together).
const SEARCH_BUDGET: usize = 200_000;

// ---------------------------------------------------------------------------------------------
// Tiles

/// A tenhou tile code: 11-19 man, 21-29 pin, 31-39 sou, 41-47 E S W N haku hatsu chun,
/// 51 52 53 red fives, 0 unknown.
pub fn tile_from_code(code: i64) -> Option<Tile> {
    let i = match code {
        11..=19 => code - 11,
        21..=29 => code - 21 + 9,
        31..=39 => code - 31 + 18,
        41..=47 => code - 41 + 27,
        51..=53 => code - 51 + 34,
        0 => 37,
        _ => return None,
    };
    usize::try_from(i).ok().and_then(|i| Tile::ALL.get(i).copied())
}

/// The tenhou code of a tile.
pub fn code_of(tile: Tile) -> i64 {
    let i = tile.index() as i64;
    match i {
        0..=8 => 11 + i,
        9..=17 => 21 + i - 9,
        18..=26 => 31 + i - 18,
        27..=33 => 41 + i - 27,
        34..=36 => 51 + i - 34,
        _ => 0,
    }
}

fn code2(tile: Tile) -> String {
    format!("{:02}", code_of(tile))
}

// ---------------------------------------------------------------------------------------------
// The log of one kyoku, as tenhou writes it (players absolute)

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CallKind {
    Chi,
    Pon,
    Daiminkan,
}

/// A call in a player's takes: `c275226`, `13p1313`, `393939m39`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct CallText {
    kind: CallKind,
    called: Tile,
    consumed: Vec<Tile>,
    from: CalledFrom,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Take {
    Tile(Tile),
    Call(CallText),
}

/// An entry of a player's discards.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Out {
    Tile(Tile),
    /// 60: the drawn tile.
    Tsumogiri,
    /// 0: the slot after a daiminkan.
    Placeholder,
    /// `r..`; `None` for `r60`.
    Riichi(Option<Tile>),
    /// `272727a27`.
    Ankan([Tile; 4]),
    /// `3636k3636`: the added tile.
    Kakan(Tile),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct WinRow {
    deltas: [i64; 4],
    who: usize,
    from: usize,
    pao: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Result6 {
    Win(Vec<WinRow>),
    Draw(DrawKind, [i64; 4]),
}

#[derive(Clone, Debug)]
struct Kyoku {
    /// 0..15: E1..E4, S1..S4, W1.., N1..
    kyoku: u8,
    honba: u32,
    kyotaku: i64,
    scores: [i64; 4],
    dora: Vec<Tile>,
    ura: Vec<Tile>,
    hands: [Vec<Tile>; 4],
    takes: [Vec<Take>; 4],
    outs: [Vec<Out>; 4],
    result: Result6,
}

impl Kyoku {
    fn dealer(&self) -> usize {
        usize::from(self.kyoku % 4)
    }

    /// The frame seat of an absolute player.
    fn seat(&self, player: usize) -> Seat {
        seat_at(player, self.dealer())
    }

    fn player(&self, seat: Seat) -> usize {
        player_at(seat, self.dealer())
    }

    fn id(&self) -> FrameId {
        FrameId { wind: Wind::ALL[usize::from(self.kyoku / 4) % 4], number: self.kyoku % 4 + 1, honba: self.honba }
    }
}

// ---------------------------------------------------------------------------------------------
// Reading JSON with paths

fn err(path: &str, en: impl Into<String>, ja: impl Into<String>) -> ConvertError {
    ConvertError::new(path_at(path), Text::new(en, ja))
}

fn show(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 40 { format!("{}…", s.chars().take(40).collect::<String>()) } else { s }
}

/// What a JSON item is, in English and Japanese ("the takes", "取り牌").
type What = (&'static str, &'static str);

fn array<'a>(v: &'a Value, path: &str, what: What) -> Result<&'a Vec<Value>, ConvertError> {
    v.as_array().ok_or_else(|| {
        err(
            path,
            format!("{} must be a list [..], found {}", what.0, show(v)),
            format!("{}はリスト [..] でなければなりませんが、{} です", what.1, show(v)),
        )
    })
}

fn int(v: &Value, path: &str, what: What) -> Result<i64, ConvertError> {
    v.as_i64().ok_or_else(|| {
        err(
            path,
            format!("{} must be a whole number, found {}", what.0, show(v)),
            format!("{}は整数でなければなりませんが、{} です", what.1, show(v)),
        )
    })
}

fn tile(v: &Value, path: &str) -> Result<Tile, ConvertError> {
    let code = int(v, path, ("a tile", "牌"))?;
    tile_from_code(code).ok_or_else(|| {
        err(
            path,
            format!("{code} is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53, or 0 for unknown)"),
            format!("{code} は牌の番号（11-19, 21-29, 31-39, 41-47, 51-53、不明は 0）ではありません"),
        )
    })
}

fn tiles(v: &Value, path: &str, what: What) -> Result<Vec<Tile>, ConvertError> {
    each(v, path, what, tile)
}

/// Reads every item of a list with `read`, each at its own path.
fn each<T>(
    v: &Value,
    path: &str,
    what: What,
    read: fn(&Value, &str) -> Result<T, ConvertError>,
) -> Result<Vec<T>, ConvertError> {
    array(v, path, what)?.iter().enumerate().map(|(i, x)| read(x, &format!("{path}[{i}]"))).collect()
}

fn four_ints(v: &Value, path: &str, what: What) -> Result<[i64; 4], ConvertError> {
    let a = array(v, path, what)?;
    if a.len() != 4 {
        return Err(err(
            path,
            format!("{} must list four numbers, one per player; found {}", what.0, a.len()),
            format!("{}には各選手に一つ、四つの数が必要ですが、{} つです", what.1, a.len()),
        ));
    }
    let mut out = [0; 4];
    for (i, x) in a.iter().enumerate() {
        out[i] = int(x, &format!("{path}[{i}]"), what)?;
    }
    Ok(out)
}

/// The tiles of a call or kan string with the letter taken out, and the letter's place in tiles.
fn split_meld_text(s: &str, path: &str) -> Result<(char, usize, Vec<Tile>), ConvertError> {
    let letters: Vec<(usize, char)> = s.char_indices().filter(|(_, c)| !c.is_ascii_digit()).collect();
    let [(at, letter)] = letters[..] else {
        return Err(err(
            path,
            format!("'{s}' is not a call: a call is tile codes with one letter (c, p, m, a, k, r)"),
            format!("'{s}' は鳴きではありません。鳴きは牌の番号と一つの文字（c, p, m, a, k, r）です"),
        ));
    };
    let digits: String = s.chars().filter(|c| c.is_ascii_digit()).collect();
    if !at.is_multiple_of(2) || !digits.len().is_multiple_of(2) {
        return Err(err(
            path,
            format!("'{s}' is not a call: its tile codes are not pairs of digits"),
            format!("'{s}' は鳴きではありません。牌の番号が二桁ずつになっていません"),
        ));
    }
    let mut out = Vec::new();
    for i in (0..digits.len()).step_by(2) {
        let code: i64 = digits[i..i + 2].parse().map_err(|_| {
            err(path, format!("'{s}' has a broken tile code"), format!("'{s}' の牌の番号が壊れています"))
        })?;
        out.push(tile_from_code(code).filter(|t| !t.is_unknown()).ok_or_else(|| {
            err(
                path,
                format!("'{s}' holds {code}, which is not a tile code"),
                format!("'{s}' の {code} は牌の番号ではありません"),
            )
        })?);
    }
    Ok((letter, at / 2, out))
}

fn take(v: &Value, path: &str) -> Result<Take, ConvertError> {
    if let Some(s) = v.as_str() {
        let (letter, at, ts) = split_meld_text(s, path)?;
        let (kind, n, from) = match (letter, at) {
            ('c', 0) => (CallKind::Chi, 3, CalledFrom::Kamicha),
            ('p', 0) => (CallKind::Pon, 3, CalledFrom::Kamicha),
            ('p', 1) => (CallKind::Pon, 3, CalledFrom::Toimen),
            ('p', 2) => (CallKind::Pon, 3, CalledFrom::Shimocha),
            ('m', 0) => (CallKind::Daiminkan, 4, CalledFrom::Kamicha),
            ('m', 1) => (CallKind::Daiminkan, 4, CalledFrom::Toimen),
            ('m', 3) => (CallKind::Daiminkan, 4, CalledFrom::Shimocha),
            ('c' | 'p' | 'm', _) => {
                return Err(err(
                    path,
                    format!("'{s}': the letter '{letter}' stands where no seat could be the source"),
                    format!("'{s}'：文字 '{letter}' の位置では鳴いた相手が決まりません"),
                ));
            }
            _ => {
                return Err(err(
                    path,
                    format!("'{s}' is not a chi (c), pon (p) or daiminkan (m) call"),
                    format!("'{s}' はチー（c）・ポン（p）・大明槓（m）のどれでもありません"),
                ));
            }
        };
        if ts.len() != n {
            let got = ts.len();
            return Err(err(
                path,
                format!("'{s}' has {got} tiles; this call has {n}"),
                format!("'{s}' は {got} 枚ですが、この鳴きは {n} 枚です"),
            ));
        }
        let mut consumed = ts;
        let called = consumed.remove(at);
        return Ok(Take::Call(CallText { kind, called, consumed, from }));
    }
    Ok(Take::Tile(tile(v, path)?))
}

fn out(v: &Value, path: &str) -> Result<Out, ConvertError> {
    if let Some(s) = v.as_str() {
        if let Some(rest) = s.strip_prefix('r') {
            if rest == "60" {
                return Ok(Out::Riichi(None));
            }
            let code: i64 = rest.parse().map_err(|_| {
                err(
                    path,
                    format!("'{s}' is not a riichi discard (r and a tile code)"),
                    format!("'{s}' はリーチ打牌（r と牌の番号）ではありません"),
                )
            })?;
            let t = tile_from_code(code).filter(|t| !t.is_unknown()).ok_or_else(|| {
                err(
                    path,
                    format!("'{s}': {code} is not a tile code"),
                    format!("'{s}'：{code} は牌の番号ではありません"),
                )
            })?;
            return Ok(Out::Riichi(Some(t)));
        }
        let (letter, at, ts) = split_meld_text(s, path)?;
        return match letter {
            'a' if ts.len() == 4 => Ok(Out::Ankan([ts[0], ts[1], ts[2], ts[3]])),
            'k' if ts.len() == 4 && at <= 2 => Ok(Out::Kakan(ts[at])),
            'a' | 'k' => Err(err(
                path,
                format!("'{s}' is not a kan: a kan string holds four tiles"),
                format!("'{s}' は槓ではありません。槓の文字列は四枚です"),
            )),
            _ => Err(err(
                path,
                format!("'{s}' is not a discard: riichi (r), ankan (a) or kakan (k)"),
                format!("'{s}' は打牌ではありません。リーチ（r）・暗槓（a）・加槓（k）のどれかです"),
            )),
        };
    }
    match int(v, path, ("a discard", "打牌"))? {
        60 => Ok(Out::Tsumogiri),
        0 => Ok(Out::Placeholder),
        code => Ok(Out::Tile(tile(&Value::from(code), path)?)),
    }
}

fn result(v: &Value, path: &str) -> Result<Result6, ConvertError> {
    let a = array(v, path, ("the result", "結果"))?;
    let name = a.first().and_then(|n| n.as_str()).ok_or_else(|| {
        err(
            path,
            "the result must start with its name (和了, 流局, 九種九牌, ...)",
            "結果は名前（和了、流局、九種九牌 など）で始まります",
        )
    })?;
    if name == "和了" {
        let mut rows = Vec::new();
        if a.len() < 3 || a.len() % 2 != 1 {
            return Err(err(
                path,
                "a win lists its point changes and its details, one pair per winner",
                "和了には和了者ごとに点数の増減と詳細の組が必要です",
            ));
        }
        for i in (1..a.len()).step_by(2) {
            let deltas = four_ints(&a[i], &format!("{path}[{i}]"), ("the point changes", "点数の増減"))?;
            let p = format!("{path}[{}]", i + 1);
            let d = array(&a[i + 1], &p, ("the win details", "和了の詳細"))?;
            let seat = |j: usize| -> Result<usize, ConvertError> {
                let v = d.get(j).ok_or_else(|| {
                    err(
                        &p,
                        "the win details must start with winner, from, pao",
                        "和了の詳細は和了者・放銃者・包で始まります",
                    )
                })?;
                let n = int(v, &format!("{p}[{j}]"), ("a player", "選手"))?;
                usize::try_from(n).ok().filter(|n| *n < 4).ok_or_else(|| {
                    err(
                        &format!("{p}[{j}]"),
                        format!("{n} is not a player (0-3)"),
                        format!("{n} は選手（0-3）ではありません"),
                    )
                })
            };
            rows.push(WinRow { deltas, who: seat(0)?, from: seat(1)?, pao: seat(2)? });
        }
        return Ok(Result6::Win(rows));
    }
    let kind = DrawKind::from_japanese(name).ok_or_else(|| {
        err(
            path,
            format!("'{name}' is not a result tenhou.net/6 writes (和了, 流局, 流し満貫, 九種九牌, ...)"),
            format!("'{name}' は tenhou.net/6 の結果（和了、流局、流し満貫、九種九牌 など）ではありません"),
        )
    })?;
    let deltas = match a.get(1) {
        Some(d) => four_ints(d, &format!("{path}[1]"), ("the point changes", "点数の増減"))?,
        None => [0; 4],
    };
    Ok(Result6::Draw(kind, deltas))
}

fn kyoku(v: &Value, path: &str) -> Result<Kyoku, ConvertError> {
    let a = array(v, path, ("a kyoku", "局"))?;
    if a.len() < 17 {
        return Err(err(
            path,
            format!("a kyoku has 17 items (round, scores, dora, ura, 3 lists per player, result); found {}", a.len()),
            format!(
                "局は 17 項目（局、持ち点、ドラ、裏ドラ、選手ごとに三つのリスト、結果）ですが、{} 項目です",
                a.len()
            ),
        ));
    }
    let head = array(&a[0], &format!("{path}[0]"), ("[kyoku, honba, kyotaku]", "[局, 本場, 供託]"))?;
    if head.len() != 3 {
        return Err(err(
            &format!("{path}[0]"),
            "the round must be [kyoku, honba, kyotaku]",
            "局の先頭は [局, 本場, 供託] です",
        ));
    }
    let k = int(&head[0], &format!("{path}[0][0]"), ("the kyoku", "局"))?;
    let kyoku = u8::try_from(k).ok().filter(|k| *k < 16).ok_or_else(|| {
        err(
            &format!("{path}[0][0]"),
            format!("kyoku {k} is not a round (0-3 East, 4-7 South, 8-11 West, 12-15 North)"),
            format!("局 {k} はありません（0-3 東、4-7 南、8-11 西、12-15 北）"),
        )
    })?;
    let h = int(&head[1], &format!("{path}[0][1]"), ("the honba", "本場"))?;
    let honba = u32::try_from(h).map_err(|_| {
        err(&format!("{path}[0][1]"), format!("honba {h} is negative"), format!("本場 {h} が負の数です"))
    })?;
    let kyotaku = int(&head[2], &format!("{path}[0][2]"), ("the kyotaku", "供託"))?;
    if !(0..1000).contains(&kyotaku) {
        return Err(err(
            &format!("{path}[0][2]"),
            format!("{kyotaku} riichi sticks cannot be on the table"),
            format!("リーチ棒 {kyotaku} 本の供託はありえません"),
        ));
    }
    let scores = four_ints(&a[1], &format!("{path}[1]"), ("the start scores", "開始時の持ち点"))?;
    let dora = tiles(&a[2], &format!("{path}[2]"), ("the dora indicators", "ドラ表示牌"))?;
    let ura = tiles(&a[3], &format!("{path}[3]"), ("the ura indicators", "裏ドラ表示牌"))?;
    if dora.len() > 5 || ura.len() > 5 {
        return Err(err(
            &format!("{path}[2]"),
            "a frame shows at most five dora and five ura indicators",
            "ドラ表示牌と裏ドラ表示牌はそれぞれ五枚までです",
        ));
    }
    let mut hands: [Vec<Tile>; 4] = Default::default();
    let mut takes: [Vec<Take>; 4] = Default::default();
    let mut outs: [Vec<Out>; 4] = Default::default();
    for p in 0..4 {
        hands[p] = tiles(&a[4 + 3 * p], &format!("{path}[{}]", 4 + 3 * p), ("a start hand", "配牌"))?;
        if hands[p].len() != 13 {
            let n = hands[p].len();
            return Err(err(
                &format!("{path}[{}]", 4 + 3 * p),
                format!("a start hand has 13 tiles; this one has {n}"),
                format!("配牌は 13 枚ですが、{n} 枚です"),
            ));
        }
        takes[p] = each(&a[5 + 3 * p], &format!("{path}[{}]", 5 + 3 * p), ("the takes", "取り牌"), take)?;
        outs[p] = each(&a[6 + 3 * p], &format!("{path}[{}]", 6 + 3 * p), ("the discards", "捨て牌"), out)?;
    }
    let result = result(&a[16], &format!("{path}[16]"))?;
    Ok(Kyoku { kyoku, honba, kyotaku, scores, dora, ura, hands, takes, outs, result })
}

// ---------------------------------------------------------------------------------------------
// Rebuilding the order of acts

#[derive(Clone, Copy, Debug)]
enum Mode {
    /// `player` draws from the wall (or the dead wall after a kan).
    Draw { player: usize, rinshan: bool },
    /// `player` drew (or called) and discards next.
    Discard { player: usize, draw: Draw, drawn: Option<Tile> },
    /// `player` discarded `tile`; another player may call it.
    Discarded { player: usize, tile: Tile },
    /// `caller` calls the last discard with the call at the head of its takes.
    Call { caller: usize },
}

#[derive(Clone)]
struct Path {
    take: [usize; 4],
    out: [usize; 4],
    table: Table,
    acts: Vec<Act>,
    mode: Mode,
}

/// Why a path was abandoned, with how far it got.
struct DeadEnd {
    acts: usize,
    message: Text,
}

enum Step {
    Go,
    /// Alternatives were pushed onto the stack.
    Fork,
    Done,
}

struct Rebuild<'a> {
    k: &'a Kyoku,
    stack: Vec<Path>,
    deepest: Option<DeadEnd>,
    spent: usize,
}

impl Rebuild<'_> {
    fn all_used(&self, p: &Path) -> bool {
        (0..4).all(|i| p.take[i] == self.k.takes[i].len() && p.out[i] == self.k.outs[i].len())
    }

    fn apply(&mut self, p: &mut Path, act: Act) -> Result<(), Text> {
        self.spent += 1;
        let findings = p.table.apply(&act);
        p.acts.push(act);
        match findings.into_iter().find(|f| f.severity == Severity::Error) {
            Some(f) => Err(f.message),
            None => Ok(()),
        }
    }

    fn act(&self, player: usize, draw: Draw, discard: Option<Discard>) -> Act {
        Act { seat: self.k.seat(player), draw, discard }
    }

    /// Advances a path by one step.
    fn step(&mut self, p: &mut Path) -> Result<Step, Text> {
        let k = self.k;
        match p.mode {
            Mode::Draw { player, rinshan } => {
                let Some(t) = k.takes[player].get(p.take[player]) else {
                    if !rinshan && self.all_used(p) {
                        return self.end_after_discard(p);
                    }
                    return Err(Text::new(
                        format!("player {player} has no more takes, but it is its turn to draw"),
                        format!("選手 {player} のツモの番ですが、取り牌が残っていません"),
                    ));
                };
                let Take::Tile(t) = t else {
                    return Err(Text::new(
                        format!("player {player}'s next take is a call, but no discard could be called"),
                        format!("選手 {player} の次の取り牌は鳴きですが、鳴ける捨て牌がありません"),
                    ));
                };
                p.take[player] += 1;
                let draw = if rinshan { Draw::Rinshan(*t) } else { Draw::Tile(*t) };
                p.mode = Mode::Discard { player, draw, drawn: Some(*t) };
                Ok(Step::Go)
            }
            Mode::Discard { player, draw, drawn } => {
                let Some(o) = k.outs[player].get(p.out[player]).cloned() else {
                    return self.end_without_discard(p, player, draw);
                };
                p.out[player] += 1;
                // The drawn tile's twin from the hand is kg; with no twin it can only be the drawn one.
                let seat = k.seat(player);
                let twin = |t: Tile| p.table.seats[seat.index()].hand.contains(&t);
                let tile_of = |t: Tile| if drawn == Some(t) && twin(t) { Discard::Karagiri } else { Discard::Tile(t) };
                let (discard, next) = match o {
                    Out::Tile(t) => (tile_of(t), Some(t)),
                    Out::Tsumogiri => {
                        let t = drawn.ok_or_else(|| {
                            Text::new(
                                "a tsumogiri (60) right after a call, with no drawn tile",
                                "鳴きの直後のツモ切り（60）で、ツモ牌がありません",
                            )
                        })?;
                        (Discard::Tsumogiri, Some(t))
                    }
                    Out::Riichi(t) => {
                        let t = t.or(drawn).ok_or_else(|| {
                            Text::new(
                                "a riichi tsumogiri (r60) right after a call",
                                "鳴きの直後のリーチのツモ切り（r60）です",
                            )
                        })?;
                        (Discard::Riichi(t), Some(t))
                    }
                    Out::Ankan(ts) => (Discard::Ankan(ts), None),
                    Out::Kakan(t) => (Discard::Kakan(t), None),
                    Out::Placeholder => {
                        return Err(Text::new(
                            "a 0 in the discards that does not follow a daiminkan",
                            "捨て牌に大明槓の後ではない 0 があります",
                        ));
                    }
                };
                if drawn.is_none() && next.is_none() {
                    return Err(Text::new(
                        "a kan declared right after a call, with no drawn tile",
                        "鳴きの直後の槓で、ツモ牌がありません",
                    ));
                }
                self.apply(p, self.act(player, draw, Some(discard)))?;
                match (next, o) {
                    (Some(tile), _) => p.mode = Mode::Discarded { player, tile },
                    (None, Out::Kakan(_)) if self.all_used(p) => return self.end_chankan(p, player),
                    (None, _) => p.mode = Mode::Draw { player, rinshan: true },
                }
                Ok(Step::Go)
            }
            Mode::Discarded { player, tile } => {
                if self.all_used(p) {
                    return self.end_after_discard(p);
                }
                let callers: Vec<usize> = (1..4)
                    .map(|d| (player + d) % 4)
                    .filter(|&q| match k.takes[q].get(p.take[q]) {
                        Some(Take::Call(c)) => c.called == tile && (q + source_offset(c.from)) % 4 == player,
                        _ => false,
                    })
                    .collect();
                if callers.is_empty() {
                    p.mode = Mode::Draw { player: (player + 1) % 4, rinshan: false };
                    return Ok(Step::Go);
                }
                let mut pass = p.clone();
                pass.mode = Mode::Draw { player: (player + 1) % 4, rinshan: false };
                self.stack.push(pass);
                // Pon and kan before chi: they take precedence at the table.
                let mut order = callers;
                order.sort_by_key(|&q| match &k.takes[q][p.take[q]] {
                    Take::Call(c) if c.kind == CallKind::Chi => 1,
                    _ => 0,
                });
                for &q in order.iter().rev() {
                    let mut c = p.clone();
                    c.mode = Mode::Call { caller: q };
                    self.stack.push(c);
                }
                Ok(Step::Fork)
            }
            Mode::Call { caller } => {
                let Some(Take::Call(c)) = k.takes[caller].get(p.take[caller]).cloned() else {
                    return Err(Text::new(
                        "internal: a call path without a call",
                        "内部の誤り：鳴きのない鳴きの経路です",
                    ));
                };
                p.take[caller] += 1;
                match c.kind {
                    CallKind::Chi | CallKind::Pon => {
                        let pair = [c.consumed[0], c.consumed[1]];
                        let draw = if c.kind == CallKind::Chi { Draw::Chi(pair) } else { Draw::Pon(pair) };
                        p.mode = Mode::Discard { player: caller, draw, drawn: None };
                    }
                    CallKind::Daiminkan => {
                        let three = [c.consumed[0], c.consumed[1], c.consumed[2]];
                        self.apply(p, self.act(caller, Draw::Daiminkan(three), None))?;
                        if k.outs[caller].get(p.out[caller]) == Some(&Out::Placeholder) {
                            p.out[caller] += 1;
                        }
                        p.mode = Mode::Draw { player: caller, rinshan: true };
                    }
                }
                Ok(Step::Go)
            }
        }
    }

    /// The player drew and has no discard left: a tsumo win or nine terminals.
    fn end_without_discard(&mut self, p: &mut Path, player: usize, draw: Draw) -> Result<Step, Text> {
        if !self.all_used(p) {
            return Err(Text::new(
                format!("player {player} has no discard left, but other lists are not used up"),
                format!("選手 {player} の捨て牌は尽きましたが、他のリストが残っています"),
            ));
        }
        match &self.k.result {
            Result6::Win(rows) if rows.len() == 1 && rows[0].who == player && rows[0].from == player => {
                self.apply(p, self.act(player, draw, Some(Discard::Tsumo)))?;
            }
            Result6::Draw(DrawKind::NineTerminals, _) => self.apply(p, self.act(player, draw, None))?,
            _ => {
                return Err(Text::new(
                    format!("the lists end on player {player}'s draw, but the result is not its tsumo"),
                    format!("リストは選手 {player} のツモで終わっていますが、結果はそのツモ和了ではありません"),
                ));
            }
        }
        Ok(Step::Done)
    }

    /// Every list is used up after a discard: ron, an exhaustive draw or an abortive draw.
    fn end_after_discard(&mut self, p: &mut Path) -> Result<Step, Text> {
        match &self.k.result {
            Result6::Win(rows) => {
                for r in rows {
                    if r.who == r.from {
                        return Err(Text::new(
                            "the result is a tsumo, but the lists end on a discard",
                            "結果はツモ和了ですが、リストは打牌で終わっています",
                        ));
                    }
                    self.apply(p, self.act(r.who, Draw::Ron, None))?;
                }
            }
            Result6::Draw(kind, _) if !kind.is_abortive() => {
                if p.table.wall_left > 0 {
                    let left = p.table.wall_left;
                    return Err(Text::new(
                        format!("the result is an exhaustive draw, but {left} tiles are left"),
                        format!("結果は流局ですが、山に {left} 枚残っています"),
                    ));
                }
            }
            Result6::Draw(DrawKind::NineTerminals, _) => {
                return Err(Text::new("nine terminals after a discard", "打牌の後の九種九牌です"));
            }
            Result6::Draw(..) => {}
        }
        Ok(Step::Done)
    }

    /// The lists end on a kakan: a chankan.
    fn end_chankan(&mut self, p: &mut Path, player: usize) -> Result<Step, Text> {
        match &self.k.result {
            Result6::Win(rows) if rows.iter().all(|r| r.from == player && r.who != player) => {
                for r in rows {
                    self.apply(p, self.act(r.who, Draw::Ron, None))?;
                }
                Ok(Step::Done)
            }
            _ => Err(Text::new(
                "the lists end on a kakan, but the result is not a ron on it",
                "リストは加槓で終わっていますが、結果はその槍槓のロンではありません",
            )),
        }
    }

    /// Runs the search; the acts in order.
    fn run(mut self, start: Path) -> Result<(Vec<Act>, Table), Text> {
        self.stack.push(start);
        while let Some(mut p) = self.stack.pop() {
            loop {
                if self.spent > SEARCH_BUDGET {
                    return Err(Text::new(
                        "the order of acts is too ambiguous to rebuild",
                        "行為の順序が曖昧すぎて組み立てられません",
                    ));
                }
                match self.step(&mut p) {
                    Ok(Step::Go) => {}
                    Ok(Step::Fork) => break,
                    Ok(Step::Done) => return Ok((p.acts, p.table)),
                    Err(message) => {
                        if self.deepest.as_ref().is_none_or(|d| p.acts.len() >= d.acts) {
                            self.deepest = Some(DeadEnd { acts: p.acts.len(), message });
                        }
                        break;
                    }
                }
            }
        }
        let d = self
            .deepest
            .unwrap_or(DeadEnd {
                acts: 0, message: Text::new("nothing to replay", "再生するものがありません")
            });
        Err(Text::new(
            format!(
                "no order of the takes and discards replays legally; the furthest reached act {}: {}",
                d.acts + 1,
                d.message.en
            ),
            format!(
                "取り牌と捨て牌をどの順に並べても正しく再生できません。最も進んだ {} 手目：{}",
                d.acts + 1,
                d.message.ja
            ),
        ))
    }
}

/// How many seats after the caller the source of a call sits.
fn source_offset(from: CalledFrom) -> usize {
    match from {
        CalledFrom::Kamicha => 3,
        CalledFrom::Toimen => 2,
        CalledFrom::Shimocha => 1,
    }
}

fn points(v: i64, at: &str) -> Result<Points, ConvertError> {
    Points::from_points(v).ok_or_else(|| ConvertError::new(path_at(at), not_hundreds(v)))
}

/// The frame of one kyoku.
fn frame_of(k: &Kyoku, path: &str) -> Result<Frame, ConvertError> {
    let id = k.id();
    let mut frame = Frame::new(id);
    frame.kyoutaku = Some(Points(i32::try_from(k.kyotaku * 10).unwrap_or(0)));
    let mut start = [Points(0); 4];
    for s in Seat::ALL {
        start[s.index()] = points(k.scores[k.player(s)], &format!("{path}[1]"))?;
    }
    frame.start_points = Some(start);
    let mut dora = vec![Tile::UNKNOWN; DORA_SLOTS];
    for (i, t) in k.dora.iter().enumerate().take(5) {
        dora[dora_slot(i)] = dora_of(*t);
    }
    for (i, t) in k.ura.iter().enumerate().take(5) {
        dora[ura_slot(i)] = dora_of(*t);
    }
    frame.dora = dora;
    let start_hands: Vec<SeatHand> = Seat::ALL
        .into_iter()
        .map(|s| SeatHand { seat: s, hand: Hand { tiles: k.hands[k.player(s)].clone(), tsumo: None, furo: vec![] } })
        .collect();
    frame.flow = Some(FrameFlow { start_hands, acts: vec![], end_hands: vec![] });
    let (table, findings) = Table::start(&frame).ok_or_else(|| ConvertError::new(path_at(path), no_flow()))?;
    if let Some(f) = findings.iter().find(|f| f.severity == Severity::Error) {
        return Err(ConvertError::new(
            path_at(path),
            f.message.clone().prefixed(&format!("{id}: "), &format!("{id}：")),
        ));
    }
    let start = Path {
        take: [0; 4],
        out: [0; 4],
        table,
        acts: vec![],
        mode: Mode::Draw { player: k.dealer(), rinshan: false },
    };
    let rebuild = Rebuild { k, stack: vec![], deepest: None, spent: 0 };
    let (acts, table) = rebuild
        .run(start)
        .map_err(|m| ConvertError::new(path_at(path), m.prefixed(&format!("{id}: "), &format!("{id}："))))?;
    // End points: the start, the changes of the result, less the sticks deposited.
    let dep = table.deposits();
    let mut change = [0i64; 4];
    match &k.result {
        Result6::Win(rows) => {
            for r in rows {
                for (p, d) in r.deltas.iter().enumerate() {
                    change[p] += d;
                }
            }
        }
        Result6::Draw(_, d) => change = *d,
    }
    let mut end = [Points(0); 4];
    for s in Seat::ALL {
        let p = k.player(s);
        let v = k.scores[p] + change[p] - if dep[s.index()] { 1000 } else { 0 };
        end[s.index()] = points(v, &format!("{path}[16]"))?;
    }
    frame.end_points = Some(end);
    if let Some(flow) = frame.flow.as_mut() {
        flow.end_hands = Seat::ALL.into_iter().map(|s| SeatHand { seat: s, hand: table.hand_of(s) }).collect();
        flow.acts = acts;
    }
    Ok(frame)
}

/// Reads a tenhou.net/6 JSON log into a record of one match.
pub fn import(text: &str) -> Result<Paifu, ConvertError> {
    let v: Value = serde_json::from_str(crate::format::strip_bom(text)).map_err(json_error)?;
    let obj = v.as_object().ok_or_else(|| {
        ConvertError::new(
            the_file(),
            Text::new(
                "a tenhou.net/6 log is one JSON object {..}",
                "tenhou.net/6 のログは一つの JSON オブジェクト {..} です",
            ),
        )
    })?;
    let log = obj.get("log").ok_or_else(|| {
        ConvertError::new(
            the_file(),
            Text::new(
                "the object has no \"log\": not a tenhou.net/6 log",
                "オブジェクトに \"log\" がありません。tenhou.net/6 のログではありません",
            ),
        )
    })?;
    let log = array(log, "log", ("the log", "ログ"))?;
    let mut m = Match::default();
    let names: Vec<String> = match obj.get("name") {
        Some(n) => {
            let a = array(n, "name", ("the names", "名前"))?;
            if a.len() != 4 {
                return Err(err(
                    "name",
                    format!("four player names are needed; found {}", a.len()),
                    format!("四人の名前が必要ですが、{} 人です", a.len()),
                ));
            }
            a.iter().enumerate().map(|(i, x)| text_of(x, &format!("name[{i}]"))).collect::<Result<_, _>>()?
        }
        None => vec![String::new(); 4],
    };
    m.players = (0..4u8)
        .map(|id| Player {
            id,
            name: names
                .get(usize::from(id))
                .filter(|n| !n.is_empty())
                .map(|n| Name { last: Some(StrLit::native(n.clone())), first: None }),
            ..Player::default()
        })
        .collect();
    if let Some(t) = obj.get("title") {
        let a = array(t, "title", ("the title", "題"))?;
        let part = |i: usize| -> Result<Option<String>, ConvertError> {
            match a.get(i) {
                Some(x) => text_of(x, &format!("title[{i}]")).map(|s| Some(s).filter(|s| !s.is_empty())),
                None => Ok(None),
            }
        };
        let (name, stage) = (part(0)?, part(1)?);
        if name.is_some() || stage.is_some() {
            m.tour = Some(TourInfo {
                name: name.map(|n| Choice::Custom(StrLit::native(n))),
                stage: stage.map(|s| Choice::Custom(StrLit::native(s))),
                ..TourInfo::default()
            });
        }
    }
    for (i, kv) in log.iter().enumerate() {
        let path = format!("log[{i}]");
        let k = kyoku(kv, &path)?;
        m.frames.push(frame_of(&k, &path)?);
    }
    Ok(Paifu { matches: vec![m] })
}

/// A name or title part: text, or a number written as text.
fn text_of(v: &Value, path: &str) -> Result<String, ConvertError> {
    match v {
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(n.to_string()),
        Value::Null => Ok(String::new()),
        _ => {
            Err(err(path, format!("expected text, found {}", show(v)), format!("文字列が必要ですが、{} です", show(v))))
        }
    }
}

/// A JSON syntax error at its line and column, in plain words.
pub(crate) fn json_error(e: serde_json::Error) -> ConvertError {
    let at = Text::new(
        format!("line {}, column {}", e.line(), e.column()),
        format!("{} 行 {} 文字目", e.line(), e.column()),
    );
    let message = match e.classify() {
        serde_json::error::Category::Eof => Text::new(
            "the JSON ends too early (is the file cut off?)",
            "JSON が途中で終わっています（ファイルが切れていませんか）",
        ),
        _ => Text::new(format!("not valid JSON: {e}"), format!("正しい JSON ではありません：{e}")),
    };
    ConvertError::new(at, message)
}

// ---------------------------------------------------------------------------------------------
// Writing

/// Writes a record as tenhou.net/6 JSON: one log per match (so a file of one match).
pub fn export(paifu: &Paifu) -> Result<String, ConvertError> {
    export_match(single_match(paifu, super::Format::Tenhou6)?, 0, 1)
}

/// The tenhou.net/6 JSON of one match.
pub fn export_match(m: &Match, mi: usize, of: usize) -> Result<String, ConvertError> {
    let title = match &m.tour {
        Some(t) => [choice_text(t.name.as_ref()), choice_text(t.stage.as_ref())],
        None => [String::new(), String::new()],
    };
    let names = player_names(m);
    let red = m.frames.iter().any(frame_has_red);
    let mut log = Vec::new();
    for f in &m.frames {
        log.push(kyoku_json(f).map_err(|e| ConvertError::new(frame_at(mi, of, f.id), e))?);
    }
    let rule = serde_json::json!({"disp": "", "aka": i32::from(red)});
    Ok(format!(
        "{{\"title\":{},\"name\":{},\"rule\":{},\"log\":{}}}",
        Value::from(title.to_vec()),
        Value::from(names.to_vec()),
        rule,
        Value::Array(log)
    ))
}

fn frame_has_red(f: &Frame) -> bool {
    f.flow.as_ref().is_some_and(|fl| fl.start_hands.iter().any(|h| h.hand.tiles.iter().any(|t| t.is_red())))
        || f.flow
            .as_ref()
            .is_some_and(|fl| fl.acts.iter().any(|a| matches!(a.draw, Draw::Tile(t) | Draw::Rinshan(t) if t.is_red())))
}

fn choice_text<T>(c: Option<&Choice<T>>) -> String
where
    T: crate::format::Shorthand,
{
    match c {
        Some(Choice::Known(k)) => k.japanese().to_string(),
        Some(Choice::Custom(s)) => strlit_text(s),
        Some(Choice::Unknown(w)) => w.clone(),
        None => String::new(),
    }
}

/// One kyoku's 17 items.
fn kyoku_json(f: &Frame) -> Result<Value, Text> {
    let flow = f.flow.as_ref().ok_or_else(|| {
        Text::new(
            "the frame has no acts; tenhou.net/6 needs the hands and acts",
            "この局には行為がありません。tenhou.net/6 には手牌と行為が必要です",
        )
    })?;
    let number = usize::from(f.id.number.clamp(1, 4));
    let dealer = number - 1;
    let player = |s: Seat| player_at(s, dealer);
    let kyoku = (f.id.wind as usize) * 4 + dealer;
    let kyotaku = f.kyoutaku.map_or(0, |k| k.as_points() / 1000);
    let start = f.start_points.ok_or_else(|| {
        Text::new(
            "the frame has no start points (pfs); tenhou.net/6 needs them",
            "この局には開始点（pfs）がありません。tenhou.net/6 には必要です",
        )
    })?;
    let mut scores = [0i64; 4];
    let mut hands: [Vec<i64>; 4] = Default::default();
    for s in Seat::ALL {
        scores[player(s)] = start[s.index()].as_points();
    }
    let mut takes: [Vec<Value>; 4] = Default::default();
    let mut outs: [Vec<Value>; 4] = Default::default();
    for sh in &flow.start_hands {
        let mut tiles = sh.hand.tiles.clone();
        if tiles.len() == 14 && sh.seat == Seat::East {
            // A 14-tile dealer hand (oy): tenhou deals 13 and counts the 14th as the first draw.
            let t = sh.hand.tsumo.or_else(|| tiles.pop()).unwrap_or(Tile::UNKNOWN);
            takes[player(sh.seat)].push(Value::from(code_of(t)));
        } else if let Some(t) = sh.hand.tsumo
            && sh.seat == Seat::East
        {
            takes[player(sh.seat)].push(Value::from(code_of(t)));
        }
        hands[player(sh.seat)] = tiles.iter().map(|t| code_of(*t)).collect();
    }
    let (mut table, _) =
        Table::start(f).ok_or_else(|| Text::new("the frame has no acts", "この局には行為がありません"))?;
    for (n, act) in flow.acts.iter().enumerate() {
        let p = player(act.seat);
        let at = |en: &str, ja: &str| act_problem(n, act.seat, en, ja);
        let last = match table.phase {
            crate::rules::Phase::Draw { last_discard: Some(d), .. } => Some(d),
            _ => None,
        };
        let called_from = |tile_needed: bool| -> Result<(Tile, CalledFrom), Text> {
            let d = last.ok_or_else(|| at("a call with no discard to call", "鳴ける捨て牌のない鳴きです"))?;
            let from = CalledFrom::between(act.seat, d.seat)
                .ok_or_else(|| at("a call on its own discard", "自分の捨て牌の鳴きです"))?;
            let _ = tile_needed;
            Ok((d.tile, from))
        };
        let drawn = match act.draw {
            Draw::Tile(t) | Draw::Rinshan(t) => {
                takes[p].push(Value::from(code_of(t)));
                Some(t)
            }
            Draw::Oya => table.seats[act.seat.index()].hand.last().copied(),
            Draw::Chi(pair) => {
                let (called, _) = called_from(true)?;
                takes[p].push(Value::from(format!("c{}{}{}", code2(called), code2(pair[0]), code2(pair[1]))));
                None
            }
            Draw::Pon(pair) => {
                let (called, from) = called_from(true)?;
                takes[p].push(Value::from(meld_text('p', called, &pair, from)));
                None
            }
            Draw::Daiminkan(three) => {
                let (called, from) = called_from(true)?;
                takes[p].push(Value::from(meld_text('m', called, &three, from)));
                outs[p].push(Value::from(0));
                None
            }
            Draw::Ron => None,
        };
        match act.discard {
            Some(Discard::Tile(t)) => outs[p].push(Value::from(code_of(t))),
            Some(Discard::Tsumogiri) => outs[p].push(Value::from(60)),
            Some(Discard::Karagiri) => outs[p].push(Value::from(code_of(
                drawn.ok_or_else(|| at("kg without a drawn tile", "ツモ牌のない空切り（kg）です"))?,
            ))),
            Some(Discard::Riichi(t)) => {
                let s = if drawn == Some(t) { "r60".to_string() } else { format!("r{}", code2(t)) };
                outs[p].push(Value::from(s));
            }
            Some(Discard::Ankan(ts)) => {
                outs[p].push(Value::from(format!("{}{}{}a{}", code2(ts[0]), code2(ts[1]), code2(ts[2]), code2(ts[3]))))
            }
            Some(Discard::Kakan(added)) => {
                let pon = table.seats[act.seat.index()]
                    .pon_of(added)
                    .ok_or_else(|| at("a kakan with no pon of that tile", "その牌のポンがない加槓です"))?;
                let from = pon.from.and_then(|s| CalledFrom::between(act.seat, s)).unwrap_or(CalledFrom::Kamicha);
                let t = |i: usize| pon.tiles.get(i).copied().unwrap_or(Tile::UNKNOWN);
                let base = meld_text('p', t(0), &[t(1), t(2)], from);
                outs[p].push(Value::from(base.replacen('p', &format!("k{}", code2(added)), 1)));
            }
            Some(Discard::Tsumo) | None => {}
        }
        table.apply(act);
    }
    let result = result_json(f, &table, dealer)?;
    let mut dora = Vec::new();
    let mut ura = Vec::new();
    for (i, d) in f.dora.iter().enumerate() {
        if let Some(ind) = indicator_of(*d) {
            if i % 2 == 0 { &mut dora } else { &mut ura }.push(code_of(ind));
        }
    }
    let mut items = vec![
        Value::from(vec![kyoku as i64, i64::from(f.id.honba), kyotaku]),
        Value::from(scores.to_vec()),
        Value::from(dora),
        Value::from(ura),
    ];
    for p in 0..4 {
        items.push(Value::from(hands[p].clone()));
        items.push(Value::Array(takes[p].clone()));
        items.push(Value::Array(outs[p].clone()));
    }
    items.push(result);
    Ok(Value::Array(items))
}

/// A pon or daiminkan text: the letter stands before the called tile, at the source's place.
fn meld_text(letter: char, called: Tile, hand: &[Tile], from: CalledFrom) -> String {
    let codes: Vec<String> = hand.iter().map(|t| code2(*t)).collect();
    let at = match from {
        CalledFrom::Kamicha => 0,
        CalledFrom::Toimen => 1,
        CalledFrom::Shimocha => hand.len(),
    };
    let mut s = String::new();
    for (i, c) in codes.iter().enumerate() {
        if i == at {
            s.push(letter);
            s.push_str(&code2(called));
        }
        s.push_str(c);
    }
    if at == hand.len() {
        s.push(letter);
        s.push_str(&code2(called));
    }
    s
}

fn result_json(f: &Frame, table: &Table, dealer: usize) -> Result<Value, Text> {
    let player = |s: Seat| player_at(s, dealer);
    let by_player = |d: &[i64; 4]| Value::from(by_player(*d, dealer).to_vec());
    Ok(match super::outcome::outcome(f, table)? {
        Outcome::Win(wins) => {
            let mut items = vec![Value::from("和了")];
            for Win { who, from, pao, deltas } in wins {
                items.push(by_player(&deltas));
                items.push(Value::from(vec![player(who), player(from), player(pao)]));
            }
            Value::Array(items)
        }
        Outcome::Draw { kind, deltas } => match kind {
            DrawKind::Exhaustive | DrawKind::Nagashi => {
                Value::from(vec![Value::from(kind.japanese()), by_player(&deltas)])
            }
            _ => Value::from(vec![Value::from(kind.japanese())]),
        },
    })
}

/// The tenhou.net/6 viewer address that shows this log: `https://tenhou.net/6/#json=` and the
/// JSON, URI-encoded as JavaScript's `encodeURIComponent` does.
pub fn viewer_url(json: &str) -> String {
    let mut s = String::from("https://tenhou.net/6/#json=");
    for b in json.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')' => {
                s.push(char::from(b))
            }
            _ => s.push_str(&format!("%{b:02X}")),
        }
    }
    s
}
