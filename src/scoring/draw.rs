//! Payments at an exhaustive draw: no-ten payments, or nagashi mangan.

use crate::format::Seat;
use crate::i18n::{Text, tr};
use crate::rules::Table;
use crate::rules::options::RuleOptions;

/// What an exhaustive draw pays, by seat (East first), in real points, without riichi deposits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawPayments {
    pub deltas: [i64; 4],
    /// The seats paid a nagashi mangan (then no no-ten payments are made).
    pub nagashi: Vec<Seat>,
    /// Which seats were tenpai.
    pub tenpai: [bool; 4],
}

/// The payments of an exhaustive draw on `table` (the wall is empty). `Err` names a seat whose
/// tenpai cannot be told because its hand holds unknown tiles.
pub fn exhaustive_draw(table: &Table, opts: &RuleOptions) -> Result<DrawPayments, Text> {
    let mut tenpai = [false; 4];
    for s in Seat::ALL {
        tenpai[s.index()] = table.is_tenpai(s).ok_or_else(|| tr!("scoring-tenpai-unknown-tiles", seat = s.word()))?;
    }
    Ok(draw_payments(table, tenpai, opts))
}

/// The payments of an exhaustive draw on `table` with these seats tenpai (as the hands say, or as
/// the scorer marked them where the hands do not tell).
pub fn draw_payments(table: &Table, tenpai: [bool; 4], opts: &RuleOptions) -> DrawPayments {
    let nagashi: Vec<Seat> =
        if opts.nagashi_mangan { Seat::ALL.into_iter().filter(|&s| table.is_nagashi(s)).collect() } else { Vec::new() };
    let deltas = if nagashi.is_empty() {
        noten_payments(tenpai, opts.noten_total.as_points())
    } else {
        nagashi_payments(&nagashi)
    };
    DrawPayments { deltas, nagashi, tenpai }
}

/// The no-ten payment: the noten seats share `total` out to the tenpai seats; nothing moves when
/// all or none are tenpai.
pub fn noten_payments(tenpai: [bool; 4], total: i64) -> [i64; 4] {
    let n = tenpai.iter().filter(|t| **t).count() as i64;
    let mut out = [0i64; 4];
    if n == 0 || n == 4 {
        return out;
    }
    for (i, t) in tenpai.iter().enumerate() {
        out[i] = if *t { total / n } else { -total / (4 - n) };
    }
    out
}

/// Each nagashi is paid as a mangan tsumo: a dealer's 4000 from each, a non-dealer's 4000 from
/// the dealer and 2000 from the others.
pub fn nagashi_payments(seats: &[Seat]) -> [i64; 4] {
    let mut out = [0i64; 4];
    for &w in seats {
        for payer in Seat::ALL.into_iter().filter(|&p| p != w) {
            let pay = if w == Seat::East || payer == Seat::East { 4000 } else { 2000 };
            out[payer.index()] -= pay;
            out[w.index()] += pay;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noten_payments_split_the_total() {
        assert_eq!(noten_payments([true, false, false, false], 3000), [3000, -1000, -1000, -1000]);
        assert_eq!(noten_payments([true, true, false, false], 3000), [1500, 1500, -1500, -1500]);
        assert_eq!(noten_payments([false, true, true, true], 3000), [-3000, 1000, 1000, 1000]);
        assert_eq!(noten_payments([true; 4], 3000), [0; 4]);
        assert_eq!(noten_payments([false; 4], 3000), [0; 4]);
    }

    #[test]
    fn nagashi_is_a_mangan_tsumo() {
        assert_eq!(nagashi_payments(&[Seat::East]), [12000, -4000, -4000, -4000]);
        assert_eq!(nagashi_payments(&[Seat::West]), [-4000, -2000, 8000, -2000]);
    }
}
