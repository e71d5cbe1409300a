//! What a tenhou game says of itself besides its play: the room it was played in (`鳳南喰赤`,
//! `Gold Room South`) and each player's dan and rate. A `.jmjp` record keeps them in the match's
//! rules comment: the preset the room plays and the options where it differs, then the room and
//! the ranks as the comment's note:
//!
//! ```text
//! // rules: tenhou, red=none (般東喰; 四段 R1912.87 / 四段 R1943.31 / 九段 R2104.6 / 四段 R1904.95)
//! ```
//!
//! The tenhou.net/6 export writes them back ([`Game::of_rules`]): `rule.disp` in tenhou's own
//! grammar, the `dan` and `rate` lists, and the whole comment in `rule.jmjp`.

use crate::format::Match;
use crate::rules::options::{RuleOptions, RulesPreset, RulesSpec};

/// A player's rank in the game's lobby: `四段`, `R1912.87`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rank {
    pub dan: String,
    pub rate: Option<f64>,
}

/// The room and the players' ranks of a game, in player order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Game {
    /// The room as the log names it (`鳳南喰赤`); empty when it names none.
    pub room: String,
    /// Whether red fives were played, when the log says so apart from the room (tenhou.net/6's
    /// `aka`, the game-type bits of an mjlog).
    pub red: Option<bool>,
    /// Four ranks, or none.
    pub ranks: Vec<Rank>,
}

/// Whether `room` is one of tenhou's lobbies (`般`, `上`, `特`, `鳳` and the others), four-player.
fn tenhou_lobby(room: &str) -> bool {
    let lobby = room.trim_start_matches('四').chars().next();
    lobby.is_some_and(|c| "般上特鳳技若銀琥孔".contains(c)) && (room.contains('東') || room.contains('南'))
}

/// Whether `room` is one of Mahjong Soul's rooms ("Gold Room South", "銅の間東喰赤", "大会戦東喰").
fn soul_room(room: &str) -> bool {
    ["の間", "Room", "大会戦", "之间", "友人戦"].iter().any(|w| room.contains(w))
}

/// The preset and options a room plays (`tenhou`, `tenhou, kuitan=no`, `mahjong-soul`), without
/// a note; `red` overrides what the room's name says of red fives. `None` for a room of no
/// preset of ours (a three-player room among them).
pub fn rules_of_room_with(room: &str, red: Option<bool>) -> Option<String> {
    if soul_room(room) {
        return Some(match red {
            Some(false) => "mahjong-soul, red=none".to_string(),
            _ => "mahjong-soul".to_string(),
        });
    }
    if !tenhou_lobby(room) {
        return None;
    }
    let mut text = "tenhou".to_string();
    if !red.unwrap_or(room.contains('赤')) {
        text.push_str(", red=none");
    }
    if !room.contains('喰') {
        text.push_str(", kuitan=no");
    }
    Some(text)
}

impl Game {
    /// The rules comment of the game: its room's preset and options, with the room and the ranks
    /// as the note. `None` when the room is of no preset of ours.
    pub fn rules_text(&self) -> Option<String> {
        let rules = rules_of_room_with(&self.room, self.red)?;
        let mut note = one_line(&self.room, 40);
        if self.ranks.len() == 4 && self.ranks.iter().any(|r| !r.dan.is_empty() || r.rate.is_some()) {
            let ranks: Vec<String> = self.ranks.iter().map(Rank::text).collect();
            note.push_str("; ");
            note.push_str(&ranks.join(" / "));
        }
        Some(format!("{rules} ({note})"))
    }

    /// The room and ranks a match's rules comment keeps in its note, as [`Game::rules_text`]
    /// wrote them; an empty room and no ranks for any other comment.
    pub fn of_rules(rules: &str) -> Game {
        Game::of_spec(&RulesSpec::parse(rules))
    }

    /// [`Game::of_rules`] of a rules text already read.
    pub fn of_spec(spec: &RulesSpec) -> Game {
        let Some(note) = spec.note.as_deref() else { return Game::default() };
        let inner = note.trim().trim_start_matches('(').trim_end_matches(')');
        let (room, ranks) = inner.split_once(';').unwrap_or((inner, ""));
        let ranks: Vec<Rank> = ranks.split('/').filter_map(Rank::read).collect();
        let room = room.trim();
        if !tenhou_lobby(room) && !soul_room(room) {
            return Game::default();
        }
        Game { room: room.to_string(), red: None, ranks: if ranks.len() == 4 { ranks } else { Vec::new() } }
    }
}

impl Rank {
    /// `四段 R1912.87`, `新人`, `R1500`.
    fn text(&self) -> String {
        let dan = one_line(&self.dan, 16).replace(' ', "_");
        match self.rate {
            Some(r) if dan.is_empty() => format!("R{r}"),
            Some(r) => format!("{dan} R{r}"),
            None => dan,
        }
    }

    /// One rank as [`Rank::text`] wrote it.
    fn read(text: &str) -> Option<Rank> {
        let mut words = text.split_whitespace();
        let mut rank = Rank::default();
        for w in words.by_ref() {
            match w.strip_prefix('R').and_then(|r| r.parse::<f64>().ok()) {
                Some(r) if r.is_finite() => rank.rate = Some(r),
                _ => rank.dan = w.to_string(),
            }
        }
        Some(rank)
    }
}

/// A room or a rank as a short piece of one line of the rules comment: at most `most`
/// characters, no parentheses, separators or control characters, trimmed.
fn one_line(text: &str, most: usize) -> String {
    let line: String =
        text.chars().take(most).map(|c| if "();/".contains(c) || c.is_control() { ' ' } else { c }).collect();
    line.trim().to_string()
}

/// tenhou's own name for a room of a match's rules (`spec`, read from its comment; `game`, what
/// its note keeps): `般` + `東` or `南` + `喰` where open tanyao counts + `赤` where red fives are
/// played. The length is the room's where the comment keeps one; else `南` when the match went
/// past the East round or is played under a pro league's preset, `東` otherwise.
pub fn tenhou_disp(m: &Match, options: &RuleOptions, spec: Option<&RulesSpec>, game: &Game) -> String {
    let east_only = if game.room.contains('南') || game.room.contains("South") {
        false
    } else if game.room.contains('東') || game.room.contains("East") {
        true
    } else {
        let league =
            spec.and_then(|s| s.preset).is_some_and(|p| !matches!(p, RulesPreset::Tenhou | RulesPreset::MahjongSoul));
        !league && m.frames.iter().all(|f| f.id.wind == crate::format::Wind::East)
    };
    let mut disp = String::from("般");
    disp.push(if east_only { '東' } else { '南' });
    if options.open_tanyao {
        disp.push('喰');
    }
    if options.red_fives {
        disp.push('赤');
    }
    disp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_and_its_ranks_are_kept_in_the_rules_comment_and_read_back() {
        let ranks = vec![
            Rank { dan: "四段".into(), rate: Some(1912.87) },
            Rank { dan: "新人".into(), rate: Some(1500.0) },
            Rank { dan: "九段".into(), rate: None },
            Rank { dan: String::new(), rate: Some(1904.95) },
        ];
        let game = Game { room: "般東喰".into(), red: Some(true), ranks };
        let text = game.rules_text().unwrap();
        assert_eq!(text, "tenhou (般東喰; 四段 R1912.87 / 新人 R1500 / 九段 / R1904.95)");
        assert_eq!(Game::of_rules(&text), Game { red: None, ..game });
        let plain = Game { room: "鳳南喰赤".into(), red: None, ranks: vec![] };
        assert_eq!(plain.rules_text().as_deref(), Some("tenhou (鳳南喰赤)"));
        assert_eq!(
            Game { room: "般南".into(), ..Game::default() }.rules_text().unwrap(),
            "tenhou, red=none, kuitan=no (般南)"
        );
        assert_eq!(Game { room: "house".into(), ..Game::default() }.rules_text(), None);
        assert_eq!(Game { room: "三鳳南喰赤".into(), ..Game::default() }.rules_text(), None);
        assert_eq!(Game::of_rules("jpml (studio)"), Game::default());
        // Whatever a log's room and ranks hold, the comment is one line a file keeps.
        let odd = Game {
            room: format!("鳳南喰赤\r{}", "x".repeat(600)),
            red: None,
            ranks: vec![Rank { dan: "a\nb(c)".repeat(50), rate: Some(1.0) }; 4],
        };
        assert!(crate::format::write::is_rules_text(&odd.rules_text().unwrap()), "{:?}", odd.rules_text());
    }
}
