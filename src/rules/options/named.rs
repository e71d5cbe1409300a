//! Every rule option by its name (the style of the classical program's game options: a name, its
//! values, its default, what it changes): what a match's rules comment and `--rules` take
//! (`jpml, red=one-per-suit`), read and written back by the same table.

use crate::format::Points;

use super::{
    BelowZero, Chombo, DoubleRon, KanDora, KyoutakuLeft, PaoHonba, PaoTsumo, PaoYaku, RuleOptions, TieBreak, Uma,
};

/// One option: its name, the values it takes, and what it changes (the guide's table is checked
/// against these).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedOption {
    pub name: &'static str,
    /// The values, as written: `yes | no`, `none | at-once | after-discard`, `POINTS`.
    pub values: &'static str,
    pub changes: &'static str,
}

const YES_NO: &str = "yes | no";

/// Every option, in the order of the guide's preset table.
pub const OPTIONS: &[NamedOption] = &[
    o("red", "none | one-per-suit", "red fives in the set (a 0m/0p/0s), each one dora"),
    o("ura", YES_NO, "a riichi win turns the ura dora indicator"),
    o(
        "kan-dora",
        "none | at-once | after-discard",
        "when a kan's dora indicator is turned (after-discard: an open kan's once its seat has discarded; an ankan's at once)",
    ),
    o("kan-ura", YES_NO, "a riichi win turns the ura indicators under the kans' dora too"),
    o("ippatsu", YES_NO, "ippatsu counts for a riichi won within one go-around"),
    o("kuitan", YES_NO, "tanyao counts for an open hand"),
    o("kazoe", "yakuman | sanbaiman", "what 13 han and more of ordinary yaku is worth"),
    o("kiriage", YES_NO, "4 han 30 fu and 3 han 60 fu are paid as a mangan"),
    o(
        "double-yakuman",
        YES_NO,
        "a single yakuman's wait (suuankou tanki, kokushi 13-wait, junsei chuuren, daisuushii) counts double",
    ),
    o("yakuman-add-up", YES_NO, "several yakuman in one hand add up (no: the hand is worth its largest)"),
    o(
        "rons",
        "atamahane | all",
        "two or three rons on one tile: only the seat nearest the discarder wins, or each is paid",
    ),
    o(
        "nine-terminals",
        YES_NO,
        "nine kinds of terminals and honours on a first draw may end the frame (abortive draw)",
    ),
    o("four-winds", YES_NO, "the same wind discarded by all four in the first go-around ends the frame"),
    o("four-kans", YES_NO, "a fourth kan by more than one seat ends the frame"),
    o("four-riichi", YES_NO, "the fourth riichi ends the frame"),
    o("triple-ron", YES_NO, "three rons on one tile end the frame (no: all three are paid, where rons=all)"),
    o("nagashi", YES_NO, "nagashi mangan is paid as a mangan tsumo at an exhaustive draw"),
    o("noten", "POINTS", "the no-ten payment of an exhaustive draw in total (0: none)"),
    o("tobi", YES_NO, "the match ends when a player's points fall below zero"),
    o("start", "POINTS", "the points each player starts with"),
    o("return", "POINTS", "the return points the final points are counted from"),
    o("oka", "POINTS", "what the first place takes on top of the uma"),
    o(
        "uma",
        "FIRST/SECOND | 1ST/2ND/3RD/4TH | ROW;ROW;ROW",
        "the uma in thousands by place; three rows: by how many players finish at or above the return points (1; 2; 3)",
    ),
    o("honba", "POINTS", "what one honba adds to a win in total"),
    o(
        "ties",
        "seat-order | split",
        "players with equal final points: the one nearer the first dealer ranks higher, or they share the uma and oka",
    ),
    o("leftover-sticks", "first | lost", "riichi sticks still on the table at the match's end"),
    o("pao", "none | daisangen+daisuushii[+suukantsu]", "the yakuman a seat whose discard completed it is liable for"),
    o("pao-tsumo", "its-yakuman | whole", "what the liable seat pays of a tsumo with another yakuman"),
    o("pao-ron-honba", "discarder | liable", "who pays the honba of a ron with pao"),
    o(
        "chombo",
        "mangan | POINTS",
        "what a chombo costs: a mangan paid at the table, or points taken off the final points",
    ),
];

impl NamedOption {
    /// The option's name in words, in both languages ("kiriage mangan" / "切り上げ満貫").
    pub fn label(&self) -> crate::i18n::Msg {
        match self.name {
            "red" => crate::i18n::tr!("rules-opt-red"),
            "ura" => crate::i18n::tr!("rules-opt-ura"),
            "kan-dora" => crate::i18n::tr!("rules-opt-kan-dora"),
            "kan-ura" => crate::i18n::tr!("rules-opt-kan-ura"),
            "ippatsu" => crate::i18n::tr!("rules-opt-ippatsu"),
            "kuitan" => crate::i18n::tr!("rules-opt-kuitan"),
            "kazoe" => crate::i18n::tr!("rules-opt-kazoe"),
            "kiriage" => crate::i18n::tr!("rules-opt-kiriage"),
            "double-yakuman" => crate::i18n::tr!("rules-opt-double-yakuman"),
            "yakuman-add-up" => crate::i18n::tr!("rules-opt-yakuman-add-up"),
            "rons" => crate::i18n::tr!("rules-opt-rons"),
            "nine-terminals" => crate::i18n::tr!("rules-opt-nine-terminals"),
            "four-winds" => crate::i18n::tr!("rules-opt-four-winds"),
            "four-kans" => crate::i18n::tr!("rules-opt-four-kans"),
            "four-riichi" => crate::i18n::tr!("rules-opt-four-riichi"),
            "triple-ron" => crate::i18n::tr!("rules-opt-triple-ron"),
            "nagashi" => crate::i18n::tr!("rules-opt-nagashi"),
            "noten" => crate::i18n::tr!("rules-opt-noten"),
            "tobi" => crate::i18n::tr!("rules-opt-tobi"),
            "start" => crate::i18n::tr!("rules-opt-start"),
            "return" => crate::i18n::tr!("rules-opt-return"),
            "oka" => crate::i18n::tr!("rules-opt-oka"),
            "uma" => crate::i18n::tr!("rules-opt-uma"),
            "honba" => crate::i18n::tr!("rules-opt-honba"),
            "ties" => crate::i18n::tr!("rules-opt-ties"),
            "leftover-sticks" => crate::i18n::tr!("rules-opt-leftover-sticks"),
            "pao" => crate::i18n::tr!("rules-opt-pao"),
            "pao-tsumo" => crate::i18n::tr!("rules-opt-pao-tsumo"),
            "pao-ron-honba" => crate::i18n::tr!("rules-opt-pao-ron-honba"),
            "chombo" => crate::i18n::tr!("rules-opt-chombo"),
            _ => crate::i18n::tr!("rules-opt-red"),
        }
    }
}

const fn o(name: &'static str, values: &'static str, changes: &'static str) -> NamedOption {
    NamedOption { name, values, changes }
}

/// Why a `NAME=VALUE` was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotTaken {
    /// No option has this name.
    UnknownName,
    /// The option takes other values (its [`NamedOption::values`]).
    BadValue(&'static str),
}

impl RuleOptions {
    /// The value of option `name` as the rules comment writes it (`None` for an unknown name).
    pub fn get(&self, name: &str) -> Option<String> {
        let yn = |b: bool| if b { "yes" } else { "no" }.to_string();
        let a = &self.abortive;
        Some(match name {
            "red" => if self.red_fives { "one-per-suit" } else { "none" }.into(),
            "ura" => yn(self.ura_dora),
            "kan-dora" => match self.kan_dora {
                KanDora::None => "none",
                KanDora::AtOnce => "at-once",
                KanDora::OpenAfterDiscard => "after-discard",
            }
            .into(),
            "kan-ura" => yn(self.kan_ura),
            "ippatsu" => yn(self.ippatsu),
            "kuitan" => yn(self.open_tanyao),
            "kazoe" => if self.kazoe_yakuman { "yakuman" } else { "sanbaiman" }.into(),
            "kiriage" => yn(self.kiriage),
            "double-yakuman" => yn(self.double_yakuman),
            "yakuman-add-up" => yn(self.yakuman_add_up),
            "rons" => if self.double_ron == DoubleRon::Atamahane { "atamahane" } else { "all" }.into(),
            "nine-terminals" => yn(a.nine_terminals),
            "four-winds" => yn(a.four_winds),
            "four-kans" => yn(a.four_kans),
            "four-riichi" => yn(a.four_riichi),
            "triple-ron" => yn(a.triple_ron),
            "nagashi" => yn(self.nagashi_mangan),
            "noten" => points(self.noten_total),
            "tobi" => yn(self.below_zero == BelowZero::MatchEnds),
            "start" => points(self.start),
            "return" => points(self.return_points),
            "oka" => points(self.oka),
            "uma" => uma_text(self.uma),
            "honba" => points(self.honba),
            "ties" => if self.tie_break == TieBreak::SeatOrder { "seat-order" } else { "split" }.into(),
            "leftover-sticks" => if self.kyoutaku_left == KyoutakuLeft::ToFirst { "first" } else { "lost" }.into(),
            "pao" => pao_text(self.pao),
            "pao-tsumo" => if self.pao_tsumo == PaoTsumo::Whole { "whole" } else { "its-yakuman" }.into(),
            "pao-ron-honba" => if self.pao_ron_honba == PaoHonba::Liable { "liable" } else { "discarder" }.into(),
            "chombo" => match self.chombo {
                Chombo::Mangan => "mangan".into(),
                Chombo::Final(p) => points(p),
            },
            _ => return None,
        })
    }

    /// Sets option `name` to `value` as the rules comment writes it (names and words in any
    /// case).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), NotTaken> {
        let name = name.trim().to_ascii_lowercase();
        let value = value.trim().to_ascii_lowercase();
        let info = OPTIONS.iter().find(|o| o.name == name).ok_or(NotTaken::UnknownName)?;
        let bad = NotTaken::BadValue(info.values);
        let yn = |v: &str| match v {
            "yes" | "true" | "on" => Ok(true),
            "no" | "false" | "off" => Ok(false),
            _ => Err(bad),
        };
        let pick = |pairs: &[(&str, bool)]| choose(&value, pairs).ok_or(bad);
        let pts = || read_points(&value).ok_or(bad);
        let a = &mut self.abortive;
        match info.name {
            "red" => self.red_fives = pick(&[("one-per-suit", true), ("none", false), ("yes", true), ("no", false)])?,
            "ura" => self.ura_dora = yn(&value)?,
            "kan-dora" => {
                self.kan_dora = match value.as_str() {
                    "none" | "no" => KanDora::None,
                    "at-once" | "yes" => KanDora::AtOnce,
                    "after-discard" => KanDora::OpenAfterDiscard,
                    _ => return Err(bad),
                }
            }
            "kan-ura" => self.kan_ura = yn(&value)?,
            "ippatsu" => self.ippatsu = yn(&value)?,
            "kuitan" => self.open_tanyao = yn(&value)?,
            "kazoe" => self.kazoe_yakuman = pick(&[("yakuman", true), ("sanbaiman", false)])?,
            "kiriage" => self.kiriage = yn(&value)?,
            "double-yakuman" => self.double_yakuman = yn(&value)?,
            "yakuman-add-up" => self.yakuman_add_up = yn(&value)?,
            "rons" => {
                self.double_ron =
                    choose(&value, &[("atamahane", DoubleRon::Atamahane), ("all", DoubleRon::Allowed)]).ok_or(bad)?
            }
            "nine-terminals" => a.nine_terminals = yn(&value)?,
            "four-winds" => a.four_winds = yn(&value)?,
            "four-kans" => a.four_kans = yn(&value)?,
            "four-riichi" => a.four_riichi = yn(&value)?,
            "triple-ron" => a.triple_ron = yn(&value)?,
            "nagashi" => self.nagashi_mangan = yn(&value)?,
            "noten" => self.noten_total = pts()?,
            "tobi" => self.below_zero = if yn(&value)? { BelowZero::MatchEnds } else { BelowZero::PlaysOn },
            "start" => self.start = pts()?,
            "return" => self.return_points = pts()?,
            "oka" => self.oka = pts()?,
            "uma" => self.uma = read_uma(&value).ok_or(bad)?,
            "honba" => self.honba = pts()?,
            "ties" => {
                self.tie_break =
                    choose(&value, &[("seat-order", TieBreak::SeatOrder), ("split", TieBreak::Split)]).ok_or(bad)?
            }
            "leftover-sticks" => {
                self.kyoutaku_left =
                    choose(&value, &[("first", KyoutakuLeft::ToFirst), ("lost", KyoutakuLeft::Lost)]).ok_or(bad)?
            }
            "pao" => self.pao = read_pao(&value).ok_or(bad)?,
            "pao-tsumo" => {
                self.pao_tsumo =
                    choose(&value, &[("whole", PaoTsumo::Whole), ("its-yakuman", PaoTsumo::ItsYakuman)]).ok_or(bad)?
            }
            "pao-ron-honba" => {
                self.pao_ron_honba =
                    choose(&value, &[("liable", PaoHonba::Liable), ("discarder", PaoHonba::Discarder)]).ok_or(bad)?
            }
            "chombo" => self.chombo = if value == "mangan" { Chombo::Mangan } else { Chombo::Final(pts()?) },
            _ => return Err(NotTaken::UnknownName),
        }
        Ok(())
    }

    /// The options whose values differ from `base`'s, by name and value, in the table's order.
    pub fn differences(&self, base: &RuleOptions) -> Vec<(&'static str, String)> {
        OPTIONS
            .iter()
            .filter_map(|o| {
                let (mine, theirs) = (self.get(o.name)?, base.get(o.name)?);
                (mine != theirs).then_some((o.name, mine))
            })
            .collect()
    }
}

/// The value a word names of `pairs` (`("split", TieBreak::Split)`).
fn choose<T: Copy>(word: &str, pairs: &[(&str, T)]) -> Option<T> {
    pairs.iter().find(|(w, _)| *w == word).map(|p| p.1)
}

/// Real points as written (`3000`; `Points(30)`): whole hundreds, at most six digits.
fn points(p: Points) -> String {
    (i64::from(p.0) * 100).to_string()
}

fn read_points(v: &str) -> Option<Points> {
    let n: i64 = v.parse().ok()?;
    (n % 100 == 0 && (0..=1_000_000).contains(&n)).then_some(Points((n / 100) as i32))
}

/// Thousands with at most one decimal (`15`, `-7.5`) in tenths (`150`, `-75`).
fn read_thousands(v: &str) -> Option<i32> {
    let v = v.strip_prefix('+').unwrap_or(v);
    let (neg, digits) = match v.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, v),
    };
    let (whole, tenth) = digits.split_once('.').unwrap_or((digits, "0"));
    let ok = |s: &str, max: usize| !s.is_empty() && s.len() <= max && s.bytes().all(|b| b.is_ascii_digit());
    if !ok(whole, 3) || !ok(tenth, 1) {
        return None;
    }
    let n = whole.parse::<i32>().ok()? * 10 + tenth.parse::<i32>().ok()?;
    Some(if neg { -n } else { n })
}

fn thousands(t: i32) -> String {
    if t % 10 == 0 {
        (t / 10).to_string()
    } else {
        format!("{}{}.{}", if t < 0 { "-" } else { "" }, t.abs() / 10, t.abs() % 10)
    }
}

fn read_row(v: &str) -> Option<[i32; 4]> {
    let parts: Vec<i32> = v.split('/').map(read_thousands).collect::<Option<_>>()?;
    match parts.as_slice() {
        [first, second] => match Uma::symmetric(*first, *second) {
            Uma::Fixed(row) => Some(row),
            Uma::ByFloat(_) => None,
        },
        [a, b, c, d] if a + b + c + d == 0 => Some([*a, *b, *c, *d]),
        _ => None,
    }
}

fn read_uma(v: &str) -> Option<Uma> {
    let rows: Vec<[i32; 4]> = v.split(';').map(read_row).collect::<Option<_>>()?;
    match rows.as_slice() {
        [row] => Some(Uma::Fixed(*row)),
        [one, two, three] => Some(Uma::ByFloat([*one, *two, *three])),
        _ => None,
    }
}

fn row_text(r: [i32; 4]) -> String {
    if r[0] == -r[3] && r[1] == -r[2] {
        format!("{}/{}", thousands(r[0]), thousands(r[1]))
    } else {
        r.map(thousands).join("/")
    }
}

fn uma_text(u: Uma) -> String {
    match u {
        Uma::Fixed(r) => row_text(r),
        Uma::ByFloat(rows) => rows.map(|r| r.map(thousands).join("/")).join(";"),
    }
}

fn read_pao(v: &str) -> Option<PaoYaku> {
    let mut p = PaoYaku::NONE;
    if v == "none" {
        return Some(p);
    }
    for y in v.split('+') {
        match y.trim() {
            "daisangen" => p.daisangen = true,
            "daisuushii" => p.daisuushii = true,
            "suukantsu" => p.suukantsu = true,
            _ => return None,
        }
    }
    Some(p)
}

fn pao_text(p: PaoYaku) -> String {
    let list: Vec<&str> = [(p.daisangen, "daisangen"), (p.daisuushii, "daisuushii"), (p.suukantsu, "suukantsu")]
        .into_iter()
        .filter_map(|(on, w)| on.then_some(w))
        .collect();
    if list.is_empty() { "none".into() } else { list.join("+") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_read_in_their_units_and_refused_with_what_they_take() {
        let mut o = RuleOptions::M_LEAGUE;
        o.set("Noten", "1500").unwrap();
        assert_eq!(o.noten_total, Points(15));
        o.set("uma", "15/5").unwrap();
        assert_eq!(o.uma, Uma::Fixed([150, 50, -50, -150]));
        o.set("uma", "12/-1/-3/-8;8/4/-4/-8;8/3/1/-12").unwrap();
        assert_eq!(o.uma, Uma::ByFloat([[120, -10, -30, -80], [80, 40, -40, -80], [80, 30, 10, -120]]));
        assert_eq!(o.get("uma").as_deref(), Some("12/-1/-3/-8;8/4/-4/-8;8/3/1/-12"));
        o.set("uma", "7.5/2.5").unwrap();
        assert_eq!(o.get("uma").as_deref(), Some("7.5/2.5"));
        o.set("pao", "daisangen+suukantsu").unwrap();
        assert_eq!(o.pao, PaoYaku { daisangen: true, daisuushii: false, suukantsu: true });
        assert_eq!(o.set("ura", "maybe"), Err(NotTaken::BadValue(YES_NO)));
        assert_eq!(o.set("noten", "1550"), Err(NotTaken::BadValue("POINTS")));
        assert!(matches!(o.set("uma", "10/10/10/10"), Err(NotTaken::BadValue(_))), "uma adds up to zero");
        assert_eq!(o.set("urra", "yes"), Err(NotTaken::UnknownName));
        o.set("chombo", "mangan").unwrap();
        assert_eq!(o.chombo, Chombo::Mangan);
    }
}
