//! Lining up two sequences (the frames of two matches, the acts of two frames) so that one
//! missing or extra item is one gap, not "everything after it differs".
//!
//! A global alignment (edit distance) with a cost for pairing two items, which may refuse the
//! pair, and a fixed cost for a gap. A lone item missing on each side at the same place is then
//! paired after all: an act whose seat was recorded wrongly is one changed act.

/// How two sequences line up, item by item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pair {
    /// Item `.0` of A stands where item `.1` of B does (equal or changed).
    Both(usize, usize),
    /// Item of A with nothing in B.
    OnlyA(usize),
    /// Item of B with nothing in A.
    OnlyB(usize),
}

impl Pair {
    /// The item of A, if any.
    pub fn a(self) -> Option<usize> {
        match self {
            Pair::Both(i, _) | Pair::OnlyA(i) => Some(i),
            Pair::OnlyB(_) => None,
        }
    }

    /// The item of B, if any.
    pub fn b(self) -> Option<usize> {
        match self {
            Pair::Both(_, j) | Pair::OnlyB(j) => Some(j),
            Pair::OnlyA(_) => None,
        }
    }
}

/// The cost of an item with nothing on the other side.
const GAP: u32 = 2;

/// The alignment of `a` and `b` of least cost. `cost` says what pairing two items costs (0 for
/// equal ones), or `None` when they may not be paired. Of equal alignments, the one that pairs
/// earliest is taken, so a missing item is put as late as the evidence allows.
pub fn align<T>(a: &[T], b: &[T], cost: impl Fn(&T, &T) -> Option<u32>) -> Vec<Pair> {
    let (n, m) = (a.len(), b.len());
    // Common ends first: most of two recordings of one match are equal.
    let head = a.iter().zip(b).take_while(|(x, y)| cost(x, y) == Some(0)).count();
    let tail = a[head..].iter().rev().zip(b[head..].iter().rev()).take_while(|(x, y)| cost(x, y) == Some(0)).count();
    let (a_mid, b_mid) = (&a[head..n - tail], &b[head..m - tail]);
    let mut out: Vec<Pair> = (0..head).map(|i| Pair::Both(i, i)).collect();
    out.extend(middle(a_mid, b_mid, &cost).into_iter().map(|p| match p {
        Pair::Both(i, j) => Pair::Both(i + head, j + head),
        Pair::OnlyA(i) => Pair::OnlyA(i + head),
        Pair::OnlyB(j) => Pair::OnlyB(j + head),
    }));
    out.extend((0..tail).map(|k| Pair::Both(n - tail + k, m - tail + k)));
    pair_swaps(pair_lone_gaps(out))
}

/// The edit-distance alignment of two (short) sequences.
fn middle<T>(a: &[T], b: &[T], cost: &impl Fn(&T, &T) -> Option<u32>) -> Vec<Pair> {
    let (n, m) = (a.len(), b.len());
    let w = m + 1;
    // best[i][j]: the least cost of aligning a[i..] with b[j..].
    let mut best = vec![0u32; (n + 1) * w];
    for i in (0..=n).rev() {
        for j in (0..=m).rev() {
            let at = i * w + j;
            best[at] = match (i < n, j < m) {
                (false, false) => 0,
                (true, false) => best[(i + 1) * w + j] + GAP,
                (false, true) => best[i * w + j + 1] + GAP,
                (true, true) => {
                    let pair = cost(&a[i], &b[j]).map_or(u32::MAX, |c| c + best[(i + 1) * w + j + 1]);
                    let gap_a = best[(i + 1) * w + j] + GAP;
                    let gap_b = best[i * w + j + 1] + GAP;
                    pair.min(gap_a).min(gap_b)
                }
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::with_capacity(n.max(m));
    while i < n || j < m {
        let here = best[i * w + j];
        if i < n && j < m && cost(&a[i], &b[j]).is_some_and(|c| c + best[(i + 1) * w + j + 1] == here) {
            out.push(Pair::Both(i, j));
            i += 1;
            j += 1;
        } else if i < n && best[(i + 1) * w + j] + GAP == here {
            out.push(Pair::OnlyA(i));
            i += 1;
        } else {
            out.push(Pair::OnlyB(j));
            j += 1;
        }
    }
    out
}

/// One item only in A next to one only in B, between paired items (or the ends): one changed
/// item.
fn pair_lone_gaps(pairs: Vec<Pair>) -> Vec<Pair> {
    let mut out = Vec::with_capacity(pairs.len());
    let mut k = 0;
    while k < pairs.len() {
        let run_end = (k..pairs.len()).find(|&e| matches!(pairs[e], Pair::Both(..))).unwrap_or(pairs.len());
        let run = &pairs[k..run_end];
        match run {
            [Pair::OnlyA(i), Pair::OnlyB(j)] | [Pair::OnlyB(j), Pair::OnlyA(i)] => out.push(Pair::Both(*i, *j)),
            _ => out.extend_from_slice(run),
        }
        if run_end < pairs.len() {
            out.push(pairs[run_end]);
        }
        k = run_end + 1;
    }
    out
}

/// Two neighbours the wrong way round (an item only in A, a pair, the item only in B): two
/// changed items at their places, not an item moved over another.
fn pair_swaps(pairs: Vec<Pair>) -> Vec<Pair> {
    let mut out = Vec::with_capacity(pairs.len());
    let mut k = 0;
    while k < pairs.len() {
        if let Some(&[x, Pair::Both(i, j), y]) = pairs.get(k..k + 3) {
            let swapped = match (x, y) {
                (Pair::OnlyA(p), Pair::OnlyB(q)) => p + 1 == i && j + 1 == q && q >= 1,
                (Pair::OnlyB(q), Pair::OnlyA(p)) => q + 1 == j && i + 1 == p && p >= 1,
                _ => false,
            };
            if swapped {
                let (i0, j0) = (i.min(x.a().or(y.a()).unwrap_or(i)), j.min(x.b().or(y.b()).unwrap_or(j)));
                out.extend([Pair::Both(i0, j0), Pair::Both(i0 + 1, j0 + 1)]);
                k += 3;
                continue;
            }
        }
        out.push(pairs[k]);
        k += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same(a: &char, b: &char) -> Option<u32> {
        if a == b {
            Some(0)
        } else if a.is_ascii_lowercase() == b.is_ascii_lowercase() {
            Some(1)
        } else {
            None
        }
    }

    fn run(a: &str, b: &str) -> Vec<Pair> {
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        align(&a, &b, same)
    }

    #[test]
    fn a_missing_item_is_one_gap() {
        use Pair::*;
        assert_eq!(run("abcd", "abd"), vec![Both(0, 0), Both(1, 1), OnlyA(2), Both(3, 2)]);
        assert_eq!(run("abd", "abcd"), vec![Both(0, 0), Both(1, 1), OnlyB(2), Both(2, 3)]);
        assert_eq!(run("", "ab"), vec![OnlyB(0), OnlyB(1)]);
        assert_eq!(run("ab", ""), vec![OnlyA(0), OnlyA(1)]);
    }

    #[test]
    fn a_changed_item_is_paired() {
        use Pair::*;
        assert_eq!(run("abcd", "abxd"), vec![Both(0, 0), Both(1, 1), Both(2, 2), Both(3, 3)]);
        // An upper-case item may not pair with a lower-case one, but a lone gap on each side
        // at one place is still one changed item.
        assert_eq!(run("abcd", "abXd"), vec![Both(0, 0), Both(1, 1), Both(2, 2), Both(3, 3)]);
    }

    #[test]
    fn two_neighbours_the_wrong_way_round_are_two_changed_items() {
        use Pair::*;
        assert_eq!(run("xaBy", "xBay"), vec![Both(0, 0), Both(1, 1), Both(2, 2), Both(3, 3)]);
        assert_eq!(run("xBay", "xaBy"), vec![Both(0, 0), Both(1, 1), Both(2, 2), Both(3, 3)]);
    }

    #[test]
    fn each_side_covers_its_items_once_in_order() {
        let cases = [("abcabc", "acbcab"), ("aAbBcC", "AaBbCc"), ("xyz", "XYZ"), ("aaaa", "aa")];
        for (a, b) in cases {
            let p = run(a, b);
            let av: Vec<usize> = p.iter().filter_map(|x| x.a()).collect();
            let bv: Vec<usize> = p.iter().filter_map(|x| x.b()).collect();
            assert_eq!(av, (0..a.len()).collect::<Vec<_>>(), "{a} {b}: {p:?}");
            assert_eq!(bv, (0..b.len()).collect::<Vec<_>>(), "{a} {b}: {p:?}");
        }
    }
}
