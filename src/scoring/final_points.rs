//! The final points of a match: the points after the last frame, less the return points, plus
//! uma by rank, oka to the first, and the riichi sticks left on the table, with the working.

use crate::format::{PointRule, Points};
use crate::rules::options::{KyoutakuLeft, RuleOptions, TieBreak, Uma};

/// One player's result, every part in match points (`Points`, one decimal: 11.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerResult {
    /// 1 to 4.
    pub rank: u8,
    /// Points at the end of the last frame (real points in hundreds: 41200 is `Points(412)`).
    pub end: Points,
    /// Riichi sticks left on the table that this player takes.
    pub kyoutaku: Points,
    /// (end + kyoutaku - return points).
    pub base: Points,
    /// Uma by rank (with `TieBreak::Split`, the shared oka of tied places is counted here).
    pub uma: Points,
    pub oka: Points,
    /// Penalties taken off the final points (`penalty: SEAT POINTS match` on a frame).
    pub penalty: Points,
    pub total: Points,
}

/// The results of the four players, by plyerId.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalPoints {
    pub players: [PlayerResult; 4],
}

impl FinalPoints {
    /// These results with the penalties of the match taken off (by plyerId, in match points).
    pub fn with_penalties(mut self, penalties: [i32; 4]) -> FinalPoints {
        for (p, pen) in self.players.iter_mut().zip(penalties) {
            p.penalty = Points(pen);
            p.total = Points(p.total.0.saturating_add(pen));
        }
        self
    }

    /// The totals by plyerId, as `pme` holds them.
    pub fn totals(&self) -> [Points; 4] {
        self.players.map(|p| p.total)
    }

    /// The working of one player in plain words: `41.2 + 1.0 - 30.0 = +12.2; uma +30.0; oka +20.0 = 62.2`.
    pub fn working(&self, player: usize) -> String {
        let Some(p) = self.players.get(player) else { return String::new() };
        let signed = |x: Points| if x.0 >= 0 { format!("+{x}") } else { x.to_string() };
        let mut s = format!("{}", p.end);
        if p.kyoutaku.0 != 0 {
            s.push_str(&format!(" + {} (sticks)", p.kyoutaku));
        }
        s.push_str(&format!(" - return = {}; uma {}", signed(p.base), signed(p.uma)));
        if p.oka.0 != 0 {
            s.push_str(&format!("; oka {}", signed(p.oka)));
        }
        if p.penalty.0 != 0 {
            s.push_str(&format!("; penalty {}", signed(p.penalty)));
        }
        s.push_str(&format!(" = {}", p.total));
        s
    }
}

/// How a match is counted: the return points, the oka to the first and the uma (in tenths of
/// match points).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counting {
    pub return_points: Points,
    pub oka: i32,
    pub uma: Uma,
}

impl Counting {
    /// As the standard's point rule says (oka: four times the return less the start).
    pub fn of_ptr(rule: &PointRule) -> Counting {
        let (a, b) = (rule.uma_4_to_1.0, rule.uma_3_to_2.0);
        Counting {
            return_points: rule.return_points,
            oka: rule.return_points.0.saturating_sub(rule.start.0).saturating_mul(4),
            uma: Uma::Fixed([a, b, b.saturating_neg(), a.saturating_neg()]),
        }
    }

    /// As the rules say (their return points, oka and uma, whatever their shape).
    pub fn of_rules(opts: &RuleOptions) -> Counting {
        Counting { return_points: opts.return_points, oka: opts.oka.0, uma: opts.uma }
    }
}

/// The final points from the points after the last frame (`end`, by plyerId, in hundreds of
/// real points), the riichi sticks left on the table, and the point rule; an uma by how many
/// finish at or above the return points (which `ptr` cannot hold) from the rules.
pub fn final_points(end: [Points; 4], left_on_table: Points, rule: &PointRule, opts: &RuleOptions) -> FinalPoints {
    let mut counting = Counting::of_ptr(rule);
    if let Uma::ByFloat(_) = opts.uma {
        counting.uma = opts.uma;
    }
    final_points_counted(end, left_on_table, &counting, opts)
}

/// [`final_points`] counted as `counting` says.
pub fn final_points_counted(end: [Points; 4], left_on_table: Points, c: &Counting, opts: &RuleOptions) -> FinalPoints {
    // Rank: more points first; ties by plyerId (seat order at E1); Split shares below.
    let mut order: Vec<usize> = (0..4).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(end[i].0), i));
    let uma_by_place = c.uma.by_place(end.iter().filter(|p| p.0 >= c.return_points.0).count());
    let oka_total = c.oka;
    let mut place_award: [i32; 4] = uma_by_place;
    place_award[0] += oka_total;
    let mut award = [0i32; 4];
    let mut rank = [0u8; 4];
    let mut i = 0;
    while i < 4 {
        let mut j = i + 1;
        while j < 4 && end[order[j]].0 == end[order[i]].0 && opts.tie_break == TieBreak::Split {
            j += 1;
        }
        // Places i..j share their awards; the remainder goes to the earlier seat.
        let sum: i32 = place_award[i..j].iter().sum();
        let n = (j - i) as i32;
        for (k, &p) in order[i..j].iter().enumerate() {
            award[p] = sum.div_euclid(n) + if (k as i32) < sum.rem_euclid(n) { 1 } else { 0 };
            rank[p] = (i + 1) as u8;
        }
        i = j;
    }
    let first = order[0];
    let players = std::array::from_fn(|p| {
        let kyoutaku =
            if p == first && opts.kyoutaku_left == KyoutakuLeft::ToFirst { left_on_table } else { Points(0) };
        let base = Points(end[p].0 + kyoutaku.0 - c.return_points.0);
        // The oka part of the award is shown apart for a first place held alone (a first place
        // shared counts its share of the oka in the uma).
        let alone = rank.iter().filter(|&&r| r == 1).count() == 1;
        let oka = if rank[p] == 1 && alone { Points(oka_total) } else { Points(0) };
        let uma = Points(award[p] - oka.0);
        let total = Points(base.0 + award[p]);
        PlayerResult { rank: rank[p], end: end[p], kyoutaku, base, uma, oka, penalty: Points(0), total }
    });
    FinalPoints { players }
}

#[cfg(test)]
mod tests {
    use super::*;

    const M: PointRule = PointRule::M_LEAGUE;

    #[test]
    fn m_league_final_points() {
        let f =
            final_points([Points(412), Points(288), Points(195), Points(105)], Points(0), &M, &RuleOptions::M_LEAGUE);
        assert_eq!(f.totals(), [Points(612), Points(88), Points(-205), Points(-495)]);
        assert_eq!(f.totals().iter().map(|p| p.0).sum::<i32>(), 0);
        assert_eq!(f.players.map(|p| p.rank), [1, 2, 3, 4]);
        assert_eq!(f.working(0), "41.2 - return = +11.2; uma +30.0; oka +20.0 = 61.2");
    }

    #[test]
    fn leftover_sticks_go_to_the_first() {
        // 1000 points left on the table: the totals no longer sum to zero without them.
        let f =
            final_points([Points(100), Points(402), Points(288), Points(200)], Points(10), &M, &RuleOptions::M_LEAGUE);
        assert_eq!(f.players[1].kyoutaku, Points(10));
        assert_eq!(f.players[1].total, Points(402 + 10 - 300 + 300 + 200));
        assert_eq!(f.working(1), "40.2 + 1.0 (sticks) - return = +11.2; uma +30.0; oka +20.0 = 61.2");
        let lost = RuleOptions { kyoutaku_left: KyoutakuLeft::Lost, ..RuleOptions::M_LEAGUE };
        assert_eq!(
            final_points([Points(100), Points(402), Points(288), Points(200)], Points(10), &M, &lost).players[1].total,
            Points(602)
        );
    }

    #[test]
    fn ties_go_to_the_seat_nearer_the_first_dealer_or_are_split() {
        let end = [Points(250), Points(300), Points(300), Points(150)];
        let seat_order = RuleOptions { tie_break: TieBreak::SeatOrder, ..RuleOptions::M_LEAGUE };
        let f = final_points(end, Points(0), &M, &seat_order);
        assert_eq!(f.players.map(|p| p.rank), [3, 1, 2, 4]);
        assert_eq!(f.totals(), [Points(-50 - 100), Points(300 + 200), Points(100), Points(-150 - 300)]);
        // M League shares them (riichi.wiki; the guide's preset table).
        let f = final_points(end, Points(0), &M, &RuleOptions::M_LEAGUE);
        assert_eq!(f.players.map(|p| p.rank), [3, 1, 1, 4]);
        // 30 + 20 oka + 10 = 60 shared: 30 each.
        assert_eq!(f.totals(), [Points(-150), Points(300), Points(300), Points(-450)]);
        assert_eq!(f.totals().iter().map(|p| p.0).sum::<i32>(), 0);
    }
}
