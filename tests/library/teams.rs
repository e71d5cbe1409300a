//! The teams the forms offer (issue 46): this season's ten M League teams built in, a studio's
//! teams file beside the roster read on top of them, and a damaged file told with its position
//! while the built-in list is still offered. The two teams the standard has no code for are
//! written by their names, never with an invented code.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;

use jmjp_studio::format::shorthand::TeamToken;
use jmjp_studio::format::{Choice, StrLit};
use jmjp_studio::i18n::Lang;
use jmjp_studio::season::teams::{TEAMS_FILE_NAME, Teams};

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-teams-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn names(teams: &Teams, lang: Lang) -> Vec<&str> {
    teams.teams.iter().map(|t| t.shown(lang)).collect()
}

#[test]
fn no_file_offers_the_ten_teams_of_this_season() {
    let dir = folder("none");
    let path = Teams::beside(&dir.join("roster.json"));
    assert_eq!(path, dir.join(TEAMS_FILE_NAME), "the teams file lives beside the roster");
    let (teams, problem) = Teams::load(&path);
    assert_eq!(problem, None, "no file: no word");
    assert_eq!(teams, Teams::built_in());
    assert_eq!(
        names(&teams, Lang::En),
        [
            "Akasaka Drivens",
            "EX Furinkazan",
            "Kadokawa Sakura Knights",
            "Konami Mahjong Fight Club",
            "Shibuya Abemas",
            "Sega Sammy Phoenix",
            "Team Raiden",
            "U-Next Pirates",
            "BEAST X",
            "EARTH JETS",
        ]
    );
    assert!(names(&teams, Lang::Ja).contains(&"KADOKAWAサクラナイツ"));
    // The eight with a standard code keep it; the two new ones are written by their names.
    let coded = teams.teams.iter().filter(|t| matches!(t.choice(), Choice::Known(_))).count();
    assert_eq!(coded, 8);
    let beast = teams.teams.iter().find(|t| t.english == "BEAST X").unwrap();
    assert_eq!(beast.choice(), Choice::Custom(StrLit::native("BEAST X")));
    assert!(beast.matches("beast") && beast.matches("X") && !beast.matches("jets"));
    assert_eq!(teams.find(&Choice::Custom(StrLit::native("EARTH JETS"))), Some(9));
    assert_eq!(teams.find(&Choice::Known(TeamToken::Pirates)), Some(7));
}

#[test]
fn a_studios_teams_file_adds_its_teams_and_may_rename_one() {
    let dir = folder("studio");
    let path = dir.join(TEAMS_FILE_NAME);
    std::fs::write(
        &path,
        r#"{
  "version": 1,
  "teams": [
    { "english": "Studio Dragons", "japanese": "スタジオドラゴンズ" },
    { "code": "mlg-drn", "english": "Akasaka Drivens (renamed)" },
    { "japanese": "雀荘チーム", "note": "a field the program does not know is left alone" }
  ]
}"#,
    )
    .unwrap();
    let (teams, problem) = Teams::load(&path);
    assert_eq!(problem, None);
    assert_eq!(teams.teams.len(), 12, "ten built in, two added, one renamed");
    let dragons = teams.teams.iter().find(|t| t.english == "Studio Dragons").unwrap();
    assert_eq!(
        dragons.choice(),
        Choice::Custom(StrLit {
            native: Some("スタジオドラゴンズ".into()), roman: Some("Studio Dragons".into())
        })
    );
    assert_eq!(dragons.shown(Lang::Ja), "スタジオドラゴンズ");
    let drivens = &teams.teams[0];
    assert_eq!(drivens.choice(), Choice::Known(TeamToken::Drivens), "a coded team keeps its code");
    assert_eq!((drivens.shown(Lang::En), drivens.shown(Lang::Ja)), ("Akasaka Drivens (renamed)", "赤坂ドリブンズ"));
    let jansou = teams.teams.last().unwrap();
    assert_eq!(jansou.shown(Lang::En), "雀荘チーム", "a team with one name shows it in both languages");
    assert!(path.exists(), "a good file stays where it is");
}

#[test]
fn a_damaged_teams_file_is_told_with_its_position_and_the_built_in_teams_are_offered() {
    let dir = folder("damaged");
    let path = dir.join(TEAMS_FILE_NAME);
    let broken = "{\n  \"teams\": [\n    { \"english\": \"Studio Dragons\" \n    { \"english\": \"Two\" }\n  ]\n}\n";
    std::fs::write(&path, broken).unwrap();
    let (teams, problem) = Teams::load(&path);
    assert_eq!(teams, Teams::built_in(), "the built-in list is still offered");
    let problem = problem.expect("the damage is told");
    assert!(problem.0.en.contains("teams file") && problem.0.en.contains("line 4, column 5"), "{}", problem.0.en);
    assert!(problem.0.en.contains("built-in teams"), "{}", problem.0.en);
    assert!(problem.0.ja.contains("4 行 5 文字目") && problem.0.ja.contains("チームファイル"), "{}", problem.0.ja);
    assert_eq!(std::fs::read_to_string(dir.join("teams.json.damaged")).unwrap(), broken, "kept, not lost");

    // A code the standard does not have is refused where it stands, never written.
    std::fs::write(&path, "{\"teams\": [\n  {\"code\": \"mlg-bst\", \"english\": \"BEAST X\"}\n]}").unwrap();
    let (teams, problem) = Teams::load(&path);
    assert_eq!(teams, Teams::built_in());
    let problem = problem.expect("an invented code is told");
    assert!(problem.0.en.contains("line 2") && problem.0.en.contains("mlg-bst"), "{}", problem.0.en);

    // A team without a name.
    std::fs::write(&path, r#"{"teams": [{"english": "  "}]}"#).unwrap();
    let (_, problem) = Teams::load(&path);
    assert!(problem.expect("a nameless team is told").0.en.contains("needs a name"));
}
