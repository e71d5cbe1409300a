//! Evaluating a winning hand: every way to read it (kokushi, seven pairs, four sets and a
//! pair), each reading scored, the best kept.

use super::reading::{Reading, score_reading};
use super::value::{FuPart, NoWin, Set, Situation, Value, WinHand, WinRules, Yaku};
use super::yaku::{colour_yaku, finish, first_turn, is_simple, situational, yakuman_value};
use crate::rules::shape::Kinds;

/// Scores `hand`: the best of all its readings (most han, then most fu).
pub fn evaluate(hand: &WinHand, sit: &Situation, rules: &WinRules) -> Result<Value, NoWin> {
    let open = hand.melds.iter().any(|m| m.open);
    let mut best: Option<Value> = None;
    let mut keep = |v: Value| {
        if best.as_ref().is_none_or(|b| (v.base, v.han, v.fu) > (b.base, b.han, b.fu)) {
            best = Some(v);
        }
    };
    let mut complete = false;
    if hand.melds.is_empty() {
        if let Some(v) = kokushi(hand, sit, rules) {
            return Ok(v);
        }
        if hand.concealed.iter().filter(|&&c| c == 2).count() == 7 {
            complete = true;
            if let Some(v) = seven_pairs(hand, sit, rules) {
                keep(v);
            }
        }
    }
    let need = 4usize.saturating_sub(hand.melds.len());
    let mut k = hand.concealed;
    for pair in 0..34 {
        if k[pair] < 2 {
            continue;
        }
        k[pair] -= 2;
        let mut splits = Vec::new();
        split(&mut k, 0, need, &mut Vec::new(), &mut splits);
        k[pair] += 2;
        for concealed_sets in splits {
            complete = true;
            let mut sets = [Set::Run(0); 4];
            let mut concealed = [true; 4];
            for (i, s) in concealed_sets.iter().enumerate() {
                sets[i] = *s;
            }
            for (i, m) in hand.melds.iter().enumerate().take(4) {
                sets[need + i] = m.set;
                concealed[need + i] = !m.open;
            }
            // The win tile may have completed the pair or any concealed set holding it.
            let mut places: Vec<Option<usize>> = Vec::new();
            if pair == hand.win {
                places.push(None);
            }
            for (i, s) in concealed_sets.iter().enumerate() {
                if s.kinds().any(|x| x == hand.win) && !places.iter().any(|p| p.is_some_and(|j| sets[j] == *s)) {
                    places.push(Some(i));
                }
            }
            for win_set in places {
                let r = Reading { sets, concealed, pair, win_set };
                if let Some(v) = score_reading(hand, &r, open, sit, rules) {
                    keep(v);
                }
            }
        }
    }
    match best {
        Some(v) => Ok(v),
        None if complete => Err(NoWin::NoYaku),
        None => Err(NoWin::NotComplete),
    }
}

/// Every way to split the kinds from `from` on into `need` runs and triplets.
fn split(k: &mut Kinds, from: usize, need: usize, cur: &mut Vec<Set>, out: &mut Vec<Vec<Set>>) {
    let Some(i) = (from..34).find(|&i| k[i] > 0) else {
        if cur.len() == need {
            out.push(cur.clone());
        }
        return;
    };
    if cur.len() >= need {
        return;
    }
    if k[i] >= 3 {
        k[i] -= 3;
        cur.push(Set::Triplet(i));
        split(k, i, need, cur, out);
        cur.pop();
        k[i] += 3;
    }
    if i < 27 && i % 9 <= 6 && k[i + 1] > 0 && k[i + 2] > 0 {
        for c in &mut k[i..i + 3] {
            *c -= 1;
        }
        cur.push(Set::Run(i));
        split(k, i, need, cur, out);
        cur.pop();
        for c in &mut k[i..i + 3] {
            *c += 1;
        }
    }
}

fn kokushi(hand: &WinHand, sit: &Situation, rules: &WinRules) -> Option<Value> {
    const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let k = &hand.concealed;
    let total: u32 = k.iter().map(|&c| u32::from(c)).sum();
    if total != 14 || !ORPHANS.iter().all(|&i| k[i] >= 1) || ORPHANS.iter().map(|&i| k[i]).sum::<u8>() != 14 {
        return None;
    }
    let thirteen = k[hand.win] == 2;
    let mut list = vec![if thirteen { Yaku::Kokushi13 } else { Yaku::Kokushi }];
    first_turn(sit, &mut list);
    yakuman_value(list, 0, rules)
}

fn seven_pairs(hand: &WinHand, sit: &Situation, rules: &WinRules) -> Option<Value> {
    let k = &hand.concealed;
    let mut yakuman = Vec::new();
    if (27..34).all(|i| k[i] == 0 || k[i] == 2) && (0..27).all(|i| k[i] == 0) {
        yakuman.push(Yaku::Tsuuiisou);
    }
    first_turn(sit, &mut yakuman);
    if let Some(v) = yakuman_value(yakuman, 25, rules) {
        return Some(v);
    }
    let mut list = Vec::new();
    situational(sit, false, rules, &mut list);
    list.push(Yaku::Chiitoitsu);
    if (0..34).all(|i| k[i] == 0 || is_simple(i)) {
        list.push(Yaku::Tanyao);
    }
    colour_yaku(k, false, &mut list);
    Some(finish(list, false, 25, vec![(FuPart::SevenPairs, 25)], sit, rules))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::win::{Limit, Payment, dora_count, limit_of, payment};

    #[test]
    fn dora_follow_their_indicators() {
        let mut k = [0u8; 34];
        k[0] = 2; // 1m
        k[27] = 1; // East
        k[31] = 3; // white
        // 9m shows 1m, North shows East, red shows white, an unknown kind shows nothing.
        assert_eq!(dora_count(&k, [8, 30, 33, 99]), 2 + 1 + 3);
    }

    fn kinds(s: &str) -> Kinds {
        let mut k = [0u8; 34];
        let mut digits = Vec::new();
        for c in s.chars() {
            match c {
                '1'..='9' => digits.push(c as usize - '1' as usize),
                'm' | 'p' | 's' | 'z' => {
                    let base = match c {
                        'm' => 0,
                        'p' => 9,
                        's' => 18,
                        _ => 27,
                    };
                    for d in digits.drain(..) {
                        k[base + d] += 1;
                    }
                }
                _ => {}
            }
        }
        k
    }

    fn value(concealed: &str, win: usize, sit: Situation) -> Result<Value, NoWin> {
        evaluate(&WinHand { concealed: kinds(concealed), melds: vec![], win }, &sit, &WinRules::TENHOU)
    }

    #[test]
    fn riichi_pinfu_tsumo_is_three_han_twenty_fu() {
        // 234m 789m 123p 456p 66p, tsumo 6p: read as 45p+6p (ryanmen), pinfu beats the 66p tanki.
        let sit = Situation { tsumo: true, riichi: true, ..Situation::default() };
        let v = value("234789m12345666p", 9 + 5, sit).unwrap();
        assert_eq!((v.han, v.fu), (3, 20), "{v:?}");
        assert_eq!(payment(&v, false, true, 0, 300), Payment::Tsumo { dealer: 1300, other: 700 });
    }

    #[test]
    fn a_complete_hand_without_yaku_is_not_a_win() {
        // 123m 456p 789s, an East triplet and a South pair, ron on South: East is nobody's wind.
        let sit = Situation { seat_wind: 1, round_wind: 1, ..Situation::default() };
        assert_eq!(value("123m456p789s11122z", 28, sit), Err(NoWin::NoYaku));
        assert_eq!(value("123m456p789s11123z", 28, sit), Err(NoWin::NotComplete));
    }

    #[test]
    fn limits_and_payments() {
        let r = WinRules::TENHOU;
        assert_eq!(limit_of(3, 70, &r), (Some(Limit::Mangan), 2000));
        assert_eq!(limit_of(4, 30, &r), (None, 1920));
        // M League rounds 4 han 30 fu up (kiriage) and has no kazoe yakuman.
        let m = WinRules::M_LEAGUE;
        assert_eq!(limit_of(4, 30, &m), (Some(Limit::Mangan), 2000));
        assert_eq!(limit_of(3, 60, &m), (Some(Limit::Mangan), 2000));
        assert_eq!(limit_of(13, 30, &m), (Some(Limit::Sanbaiman), 6000));
        assert_eq!(limit_of(13, 30, &r), (Some(Limit::Yakuman(1)), 8000));
        let v = Value { yaku: vec![], han: 4, fu: 30, fu_parts: vec![], limit: None, base: 1920 };
        assert_eq!(payment(&v, true, false, 2, 300), Payment::Ron(11_600 + 600));
        assert_eq!(payment(&v, false, true, 1, 300), Payment::Tsumo { dealer: 3900 + 100, other: 2000 + 100 });
    }
}
