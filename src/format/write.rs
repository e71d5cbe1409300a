//! The canonical writer: one method per grammar node, mirroring the parser.
//!
//! Always `jmjp[1.0]` and the 1.0.0 forms, never a BOM, and the layout of GRAMMAR.md decision 7:
//! one header line, one line per pre-match item, a frame header line, one line per hand and per
//! act, a closing line for the frame, two spaces of indentation per level. The same record always
//! gives the same bytes. Two fields of the later draft have no 1.0 form and are left out: the
//! no-ten payment of `ptr` and a dice total (the checks warn about both). An act whose time is
//! known ends its line with it as a comment (`(e,2m,ww) // 2026-11-23T19:42:10.250Z`), and the
//! rule preset a match was played with is a comment on the line after its `(` (`// rules:
//! jpml, kiriage=yes`); the parser reads both back and every other reader ignores them.

use std::fmt::Write as _;

use super::model::*;
use super::shorthand::{Choice, Shorthand};
use super::tile::{Points, Tile};

/// A match's rules text as its `// rules:` comment may hold it: one line of at most 500 bytes, no
/// control character, not empty (its grammar is the rules layer's).
pub fn is_rules_text(text: &str) -> bool {
    let text = text.trim();
    !text.is_empty() && text.len() <= 500 && !text.chars().any(char::is_control)
}

/// The canonical text of a record.
pub fn write(paifu: &Paifu) -> String {
    let mut w = Writer { out: String::with_capacity(estimate(paifu)) };
    w.file(paifu);
    w.out
}

/// One act as the standard writes it, e.g. `(s,5p,tg)` (for lists and correction fields).
pub fn act_text(a: &Act) -> String {
    let mut w = Writer { out: String::with_capacity(16) };
    w.act(a);
    w.out.trim().to_string()
}

/// One frame as the standard writes it, `frm[...]` (a journal entry that replaces a frame).
pub fn frame_text(f: &Frame) -> String {
    let mut w = Writer { out: String::with_capacity(2048) };
    w.frame(f);
    w.out
}

/// One meld as the standard writes it, e.g. `pon[5m,5m5m,t]` (for messages).
pub fn furo_text(f: &Furo) -> String {
    let mut w = Writer { out: String::with_capacity(24) };
    w.furo(f);
    w.out
}

/// One part of a record as the standard writes it, without indentation or line break: an item
/// such as `mtp[20250301,sa,1900,]` or `ply[0,...]`, a hand `hnd[...]`, a string `snt["..."]`.
pub fn part_text(part: PartRef<'_>) -> String {
    let mut w = Writer { out: String::with_capacity(64) };
    match part {
        PartRef::Tour(t) => w.tour_info(t),
        PartRef::TimePlace(t) => w.match_tp(t),
        PartRef::Recorder(r) => w.recorder(r),
        PartRef::Player(p) => w.player(p),
        PartRef::PointRule(r) => w.point_rule(r),
        PartRef::MatchEndPoints(p) => w.four_points("pme[", p),
        PartRef::TourPoints(t) => w.match_tour_points(t),
        PartRef::StartPoints(p) => w.four_points("pfs[", p),
        PartRef::EndPoints(p) => w.four_points("pfe[", p),
        PartRef::Hand(h) => w.hand(h),
        PartRef::Str(s) => w.str_lit(s),
    }
    w.out.trim().to_string()
}

/// A part of a record [`part_text`] writes.
#[derive(Clone, Copy, Debug)]
pub enum PartRef<'a> {
    Tour(&'a TourInfo),
    TimePlace(&'a TimePlace),
    Recorder(&'a Recorder),
    Player(&'a Player),
    PointRule(&'a PointRule),
    MatchEndPoints(&'a [Points; 4]),
    TourPoints(&'a [TourPoints; 4]),
    StartPoints(&'a [Points; 4]),
    EndPoints(&'a [Points; 4]),
    Hand(&'a Hand),
    Str(&'a StrLit),
}

/// A rough size, so the output is allocated once for ordinary files.
fn estimate(paifu: &Paifu) -> usize {
    let acts: usize =
        paifu.matches.iter().flat_map(|m| &m.frames).map(|f| f.flow.as_ref().map_or(0, |fl| fl.acts.len())).sum();
    1024 + paifu.matches.len() * 1024 + acts * 16
}

struct Writer {
    out: String,
}

impl Writer {
    fn s(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn c(&mut self, c: char) {
        self.out.push(c);
    }

    // file = "jmjp[" version "]" [match]^(1-)
    fn file(&mut self, p: &Paifu) {
        self.s("jmjp[1.0]\n");
        for m in &p.matches {
            self.a_match(m);
        }
    }

    // match = "(" preMatchInfo [frame]^(0-) postMatchInfo ")"
    fn a_match(&mut self, m: &Match) {
        self.s("(\n");
        if let Some(rules) = m.rules.as_deref().map(str::trim).filter(|r| is_rules_text(r)) {
            self.s("  // rules: ");
            self.s(rules);
            self.c('\n');
        }
        if let Some(t) = &m.tour {
            self.tour_info(t);
        }
        self.match_tp(&m.time_place);
        for r in &m.recorders {
            self.recorder(r);
        }
        for p in &m.players {
            self.player(p);
        }
        if let Some(r) = &m.point_rule {
            self.point_rule(r);
        }
        for f in &m.frames {
            self.frame(f);
        }
        if let Some(p) = &m.end_points {
            self.s("  ");
            self.four_points("pme[", p);
            self.c('\n');
        }
        if let Some(t) = &m.tour_points {
            self.match_tour_points(t);
        }
        self.s(")\n");
    }

    // ptTourNew = "ptn[" ptTour "," ptTour "," ptTour "," ptTour "]"
    fn match_tour_points(&mut self, t: &[TourPoints; 4]) {
        self.s("  ptn[");
        for (n, tp) in t.iter().enumerate() {
            if n > 0 {
                self.c(',');
            }
            self.tour_points(tp);
        }
        self.s("]\n");
    }

    // tourInfo = "tnm[" tourName "," tourYear "," tourStage "," matchNumInStage "," matchNumInDay "]"
    fn tour_info(&mut self, t: &TourInfo) {
        self.s("  tnm[");
        self.choice(&t.name);
        self.c(',');
        if let Some(y) = t.year {
            let _ = write!(self.out, "{y:04}");
        }
        self.c(',');
        self.choice(&t.stage);
        self.c(',');
        self.opt_num(t.match_in_stage);
        self.c(',');
        self.opt_num(t.match_in_day);
        self.s("]\n");
    }

    fn opt_num(&mut self, n: Option<u32>) {
        if let Some(n) = n {
            let _ = write!(self.out, "{n}");
        }
    }

    // matchTP = "mtp[" matchDate "," matchDayOfWk "," matchTime "," matchPlace "]"
    fn match_tp(&mut self, t: &TimePlace) {
        self.s("  mtp[");
        if let Some(d) = t.date {
            let _ = write!(self.out, "{:04}{:02}{:02}", d.year, d.month, d.day);
        }
        self.c(',');
        if let Some(d) = t.weekday {
            self.s(d.code());
        }
        self.c(',');
        if let Some(tm) = t.time {
            let _ = write!(self.out, "{:02}{:02}", tm.hour, tm.minute);
        }
        self.c(',');
        self.choice(&t.place);
        self.s("]\n");
    }

    // token | strLit
    fn choice<T: Shorthand>(&mut self, c: &Option<Choice<T>>) {
        match c {
            Some(Choice::Known(t)) => self.s(t.code()),
            Some(Choice::Custom(s)) => self.str_lit(s),
            Some(Choice::Unknown(w)) => self.s(w),
            None => {}
        }
    }

    // strLit = ["snt[" quoted "]"]^(0-1) ["srm[" quoted "]"]^(0-1)
    fn str_lit(&mut self, s: &StrLit) {
        if let Some(n) = &s.native {
            self.s("snt[");
            self.quoted(n);
            self.c(']');
        }
        if let Some(r) = &s.roman {
            self.s("srm[");
            self.quoted(r);
            self.c(']');
        }
    }

    // quoted = '"' text '"'      (\" and \\ escaped)
    fn quoted(&mut self, text: &str) {
        self.c('"');
        for ch in text.chars() {
            if ch == '"' || ch == '\\' {
                self.c('\\');
            }
            self.c(ch);
        }
        self.c('"');
    }

    // name = "(" [strLit] "," [strLit] ")"
    fn name(&mut self, n: &Name) {
        self.c('(');
        if let Some(l) = &n.last {
            self.str_lit(l);
        }
        self.c(',');
        if let Some(f) = &n.first {
            self.str_lit(f);
        }
        self.c(')');
    }

    // recerInfo = "rec[" [recerName] "," [framesRecd] "]"
    fn recorder(&mut self, r: &Recorder) {
        self.s("  rec[");
        if let Some(n) = &r.name {
            self.name(n);
        }
        self.c(',');
        match &r.frames {
            FramesRecorded::All => self.s("all"),
            FramesRecorded::Only(ids) => {
                for id in ids {
                    self.frame_id(id);
                }
            }
        }
        self.s("]\n");
    }

    // plyerInfo = "ply[" plyerId "," plyerName "," plyerTeam "," plyerAffil "," ptTourPrev "]"
    fn player(&mut self, p: &Player) {
        let _ = write!(self.out, "  ply[{},", p.id);
        if let Some(n) = &p.name {
            self.name(n);
        }
        self.c(',');
        self.choice(&p.team);
        self.c(',');
        self.choice(&p.affiliation);
        self.c(',');
        if let Some(t) = &p.tour_points {
            self.tour_points(t);
        }
        self.s("]\n");
    }

    // ptTour = "(" [pt] "," [pt] ")"
    fn tour_points(&mut self, t: &TourPoints) {
        self.c('(');
        if let Some(p) = t.personal {
            self.pt(p);
        }
        self.c(',');
        if let Some(p) = t.team {
            self.pt(p);
        }
        self.c(')');
    }

    // ptRule = "ptr[" ptStart "," ptRetn "," "(" ptPostn14 "," ptPostn23 ")" "," ptHonba "]"
    fn point_rule(&mut self, r: &PointRule) {
        self.s("  ptr[");
        self.pt(r.start);
        self.c(',');
        self.pt(r.return_points);
        self.s(",(");
        self.pt(r.uma_4_to_1);
        self.c(',');
        self.pt(r.uma_3_to_2);
        self.s("),");
        self.pt(r.honba);
        self.s("]\n");
    }

    // pt: one decimal, e.g. 25.0, -5.8
    fn pt(&mut self, p: Points) {
        let _ = write!(self.out, "{p}");
    }

    // "pfs[" | "pfe[" | "pme[" pt "," pt "," pt "," pt "]"
    fn four_points(&mut self, keyword: &str, p: &[Points; 4]) {
        self.s(keyword);
        for (n, v) in p.iter().enumerate() {
            if n > 0 {
                self.c(',');
            }
            self.pt(*v);
        }
        self.c(']');
    }

    // frame = "frm[" frameId "," kyoutak "," dice "," ptFrmStart "," dora "," frameFlow ","
    //                ptFrmEnd "," frameCmt "]"
    fn frame(&mut self, f: &Frame) {
        self.s("  frm[");
        self.frame_id(&f.id);
        self.c(',');
        if let Some(k) = f.kyoutaku {
            self.pt(k);
        }
        self.c(',');
        if let Some(Dice::Pair(a, b)) = f.dice {
            let _ = write!(self.out, "{a}-{b}");
        }
        self.c(',');
        if let Some(p) = &f.start_points {
            self.four_points("pfs[", p);
        }
        self.c(',');
        self.tiles(&f.dora);
        self.c(',');
        if let Some(flow) = &f.flow {
            self.c('\n');
            self.frame_flow(flow);
            self.s("  ");
        }
        self.c(',');
        if let Some(p) = &f.end_points {
            self.four_points("pfe[", p);
        }
        self.c(',');
        if let Some(c) = &f.comment {
            self.str_lit(c);
        }
        self.s("]\n");
    }

    // frameId = frameWind frameNum "-" frameHonba
    fn frame_id(&mut self, id: &FrameId) {
        let _ = write!(self.out, "{id}");
    }

    fn tiles(&mut self, tiles: &[Tile]) {
        for t in tiles {
            self.s(t.code());
        }
    }

    // frameFlow = [(seat, startHand)]^4 [frameAct]^(0-) [(seat, endHand)]^4
    fn frame_flow(&mut self, flow: &FrameFlow) {
        for h in &flow.start_hands {
            self.seat_hand(h);
        }
        for (n, a) in flow.acts.iter().enumerate() {
            self.act(a);
            if let Some(t) = flow.time(n) {
                // The time the act was first entered, as a comment every other reader ignores.
                self.out.pop();
                let _ = writeln!(self.out, " // {t}");
            }
        }
        for h in &flow.end_hands {
            self.seat_hand(h);
        }
    }

    // "(" seat "," hand ")"
    fn seat_hand(&mut self, h: &SeatHand) {
        self.s("    (");
        self.c(h.seat.code());
        self.c(',');
        self.hand(&h.hand);
        self.s(")\n");
    }

    // hand = "hnd[" tiles "," [tileTsumo] "," [tileFuro]^(0-4) "]"
    fn hand(&mut self, h: &Hand) {
        self.s("hnd[");
        self.tiles(&h.tiles);
        self.c(',');
        if let Some(t) = h.tsumo {
            self.s(t.code());
        }
        self.c(',');
        for f in &h.furo {
            self.furo(f);
        }
        self.c(']');
    }

    // tileFuro = furoChi | furoPon | furoDmk | furoKkn | furoAnk
    fn furo(&mut self, f: &Furo) {
        match f {
            Furo::Chi { called, hand } => {
                self.s("chi[");
                self.s(called.code());
                self.c(',');
                self.tiles(hand);
            }
            Furo::Pon { called, hand, from } => {
                self.s("pon[");
                self.s(called.code());
                self.c(',');
                self.tiles(hand);
                self.c(',');
                self.c(from.code());
            }
            Furo::Daiminkan { called, hand, from } => {
                self.s("dmk[");
                self.s(called.code());
                self.c(',');
                self.tiles(hand);
                self.c(',');
                self.c(from.code());
            }
            Furo::Kakan { added, called, hand, from } => {
                self.s("kkn[");
                self.s(added.code());
                self.c(',');
                self.s(called.code());
                self.c(',');
                self.tiles(hand);
                self.c(',');
                self.c(from.code());
            }
            Furo::Ankan(tiles) => {
                self.s("ank[");
                self.tiles(tiles);
            }
        }
        self.c(']');
    }

    // frameAct = "(" seat "," drawTile "," [discTile] ")"
    fn act(&mut self, a: &Act) {
        self.s("    (");
        self.c(a.seat.code());
        self.c(',');
        self.draw_tile(&a.draw);
        self.c(',');
        if let Some(d) = &a.discard {
            self.disc_tile(d);
        }
        self.s(")\n");
    }

    // drawTile = realTiles | "ch[" t t "]" | "pn[" t t "]" | "dk[" t t t "]" | "rs[" t "]" | "ro" | "oy"
    fn draw_tile(&mut self, d: &Draw) {
        match d {
            Draw::Tile(t) => self.s(t.code()),
            Draw::Chi(t) => self.bracketed("ch[", t),
            Draw::Pon(t) => self.bracketed("pn[", t),
            Draw::Daiminkan(t) => self.bracketed("dk[", t),
            Draw::Rinshan(t) => self.bracketed("rs[", &[*t]),
            Draw::Ron => self.s("ro"),
            Draw::Oya => self.s("oy"),
        }
    }

    // discTile = realTiles | "tg" | "kg" | "kk[" t "]" | "ak[" t t t t "]" | "tm" | "rc[" t "]"
    fn disc_tile(&mut self, d: &Discard) {
        match d {
            Discard::Tile(t) => self.s(t.code()),
            Discard::Tsumogiri => self.s("tg"),
            Discard::Karagiri => self.s("kg"),
            Discard::Kakan(t) => self.bracketed("kk[", &[*t]),
            Discard::Ankan(t) => self.bracketed("ak[", t),
            Discard::Tsumo => self.s("tm"),
            Discard::Riichi(t) => self.bracketed("rc[", &[*t]),
        }
    }

    fn bracketed(&mut self, keyword: &str, tiles: &[Tile]) {
        self.s(keyword);
        self.tiles(tiles);
        self.c(']');
    }
}
