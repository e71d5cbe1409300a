//! A season made of corpus games for the statistics' tests: the games converted, a folder of
//! them, and a match cut while it is being recorded.

use std::path::{Path, PathBuf};

use jmjp_studio::format::{Match, Paifu};

/// The first match of a corpus log (`../shared/corpus/tenhou6/NAME`), converted.
pub fn corpus_match(name: &str) -> Match {
    let log = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6").join(name);
    jmjp_studio::interop::tenhou6::import(&std::fs::read_to_string(log).unwrap()).unwrap().matches.remove(0)
}

/// A fresh folder `jmjp-NAME-PID` holding three games of the same four players (TPlayer1,
/// プレーヤー2, プレーヤー3, プレーヤー4), none of them pantheon_usual.
pub fn season_folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for game in ["pantheon_west.json", "pantheon_pao_ron.json", "pantheon_four_kan_draw.json"] {
        let text = jmjp_studio::format::write(&Paifu { matches: vec![corpus_match(game)] });
        std::fs::write(dir.join(game.replace(".json", ".jmjp")), text).unwrap();
    }
    dir
}

/// `m` as it stands while being recorded: its first `frames` frames, the last cut after `acts`
/// acts and not ended, no final points.
pub fn recording(m: &Match, frames: usize, acts: usize) -> Paifu {
    let mut m = m.clone();
    m.end_points = None;
    m.frames.truncate(frames);
    let f = m.frames.last_mut().unwrap();
    let flow = f.flow.as_mut().unwrap();
    flow.acts.truncate(acts);
    flow.end_hands.clear();
    f.end_points = None;
    Paifu { matches: vec![m] }
}
