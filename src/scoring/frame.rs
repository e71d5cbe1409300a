//! A recorded frame scored: each winning hand and its situation read from the replayed acts,
//! valued and paid (honba, kyoutaku, double ron, pao); an exhaustive draw's payments; the new
//! points of all four seats. This is what `score`, `check` and the recorder's end step share.

use super::draw::{DrawPayments, exhaustive_draw};
use super::win::{Mentsu, NoWin, Payment, Set, Situation, Value, WinHand, Yaku, evaluate, payment};
use crate::format::{Act, Discard, Draw, Frame, Points, Seat, Severity, Tile, dora_slot, ura_slot};
use crate::i18n::{Lang, Text, tr};
use crate::rules::options::{DoubleRon, Indicators, PaoHonba, PaoTsumo, PaoYaku, RuleOptions};
use crate::rules::shape::{self, Kinds};
use crate::rules::{FrameEnd, MeldKind, Table};

/// One scored win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinScore {
    pub seat: Seat,
    /// The discarder of a ron (the kan's seat for a chankan); `None` for a tsumo.
    pub from: Option<Seat>,
    pub value: Value,
    /// What the seats pay without pao, honba included.
    pub payment: Payment,
    /// The seat liable (pao) for the big three dragons or big four winds it fed.
    pub pao: Option<Seat>,
    /// What this win moves, by seat (East first), in real points: the payment, the honba and,
    /// for the winner who takes them, the sticks on the table.
    pub deltas: [i64; 4],
}

/// How a frame ended, scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Settlement {
    /// One win, or several (double and triple ron) nearest the discarder first.
    Wins(Vec<WinScore>),
    /// The wall ran out: no-ten payments or nagashi mangan.
    Exhaustive(DrawPayments),
    /// Tiles were left in the wall and nobody won: an abortive draw, paid nothing.
    Abortive,
    /// A win was declared on a hand that is not complete, or has no yaku: reported, not paid.
    Chombo { seat: Seat, why: Text },
}

/// A frame's result and what it does to the points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameScore {
    pub result: Settlement,
    /// The change of each seat's points (East first), riichi deposits included; `None` for a
    /// chombo, whose settlement the match's own rules decide.
    pub deltas: Option<[i64; 4]>,
}

impl FrameScore {
    /// The end points (`pfe`) the frame should have: its start points plus the changes.
    pub fn end_points(&self, frame: &Frame) -> Option<[Points; 4]> {
        let (start, deltas) = (frame.start_points?, self.deltas?);
        let mut out = [Points(0); 4];
        for i in 0..4 {
            out[i] = Points::from_points(start[i].as_points() + deltas[i])?;
        }
        Some(out)
    }
}

/// Scores the recorded `frame` as it stands, with its ura dora as written.
pub fn score_frame(frame: &Frame, opts: &RuleOptions) -> Result<FrameScore, Text> {
    let (Some((mut table, found)), Some(flow)) = (Table::start(frame), frame.flow.as_ref()) else {
        return Err(tr!("scoring-nothing-to-score").text());
    };
    let mut first_error = found.iter().find(|f| f.severity == Severity::Error).map(|f| f.message.clone());
    for (n, act) in flow.acts.iter().enumerate() {
        let found = table.apply(act);
        if first_error.is_none()
            && let Some(e) = found.iter().find(|f| f.severity == Severity::Error)
        {
            first_error = Some(tr!("scoring-at-act", act = n + 1, text = &e.message));
        }
    }
    if let Some(e) = first_error {
        return Err(tr!("scoring-errors-first", error = e));
    }
    let dep = table.deposits();
    let mut deltas: [i64; 4] = std::array::from_fn(|i| if dep[i] { -1000 } else { 0 });
    let sticks = frame.kyoutaku.map_or(0, |k| k.as_points()) + 1000 * dep.iter().filter(|d| **d).count() as i64;
    let acts = flow.acts.as_slice();
    let result = match table.end() {
        FrameEnd::Tsumo { seat, act } => {
            let won = Won { seat, from: None, at: act, robbed: None, first: true };
            match score_win(frame, &table, acts, won, opts, sticks) {
                Ok(w) => Settlement::Wins(vec![w]),
                Err(Scored::Chombo(why)) => Settlement::Chombo { seat, why },
                Err(Scored::Unknown(why)) => return Err(why),
            }
        }
        FrameEnd::Ron { winners, discarder, act } => {
            let mut order = winners.clone();
            order.sort_by_key(|s| s.turns_after(discarder));
            if opts.double_ron == DoubleRon::Atamahane {
                order.truncate(1);
            }
            // The rons are the last acts; the act before them gave the tile.
            let first_ron = (act + 1).saturating_sub(winners.len());
            // A ron on a kakan's tile is a chankan; the kan never happened.
            let robbed = first_ron
                .checked_sub(1)
                .filter(|&i| acts.get(i).is_some_and(|a| matches!(a.discard, Some(Discard::Kakan(_)))));
            let mut wins = Vec::new();
            let mut chombo = None;
            for (n, &seat) in order.iter().enumerate() {
                let ron_act = (first_ron..=act).find(|&i| acts.get(i).is_some_and(|a| a.seat == seat)).unwrap_or(act);
                let won = Won { seat, from: Some(discarder), at: ron_act, robbed, first: n == 0 };
                match score_win(frame, &table, acts, won, opts, if n == 0 { sticks } else { 0 }) {
                    Ok(w) => wins.push(w),
                    Err(Scored::Chombo(why)) => {
                        chombo = Some((seat, why));
                        break;
                    }
                    Err(Scored::Unknown(why)) => return Err(why),
                }
            }
            match chombo {
                Some((seat, why)) => Settlement::Chombo { seat, why },
                None => Settlement::Wins(wins),
            }
        }
        FrameEnd::Exhaustive => Settlement::Exhaustive(exhaustive_draw(&table, opts)?),
        FrameEnd::NoResult => Settlement::Abortive,
    };
    let add = |deltas: &mut [i64; 4], more: &[i64; 4]| deltas.iter_mut().zip(more).for_each(|(d, m)| *d += m);
    // Penalties recorded on the frame: a chombo voids the hand (only its table penalties move
    // points, the riichi sticks go back); other table penalties come on top of the result.
    let penalties = crate::rules::penalty::table_deltas(frame);
    if crate::rules::penalty::voided(frame) {
        return Ok(FrameScore { result, deltas: Some(penalties) });
    }
    let deltas = match &result {
        Settlement::Wins(wins) => {
            wins.iter().for_each(|w| add(&mut deltas, &w.deltas));
            Some(deltas)
        }
        Settlement::Exhaustive(d) => {
            add(&mut deltas, &d.deltas);
            Some(deltas)
        }
        Settlement::Abortive => Some(deltas),
        Settlement::Chombo { .. } => None,
    };
    let deltas = deltas.map(|mut d| {
        add(&mut d, &penalties);
        d
    });
    Ok(FrameScore { result, deltas })
}

/// Why a win was not scored.
enum Scored {
    /// The hand is not a win: a chombo.
    Chombo(Text),
    /// The hand cannot be read (unknown tiles).
    Unknown(Text),
}

/// One declared win, as the acts show it.
#[derive(Clone, Copy, Debug)]
struct Won {
    seat: Seat,
    /// The discarder of a ron; `None` for a tsumo.
    from: Option<Seat>,
    /// The act of the tsumo or of this seat's ron.
    at: usize,
    /// The kakan act a chankan robbed.
    robbed: Option<usize>,
    /// This winner takes the honba (the only winner, or the one nearest the discarder).
    first: bool,
}

/// Scores one win; `sticks` is the kyoutaku this winner collects.
fn score_win(
    frame: &Frame,
    table: &Table,
    acts: &[Act],
    won: Won,
    opts: &RuleOptions,
    sticks: i64,
) -> Result<WinScore, Scored> {
    let Won { seat, from, first, .. } = won;
    let st = &table.seats[seat.index()];
    let unknown = || Scored::Unknown(tr!("scoring-win-unknown-tiles", seat = seat.word()));
    let tsumo = from.is_none();
    // The concealed tiles with the winning tile, and the winning tile.
    let mut tiles = st.hand.clone();
    let win_tile = if tsumo {
        st.drawn.or_else(|| st.hand.last().copied()).ok_or_else(unknown)?
    } else {
        let t = ron_tile(table).ok_or_else(unknown)?;
        tiles.push(t);
        t
    };
    let concealed = shape::kinds_of(tiles.iter().copied()).ok_or_else(unknown)?;
    let win = win_tile.kind().ok_or_else(unknown)?;
    let mut melds = Vec::new();
    let mut all = concealed;
    let mut aka = tiles.iter().filter(|t| t.is_red()).count() as u32;
    for m in &st.melds {
        let kinds: Option<Vec<usize>> = m.tiles.iter().map(|t| t.kind()).collect();
        let mut kinds = kinds.ok_or_else(unknown)?;
        kinds.sort_unstable();
        let low = *kinds.first().ok_or_else(unknown)?;
        let set = match m.kind {
            MeldKind::Chi => Set::Run(low),
            MeldKind::Pon => Set::Triplet(low),
            MeldKind::Daiminkan | MeldKind::Kakan | MeldKind::Ankan => Set::Kan(low),
        };
        melds.push(Mentsu { set, open: m.kind != MeldKind::Ankan });
        for k in kinds {
            all[k] = all[k].saturating_add(1);
        }
        aka += m.tiles.iter().filter(|t| t.is_red()).count() as u32;
    }
    let hand = WinHand { concealed, melds, win };
    let sit = situation(frame, table, acts, won, &all, aka, opts.indicators());
    let value = evaluate(&hand, &sit, &opts.win()).map_err(|e| {
        let how = if tsumo { tr!("scoring-tsumo") } else { tr!("scoring-ron") };
        let (seat, tile) = (seat.word(), win_tile);
        Scored::Chombo(match e {
            NoWin::NotComplete => tr!("scoring-chombo-not-complete", seat = seat, how = how, tile = tile),
            NoWin::NoYaku => tr!("scoring-chombo-no-yaku", seat = seat, how = how, tile = tile),
        })
    })?;
    let dealer = seat == Seat::East;
    let honba = if first { frame.id.honba } else { 0 };
    let honba_points = opts.honba.as_points();
    let pay = payment(&value, dealer, tsumo, honba, honba_points);
    // Four kans are liable only when the fourth was a daiminkan on another seat's discard.
    let fourth_kan_called = acts[..won.at.min(acts.len())]
        .iter()
        .rev()
        .filter(|a| a.seat == seat)
        .find_map(|a| match (a.draw, a.discard) {
            (Draw::Daiminkan(_), _) => Some(true),
            (_, Some(Discard::Ankan(_) | Discard::Kakan(_))) => Some(false),
            _ => None,
        })
        .unwrap_or(false);
    let pao = pao_of(st, seat, &value, opts.pao, fourth_kan_called);
    let mut deltas = [0i64; 4];
    let mut pays = |payer: Seat, amount: i64| {
        deltas[payer.index()] -= amount;
        deltas[seat.index()] += amount;
    };
    match (pao, from) {
        (Some((liable, pao_base)), _) => {
            // The liable seat pays the pao yakuman in full on a tsumo, half of it on a ron (the
            // discarder pays the other half); the rest of the hand is paid as usual, the honba by
            // the liable seat on a tsumo, and on a ron by whom the rules say.
            // Where the liable seat pays a tsumo whole (tenhou), the pao yakuman is the whole hand.
            let whole = from.is_none() && opts.pao_tsumo == PaoTsumo::Whole;
            let pao_base = if whole { value.base } else { pao_base };
            let rest = Value { base: value.base - pao_base, ..value.clone() };
            let ron_value = |base: i64| base * if dealer { 6 } else { 4 };
            let h = i64::from(honba) * honba_points;
            match from {
                None => {
                    pays(liable, ron_value(pao_base) + h);
                    if rest.base > 0 {
                        for (payer, amount) in tsumo_shares(seat, payment(&rest, dealer, true, 0, 0)) {
                            pays(payer, amount);
                        }
                    }
                }
                Some(discarder) => {
                    let half = ron_value(pao_base) / 2;
                    let (liable_h, discarder_h) = match opts.pao_ron_honba {
                        PaoHonba::Liable => (h, 0),
                        PaoHonba::Discarder => (0, h),
                    };
                    pays(liable, half + liable_h);
                    pays(discarder, ron_value(pao_base) - half + ron_value(rest.base) + discarder_h);
                }
            }
        }
        (None, Some(discarder)) => pays(discarder, pay.total()),
        (None, None) => {
            for (payer, amount) in tsumo_shares(seat, pay) {
                pays(payer, amount);
            }
        }
    }
    deltas[seat.index()] += sticks;
    Ok(WinScore { seat, from, value, payment: pay, pao: pao.map(|p| p.0), deltas })
}

/// Who pays what of a tsumo `payment` won by `winner`.
fn tsumo_shares(winner: Seat, payment: Payment) -> Vec<(Seat, i64)> {
    Seat::ALL
        .into_iter()
        .filter(|&s| s != winner)
        .map(|s| {
            let amount = match payment {
                Payment::Ron(x) | Payment::DealerTsumo(x) => x,
                Payment::Tsumo { dealer, other } => {
                    if s == Seat::East {
                        dealer
                    } else {
                        other
                    }
                }
            };
            (s, amount)
        })
        .collect()
}

/// The tile a ron was declared on.
fn ron_tile(table: &Table) -> Option<Tile> {
    match table.phase {
        crate::rules::Phase::Ron { tile, .. } => Some(tile),
        _ => None,
    }
}

/// A call, or a kan from the hand: what breaks ippatsu and the first go-around.
fn is_call(a: &Act) -> bool {
    matches!(a.draw, Draw::Chi(_) | Draw::Pon(_) | Draw::Daiminkan(_))
        || matches!(a.discard, Some(Discard::Ankan(_) | Discard::Kakan(_)))
}

/// The situation of a win, read from the acts.
fn situation(
    frame: &Frame,
    table: &Table,
    acts: &[Act],
    won: Won,
    all: &Kinds,
    aka: u32,
    rules: Indicators,
) -> Situation {
    let Won { seat, at, robbed, .. } = won;
    let tsumo = won.from.is_none();
    let chankan = robbed.is_some();
    let st = &table.seats[seat.index()];
    let before = |i: usize| acts.get(..i.min(acts.len())).unwrap_or(&[]);
    let first_turn = |i: usize| before(i).iter().all(|a| a.seat != seat && !is_call(a));
    let riichi = st.riichi.is_some();
    let double_riichi = st.riichi.is_some_and(first_turn);
    // Ippatsu: no call by anyone and no other turn of the winner between the riichi and the win
    // (the kakan a chankan robbed never happened; other rons on the same tile are no turn).
    let ippatsu = st.riichi.is_some_and(|r| {
        (r + 1..at).all(|i| {
            Some(i) == robbed || acts.get(i).is_none_or(|a| a.draw == Draw::Ron || (!is_call(a) && a.seat != seat))
        })
    });
    let win_act = acts.get(at);
    let rinshan = tsumo && win_act.is_some_and(|a| matches!(a.draw, Draw::Rinshan(_)));
    let wall_empty = table.wall_left <= 0;
    let haitei = tsumo && wall_empty && !rinshan;
    let houtei = !tsumo && wall_empty && !chankan;
    let tenhou = tsumo && seat == Seat::East && at == 0;
    let chiihou = tsumo && seat != Seat::East && first_turn(at) && !rinshan;
    // Dora: one indicator, one more per kan turned (a robbed kakan shows none; under tenhou's
    // timing a win on an open kan's replacement tile leaves its indicator face down; none where
    // kan dora are not played); ura under those the rules turn.
    let shown = table.dora_shown_under(rules.kan_dora);
    let count = |slot: fn(usize) -> usize, shown: usize| -> u32 {
        (0..shown).filter_map(|i| frame.dora.get(slot(i)).and_then(|t| t.kind())).map(|k| u32::from(all[k])).sum()
    };
    Situation {
        tsumo,
        riichi: riichi && !double_riichi,
        double_riichi,
        ippatsu,
        rinshan,
        chankan,
        haitei,
        houtei,
        tenhou,
        chiihou,
        seat_wind: seat.index(),
        round_wind: frame.id.wind as usize,
        dora: count(dora_slot, shown),
        ura: if riichi { count(ura_slot, rules.ura_shown(shown)) } else { 0 },
        aka,
    }
}

/// The seat liable for a big three dragons or big four winds (the one whose discard completed
/// it by pon or kan), or for four kans (the fourth kan a daiminkan: the seat whose discard it
/// called), where the rules have that pao (`fourth_kan_called`: the fourth kan was a daiminkan),
/// and the basic points of that yakuman.
fn pao_of(
    st: &crate::rules::SeatState,
    seat: Seat,
    value: &Value,
    rules: PaoYaku,
    fourth_kan_called: bool,
) -> Option<(Seat, i64)> {
    let yakuman = |y: Yaku| value.yaku.iter().find(|(v, _)| *v == y).map(|(_, han)| i64::from(*han / 13) * 8000);
    let liable = |kinds: std::ops::RangeInclusive<usize>, need: usize| -> Option<Seat> {
        let sets: Vec<_> = st
            .melds
            .iter()
            .filter(|m| {
                m.kind != MeldKind::Chi && m.tiles.first().and_then(|t| t.kind()).is_some_and(|k| kinds.contains(&k))
            })
            .collect();
        let last = sets.last()?;
        (sets.len() == need).then_some(())?;
        last.from.filter(|&f| f != seat)
    };
    if rules.daisangen
        && let Some(base) = yakuman(Yaku::Daisangen)
        && let Some(s) = liable(31..=33, 3)
    {
        return Some((s, base));
    }
    if rules.daisuushii
        && let Some(base) = yakuman(Yaku::Daisuushii)
        && let Some(s) = liable(27..=30, 4)
    {
        return Some((s, base));
    }
    if rules.suukantsu
        && fourth_kan_called
        && let Some(base) = yakuman(Yaku::Suukantsu)
        && let Some(fourth) = st.melds.iter().rfind(|m| m.kind == MeldKind::Daiminkan)
    {
        return fourth.from.filter(|&f| f != seat).map(|f| (f, base));
    }
    None
}

/// A payment as scorers say it: "7700", "2600 all", "1300/2600" (non-dealers / dealer);
/// "7700点", "2600オール", "1300-2600".
pub fn payment_text(p: Payment, lang: Lang) -> String {
    payment_words(p).into_lang(lang)
}

fn payment_words(p: Payment) -> Text {
    match p {
        Payment::Ron(x) => tr!("scoring-pay-ron", points = x),
        Payment::DealerTsumo(x) => tr!("scoring-pay-dealer-tsumo", points = x),
        Payment::Tsumo { dealer, other } => tr!("scoring-pay-tsumo", other = other, dealer = dealer),
    }
}

impl WinScore {
    fn yaku_words(&self) -> Text {
        let items = self.value.yaku.iter().filter(|(_, han)| *han > 0).map(|&(y, han)| {
            // The names are the yaku table's (scoring/win.rs), in its two columns.
            let name = Text::new(y.english(), y.japanese());
            match (y.is_yakuman(), han) {
                (true, 26) => tr!("scoring-yaku-double-yakuman", yaku = name),
                (true, _) => name,
                (false, _) => tr!("scoring-yaku-han", yaku = name, han = han),
            }
        });
        Text::join(items, tr!("scoring-list-separator"))
    }

    /// The value: "3 han 40 fu" or the limit ("mangan" / "満貫"), with the han for a limit
    /// below yakuman.
    pub fn value_text(&self, lang: Lang) -> String {
        self.value_words().into_lang(lang)
    }

    fn value_words(&self) -> Text {
        let v = &self.value;
        let plain = tr!("scoring-han-fu", han = v.han, fu = v.fu);
        match v.limit {
            // The limits' names are the scoring table's (scoring/win.rs).
            Some(l @ super::win::Limit::Yakuman(_)) => Text::new(l.english(), l.japanese()),
            Some(l) => tr!("scoring-han-fu-limit", value = plain, limit = Text::new(l.english(), l.japanese())),
            None => plain,
        }
    }

    /// Who won how: "S ron on W", "E tsumo" / "南家 西家からロン", "東家 ツモ".
    pub fn how_text(&self, lang: Lang) -> String {
        self.how_words().into_lang(lang)
    }

    fn how_words(&self) -> Text {
        match self.from {
            None => tr!("scoring-win-tsumo", seat = self.seat.word()),
            Some(f) => tr!("scoring-win-ron", seat = self.seat.word(), from = f.word()),
        }
    }

    /// One line: who won how, the yaku, the value and the payment.
    pub fn describe(&self, lang: Lang) -> String {
        self.line().into_lang(lang)
    }

    fn line(&self) -> Text {
        let pao = match self.pao {
            // What the liable seat pays of this win (its own share of a tsumo included).
            Some(p) => tr!("scoring-pao", seat = p.word(), points = (-self.deltas[p.index()]).max(0)),
            None => Text::default(),
        };
        tr!(
            "scoring-win-line",
            how = self.how_words(),
            yaku = self.yaku_words(),
            value = self.value_words(),
            payment = payment_words(self.payment),
            pao = pao,
        )
    }
}

impl Settlement {
    /// The result in one line per win (or one for a draw).
    pub fn describe(&self, lang: Lang) -> String {
        self.lines().into_iter().map(|l| l.into_lang(lang)).collect::<Vec<_>>().join("\n")
    }

    /// The result, one text per win (or one for a draw).
    pub fn lines(&self) -> Vec<Text> {
        let seats =
            |list: Vec<Seat>| Text::join(list.into_iter().map(|s| s.word().text()), tr!("scoring-list-separator"));
        let line = match self {
            Settlement::Wins(wins) => return wins.iter().map(WinScore::line).collect(),
            Settlement::Exhaustive(d) if !d.nagashi.is_empty() => {
                tr!("scoring-draw-nagashi", seats = seats(d.nagashi.clone()))
            }
            Settlement::Exhaustive(d) => {
                let tenpai: Vec<Seat> = Seat::ALL.into_iter().filter(|s| d.tenpai[s.index()]).collect();
                if tenpai.is_empty() {
                    tr!("scoring-draw-nobody-tenpai").text()
                } else {
                    tr!("scoring-draw-tenpai", seats = seats(tenpai))
                }
            }
            Settlement::Abortive => tr!("scoring-abortive").text(),
            Settlement::Chombo { why, .. } => why.clone(),
        };
        vec![line]
    }
}
