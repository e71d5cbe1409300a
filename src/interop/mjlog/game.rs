//! What an mjlog says of its game besides the play: the room and its rules, from the bits of
//! `<GO type=".."/>`, and the players' names, ranks and rates, from `<UN/>`.

use super::values::{int, ints, name, ranged};
use super::xml::{MjlogFault, MjlogTag};
use crate::i18n::tr;
use crate::interop::tenhou6::Rank;

/// tenhou's ranks by their number in `<UN dan=".."/>`, as its tenhou.net/6 logs write them.
const DANS: [&str; 21] = [
    "新人",
    "９級",
    "８級",
    "７級",
    "６級",
    "５級",
    "４級",
    "３級",
    "２級",
    "１級",
    "初段",
    "二段",
    "三段",
    "四段",
    "五段",
    "六段",
    "七段",
    "八段",
    "九段",
    "十段",
    "天鳳位",
];

/// The game as `<GO/>` and `<UN/>` describe it.
#[derive(Clone, Debug)]
pub(super) struct MjlogHeader {
    /// tenhou's name of the room (`鳳南喰赤`); empty without `<GO/>`.
    pub(super) room: String,
    /// Whether red fives are played (tile numbers 16, 52 and 88 are then red).
    pub(super) red: bool,
    pub(super) names: [Option<String>; 4],
    /// Four ranks, or none.
    pub(super) ranks: Vec<Rank>,
    /// Whether the players' `<UN/>` was read (a later one is a player coming back).
    pub(super) players_read: bool,
}

impl Default for MjlogHeader {
    fn default() -> MjlogHeader {
        MjlogHeader {
            room: String::new(),
            red: true,
            names: Default::default(),
            ranks: Vec::new(),
            players_read: false,
        }
    }
}

impl MjlogHeader {
    /// `<GO type=".." lobby=".."/>`: the rules of the room, its name; a three-player game is
    /// refused.
    pub(super) fn go(&mut self, tag: &MjlogTag) -> Result<(), MjlogFault> {
        let bits = int(tag, "type", 0, i64::from(i32::MAX))?;
        if bits & 0x10 != 0 {
            return Err(MjlogFault::new(tag.at, tr!("interop-mjlog-three-player").text()));
        }
        self.room = room_name(bits);
        self.red = bits & 0x02 == 0;
        Ok(())
    }

    /// `<UN n0=".." .. n3=".." dan=".." rate=".." sx=".."/>`: the players.
    pub(super) fn players(&mut self, tag: &MjlogTag) -> Result<(), MjlogFault> {
        self.names = names(tag)?;
        self.players_read = true;
        let dans = match tag.get("dan") {
            Some(_) => {
                let (numbers, at) = ints(tag, "dan", Some(4))?;
                let mut dans = Vec::with_capacity(4);
                for n in numbers {
                    let i = ranged(n, "dan", at, 0, (DANS.len() - 1) as i64)?;
                    dans.push(DANS.get(usize::try_from(i).unwrap_or(0)).copied().unwrap_or_default().to_string());
                }
                Some(dans)
            }
            None => None,
        };
        let rates = match tag.get("rate") {
            Some((v, at)) => Some(rates(v, at)?),
            None => None,
        };
        if dans.is_none() && rates.is_none() {
            return Ok(());
        }
        self.ranks = (0..4)
            .map(|i| Rank {
                dan: dans.as_ref().and_then(|d| d.get(i).cloned()).unwrap_or_default(),
                rate: rates.as_ref().and_then(|r| r.get(i).copied()),
            })
            .collect();
        Ok(())
    }
}

/// The names of `<UN/>` (a later `<UN n2=".."/>`, a player coming back, names one), decoded.
pub(super) fn names(tag: &MjlogTag) -> Result<[Option<String>; 4], MjlogFault> {
    let mut out: [Option<String>; 4] = Default::default();
    for (p, slot) in out.iter_mut().enumerate() {
        let key = format!("n{p}");
        if let Some((v, at)) = tag.get(&key) {
            *slot = Some(name(v, &key, at)?);
        }
    }
    Ok(out)
}

/// Four rates (`1528`, `1388.23`).
fn rates(v: &str, at: usize) -> Result<Vec<f64>, MjlogFault> {
    let items: Vec<&str> = v.split(',').collect();
    if items.len() != 4 {
        return Err(MjlogFault::new(at, tr!("interop-mjlog-list-length", name = "rate", count = items.len(), n = 4)));
    }
    items
        .iter()
        .map(|s| {
            s.trim()
                .parse::<f64>()
                .ok()
                .filter(|r| r.is_finite() && (0.0..=100_000.0).contains(r))
                .ok_or_else(|| MjlogFault::new(at, tr!("interop-mjlog-rate", value = *s)))
        })
        .collect()
}

/// The name tenhou gives the room of game-type bits: the lobby (`般` `上` `特` `鳳`), `東` or
/// `南`, `喰` where open tanyao counts, `赤` where red fives are played, `速` for the fast game.
fn room_name(bits: i64) -> String {
    let mut room = String::new();
    room.push(match bits & 0xA0 {
        0 => '般',
        0x80 => '上',
        0x20 => '特',
        _ => '鳳',
    });
    room.push(if bits & 0x08 != 0 { '南' } else { '東' });
    if bits & 0x04 == 0 {
        room.push('喰');
    }
    if bits & 0x02 == 0 {
        room.push('赤');
    }
    if bits & 0x40 != 0 {
        room.push('速');
    }
    room
}

#[cfg(test)]
mod tests {
    use super::room_name;

    #[test]
    fn rooms_are_named_as_tenhou_names_them() {
        assert_eq!(room_name(0xA9), "鳳南喰赤");
        assert_eq!(room_name(0x89), "上南喰赤");
        assert_eq!(room_name(0x29), "特南喰赤");
        assert_eq!(room_name(0x49), "般南喰赤速");
        assert_eq!(room_name(0x01), "般東喰赤");
        assert_eq!(room_name(0x07), "般東");
        assert_eq!(room_name(0xC9), "上南喰赤速");
    }
}
