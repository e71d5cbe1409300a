//! Season statistics held against an independent count: every field of every player, counted
//! here straight from the corpus's tenhou.net/6 JSON (its result entries, point strings and
//! `sc`), never from our record, equals what `stats` counts from the converted matches.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::Value;

use jmjp_studio::cli;
use jmjp_studio::season::stats::Figures;
use jmjp_studio::season::stats_files::stats_of;

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6")
}

/// What the others paid for a hand, from tenhou's point string: "30符2飜2900点" (a ron),
/// "満貫2000-4000点" (a non-dealer's tsumo: twice the first and the second), "2600点∀" (a dealer's
/// tsumo: three times).
fn hand_value(points: &str) -> i64 {
    let digits_before = |s: &str| -> i64 {
        let d: String =
            s.chars().rev().take_while(char::is_ascii_digit).collect::<Vec<_>>().into_iter().rev().collect();
        d.parse().unwrap_or_else(|_| panic!("no number in {points:?}"))
    };
    let body = points.trim_end_matches('∀').trim_end_matches('点');
    if let Some((a, b)) = body.split_once('-') {
        2 * digits_before(a) + b.parse::<i64>().unwrap()
    } else if points.ends_with('∀') {
        3 * digits_before(body)
    } else {
        digits_before(body)
    }
}

fn place_of(points: &[i64]) -> Vec<usize> {
    (0..4).map(|i| (0..4).filter(|&j| points[j] > points[i] || (points[j] == points[i] && j < i)).count()).collect()
}

/// One kyoku into `fig` (by player); its final points' part into `points`.
fn count_kyoku(k: &[Value], fig: &mut [Figures; 4], points: &mut [i64; 4]) {
    let result = k[16].as_array().unwrap();
    let kind = result[0].as_str().unwrap();
    let mut declared = [false; 4];
    for p in 0..4 {
        fig[p].frames += 1;
        let str_in =
            |v: &Value, f: &dyn Fn(&str) -> bool| v.as_array().unwrap().iter().any(|x| x.as_str().is_some_and(f));
        declared[p] = str_in(&k[6 + 3 * p], &|s| s.starts_with('r'));
        fig[p].riichi += u32::from(declared[p]);
        fig[p].called += u32::from(str_in(&k[5 + 3 * p], &|s| s.contains(['c', 'p', 'm'])));
        points[p] = k[1][p].as_i64().unwrap();
    }
    let mut ronned = [false; 4];
    let mut dealt_in = [false; 4];
    match kind {
        "和了" => {
            for pair in result[1..].chunks(2) {
                let (deltas, info) = (pair[0].as_array().unwrap(), pair[1].as_array().unwrap());
                let (who, from, pao) = (
                    info[0].as_u64().unwrap() as usize,
                    info[1].as_u64().unwrap() as usize,
                    info[2].as_u64().unwrap() as usize,
                );
                // One log (of unnamed players, so counted for nobody) gives no point string.
                let value = info.get(3).and_then(Value::as_str).map_or(0, hand_value);
                fig[who].wins += 1;
                fig[who].win_value += value;
                for p in 0..4 {
                    points[p] += deltas[p].as_i64().unwrap();
                }
                if who == from {
                    fig[who].tsumo += 1;
                } else {
                    dealt_in[from] = true;
                    ronned[from] = true;
                    fig[from].dealin_value += if pao == who || pao == from { value } else { value / 2 };
                }
            }
        }
        "流局" | "全員聴牌" | "全員不聴" => {
            for p in 0..4 {
                fig[p].draws += 1;
                let delta = result.get(1).map_or(0, |d| d[p].as_i64().unwrap());
                let tenpai = kind == "全員聴牌" || delta > 0;
                fig[p].tenpai_at_draw += u32::from(tenpai);
                points[p] += delta;
            }
        }
        "流し満貫" => {
            for p in 0..4 {
                let delta = result[1][p].as_i64().unwrap();
                fig[p].nagashi += u32::from(delta > 0);
                points[p] += delta;
            }
        }
        _ => {
            for f in fig.iter_mut() {
                f.abortive += 1;
            }
        }
    }
    for p in 0..4 {
        fig[p].dealins += u32::from(dealt_in[p]);
        // A riichi's stick stands unless its declaration was won on (the declarer's last discard).
        let last_is_riichi =
            k[6 + 3 * p].as_array().unwrap().last().and_then(Value::as_str).is_some_and(|s| s.starts_with('r'));
        if declared[p] && !(ronned[p] && last_is_riichi) {
            points[p] -= 1000;
        }
    }
}

/// The independent count of every game of the corpus: by the name tenhou gives each player,
/// a file whose bytes were seen already once, a game in which two players share a name left
/// out, a player with no name not counted.
fn independent() -> BTreeMap<String, Figures> {
    let mut seen = BTreeSet::new();
    let mut players: BTreeMap<String, Figures> = BTreeMap::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus()).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for file in files.iter().filter(|f| f.extension().is_some_and(|x| x == "json")) {
        let bytes = std::fs::read(file).unwrap();
        if !seen.insert(bytes.clone()) {
            continue;
        }
        let game: Value = serde_json::from_slice(&bytes).unwrap();
        let names: Vec<String> =
            game["name"].as_array().unwrap().iter().map(|n| n.as_str().unwrap().trim().to_string()).collect();
        let named: Vec<&String> = names.iter().filter(|n| !n.is_empty()).collect();
        if named.iter().collect::<BTreeSet<_>>().len() < named.len() {
            continue;
        }
        let mut fig = [Figures::default(); 4];
        let mut points = [0i64; 4];
        for k in game["log"].as_array().unwrap() {
            count_kyoku(k.as_array().unwrap(), &mut fig, &mut points);
        }
        if let Some(sc) = game["sc"].as_array() {
            points = std::array::from_fn(|p| sc[2 * p].as_f64().unwrap() as i64);
        }
        for (p, place) in place_of(&points).into_iter().enumerate() {
            fig[p].matches += 1;
            match place {
                0 => fig[p].place1 += 1,
                1 => fig[p].place2 += 1,
                2 => fig[p].place3 += 1,
                _ => fig[p].place4 += 1,
            }
        }
        for p in 0..4 {
            if !names[p].is_empty() {
                players.entry(names[p].clone()).or_default().add(&fig[p]);
            }
        }
    }
    players
}

#[test]
fn every_field_of_every_player_equals_a_count_made_from_the_tenhou_logs() {
    let expected = independent();
    let stats = stats_of(&[corpus()], None);
    assert!(stats.unreplayed.is_empty(), "frames that do not replay: {:?}", stats.unreplayed);
    assert!(stats.unread.is_empty(), "{:?}", stats.unread);
    let mut wrong = Vec::new();
    for (name, want) in &expected {
        match stats.players.get(name) {
            Some(got) if got == want => {}
            Some(got) => wrong.push(format!("{name}:\n  counted here {want:?}\n  stats        {got:?}")),
            None => wrong.push(format!("{name}: not in the statistics")),
        }
    }
    let extra: Vec<&String> = stats.players.keys().filter(|n| !expected.contains_key(*n)).collect();
    assert!(wrong.is_empty() && extra.is_empty(), "{}\nplayers only in stats: {extra:?}", wrong.join("\n"));
    // The corpus holds what each rule is about: a duplicate, a shared name, a pao ron, a double
    // ron with honba, nagashi mangan, every abortive draw.
    assert_eq!(stats.left_out.len(), 2, "{:?}", stats.left_out);
    let all = expected.values().fold(Figures::default(), |mut a, f| {
        a.add(f);
        a
    });
    assert!(all.nagashi == 1 && all.abortive > 4 && all.dealins > 20 && all.tsumo > 10, "{all:?}");
}

#[test]
fn the_command_writes_the_counts_as_json_and_says_what_it_left_out() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let dir = corpus();
    let code = cli::run(["jmjp-studio", "stats", "--format", "json", dir.to_str().unwrap()], &mut out, &mut err);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&err));
    let json: Value = serde_json::from_slice(&out).unwrap();
    let p = &json["players"]["プレーヤー2"];
    let fields: Vec<&str> = p.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(fields, jmjp_studio::season::stats_files::FIELDS);
    assert_eq!(p["frames"], independent()["プレーヤー2"].frames);
    let err = String::from_utf8(err).unwrap();
    assert!(err.contains("pantheon_tensoul_with_same_nicknames.json: two seats share the name TPlayer1"), "{err}");
    assert!(err.contains("pantheon_doubleron_and_riichi.json: the same match was counted already"), "{err}");
}

#[test]
fn a_frame_that_does_not_replay_counts_in_frames_only_and_a_file_not_read_is_said() {
    let dir = std::env::temp_dir().join(format!("jmjp-season-stats-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let log = std::fs::read_to_string(corpus().join("pantheon_usual.json")).unwrap();
    let mut paifu = jmjp_studio::interop::tenhou6::import(&log).unwrap();
    let whole = stats_of(&[corpus().join("pantheon_usual.json")], None);
    // The second frame loses an act: its turns no longer follow.
    let frame = &mut paifu.matches[0].frames[1];
    let id = frame.id.to_string();
    frame.flow.as_mut().unwrap().acts.remove(5);
    std::fs::write(dir.join("cut.jmjp"), jmjp_studio::format::write(&paifu)).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = cli::run(["jmjp-studio", "stats", "--format", "json", dir.to_str().unwrap()], &mut out, &mut err);
    let err = String::from_utf8(err).unwrap();
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(&format!("cut.jmjp {id}: the frame does not replay")), "{err}");
    let json: Value = serde_json::from_slice(&out).unwrap();
    let (cut, full) = (&json["players"]["TPlayer1"], &whole.players["TPlayer1"]);
    assert_eq!(cut["frames"], full.frames, "the frame is still sat in");
    assert!(cut["wins"].as_u64().unwrap() + cut["dealins"].as_u64().unwrap() <= u64::from(full.wins + full.dealins));
    // A file that cannot be read: said with its reason, exit code 2.
    std::fs::write(dir.join("broken.json"), "{\"log\": [").unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = cli::run(["jmjp-studio", "stats", dir.to_str().unwrap()], &mut out, &mut err);
    assert_eq!(code, 2);
    assert!(String::from_utf8(err).unwrap().contains("broken.json"));
}

/// A match of no frames with final points `pme`: Ooi and Sasaki of one team, Sonoda and Suzuki of
/// two others.
fn team_match(number: u32, pme: &str) -> String {
    let players = [
        (r#"snt["多井"]srm["Ooi"],snt["隆晴"]srm["Takaharu"]"#, "mlg-abm"),
        (r#"snt["佐々木"]srm["Sasaki"],snt["寿人"]srm["Hisato"]"#, "mlg-abm"),
        (r#"snt["園田"]srm["Sonoda"],snt["賢"]srm["Masaru"]"#, "mlg-drn"),
        (r#"snt["鈴木"]srm["Suzuki"],snt["たろう"]srm["Taro"]"#, "mlg-rdn"),
    ];
    let ply: String = players.iter().enumerate().map(|(i, (n, t))| format!("  ply[{i},({n}),{t},,]\n")).collect();
    format!("jmjp[1.0]\n(\n  tnm[mlg,2025,mlg-reg,{number},1]\n  mtp[20251001,,1900,mlg-std]\n{ply}  pme[{pme}]\n)\n")
}

#[test]
fn a_team_sums_its_players_and_counts_a_match_with_a_member_seated_once() {
    let dir = std::env::temp_dir().join(format!("jmjp-season-teams-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("1.jmjp"), team_match(1, "10.0,20.0,-10.0,-20.0")).unwrap();
    std::fs::write(dir.join("2.jmjp"), team_match(2, "-30.0,5.0,40.0,-15.0")).unwrap();
    // The first match again, in another file: counted once.
    std::fs::write(dir.join("copy.jmjp"), team_match(1, "10.0,20.0,-10.0,-20.0")).unwrap();
    let stats = stats_of(&[dir], None);
    assert_eq!(stats.left_out.len(), 1, "{:?}", stats.left_out);
    let ooi = &stats.players["多井 隆晴 (Ooi Takaharu)"];
    assert_eq!((ooi.matches, ooi.places()), (2, [0, 1, 0, 1]));
    let team = stats.teams.values().find(|(_, f)| f.place1 + f.place2 + f.place3 + f.place4 == 4).unwrap();
    assert_eq!(team.1.matches, 2, "two matches with members seated, each once");
    assert_eq!(team.1.places(), [1, 2, 0, 1], "Sasaki 1st and 2nd, Ooi 2nd and 4th");
    let rows = stats.player_rows();
    let sasaki = rows.iter().find(|r| r.name.en.contains("Sasaki")).unwrap();
    assert_eq!(sasaki.team, team.0, "a player's row names the team");
}
