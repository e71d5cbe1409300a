//! `stats` and `serve --season` as a user runs them: a folder searched through its subfolders
//! (a file of another kind passed over), `--rules` deciding who a tie of final points places
//! first, and the season's figures served at `/api/stats`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::Value;

use crate::cli::{folder, p, run, stderr, stdout};

const BIN: &str = env!("CARGO_BIN_EXE_jmjp-studio");

/// A corpus game (tenhou.net/6 JSON) as a record.
fn corpus_game(name: &str) -> jmjp_studio::format::Paifu {
    let log = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6").join(name);
    jmjp_studio::interop::tenhou6::import(&std::fs::read_to_string(log).unwrap()).unwrap()
}

fn write_game(path: &Path, name: &str) {
    std::fs::write(path, jmjp_studio::format::write(&corpus_game(name))).unwrap();
}

/// `stats --format json ARGS...`: its JSON, after asserting it exits 0.
fn stats_json(args: &[&str]) -> Value {
    let mut all = vec!["stats", "--format", "json"];
    all.extend_from_slice(args);
    let o = run(&all);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

#[test]
fn stats_of_a_folder_counts_its_subfolders_and_passes_over_other_files() {
    let dir = folder("stats-tree");
    let season = dir.join("season");
    std::fs::create_dir_all(season.join("autumn")).unwrap();
    write_game(&season.join("autumn/1.jmjp"), "pantheon_usual.json");
    write_game(&season.join("2.jmjp"), "pantheon_west.json");
    std::fs::write(season.join("notes.txt"), "not a record at all {[(").unwrap();
    let o = run(&["stats", "--format", "json", p(&season)]);
    assert_eq!(o.status.code(), Some(0), "a file of another kind is no error: {}", stderr(&o));
    assert!(!stderr(&o).contains("notes.txt"), "{}", stderr(&o));
    let by_folder: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(by_folder["players"]["TPlayer1"]["matches"], 2, "the subfolder's match is counted");
    let one_by_one = stats_json(&[p(&season.join("autumn/1.jmjp")), p(&season.join("2.jmjp"))]);
    assert_eq!(by_folder, one_by_one, "the folder counts what its files given one by one count");
}

/// A match of no frames whose final points tie Ooi (player 0) and Sasaki (player 1) at +10.0.
fn tied_match() -> String {
    let names = ["Ooi", "Sasaki", "Sonoda", "Suzuki"];
    let ply: String =
        names.iter().enumerate().map(|(i, n)| format!("  ply[{i},(srm[\"{n}\"],srm[\"Taro\"]),,,]\n")).collect();
    format!(
        "jmjp[1.0]\n(\n  tnm[mlg,2025,mlg-reg,1,1]\n  mtp[20251001,,1900,mlg-std]\n{ply}  pme[10.0,10.0,-5.0,-15.0]\n)\n"
    )
}

#[test]
fn rules_decide_whether_a_tie_on_final_points_is_split() {
    let dir = folder("stats-ties");
    let file = dir.join("tied.jmjp");
    std::fs::write(&file, tied_match()).unwrap();
    let places = |json: &Value, name: &str| -> Vec<u64> {
        (1..=4).map(|i| json["players"][format!("{name} Taro")][format!("place{i}")].as_u64().unwrap()).collect()
    };
    let tenhou = stats_json(&["--rules", "tenhou", p(&file)]);
    assert_eq!(places(&tenhou, "Ooi"), [1, 0, 0, 0], "the tie goes to the seat nearer the first dealer");
    assert_eq!(places(&tenhou, "Sasaki"), [0, 1, 0, 0]);
    let split = stats_json(&["--rules", "tenhou,ties=split", p(&file)]);
    assert_eq!(places(&split, "Ooi"), [1, 0, 0, 0], "both tied players get the best shared place");
    assert_eq!(places(&split, "Sasaki"), [1, 0, 0, 0]);
    assert_eq!(places(&split, "Sonoda"), [0, 0, 1, 0], "the places below are kept");
}

fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string();
    (status, body)
}

/// `serve FILE --port 0 --season SEASON`: the child and its address (from the first URL printed).
fn serve_with_season(file: &Path, season: &Path) -> (std::process::Child, SocketAddr) {
    let mut child = Command::new(BIN)
        .args(["serve", p(file), "--port", "0", "--season", p(season)])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let (tx, lines) = mpsc::channel();
    let out = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for l in BufReader::new(out).lines().map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    let addr = first_address(&lines);
    (child, addr)
}

/// The address of the first URL among the lines `serve` prints.
fn first_address(lines: &mpsc::Receiver<String>) -> SocketAddr {
    loop {
        let l = lines.recv_timeout(Duration::from_secs(60)).expect("serve printed its addresses");
        if let Some(rest) = l.strip_prefix("http://127.0.0.1:") {
            let port = rest.split('/').next().unwrap();
            return format!("127.0.0.1:{port}").parse().unwrap();
        }
    }
}

#[test]
fn serve_with_a_season_serves_each_seated_players_season_figures() {
    let dir = folder("serve-season");
    let season: PathBuf = dir.join("season");
    std::fs::create_dir_all(&season).unwrap();
    let whole = corpus_game("pantheon_usual.json");
    let frames = whole.matches[0].frames.len() as u64;
    std::fs::write(season.join("1.jmjp"), jmjp_studio::format::write(&whole)).unwrap();
    // On air: another match of the same players, one frame recorded so far.
    let mut on_air = corpus_game("pantheon_west.json");
    on_air.matches[0].frames.truncate(1);
    let file = dir.join("on-air.jmjp");
    std::fs::write(&file, jmjp_studio::format::write(&on_air)).unwrap();
    let (mut child, addr) = serve_with_season(&file, &season);
    let (status, body) = get(addr, "/api/stats");
    child.kill().unwrap();
    let _ = child.wait();
    assert_eq!(status, 200, "{body}");
    let json: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["season"].as_str(), Some(p(&season)), "{json}");
    let players = json["players"].as_array().unwrap();
    let t1 = players.iter().find(|v| v["name"] == "TPlayer1").unwrap_or_else(|| panic!("{json}"));
    assert!(t1["matches"].as_u64().unwrap() >= 1, "the season's match counts: {t1}");
    assert!(t1["frames"].as_u64().unwrap() > frames, "the season's frames and the one on air: {t1}");
}

#[test]
fn serve_season_on_a_path_that_is_not_a_folder_exits_saying_so() {
    let dir = folder("serve-season-file");
    let file = dir.join("on-air.jmjp");
    write_game(&file, "pantheon_usual.json");
    // Run with a deadline: a server that starts anyway would never exit.
    let mut child = Command::new(BIN)
        .args(["serve", p(&file), "--port", "0", "--season", p(&file)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            let _ = child.wait();
            panic!("serve --season on a file did not exit: it serves");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}{}", stdout(&o), stderr(&o));
    assert_eq!(stderr(&o), format!("{}: not a folder (--season)\n", p(&file)));
    assert_eq!(stdout(&o), "", "nothing was served");
}
