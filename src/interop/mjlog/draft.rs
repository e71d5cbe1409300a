//! One kyoku of an mjlog as its tags come, from `<INIT/>` to its `<AGARI/>` (one or more) or
//! `<RYUUKYOKU/>`, made the kyoku the tenhou.net/6 reader makes of the same game: each player's
//! start hand, takes (draws and calls) and discards, written as tenhou.net/6 writes them (a
//! tsumogiri, a riichi discard, a kan), and the result.
//!
//! Every tile number is followed from the wall into a hand and out of it: a tile drawn twice, a
//! discard or call of a tile the player does not hold, a call of a tile other than the last
//! discard is refused at its tag.

use super::meld::{MjlogCall, OpenKind, decode};
use super::values::{MAX_HUNDREDS, int, ints, number, player, points4, ranged, sort_ids, tile_id, tile_of};
use super::xml::{MjlogFault, MjlogTag};
use crate::format::{CalledFrom, FrameId};
use crate::i18n::tr;
use crate::interop::outcome::DrawKind;
use crate::interop::tenhou6::kyoku::{CallKind, CallText, Kyoku, Out, Result6, Take, WinRow};

/// Where a tile number is in the kyoku.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Whereabouts {
    /// In the wall, not seen yet.
    Wall,
    /// In player `n`'s hand.
    Hand(usize),
    /// Shown: discarded, called, in a meld or a dora indicator.
    Shown,
}

/// A kyoku being read.
#[derive(Clone, Debug)]
pub(super) struct KyokuDraft {
    /// Where its `<INIT/>` is.
    pub(super) at: usize,
    /// Whether red fives are played.
    red: bool,
    k: Kyoku,
    place: Vec<Whereabouts>,
    /// The tile each player has just drawn (a discard of it is a tsumogiri).
    drawn: [Option<u8>; 4],
    /// The player who has drawn and may now declare a kan from the hand or an added kan.
    may_kan: Option<usize>,
    /// The last discard while it may still be called: its player and tile.
    last_discard: Option<(usize, u8)>,
    /// The players who declared riichi and discard next.
    riichi: [bool; 4],
    /// The draws, discards and calls read.
    pub(super) acts: usize,
    wins: Vec<WinRow>,
    draw: Option<(DrawKind, [i64; 4])>,
    /// Whether its end carries the game's final scores (`owari`).
    pub(super) last_of_game: bool,
}

impl KyokuDraft {
    /// `<INIT seed=".." ten=".." oya=".." hai0=".." .. hai3=".."/>`.
    pub(super) fn start(tag: &MjlogTag, red: bool) -> Result<KyokuDraft, MjlogFault> {
        let (seed, seed_at) = ints(tag, "seed", Some(6))?;
        let kyoku = ranged(seed.first().copied().unwrap_or(0), "seed", seed_at, 0, 15)?;
        let honba = ranged(seed.get(1).copied().unwrap_or(0), "seed", seed_at, 0, 999)?;
        let kyotaku = ranged(seed.get(2).copied().unwrap_or(0), "seed", seed_at, 0, 999)?;
        let indicator = tile_id(seed.get(5).copied().unwrap_or(0), "seed", seed_at)?;
        let (ten, ten_at) = ints(tag, "ten", Some(4))?;
        let scores = points4(&ten, "ten", ten_at)?;
        let oya = int(tag, "oya", 0, 3)?;
        if oya != kyoku % 4 {
            let (_, at) = tag.need("oya")?;
            return Err(MjlogFault::new(at, tr!("interop-mjlog-dealer", oya = oya, kyoku = kyoku)));
        }
        let k = Kyoku {
            kyoku: u8::try_from(kyoku).unwrap_or(0),
            honba: u32::try_from(honba).unwrap_or(0),
            kyotaku,
            scores,
            dora: Vec::new(),
            ura: Vec::new(),
            hands: Default::default(),
            takes: Default::default(),
            outs: Default::default(),
            result: Result6::Draw(DrawKind::Exhaustive, [0; 4]),
        };
        let mut d = KyokuDraft {
            at: tag.at,
            red,
            k,
            place: vec![Whereabouts::Wall; 136],
            drawn: [None; 4],
            may_kan: None,
            last_discard: None,
            riichi: [false; 4],
            acts: 0,
            wins: Vec::new(),
            draw: None,
            last_of_game: false,
        };
        d.reveal(indicator, seed_at)?;
        for p in 0..4 {
            let key = format!("hai{p}");
            let (hai, at) = ints(tag, &key, Some(13))?;
            let mut ids = Vec::with_capacity(13);
            for n in hai {
                let id = tile_id(n, &key, at)?;
                d.move_tile(id, Whereabouts::Wall, Whereabouts::Hand(p), at)?;
                ids.push(id);
            }
            sort_ids(&mut ids, red);
            d.k.hands[p] = ids.into_iter().map(|id| tile_of(id, red)).collect();
        }
        Ok(d)
    }

    /// The round, as a frame names it (`E3-1`).
    pub(super) fn id(&self) -> FrameId {
        self.k.id()
    }

    /// Whether a win or a draw has ended it.
    pub(super) fn ended(&self) -> bool {
        !self.wins.is_empty() || self.draw.is_some()
    }

    /// The kyoku read, once it has ended.
    pub(super) fn finish(mut self) -> Option<Kyoku> {
        self.k.result = match (self.wins.is_empty(), self.draw) {
            (false, _) => Result6::Win(self.wins),
            (true, Some((kind, deltas))) => Result6::Draw(kind, deltas),
            (true, None) => return None,
        };
        Some(self.k)
    }

    /// Moves tile `id` from `from` to `to`; a tile not where it must be is an error at `at`.
    fn move_tile(&mut self, id: u8, from: Whereabouts, to: Whereabouts, at: usize) -> Result<(), MjlogFault> {
        let red = self.red;
        let Some(slot) = self.place.get_mut(usize::from(id)) else {
            return Err(MjlogFault::new(at, tr!("interop-mjlog-tile-id", name = "", value = id)));
        };
        if *slot == from {
            *slot = to;
            return Ok(());
        }
        let tile = tile_of(id, red);
        Err(MjlogFault::new(
            at,
            match from {
                Whereabouts::Hand(p) => tr!("interop-mjlog-not-in-hand", player = p, id = id, tile = tile),
                Whereabouts::Wall | Whereabouts::Shown => tr!("interop-mjlog-tile-twice", id = id, tile = tile),
            },
        ))
    }

    /// A dora indicator turned over.
    fn reveal(&mut self, id: u8, at: usize) -> Result<(), MjlogFault> {
        if self.k.dora.len() >= 5 {
            return Err(MjlogFault::new(at, tr!("interop-mjlog-five-indicators").text()));
        }
        self.move_tile(id, Whereabouts::Wall, Whereabouts::Shown, at)?;
        self.k.dora.push(tile_of(id, self.red));
        Ok(())
    }

    /// A tag of play: `<T12/>` (a draw of player 0..3 by T U V W), `<D12/>` (a discard by D E F
    /// G), `<N/>`, `<REACH/>`, `<DORA/>`. False for any other tag.
    pub(super) fn play(&mut self, tag: &MjlogTag) -> Result<bool, MjlogFault> {
        let mut chars = tag.name.chars();
        let letter = chars.next().unwrap_or(' ');
        let digits = chars.as_str();
        let numbered = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        let seat = |s: &str| s.find(letter).filter(|_| numbered);
        if let Some(p) = seat("TUVW") {
            self.before_play(tag)?;
            self.draw_tile(p, tile_id(number(digits, tag.name, tag.at)?, tag.name, tag.at)?, tag.at)?;
        } else if let Some(p) = seat("DEFG") {
            self.before_play(tag)?;
            let id = tile_id(number(digits, tag.name, tag.at)?, tag.name, tag.at)?;
            self.discard(p, id, tag.at)?;
        } else {
            match tag.name {
                "N" => {
                    self.before_play(tag)?;
                    self.call(tag)?;
                }
                "REACH" => {
                    self.before_play(tag)?;
                    let who = player(tag, "who")?;
                    if int(tag, "step", 1, 2)? == 1 {
                        self.riichi[who] = true;
                    }
                }
                "DORA" => {
                    self.before_play(tag)?;
                    let (hai, at) = tag.need("hai")?;
                    let id = tile_id(number(hai, "hai", at)?, "hai", at)?;
                    self.reveal(id, at)?;
                }
                _ => return Ok(false),
            }
        }
        Ok(true)
    }

    /// Play after the kyoku's end is refused.
    fn before_play(&self, tag: &MjlogTag) -> Result<(), MjlogFault> {
        if self.ended() {
            let frame = self.id();
            return Err(MjlogFault::new(tag.at, tr!("interop-mjlog-after-end", tag = tag.name, frame = frame)));
        }
        Ok(())
    }

    fn draw_tile(&mut self, p: usize, id: u8, at: usize) -> Result<(), MjlogFault> {
        self.move_tile(id, Whereabouts::Wall, Whereabouts::Hand(p), at)?;
        self.acts += 1;
        self.drawn[p] = Some(id);
        self.may_kan = Some(p);
        self.last_discard = None;
        if let Some(takes) = self.k.takes.get_mut(p) {
            takes.push(Take::Tile(tile_of(id, self.red)));
        }
        Ok(())
    }

    fn discard(&mut self, p: usize, id: u8, at: usize) -> Result<(), MjlogFault> {
        self.move_tile(id, Whereabouts::Hand(p), Whereabouts::Shown, at)?;
        self.acts += 1;
        let tsumogiri = self.drawn[p] == Some(id);
        let tile = tile_of(id, self.red);
        let out = match (std::mem::take(&mut self.riichi[p]), tsumogiri) {
            (true, true) => Out::Riichi(None),
            (true, false) => Out::Riichi(Some(tile)),
            (false, true) => Out::Tsumogiri,
            (false, false) => Out::Tile(tile),
        };
        self.k.outs[p].push(out);
        self.drawn[p] = None;
        self.may_kan = None;
        self.last_discard = Some((p, id));
        Ok(())
    }

    /// `<N who=".." m=".."/>`: a chi, pon or called kan takes the last discard; a kan from the
    /// hand or an added kan follows the player's draw.
    fn call(&mut self, tag: &MjlogTag) -> Result<(), MjlogFault> {
        let who = player(tag, "who")?;
        let m = u32::try_from(int(tag, "m", 0, 65535)?).unwrap_or(0);
        let (_, at) = tag.need("m")?;
        self.acts += 1;
        self.drawn[who] = None;
        let red = self.red;
        match decode(m, at)? {
            MjlogCall::Open { kind, called, mut from_hand, from } => {
                if self.last_discard != Some(((who + from) % 4, called)) {
                    let tile = tile_of(called, red);
                    return Err(MjlogFault::new(at, tr!("interop-mjlog-call-not-last", id = called, tile = tile)));
                }
                for &id in &from_hand {
                    self.move_tile(id, Whereabouts::Hand(who), Whereabouts::Shown, at)?;
                }
                sort_ids(&mut from_hand, red);
                let (kind, from) = match (kind, from) {
                    (OpenKind::Chi, _) => (CallKind::Chi, CalledFrom::Kamicha),
                    (OpenKind::Pon, f) => (CallKind::Pon, called_from(f)),
                    (OpenKind::Daiminkan, f) => (CallKind::Daiminkan, called_from(f)),
                };
                let consumed = from_hand.iter().map(|id| tile_of(*id, red)).collect();
                self.k.takes[who].push(Take::Call(CallText { kind, called: tile_of(called, red), consumed, from }));
                if kind == CallKind::Daiminkan {
                    // tenhou.net/6 writes a 0 in the discards for the turn a called kan takes.
                    self.k.outs[who].push(Out::Placeholder);
                }
                self.last_discard = None;
                self.may_kan = None;
            }
            MjlogCall::Ankan(mut ids) => {
                self.kan_after_draw(who, at)?;
                for &id in &ids {
                    self.move_tile(id, Whereabouts::Hand(who), Whereabouts::Shown, at)?;
                }
                sort_ids(&mut ids, red);
                self.k.outs[who].push(Out::Ankan(ids.map(|id| tile_of(id, red))));
            }
            MjlogCall::Kakan(id) => {
                self.kan_after_draw(who, at)?;
                self.move_tile(id, Whereabouts::Hand(who), Whereabouts::Shown, at)?;
                self.k.outs[who].push(Out::Kakan(tile_of(id, red)));
            }
        }
        Ok(())
    }

    /// A kan from the hand or an added kan comes right after the player's draw.
    fn kan_after_draw(&mut self, who: usize, at: usize) -> Result<(), MjlogFault> {
        if self.may_kan != Some(who) {
            return Err(MjlogFault::new(at, tr!("interop-mjlog-kan-not-after-draw", player = who)));
        }
        self.may_kan = None;
        // An added kan can be robbed (chankan): no discard may be called meanwhile.
        self.last_discard = None;
        Ok(())
    }

    /// `<AGARI who=".." fromWho=".." paoWho=".." sc=".." doraHaiUra=".." owari=".."/>`: one win
    /// (a double or triple ron writes one per winner).
    pub(super) fn win(&mut self, tag: &MjlogTag) -> Result<(), MjlogFault> {
        if self.draw.is_some() {
            return Err(MjlogFault::new(tag.at, tr!("interop-mjlog-win-and-draw", frame = self.id())));
        }
        let who = player(tag, "who")?;
        let from = player(tag, "fromWho")?;
        let pao = if tag.get("paoWho").is_some() { player(tag, "paoWho")? } else { who };
        let deltas = self.changes(tag)?;
        if self.k.ura.is_empty()
            && let Some((_, at)) = tag.get("doraHaiUra")
        {
            let (numbers, _) = ints(tag, "doraHaiUra", None)?;
            if numbers.len() > 5 {
                return Err(MjlogFault::new(at, tr!("interop-mjlog-five-indicators").text()));
            }
            for n in numbers.into_iter().take(5) {
                let id = tile_id(n, "doraHaiUra", at)?;
                self.move_tile(id, Whereabouts::Wall, Whereabouts::Shown, at)?;
                self.k.ura.push(tile_of(id, self.red));
            }
        }
        self.wins.push(WinRow { deltas, who, from, pao });
        self.last_of_game |= tag.get("owari").is_some();
        Ok(())
    }

    /// `<RYUUKYOKU type=".." sc=".." hai0=".." owari=".."/>`: a draw (no type: the wall ran out).
    pub(super) fn drawn_game(&mut self, tag: &MjlogTag) -> Result<(), MjlogFault> {
        if self.ended() {
            return Err(MjlogFault::new(tag.at, tr!("interop-mjlog-win-and-draw", frame = self.id())));
        }
        let deltas = self.changes(tag)?;
        let kind = match tag.get("type") {
            None => {
                let tenpai = (0..4).filter(|p| tag.get(&format!("hai{p}")).is_some()).count();
                match (deltas == [0; 4], tenpai) {
                    (true, 4) => DrawKind::AllTenpai,
                    (true, 0) => DrawKind::AllNoten,
                    _ => DrawKind::Exhaustive,
                }
            }
            Some(("yao9", _)) => DrawKind::NineTerminals,
            Some(("reach4", _)) => DrawKind::FourRiichi,
            Some(("ron3", _)) => DrawKind::TripleRon,
            Some(("kan4", _)) => DrawKind::FourKans,
            Some(("kaze4", _)) => DrawKind::FourWinds,
            Some(("nm", _)) => DrawKind::Nagashi,
            Some((other, at)) => return Err(MjlogFault::new(at, tr!("interop-mjlog-draw-kind", kind = other))),
        };
        // An abortive draw moves no points (tenhou writes changes of 0): a log that says otherwise
        // would make a record no other log can say.
        if kind.is_abortive() && deltas != [0; 4] {
            let (_, at) = tag.need("sc")?;
            return Err(MjlogFault::new(at, tr!("interop-mjlog-abortive-points", kind = kind.japanese())));
        }
        self.draw = Some((kind, deltas));
        self.last_of_game |= tag.get("owari").is_some();
        Ok(())
    }

    /// The point changes of `sc="s0,d0,s1,d1,s2,d2,s3,d3"` (hundreds), in points.
    fn changes(&self, tag: &MjlogTag) -> Result<[i64; 4], MjlogFault> {
        let (sc, at) = ints(tag, "sc", Some(8))?;
        for s in sc.iter().step_by(2) {
            ranged(*s, "sc", at, -MAX_HUNDREDS, MAX_HUNDREDS)?;
        }
        let d: Vec<i64> = sc.iter().skip(1).step_by(2).copied().collect();
        points4(&d, "sc", at)
    }
}

/// The seat a call's low bits name, counted from the caller: 1 the right, 2 across, 3 the left.
fn called_from(from: usize) -> CalledFrom {
    match from {
        1 => CalledFrom::Shimocha,
        2 => CalledFrom::Toimen,
        _ => CalledFrom::Kamicha,
    }
}

/// Tiles as codes, for messages.
#[cfg(test)]
fn codes(tiles: &[crate::format::Tile]) -> String {
    tiles.iter().map(|t| t.code()).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interop::mjlog::xml::read_tags;

    fn draft(body: &str) -> Result<KyokuDraft, MjlogFault> {
        let text = format!("<mjloggm>{body}</mjloggm>");
        let (tags, _) = read_tags(&text)?;
        let mut d: Option<KyokuDraft> = None;
        for t in &tags {
            match (t.name, d.as_mut()) {
                ("INIT", _) => d = Some(KyokuDraft::start(t, true)?),
                ("AGARI", Some(k)) => k.win(t)?,
                ("RYUUKYOKU", Some(k)) => k.drawn_game(t)?,
                (_, Some(k)) => {
                    k.play(t)?;
                }
                _ => {}
            }
        }
        d.ok_or_else(|| MjlogFault::new(0, tr!("interop-mjlog-no-kyoku").text()))
    }

    const INIT: &str = r#"<INIT seed="0,0,0,1,2,135" ten="250,250,250,250" oya="0" hai0="0,1,2,3,4,5,6,7,8,9,10,11,16" hai1="36,37,38,39,40,41,42,43,44,45,46,47,52" hai2="72,73,74,75,76,77,78,79,80,81,82,83,88" hai3="108,109,110,111,112,113,114,115,116,117,118,119,120"/>"#;

    #[test]
    fn draws_and_discards_become_takes_and_discards() {
        let d = draft(&format!(r#"{INIT}<T12/><REACH who="0" step="1"/><D12/><U17/><E17/><V53/><F72/>"#)).unwrap();
        let k = d.finish();
        assert!(k.is_none(), "no result yet");
        let d = draft(&format!(r#"{INIT}<T12/><D16/><N who="1" m="{}"/>"#, ((4 * 3) << 9) | 0x08 | 3)).unwrap_err();
        assert!(d.message.en.contains("not the last discard") || d.message.en.contains("0m"), "{}", d.message.en);
        let d = draft(&format!("{INIT}<T12/><D16/>")).unwrap();
        assert_eq!(codes(&d.k.hands[0]), "1m 1m 1m 1m 2m 2m 2m 2m 3m 3m 3m 3m 0m");
        assert_eq!(d.k.outs[0], vec![Out::Tile(tile_of(16, true))]);
        assert_eq!(d.k.dora, vec![tile_of(135, true)]);
    }

    #[test]
    fn a_tile_in_two_places_is_refused() {
        let e = draft(&format!("{INIT}<T0/>")).unwrap_err();
        assert!(e.message.en.contains("a second time"), "{}", e.message.en);
        let e = draft(&format!("{INIT}<T12/><D13/>")).unwrap_err();
        assert!(e.message.en.contains("does not hold"), "{}", e.message.en);
        let e = draft(&format!("{INIT}<T136/>")).unwrap_err();
        assert!(e.message.en.contains("136"), "{}", e.message.en);
    }
}
