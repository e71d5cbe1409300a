//! Corrections by keys: with an earlier act selected (Up and Down move the selection through the
//! frame flow), the recording keys change it in place. A tile makes it a discard of that tile,
//! Space a tsumogiri, `r` toggles riichi on its discard, `w` then a tile changes its drawn tile,
//! `o` inserts a missed act before it (its draw, then its discard, typed as usual); Delete takes
//! it out (the screen does that). The keymap says which intent a key is ([`super::keys::meaning`]
//! gives the act selected its [`Intent`]s, and Escape with nothing typed leaves the act);
//! [`Correcting::apply`] carries them out. Each correction is one entry, so one undo step.

use super::entry::Entry;
use super::intent::{Action, Intent};
use super::session::KeyProblem;
use crate::format::{Act, Discard, Draw, Frame, Seat, Tile};

/// What the keys typed so far for the selected act mean.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Correcting {
    /// A digit waiting for its suit.
    pub digit: Option<u8>,
    pub mode: Mode,
}

/// What the next tile typed does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// It becomes the act's discard.
    #[default]
    Discard,
    /// `w` was pressed: it becomes the act's drawn tile.
    Draw,
    /// `o` was pressed: a missed act of `seat` goes in before the selected one; the first tile
    /// is its draw, the second (or Space) its discard.
    Insert { seat: Seat, draw: Option<Tile>, riichi: bool },
}

/// What a key did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CorrectionStep {
    /// More keys are needed (or the key changed nothing).
    Typing,
    /// The correction is complete.
    Made(Entry),
    /// The act selected is no longer there: back to the live end.
    Leave,
}

impl Correcting {
    /// Carries out `intent` on act `act` of `frame` (frame `fi` of the match).
    pub fn apply(
        &mut self,
        frame: &Frame,
        fi: usize,
        act: usize,
        intent: Intent,
    ) -> Result<CorrectionStep, KeyProblem> {
        let acts = frame.flow.as_ref().map(|f| f.acts.as_slice()).unwrap_or_default();
        let Some(current) = acts.get(act).copied() else { return Ok(CorrectionStep::Leave) };
        match intent {
            Intent::Clear => {
                *self = Correcting::default();
                return Ok(CorrectionStep::Typing);
            }
            Intent::Digit(d) => {
                self.digit = Some(d);
                return Ok(CorrectionStep::Typing);
            }
            _ => {}
        }
        // Any other key uses up the number typed.
        self.digit = None;
        Ok(match intent {
            Intent::Mistyped(m) => return Err(m.into()),
            Intent::Tile(t) => self.tile(fi, act, current, t),
            Intent::Action(Action::Tsumogiri) => self.tsumogiri(fi, act, current),
            Intent::Action(Action::Riichi) => self.riichi(fi, act, current),
            Intent::CorrectDraw => {
                self.mode = Mode::Draw;
                CorrectionStep::Typing
            }
            Intent::InsertBefore => {
                // The seat whose turn it was: the one after the act before.
                let seat = match act.checked_sub(1).and_then(|i| acts.get(i)) {
                    Some(prev) => prev.seat.next(),
                    None => Seat::East,
                };
                self.mode = Mode::Insert { seat, draw: None, riichi: false };
                CorrectionStep::Typing
            }
            _ => CorrectionStep::Typing,
        })
    }

    /// The words for what the next key does, for the header.
    pub fn waiting(&self) -> Option<Seat> {
        match self.mode {
            Mode::Insert { seat, .. } => Some(seat),
            _ => None,
        }
    }

    fn tile(&mut self, fi: usize, act: usize, current: Act, t: Tile) -> CorrectionStep {
        match self.mode {
            Mode::Discard => {
                let discard = match current.discard {
                    Some(Discard::Riichi(_)) => Discard::Riichi(t),
                    _ => Discard::Tile(t),
                };
                self.made(Entry::Correct { frame: fi, act, to: Act { discard: Some(discard), ..current } })
            }
            Mode::Draw => {
                let draw = match current.draw {
                    Draw::Rinshan(_) => Draw::Rinshan(t),
                    _ => Draw::Tile(t),
                };
                // A tsumogiri lets go of the tile drawn, whatever it is.
                self.made(Entry::Correct { frame: fi, act, to: Act { draw, ..current } })
            }
            Mode::Insert { seat, draw: None, riichi } => {
                self.mode = Mode::Insert { seat, draw: Some(t), riichi };
                CorrectionStep::Typing
            }
            Mode::Insert { seat, draw: Some(d), riichi } => {
                let discard = if riichi { Discard::Riichi(t) } else { Discard::Tile(t) };
                let to = Act { seat, draw: Draw::Tile(d), discard: Some(discard) };
                self.made(Entry::Insert { frame: fi, act, to })
            }
        }
    }

    fn tsumogiri(&mut self, fi: usize, act: usize, current: Act) -> CorrectionStep {
        match self.mode {
            Mode::Insert { seat, draw: Some(d), riichi } => {
                let discard = if riichi { Discard::Riichi(d) } else { Discard::Tsumogiri };
                let to = Act { seat, draw: Draw::Tile(d), discard: Some(discard) };
                self.made(Entry::Insert { frame: fi, act, to })
            }
            Mode::Insert { .. } | Mode::Draw => CorrectionStep::Typing,
            Mode::Discard => {
                let discard = match (current.discard, drawn(current)) {
                    (Some(Discard::Riichi(_)), Some(d)) => Discard::Riichi(d),
                    _ => Discard::Tsumogiri,
                };
                self.made(Entry::Correct { frame: fi, act, to: Act { discard: Some(discard), ..current } })
            }
        }
    }

    fn riichi(&mut self, fi: usize, act: usize, current: Act) -> CorrectionStep {
        match &mut self.mode {
            Mode::Insert { riichi, .. } => {
                *riichi = !*riichi;
                CorrectionStep::Typing
            }
            Mode::Draw => CorrectionStep::Typing,
            Mode::Discard => {
                let d = drawn(current);
                let discard = match current.discard {
                    Some(Discard::Riichi(t)) if Some(t) == d => Discard::Tsumogiri,
                    Some(Discard::Riichi(t)) => Discard::Tile(t),
                    Some(Discard::Tile(t)) => Discard::Riichi(t),
                    Some(Discard::Tsumogiri) => match d {
                        Some(t) => Discard::Riichi(t),
                        None => return CorrectionStep::Typing,
                    },
                    _ => return CorrectionStep::Typing,
                };
                self.made(Entry::Correct { frame: fi, act, to: Act { discard: Some(discard), ..current } })
            }
        }
    }

    fn made(&mut self, e: Entry) -> CorrectionStep {
        *self = Correcting::default();
        CorrectionStep::Made(e)
    }
}

/// The tile the act drew, if it drew one from the wall.
fn drawn(a: Act) -> Option<Tile> {
    match a.draw {
        Draw::Tile(t) | Draw::Rinshan(t) => Some(t),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_frame;
    use crate::recorder::intent::Meaning;
    use crate::recorder::keys::{Input, Key, KeyState, meaning};

    fn frame() -> Frame {
        parse_frame(
            "frm[E1-0,0.0,,pfs[25.0,25.0,25.0,25.0],1pukukukukukukukukuk,
    (e,hnd[1m1m1m9m2p3p4p9p5s6s7sewew,,])
    (s,hnd[2m3m4m6p7p8p2s3s4s7s8snwnw,,])
    (w,hnd[4m5m6m8m2p2p5p5p1s2s3s9s9s,,])
    (n,hnd[5m5m7m9m1p3p3p7p7p2s2s4s4s,,])
    (e,5m,tg)
    (s,5p,7s)
    (w,3m,rc[9s])
    (e,hnd[1m1m1m9m2p3p4p9p5s6s7sewew,,])
    (s,hnd[2m3m4m6p7p8p2s3s4s8snwnw5p,,])
    (w,hnd[3m4m5m6m8m2p2p5p5p1s2s3s9s,,])
    (n,hnd[5m5m7m9m1p3p3p7p7p2s2s4s4s,,])
  ,,]",
        )
        .unwrap()
    }

    /// Types `typed` on act `act`: each key as the keymap reads it with an act selected.
    fn keys(c: &mut Correcting, f: &Frame, act: usize, typed: &str) -> Vec<CorrectionStep> {
        typed.chars().map(|ch| c.apply(f, 0, act, intent(c, Key::Char(ch))).unwrap()).collect()
    }

    /// What `key` means for the act selected, as the keymap says.
    fn key_meaning(c: &Correcting, key: Key) -> Option<Meaning> {
        let at = KeyState { digit: c.digit, typed: *c != Correcting::default(), selected: true, ..KeyState::default() };
        meaning(Input::Key(key), &at)
    }

    fn intent(c: &Correcting, key: Key) -> Intent {
        match key_meaning(c, key) {
            Some(Meaning::Correct(i)) => i,
            _ => Intent::DropDigit,
        }
    }

    fn made(done: &[CorrectionStep]) -> Option<&Entry> {
        match done.last() {
            Some(CorrectionStep::Made(e)) => Some(e),
            _ => None,
        }
    }

    fn act(s: &str) -> Act {
        crate::format::parse_act(s).unwrap()
    }

    #[test]
    fn a_tile_space_and_r_change_the_discard_in_at_most_two_keys() {
        let f = frame();
        let mut c = Correcting::default();
        assert_eq!(made(&keys(&mut c, &f, 0, "7s")), Some(&Entry::Correct { frame: 0, act: 0, to: act("(e,5m,7s)") }));
        assert_eq!(made(&keys(&mut c, &f, 1, " ")), Some(&Entry::Correct { frame: 0, act: 1, to: act("(s,5p,tg)") }));
        assert_eq!(
            made(&keys(&mut c, &f, 1, "r")),
            Some(&Entry::Correct { frame: 0, act: 1, to: act("(s,5p,rc[7s])") })
        );
        assert_eq!(made(&keys(&mut c, &f, 2, "r")), Some(&Entry::Correct { frame: 0, act: 2, to: act("(w,3m,9s)") }));
        assert_eq!(
            made(&keys(&mut c, &f, 0, "r")),
            Some(&Entry::Correct { frame: 0, act: 0, to: act("(e,5m,rc[5m])") })
        );
        // A riichi discard stays a riichi when its tile changes.
        assert_eq!(
            made(&keys(&mut c, &f, 2, "1s")),
            Some(&Entry::Correct { frame: 0, act: 2, to: act("(w,3m,rc[1s])") })
        );
    }

    #[test]
    fn w_changes_the_draw_and_o_inserts_a_missed_act_in_five_keys() {
        let f = frame();
        let mut c = Correcting::default();
        assert_eq!(made(&keys(&mut c, &f, 0, "w6m")), Some(&Entry::Correct { frame: 0, act: 0, to: act("(e,6m,tg)") }));
        // Selected is the act after the missed one: the missed act is the turn after S's act 2,
        // W's (draw 6p, let go of 2s).
        let done = keys(&mut c, &f, 2, "o6p2s");
        assert_eq!(made(&done), Some(&Entry::Insert { frame: 0, act: 2, to: act("(w,6p,2s)") }));
        let done = keys(&mut c, &f, 1, "o9m ");
        assert_eq!(made(&done), Some(&Entry::Insert { frame: 0, act: 1, to: act("(s,9m,tg)") }));
    }

    #[test]
    fn escape_clears_what_is_half_typed_then_leaves() {
        let f = frame();
        let mut c = Correcting::default();
        keys(&mut c, &f, 0, "o6");
        assert_eq!(c.apply(&f, 0, 0, intent(&c, Key::Escape)), Ok(CorrectionStep::Typing));
        assert_eq!(c, Correcting::default());
        assert_eq!(key_meaning(&c, Key::Escape), Some(Meaning::Leave));
        assert_eq!(c.apply(&f, 0, 0, intent(&c, Key::Char('m'))), Err(KeyProblem::NumberFirst));
        assert_eq!(c.apply(&f, 0, 9, Intent::Digit(5)), Ok(CorrectionStep::Leave), "no such act");
    }
}
