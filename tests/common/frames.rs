//! Frames with real tiles, built act by act for the scoring and rule-preset tests.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use jmjp_studio::format::{self, Frame, FrameFlow, FrameId, Hand, Points, Seat, SeatHand, Severity, Tile, Wind};
use jmjp_studio::rules::Table;

/// Tiles from their codes written one after another: `"1m2m5s"`.
pub fn tiles(s: &str) -> Vec<Tile> {
    s.as_bytes().chunks(2).map(|c| Tile::from_code(c).unwrap()).collect()
}

/// A frame E1-`honba` with these start hands (East first; a 14th tile is the seat's first draw)
/// and acts, 25,000 points each, every dora indicator unknown but the first (`dora`, if given).
/// The frames are legal play: the rules engine must find no error in them.
pub fn legal_frame(honba: u32, hands: [&str; 4], dora: Option<Tile>, acts: &[&str]) -> Frame {
    let mut f = Frame::new(FrameId { wind: Wind::East, number: 1, honba });
    f.kyoutaku = Some(Points(0));
    f.start_points = Some([Points(250); 4]);
    f.dora = vec![Tile::UNKNOWN; 10];
    if let Some(d) = dora {
        f.dora[0] = d;
    }
    let start_hands = (0..4)
        .map(|i| {
            let mut t = tiles(hands[i]);
            let tsumo = if t.len() == 14 { t.pop() } else { None };
            SeatHand { seat: Seat::from_index(i), hand: Hand { tiles: t, tsumo, furo: vec![] } }
        })
        .collect();
    let acts = acts.iter().map(|a| format::parse_act(a).unwrap()).collect();
    f.flow = Some(FrameFlow { start_hands, acts, end_hands: vec![], times: Vec::new() });
    let (mut table, mut found) = Table::start(&f).unwrap();
    for a in &f.flow.as_ref().unwrap().acts {
        found.extend(table.apply(a));
    }
    let errors: Vec<String> =
        found.iter().filter(|x| x.severity == Severity::Error).map(|x| x.message.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    f
}
