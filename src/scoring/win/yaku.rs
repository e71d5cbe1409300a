//! The yaku every reading of a hand may share (the situation's, the colours', the first turn's,
//! the yakuman's value), and how a yaku list becomes a value with its dora.

use super::value::{FuPart, Limit, Situation, Value, WinRules, Yaku, limit_of};
use crate::rules::shape::Kinds;

pub(super) const DRAGONS: [usize; 3] = [31, 32, 33];

pub(super) fn is_honour(k: usize) -> bool {
    k >= 27
}

pub(super) fn is_terminal(k: usize) -> bool {
    k < 27 && (k.is_multiple_of(9) || k % 9 == 8)
}

pub(super) fn is_simple(k: usize) -> bool {
    !is_honour(k) && !is_terminal(k)
}

/// The yaku that need no reading: riichi, ippatsu, the last tile, rinshan, chankan.
pub(super) fn situational(sit: &Situation, open: bool, rules: &WinRules, out: &mut Vec<Yaku>) {
    if sit.double_riichi {
        out.push(Yaku::DoubleRiichi);
    } else if sit.riichi {
        out.push(Yaku::Riichi);
    }
    if sit.ippatsu && rules.ippatsu && (sit.riichi || sit.double_riichi) {
        out.push(Yaku::Ippatsu);
    }
    if sit.tsumo && !open {
        out.push(Yaku::MenzenTsumo);
    }
    if sit.haitei && sit.tsumo {
        out.push(Yaku::Haitei);
    }
    if sit.houtei && !sit.tsumo {
        out.push(Yaku::Houtei);
    }
    if sit.rinshan && sit.tsumo {
        out.push(Yaku::Rinshan);
    }
    if sit.chankan && !sit.tsumo {
        out.push(Yaku::Chankan);
    }
}

/// Yaku of the colours and terminals, common to seven pairs and four sets.
pub(super) fn colour_yaku(k: &Kinds, has_run: bool, out: &mut Vec<Yaku>) {
    let suits: Vec<usize> = (0..3).filter(|s| k[s * 9..s * 9 + 9].iter().any(|&c| c > 0)).collect();
    let honours = k[27..].iter().any(|&c| c > 0);
    if suits.len() == 1 && !honours {
        out.push(Yaku::Chinitsu);
    } else if suits.len() == 1 && honours {
        out.push(Yaku::Honitsu);
    }
    let all_outside = (0..34).all(|i| k[i] == 0 || !is_simple(i));
    if !has_run && all_outside && honours && !suits.is_empty() {
        out.push(Yaku::Honroutou);
    }
}

pub(super) fn yakuman_total(list: &[Yaku], rules: &WinRules) -> u32 {
    let each = list.iter().map(|y| if rules.double_yakuman { y.han(false) / 13 } else { 1 });
    if rules.yakuman_add_up { each.sum() } else { each.max().unwrap_or(0) }
}

/// The value of a yakuman list (`None` when empty).
pub(super) fn yakuman_value(list: Vec<Yaku>, fu: u32, rules: &WinRules) -> Option<Value> {
    if list.is_empty() {
        return None;
    }
    let n = yakuman_total(&list, rules);
    let mut list = list;
    if !rules.yakuman_add_up {
        // The hand is worth its largest yakuman; of equal ones, one a seat may be liable for.
        let worth = |y: &Yaku| (if rules.double_yakuman { y.han(false) } else { 13 }, y.may_be_pao());
        if let Some(best) = list.iter().copied().max_by_key(worth) {
            list = vec![best];
        }
    }
    let yaku = list.into_iter().map(|y| (y, if rules.double_yakuman { y.han(false) } else { 13 })).collect();
    Some(Value {
        yaku,
        han: 13 * n,
        fu,
        fu_parts: Vec::new(),
        limit: Some(Limit::Yakuman(n)),
        base: 8000 * i64::from(n),
    })
}

pub(super) fn first_turn(sit: &Situation, list: &mut Vec<Yaku>) {
    if sit.tenhou && sit.tsumo {
        list.push(Yaku::Tenhou);
    }
    if sit.chiihou && sit.tsumo {
        list.push(Yaku::Chiihou);
    }
}

/// Adds the dora to a non-empty yaku list and works out han, limit and base points.
pub(super) fn finish(
    list: Vec<Yaku>,
    open: bool,
    fu: u32,
    fu_parts: Vec<(FuPart, u32)>,
    sit: &Situation,
    rules: &WinRules,
) -> Value {
    let mut yaku: Vec<(Yaku, u32)> = list.into_iter().map(|y| (y, y.han(open))).collect();
    for (y, n) in [
        (Yaku::Dora, sit.dora),
        (Yaku::UraDora, if sit.riichi || sit.double_riichi { sit.ura } else { 0 }),
        (Yaku::AkaDora, if rules.red_fives { sit.aka } else { 0 }),
    ] {
        if n > 0 {
            yaku.push((y, n));
        }
    }
    let han: u32 = yaku.iter().map(|(_, h)| h).sum();
    let (limit, base) = limit_of(han, fu, rules);
    Value { yaku, han, fu, fu_parts, limit, base }
}
