//! Reading an mjlog into a record of one match: its tags in order, the game's header, each kyoku
//! made a frame by the tenhou.net/6 reader's own [`frame_of`] (which replays it on the rules
//! engine and takes the end points from the result's changes), so that an mjlog and the
//! tenhou.net/6 log of the same game give the same record.

use super::draft::KyokuDraft;
use super::game::{MjlogHeader, names};
use super::values::player;
use super::xml::{MjlogEnd, MjlogFault, MjlogTag, line_column, read_tags};
use crate::format::{Frame, Match, Name, Paifu, Player, StrLit};
use crate::i18n::{Text, tr};
use crate::interop::ConvertError;
use crate::interop::tenhou6::kyoku::Kyoku;
use crate::interop::tenhou6::{Game, frame_of};

/// Reads a tenhou mjlog (its XML, uncompressed) into a record of one match. A log cut off
/// inside a kyoku gives the kyoku before it ([`import_noted`] says what was left out).
pub fn import(text: &str) -> Result<Paifu, ConvertError> {
    import_noted(text).map(|(paifu, _)| paifu)
}

/// Reads a tenhou mjlog like [`import`], with a note in both languages when the log stops before
/// the game ends: which kyoku was cut off and how many of its draws, discards and calls are left
/// out.
pub fn import_noted(text: &str) -> Result<(Paifu, Option<Text>), ConvertError> {
    let body = crate::format::strip_bom(text);
    read(body).map_err(|f| {
        let (line, column) = line_column(body, f.at);
        ConvertError::new(tr!("interop-line-column", line = line, column = column), f.message)
    })
}

/// The kyoku read so far.
struct Reading {
    header: MjlogHeader,
    /// The kyoku read to their end, each with where its `<INIT/>` is.
    done: Vec<(Kyoku, usize)>,
    open: Option<KyokuDraft>,
}

fn read(text: &str) -> Result<(Paifu, Option<Text>), MjlogFault> {
    let (tags, end) = read_tags(text)?;
    let mut r = Reading { header: MjlogHeader::default(), done: Vec::new(), open: None };
    for tag in &tags {
        r.tag(tag)?;
    }
    // The last kyoku is whole when the log is closed after it or it ends the game; a log that
    // stops after a win may have lost the next winner of a double ron.
    let mut note = None;
    if let Some(d) = r.open.take() {
        let (at, id, acts) = (d.at, d.id(), d.acts);
        let whole = d.ended() && (end == MjlogEnd::Closed || d.last_of_game);
        match d.finish().filter(|_| whole) {
            Some(k) => r.done.push((k, at)),
            None if r.done.is_empty() => {
                return Err(MjlogFault::new(at, tr!("interop-mjlog-no-whole-kyoku", frame = id, acts = acts)));
            }
            None => {
                let frames = r.done.len();
                note = Some(tr!("interop-mjlog-cut", frame = id, acts = acts, frames = frames));
            }
        }
    }
    if r.done.is_empty() {
        return Err(MjlogFault::new(text.len(), tr!("interop-mjlog-no-kyoku").text()));
    }
    let frames = r
        .done
        .iter()
        .map(|(k, at)| frame_of(k, "").map_err(|e| MjlogFault::new(*at, e.message)))
        .collect::<Result<Vec<_>, MjlogFault>>()?;
    Ok((Paifu { matches: vec![match_of(&r.header, frames)] }, note))
}

/// The match: its players by the header's names, its rules comment (the room, the ranks) and
/// its frames.
fn match_of(header: &MjlogHeader, frames: Vec<Frame>) -> Match {
    let players = (0..4u8)
        .map(|id| Player {
            id,
            name: header
                .names
                .get(usize::from(id))
                .and_then(Option::as_ref)
                .filter(|n| !n.is_empty())
                .map(|n| Name { last: Some(StrLit::native(n.clone())), first: None }),
            ..Player::default()
        })
        .collect();
    let game = Game { room: header.room.clone(), red: Some(header.red), ranks: header.ranks.clone() };
    Match { players, rules: game.rules_text(), frames, ..Match::default() }
}

impl Reading {
    fn tag(&mut self, tag: &MjlogTag) -> Result<(), MjlogFault> {
        match tag.name {
            "GO" if self.started() => Err(MjlogFault::new(tag.at, tr!("interop-mjlog-late-go").text())),
            "GO" => self.header.go(tag),
            "UN" if self.started() || self.header.players_read => names(tag).map(|_| ()),
            "UN" => self.header.players(tag),
            "BYE" => player(tag, "who").map(|_| ()),
            "INIT" => {
                if let Some(d) = self.open.take() {
                    let (at, id) = (d.at, d.id());
                    let k = d
                        .finish()
                        .ok_or_else(|| MjlogFault::new(tag.at, tr!("interop-mjlog-unfinished-kyoku", frame = id)))?;
                    self.done.push((k, at));
                }
                self.open = Some(KyokuDraft::start(tag, self.header.red)?);
                Ok(())
            }
            "AGARI" => self.kyoku(tag)?.win(tag),
            "RYUUKYOKU" => self.kyoku(tag)?.drawn_game(tag),
            _ => match self.open.as_mut() {
                Some(d) => d.play(tag).map(|_| ()),
                None if is_play(tag.name) => {
                    Err(MjlogFault::new(tag.at, tr!("interop-mjlog-before-init", tag = tag.name)))
                }
                // SHUFFLE, TAIKYOKU and tags of later versions say nothing of the play.
                None => Ok(()),
            },
        }
    }

    /// Whether a kyoku has begun.
    fn started(&self) -> bool {
        self.open.is_some() || !self.done.is_empty()
    }

    /// The kyoku being read, for a tag that belongs to one.
    fn kyoku(&mut self, tag: &MjlogTag) -> Result<&mut KyokuDraft, MjlogFault> {
        self.open.as_mut().ok_or_else(|| MjlogFault::new(tag.at, tr!("interop-mjlog-before-init", tag = tag.name)))
    }
}

/// Whether a tag's name is one of a kyoku's play (`T12`, `D7`, `N`, `REACH`, `DORA`).
fn is_play(name: &str) -> bool {
    let mut chars = name.chars();
    let numbered = chars.next().is_some_and(|c| "TUVWDEFG".contains(c))
        && !chars.as_str().is_empty()
        && chars.as_str().bytes().all(|b| b.is_ascii_digit());
    numbered || matches!(name, "N" | "REACH" | "DORA")
}
