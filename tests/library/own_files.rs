//! The program's own JSON files, the settings and the roster, kept one way: a damaged file is
//! renamed aside next to it under a name of its own (a second damaged file does not replace the
//! first), its bytes kept; the reason names the file and the position in both languages; the
//! defaults are used, and the next save writes a good file, without a BOM.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use jmjp_studio::document::io::{JsonTrouble, MAX_FILE_BYTES};
use jmjp_studio::format::parse;
use jmjp_studio::i18n::{Lang, LanguageChoice, Text};
use jmjp_studio::season::roster::Roster;
use jmjp_studio::settings::{Settings, SettingsProblem};

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-own-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One user of the store: loads its file and saves a value that is not the default.
struct User {
    name: &'static str,
    load: fn(&Path) -> Read,
    save_something: fn(&Path),
}

/// What a user read: the default or not, what it tells the user, and the store's trouble (the
/// roster keeps only the words).
#[derive(Debug, PartialEq)]
struct Read {
    default: bool,
    said: Option<Text>,
    trouble: Option<JsonTrouble>,
}

fn settings_user() -> User {
    User {
        name: "settings.json",
        load: |path| {
            let (s, problems) = Settings::load(path);
            let problem = problems.into_iter().find_map(|p| match p {
                SettingsProblem::File(p) => Some(p),
                _ => None,
            });
            let trouble = problem.as_ref().map(|p| p.trouble.clone());
            Read { default: s == Settings::default(), said: problem.map(|p| p.text), trouble }
        },
        save_something: |path| {
            let s = Settings { language: LanguageChoice::Japanese, ..Settings::default() };
            s.save(path).unwrap();
            assert_eq!(Settings::load(path).0.language, LanguageChoice::Japanese, "the file saved reads back");
        },
    }
}

fn roster_user() -> User {
    User {
        name: "roster.json",
        load: |path| {
            let (r, problem) = Roster::load(path);
            Read { default: r == Roster::default(), said: problem.map(|p| p.0), trouble: None }
        },
        save_something: |path| {
            let mut r = Roster::default();
            let paifu = parse(
                r#"jmjp[1.0](mtp[20231002,mon,1900,mlg-std]ply[0,(snt["多井"]srm["Ooi"],snt["隆晴"]srm["Takaharu"]),,,]ply[1,,,,]ply[2,,,,]ply[3,,,,])"#,
            )
            .unwrap()
            .paifu;
            assert!(r.see_paifu(&paifu));
            r.save(path).unwrap();
            assert_eq!(Roster::load(path), (r, None), "the file saved reads back");
        },
    }
}

#[test]
fn a_damaged_file_is_set_aside_with_its_bytes_and_the_position_for_settings_and_roster() {
    for user in [settings_user(), roster_user()] {
        let dir = folder(user.name);
        let path = dir.join(user.name);
        let shown = path.display().to_string();
        let none = Read { default: true, said: None, trouble: None };
        assert_eq!((user.load)(&path), none, "{}: no file is the default, without a word", user.name);

        // Cut off in the middle of the second line, as a crash of an editor leaves it.
        let first = "{\n  \"people\": [ {\"language\": ";
        std::fs::write(&path, first).unwrap();
        let Read { default, said, trouble } = (user.load)(&path);
        let Text { en, ja } = said.unwrap();
        assert!(default, "{}: the default is used", user.name);
        let aside = dir.join(format!("{}.damaged", user.name));
        assert!(en.contains(&shown) && en.contains("is damaged at line 2, column 27"), "{en}");
        assert!(ja.contains(&shown) && ja.contains("が壊れています（2 行 27 文字目"), "{ja}");
        assert!(en.contains(&format!("kept as {}", aside.display())), "{en}");
        assert!(ja.contains(&format!("{} として残しました", aside.display())), "{ja}");
        if let Some(trouble) = trouble {
            assert_eq!(trouble, JsonTrouble::Damaged { line: 2, column: 27, kept: Some(aside.clone()) });
        }
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), first, "{}: kept with its bytes", user.name);
        assert!(!path.exists(), "{}: set aside, not copied", user.name);

        // A second damaged file is set aside under a name of its own; the first one stays.
        let second = b"\xEF\xBB\xBF{\"version\": 1,\n\"x\": \"caf\xE9\"}";
        std::fs::write(&path, second).unwrap();
        let Text { en, ja } = (user.load)(&path).said.unwrap();
        let aside2 = dir.join(format!("{}.damaged.2", user.name));
        assert!(en.contains("line 2, column 10 (it is not UTF-8 text)"), "{en}");
        assert!(ja.contains("2 行 10 文字目：UTF-8 のテキストではありません"), "{ja}");
        assert_eq!(std::fs::read(&aside2).unwrap(), second, "{}: the second one kept too", user.name);
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), first, "{}: the first one untouched", user.name);

        // The next save writes a good file, without a BOM, that reads back.
        (user.save_something)(&path);
        let bytes = std::fs::read(&path).unwrap();
        assert!(!bytes.starts_with(b"\xEF\xBB\xBF") && bytes.ends_with(b"}\n"), "{}", user.name);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_file_of_the_wrong_shape_says_where_and_one_with_a_bom_reads() {
    for user in [settings_user(), roster_user()] {
        let dir = folder(&format!("shape-{}", user.name));
        let path = dir.join(user.name);
        // JSON, but not what the program writes.
        std::fs::write(&path, "7").unwrap();
        let Text { en, ja } = (user.load)(&path).said.unwrap();
        assert!(en.contains("at line 1, column 1 (it does not hold what the program writes: invalid type"), "{en}");
        assert!(ja.contains("1 行 1 文字目：このプログラムが書く形ではありません"), "{ja}");
        // A good file an editor saved with a BOM reads without a word.
        (user.save_something)(&path);
        let good = std::fs::read(&path).unwrap();
        std::fs::write(&path, [b"\xEF\xBB\xBF".as_slice(), &good].concat()).unwrap();
        let read = (user.load)(&path);
        assert_eq!((read.default, read.said), (false, None), "{}", user.name);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_file_that_cannot_be_read_is_left_as_it_is_and_one_not_written_says_so() {
    let dir = folder("unreadable");
    // A folder where the file should be: it cannot be read, and nothing is renamed.
    let path = dir.join("settings.json");
    std::fs::create_dir_all(path.join("inside")).unwrap();
    let (s, problems) = Settings::load(&path);
    assert_eq!(s, Settings::default());
    let [SettingsProblem::File(p)] = &problems[..] else { panic!("{problems:?}") };
    assert_eq!(p.trouble, JsonTrouble::Unreadable);
    assert!(p.text.en.contains("could not be read") && p.text.en.contains("left as it is"), "{}", p.text.en);
    assert!(p.text.ja.contains("を読めませんでした"), "{}", p.text.ja);
    assert!(path.join("inside").exists(), "left as it is");
    // A roster larger than any file the program reads is not read, and left as it is.
    let huge = dir.join("roster.json");
    std::fs::File::create(&huge).unwrap().set_len(MAX_FILE_BYTES + 1).unwrap();
    let (r, problem) = Roster::load(&huge);
    assert_eq!(r, Roster::default());
    let said = problem.unwrap().0;
    assert!(said.en.contains("could not be read (it is larger than 64 MiB)"), "{}", said.en);
    assert!(said.ja.contains("64 MiB を超えています"), "{}", said.ja);
    assert_eq!(std::fs::metadata(&huge).unwrap().len(), MAX_FILE_BYTES + 1, "left as it is");
    let e = Settings::default().save(&path).unwrap_err();
    assert!(matches!(&e, SettingsProblem::NotWritten(p) if p.trouble == JsonTrouble::NotWritten), "{e:?}");
    assert!(e.text().get(Lang::En).starts_with(&format!("The settings file {} could not be saved", path.display())));
    assert!(e.text().get(Lang::Ja).contains("を保存できませんでした"), "{}", e.text().get(Lang::Ja));
    std::fs::remove_dir_all(&dir).unwrap();
}
