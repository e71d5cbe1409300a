//! The command line as a user runs it: `check`, `fmt`, `score` and `convert`, their output and
//! exit codes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_jmjp-studio");

pub(crate) fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

pub(crate) fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

pub(crate) fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// A fresh folder for one test.
pub(crate) fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn fixture(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(rel)).unwrap()
}

pub(crate) fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

const GOOD: &str = "jmjp[1.0](mtp[20231002,mon,1900,mlg-std]ply[0,,,,]ply[1,,,,]ply[2,,,,]ply[3,,,,])";

#[test]
fn check_passes_a_file_with_a_bom_and_fmt_writes_it_without_one() {
    let dir = folder("bom");
    let file = dir.join("bom.jmjp");
    let mut bytes = vec![0xEF, 0xBB, 0xBF];
    bytes.extend_from_slice(fixture("canonical/readme_sample.jmjp").as_bytes());
    std::fs::write(&file, &bytes).unwrap();

    let o = run(&["check", p(&file)]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert_eq!(stdout(&o), "");

    // The file is canonical apart from the BOM, so --check reports it.
    let o = run(&["fmt", "--check", p(&file)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("not in canonical form"), "{}", stdout(&o));
    assert_eq!(std::fs::read(&file).unwrap(), bytes, "--check changed the file");

    let o = run(&["fmt", p(&file)]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let written = std::fs::read(&file).unwrap();
    assert_eq!(&written[..3], b"jmj", "a BOM was written");
    assert_eq!(written, fixture("canonical/readme_sample.jmjp").as_bytes());
    // No temporary file is left behind.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
}

#[test]
fn check_prints_file_line_column_and_exits_1_on_errors() {
    let dir = folder("errors");
    let file = dir.join("bad.jmjp");
    std::fs::write(&file, "jmjp[1.0](\nmtp[20231002,tue,,]\nply[0,,,,]\nply[1,,,,]\nply[1,,,,]\nply[3,,,,])").unwrap();
    let o = run(&["check", p(&file)]);
    assert_eq!(o.status.code(), Some(1));
    let f = p(&file);
    assert_eq!(
        stdout(&o),
        format!(
            "{f}:2:14: error: 20231002 was a Monday, but the day of the week says tue\n\
             {f}:3:1: error: no player has id 2; the four players have ids 0, 1, 2 and 3\n\
             {f}:5:5: error: player id 1 is given to two players\n"
        )
    );
}

#[test]
fn check_reports_a_syntax_error_in_plain_words() {
    let dir = folder("syntax");
    let file = dir.join("bad.jmjp");
    std::fs::write(&file, "jmjp[1.0](mtp[,,,]\nfrm[E1-0,,,,,(e,hnd[1mx5,,]),,])").unwrap();
    let o = run(&["check", p(&file)]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), format!("{}:2:23: error: expected a tile such as 5m, 0p or rd, found 'x5'\n", p(&file)));
}

#[test]
fn warnings_alone_exit_0() {
    let dir = folder("warnings");
    let file = dir.join("draft.jmjp");
    std::fs::write(&file, fixture("dialect/draft_match.jmjp")).unwrap();
    let o = run(&["check", p(&file)]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o).matches(": warning: ").count(), 2, "{}", stdout(&o));
}

#[test]
fn an_unreadable_file_exits_2_and_the_worst_code_wins() {
    let dir = folder("missing");
    let good = dir.join("good.jmjp");
    let bad = dir.join("bad.jmjp");
    std::fs::write(&good, GOOD).unwrap();
    std::fs::write(&bad, "jmjp[1.0](").unwrap();
    let missing = dir.join("nope.jmjp");
    let o = run(&["check", p(&good), p(&missing)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("nope.jmjp: cannot read the file"), "{}", stderr(&o));
    let o = run(&["check", p(&good), p(&bad)]);
    assert_eq!(o.status.code(), Some(1));
    let o = run(&["check", p(&good)]);
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn a_file_that_is_not_utf8_is_an_error_with_its_place() {
    let dir = folder("binary");
    let file = dir.join("bin.jmjp");
    std::fs::write(&file, b"jmjp[1.0]\n(mt\xff\xfe").unwrap();
    let o = run(&["check", p(&file)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("bin.jmjp:2:4: error: the file is not UTF-8 text"), "{}", stdout(&o));
}

#[test]
fn fmt_refuses_a_file_with_errors_and_leaves_it_unchanged() {
    let dir = folder("refuse");
    let file = dir.join("bad.jmjp");
    let text = "jmjp[1.0](mtp[20230231,,,]ply[0,,,,]ply[1,,,,]ply[2,,,,]ply[3,,,,])";
    std::fs::write(&file, text).unwrap();
    let o = run(&["fmt", p(&file)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("20230231 is not a real date"), "{}", stdout(&o));
    assert!(stderr(&o).contains("not rewritten: 1 error must be fixed first"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);

    let unparsable = dir.join("syntax.jmjp");
    std::fs::write(&unparsable, "jmjp[1.0](").unwrap();
    let o = run(&["fmt", p(&unparsable)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("not rewritten: it does not parse"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&unparsable).unwrap(), "jmjp[1.0](");
}

#[test]
fn fmt_rewrites_an_old_dialect_as_canonical_1_0() {
    let dir = folder("upgrade");
    let file = dir.join("old.jmjp");
    std::fs::write(&file, fixture("dialect/v0_match.jmjp")).unwrap();
    let o = run(&["fmt", p(&file)]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), fixture("dialect/v0_match.canonical.jmjp"));
    let o = run(&["fmt", "--check", p(&file)]);
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn version_names_the_program_and_its_version() {
    for flag in ["--version", "-V"] {
        let o = run(&[flag]);
        assert_eq!(o.status.code(), Some(0), "{flag}: {}", stderr(&o));
        assert_eq!(stdout(&o), format!("jmjp-studio {}\n", env!("CARGO_PKG_VERSION")));
    }
}

#[test]
fn help_is_there_for_every_command_and_no_arguments_do_not_crash() {
    for args in [&["--help"][..], &["check", "--help"], &["fmt", "--help"], &["edit", "--help"]] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        assert!(stdout(&o).contains("Usage: jmjp-studio"), "{args:?}: {}", stdout(&o));
    }
    let o = run(&["fmt", "--help"]);
    assert!(stdout(&o).contains("--check"));
    // The formats and their extensions come from the one list of formats.
    let o = run(&["convert", "--help"]);
    for f in jmjp_studio::interop::Format::ALL {
        assert!(stdout(&o).contains(f.name()), "{}", stdout(&o));
        for e in f.extensions() {
            assert!(stdout(&o).contains(&format!(".{e}")), "{e}: {}", stdout(&o));
        }
    }
    assert!(stdout(&o).contains("[possible values: jmjp, mjai, tenhou6, mjlog, mleague]"), "{}", stdout(&o));
    // No arguments open the window; with no display to open it on (or, built without the
    // window, no window at all), that is a plain error.
    let o = Command::new(BIN).env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY").output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let why = if cfg!(feature = "gui") { "the window could not be opened" } else { "this build has no window" };
    assert!(stderr(&o).contains(why), "{}", stderr(&o));
    // Wrong arguments are a usage error, code 2.
    let o = run(&["check"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["frobnicate"]);
    assert_eq!(o.status.code(), Some(2));
}

fn corpus_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6").join(name)
}

#[test]
fn convert_goes_tenhou6_to_jmjp_to_mjai_and_back_guessing_the_formats() {
    let dir = folder("convert");
    let jmjp = dir.join("game.jmjp");
    let mjai = dir.join("game.mjson");
    let back = dir.join("back.jmjp");
    let json = dir.join("game.json");

    let o = run(&["convert", p(&corpus_file("pantheon_doubleron.json")), p(&jmjp)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The log's room (般東喰赤) says it was played under tenhou's rules: convert says so, the
    // file keeps it, and check judges it by them unasked.
    assert_eq!(
        stdout(&o),
        format!(
            "{0}: 4 frames written as jmjp (0 errors, 0 warnings from check)\n{0}: played under the tenhou rules (as the log says): the file keeps that as \"// rules: tenhou (般東喰赤; 初段 R1528 / １級 R1516 / １級 R1541 / ７級 R1321)\", and check and the app judge it by them\n",
            p(&jmjp)
        )
    );
    assert!(std::fs::read_to_string(&jmjp).unwrap().starts_with(
        "jmjp[1.0]\n(\n  // rules: tenhou (般東喰赤; 初段 R1528 / １級 R1516 / １級 R1541 / ７級 R1321)\n  mtp["
    ));
    let o = run(&["check", p(&jmjp)]);
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), String::new()));
    // Under M League's rules the double ron's second winner is not paid: check says once which
    // rules the end points fit.
    let o = run(&["check", "--rules", "m-league", p(&jmjp)]);
    assert!(
        stdout(&o).ends_with(&format!(
            "{}: note: the end points of 2 frames fit the tenhou rules, not m-league: check with --rules tenhou\n",
            p(&jmjp)
        )),
        "{}",
        stdout(&o)
    );
    assert!(!stdout(&o).contains("likely cause"), "no new end points proposed: {}", stdout(&o));

    let o = run(&["convert", p(&jmjp), p(&mjai)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let first = std::fs::read_to_string(&mjai).unwrap();
    assert!(first.starts_with("{\"type\":\"start_game\",\"names\":[\"TPlayer1\","), "{first}");
    let o = run(&["convert", p(&mjai), p(&back)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Everything comes back but the rules the log named: an mjai log has no place for them.
    let without_rules = std::fs::read_to_string(&jmjp)
        .unwrap()
        .replace("  // rules: tenhou (般東喰赤; 初段 R1528 / １級 R1516 / １級 R1541 / ７級 R1321)\n", "");
    assert_eq!(std::fs::read_to_string(&back).unwrap(), without_rules);

    let o = run(&["convert", p(&back), p(&json), "--url"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The game leaves a player below zero: said, as AI reviewers are reported to refuse such games.
    let note = stdout(&o).lines().nth(1).unwrap().to_string();
    assert!(note.ends_with("note: TPlayer1 ends E4-0 with -58000 points: AI reviewers built on Mortal (mjai-reviewer) are reported to refuse a game with points below zero"), "{note}");
    let url = stdout(&o).lines().nth(2).unwrap().to_string();
    assert!(url.starts_with("https://tenhou.net/6/#json=%7B%22title%22%3A"), "{url}");
}

#[test]
fn convert_with_bad_input_says_where_and_writes_nothing() {
    let dir = folder("convert-bad");
    let out = dir.join("out.jmjp");
    let cases = [
        ("{\"log\":[[[0,0,0],[25000,25000", "line 1, column 29: the JSON ends too early"),
        (
            r#"{"name":["a","b","c","d"],"log":[[[0,0,0],[25000,25000,25000,25000],[99],[],[],[],[],[],[],[],[],[],[],[],[],[],["流局"]]]}"#,
            "log[0][2][0]: 99 is not a tile code",
        ),
        (
            "{\"type\":\"start_game\"}\n{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"}",
            "line 2: a \"tsumo\" event outside a kyoku",
        ),
    ];
    for (text, words) in cases {
        let input = dir.join("in.txt");
        std::fs::write(&input, text).unwrap();
        let o = run(&["convert", p(&input), p(&out)]);
        assert_eq!(o.status.code(), Some(1), "{text}");
        assert!(stderr(&o).contains(words) && stderr(&o).contains("nothing written"), "{}", stderr(&o));
        assert!(!out.exists(), "no output file after {text}");
    }
    // A format that cannot be told, and an output extension that says nothing.
    let input = dir.join("in.txt");
    std::fs::write(&input, "hello").unwrap();
    let o = run(&["convert", p(&input), p(&out)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("say --from jmjp, mjai, tenhou6, mjlog or mleague"), "{}", stderr(&o));
    let o = run(&["convert", p(&corpus_file("pantheon_west.json")), p(&dir.join("out.txt"))]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("say --to"), "{}", stderr(&o));
    let o = run(&["convert", p(&corpus_file("pantheon_west.json")), p(&dir.join("out.txt")), "--to", "jmjp"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = run(&["convert", p(&dir.join("missing.json")), p(&out)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!out.exists());
}

#[test]
fn split_writes_one_file_per_match_and_merge_puts_them_back_together() {
    let dir = folder("split");
    let two = fixture("canonical/two_matches.jmjp");
    let file = dir.join("league.jmjp");
    std::fs::write(&file, &two).unwrap();
    let o = run(&["split", p(&file)]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let (one, other) = (dir.join("league-1.jmjp"), dir.join("league-2.jmjp"));
    let parsed = |path: &Path| jmjp_studio::format::parse(&std::fs::read_to_string(path).unwrap()).unwrap().paifu;
    let whole = parsed(&file);
    assert_eq!(parsed(&one).matches, vec![whole.matches[0].clone()], "the first file holds the first match");
    assert_eq!(parsed(&other).matches, vec![whole.matches[1].clone()], "the second file holds the second match");
    // Splitting again would overwrite: refused, nothing changed.
    let o = run(&["split", p(&file)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("already exists"), "{}", stderr(&o));

    let merged = dir.join("merged.jmjp");
    let o = run(&["merge", p(&merged), p(&one), p(&other)]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("2 matches from 2 files"), "{}", stdout(&o));
    assert_eq!(std::fs::read_to_string(&merged).unwrap(), two, "split then merged gives the same bytes");
    // An input that does not parse: no output file.
    let bad = dir.join("bad.jmjp");
    std::fs::write(&bad, "jmjp[1.0](").unwrap();
    let never = dir.join("never.jmjp");
    let o = run(&["merge", p(&never), p(&one), p(&bad)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!never.exists(), "a failed merge writes nothing");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn score_prints_each_frames_yaku_value_payment_and_end_points() {
    let dir = folder("score");
    let jmjp = dir.join("game.jmjp");
    assert_eq!(run(&["convert", p(&corpus_file("pantheon_doubleron.json")), p(&jmjp)]).status.code(), Some(0));
    let o = run(&["score", "--rules", "tenhou", p(&jmjp)]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with(&format!("{}: match 1\n", p(&jmjp))), "{text}");
    assert!(text.contains("  E3-0  S tsumo: Riichi 1, Menzen tsumo 1, Ittsu 2; 4 han 30 fu, 2000/3900\n"), "{text}");
    // The double ron: both winners, the nearer first, each with its own line.
    assert!(text.contains("  E4-0  W ron on S: Chinroutou; yakuman, 32000\n        E ron on S: "), "{text}");
    assert_eq!(text.matches("(as recorded)").count(), 4, "{text}");
    // In Japanese, and under M League rules, where kiriage makes 4 han 30 fu a mangan and only
    // the nearer of two rons wins: the recorded points differ, and say so (exit 1).
    let o = run(&["score", "--rules", "m-league", "--lang", "ja", p(&jmjp)]);
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    assert!(
        text.contains("  E3-0  南家 ツモ：立直 1、門前清自摸和 1、一気通貫 2。4 翻 30 符 満貫 2000-4000\n"),
        "{text}"
    );
    assert!(
        text.contains("終了時の点数   15.8   41.2   22.0   21.0  （記録：   15.9   41.1   22.0   21.0）"),
        "{text}"
    );
    let o = run(&["check", "--rules", "m-league", p(&jmjp)]);
    assert_eq!(o.status.code(), Some(0), "warnings only");
    assert!(
        stdout(&o).contains(
            "warning: E3-0: the end points (pfe) are 15.9, 41.1, 22.0, 21.0, but the hands and acts give 15.8, 41.2, 22.0, 21.0 (S tsumo: "
        ),
        "{}",
        stdout(&o)
    );
    // A file that does not parse is an error; a missing one cannot be read.
    let bad = dir.join("bad.jmjp");
    std::fs::write(&bad, "jmjp[1.0](").unwrap();
    assert_eq!(run(&["score", p(&bad)]).status.code(), Some(1));
    assert_eq!(run(&["score", p(&dir.join("none.jmjp"))]).status.code(), Some(2));
}

/// The corpus's pantheon_west game as `.jmjp` in `dir`, and the same with two mistakes planted:
/// W's tsumogiri of nw at E1-0 act 7 recorded as a discard of 4p, and the same twice in S2-1.
fn planted(dir: &Path) -> (PathBuf, PathBuf, String) {
    let game = dir.join("game.jmjp");
    let o = run(&["convert", p(&corpus_file("pantheon_west.json")), p(&game)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&game).unwrap();
    let broken = dir.join("broken.jmjp");
    std::fs::write(&broken, text.replace("(w,nw,tg)", "(w,nw,4p)")).unwrap();
    (game, broken, text)
}

#[test]
fn check_notes_the_likely_cause_where_the_fix_goes() {
    let dir = folder("note");
    let (_, broken, _) = planted(&dir);
    let o = run(&["check", "--rules", "tenhou", p(&broken)]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    // The symptom shows at the end of the frame; the note points at act 7, line 20.
    let note = format!(
        "{}:20:5: note: likely cause: act 7, W discarded the drawn nw (tsumogiri), not 4p from the hand (fix: (w,nw,tg))",
        p(&broken)
    );
    assert!(out.contains(&note), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let error = lines.iter().position(|l| l.contains("E1-0: W's end hand differs")).unwrap();
    assert!(lines[error + 1].starts_with(&note), "after the frame's findings: {out}");
    assert!(out.contains(": note: likely cause: ") && out.contains("and then act 11"), "two changes in S2-1: {out}");
}

#[test]
fn fix_proposes_then_writes_the_sure_fixes_back_to_the_game() {
    let dir = folder("fix");
    let (_, broken, game) = planted(&dir);
    let before = std::fs::read(&broken).unwrap();
    let o = run(&["fix", "--rules", "tenhou", p(&broken)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with(&format!("{}:20:5: fix: (w,nw,4p) -> (w,nw,tg) (act 7, W discarded", p(&broken))),
        "{}",
        stdout(&o)
    );
    assert_eq!(stdout(&o).matches(": fix: ").count(), 3, "one line per change: {}", stdout(&o));
    assert_eq!(std::fs::read(&broken).unwrap(), before, "without --write nothing changes");
    let o = run(&["fix", "--write", "--rules", "tenhou", p(&broken)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("2 of 2 fixes made (3 errors before, 0 after)"), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&broken).unwrap() == game, "the file is the game again");
    // Nothing left to fix.
    let o = run(&["fix", p(&broken), "--rules", "tenhou"]);
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(0), ""));
    let o = run(&["fix", p(&dir.join("none.jmjp"))]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn fix_write_leaves_a_fix_alone_when_another_fits_as_well() {
    let dir = folder("fix_unsure");
    let (game, _, text) = planted(&dir);
    // E's riichi win in E2-0 with its ura indicator (2s) left out: two indicators give the
    // recorded points, so the fix is proposed but not made.
    let unsure = dir.join("ura.jmjp");
    let frame = "frm[E2-0,0.0,,pfs[24.3,28.7,23.3,23.7],6m2suk";
    assert!(text.contains(frame), "the corpus game changed: {}", p(&game));
    std::fs::write(&unsure, text.replace(frame, "frm[E2-0,0.0,,pfs[24.3,28.7,23.3,23.7],6mukuk")).unwrap();
    let before = std::fs::read(&unsure).unwrap();
    let o = run(&["check", "--rules", "tenhou", p(&unsure)]);
    assert!(stdout(&o).contains("E won with riichi but no ura dora indicator is recorded"), "{}", stdout(&o));
    let o = run(&["fix", "--write", "--rules", "tenhou", p(&unsure)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains(": fix: the ura indicator (none) -> the ura indicator "), "{}", stdout(&o));
    assert!(stderr(&o).contains("not rewritten"), "{}", stderr(&o));
    assert_eq!(std::fs::read(&unsure).unwrap(), before, "an unsure fix is not written");
}

#[test]
fn compare_lists_each_difference_at_both_files_with_the_consistent_side() {
    let dir = folder("compare");
    let (game, broken, _) = planted(&dir);
    let o = run(&["compare", "--rules", "tenhou", p(&game), p(&broken)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    let first = format!(
        "{}:20:5: differs from {}:20:5: E1-0 act 7: (w,nw,tg) in A, (w,nw,4p) in B (A is consistent)",
        p(&game),
        p(&broken)
    );
    assert_eq!(out.lines().next(), Some(first.as_str()), "{out}");
    assert_eq!(out.lines().count(), 3, "{out}");
    assert!(stderr(&o).contains("3 differences"), "{}", stderr(&o));
    let o = run(&["compare", p(&game), p(&game)]);
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(0), ""));
    let o = run(&["compare", p(&game), p(&dir.join("none.jmjp"))]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("none.jmjp"), "{}", stderr(&o));
}

#[test]
fn review_prints_each_decision_and_the_agreement_and_exits_by_what_happened() {
    let dir = folder("review");
    let game = dir.join("game.jmjp");
    let log = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6/pantheon_west.json");
    assert_eq!(run(&["convert", p(&log), p(&game)]).status.code(), Some(0));
    let bot =
        format!("python3 {}", Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bots/tsumogiri_bot.py").display());
    let o = run(&["review", p(&game), "--bot", &bot, "--seat", "s"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("E1-0 act 2: South (ply 1)"), "{first}");
    assert!(first.contains("; AI: discard "), "{first}");
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("South (ply 1)") && last.contains(" decisions agree ("), "{last}");
    assert!(!out.contains("East (ply 0)"), "only the seat asked for");
    // A bot that exits at once: exit 1, and why.
    let o = run(&["review", p(&game), "--bot", "false", "--seat", "e"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("the bot failed after"), "{}", stderr(&o));
    // A file that cannot be read: exit 2; an unclosed quote in the command: exit 2.
    assert_eq!(run(&["review", p(&dir.join("none.jmjp")), "--bot", &bot]).status.code(), Some(2));
    let o = run(&["review", p(&game), "--bot", "python3 'bot.py"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unclosed quote"));
}

#[test]
fn a_log_given_where_a_jmjp_file_is_wanted_is_refused_saying_how_to_read_it() {
    let dir = folder("log-for-jmjp");
    let log = corpus_file("pantheon_west.json");
    for cmd in ["check", "fmt", "score"] {
        let o = run(&[cmd, p(&log)]);
        assert_eq!(o.status.code(), Some(1), "{cmd}: {}{}", stdout(&o), stderr(&o));
        assert!(
            stdout(&o).contains("pantheon_west.json: a log (tenhou.net/6), not a .jmjp file (jmjp-studio convert"),
            "{cmd}: {}",
            stdout(&o)
        );
    }
    // The same log, converted, is a .jmjp file that checks.
    let game = dir.join("game.jmjp");
    assert_eq!(run(&["convert", p(&log), p(&game)]).status.code(), Some(0));
    assert_eq!(run(&["check", "--rules", "tenhou", p(&game)]).status.code(), Some(0));
    // Compare reads a log as the other recording (the official record of a match is one): the
    // same game, no difference.
    let o = run(&["compare", p(&game), p(&log)]);
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), String::new()), "{}", stderr(&o));
}
