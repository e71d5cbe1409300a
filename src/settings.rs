//! The user's settings: one serde struct, read leniently so a damaged or older file never stops
//! the program, written atomically.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::i18n::{Lang, LanguageChoice};
use crate::scoring::PointPreset as Preset;
use crate::scoring::RulesPreset;

/// How many recent files are remembered.
pub const RECENT_FILES: usize = 10;

/// The scorer's own name, filled into new matches as their recorder: the same four parts the
/// forms hold, saved under the same field names.
pub type ScorerName = crate::forms::NameForm;

/// Everything the user sets once and keeps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The version of this layout; older files are read field by field.
    pub version: u32,
    pub language: LanguageChoice,
    /// The point rules new matches start with.
    pub point_preset: Preset,
    /// The scoring rules (yaku values, double ron, kiriage) computed points follow.
    pub rules: RulesPreset,
    pub scorer: ScorerName,
    /// Where recordings without a file of their own are kept; `None` is the data folder.
    pub autosave_folder: Option<PathBuf>,
    /// Most recent first.
    pub recent_files: Vec<PathBuf>,
    /// AI players asked while recording (off unless turned on).
    pub ai_players: AiPlayerSettings,
}

/// Settings > AI players: per seat at E1-0 (player id 0-3) a bot's command line, or `tcp:`
/// followed by a bot's address; used while recording when turned on.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AiPlayerSettings {
    pub on: bool,
    pub seats: [String; 4],
}

impl AiPlayerSettings {
    /// The seats with an AI player and where it is; an error names the seat whose command
    /// cannot be read.
    pub fn endpoints(&self) -> Result<Vec<(usize, crate::interop::bots::Endpoint)>, crate::i18n::Text> {
        use crate::interop::bots::Endpoint;
        let mut out = Vec::new();
        for (seat, text) in self.seats.iter().enumerate() {
            let text = text.trim();
            if text.is_empty() {
                continue;
            }
            let endpoint = match text.strip_prefix("tcp:") {
                Some(addr) => Endpoint::Tcp(addr.trim().to_string()),
                None => Endpoint::command(text)
                    .map_err(|e| e.prefixed(&format!("player {seat}: "), &format!("プレーヤー {seat}：")))?,
            };
            out.push((seat, endpoint));
        }
        Ok(out)
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            version: 1,
            language: LanguageChoice::System,
            point_preset: Preset::MLeague,
            rules: RulesPreset::MLeague,
            scorer: ScorerName::default(),
            autosave_folder: None,
            recent_files: Vec::new(),
            ai_players: AiPlayerSettings::default(),
        }
    }
}

/// Something about the settings file that the user should know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsProblem {
    /// The file exists but could not be read at all.
    Unreadable { path: PathBuf, reason: String },
    /// The file is not settings (not JSON, or not an object); a copy was kept.
    Damaged { path: PathBuf, kept: Option<PathBuf>, reason: String },
    /// One setting could not be read and has its default.
    FieldDefaulted { field: String },
    /// The settings could not be written.
    NotWritten { path: PathBuf, reason: String },
}

impl SettingsProblem {
    /// The problem in plain words.
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (SettingsProblem::Unreadable { path, reason }, Lang::En) => {
                format!("The settings file {} could not be read ({reason}); defaults are used.", path.display())
            }
            (SettingsProblem::Unreadable { path, reason }, Lang::Ja) => {
                format!("設定ファイル {} を読めませんでした（{reason}）。既定値を使います。", path.display())
            }
            (SettingsProblem::Damaged { path, kept, reason }, Lang::En) => format!(
                "The settings file {} is damaged ({reason}); defaults are used.{}",
                path.display(),
                kept.as_ref().map(|k| format!(" The old file was kept as {}.", k.display())).unwrap_or_default()
            ),
            (SettingsProblem::Damaged { path, kept, reason }, Lang::Ja) => format!(
                "設定ファイル {} が壊れています（{reason}）。既定値を使います。{}",
                path.display(),
                kept.as_ref().map(|k| format!("元のファイルは {} として残しました。", k.display())).unwrap_or_default()
            ),
            (SettingsProblem::FieldDefaulted { field }, Lang::En) => {
                format!("The setting “{field}” could not be read and has its default value.")
            }
            (SettingsProblem::FieldDefaulted { field }, Lang::Ja) => {
                format!("設定「{field}」を読めなかったため既定値にしました。")
            }
            (SettingsProblem::NotWritten { path, reason }, Lang::En) => {
                format!("The settings could not be saved to {} ({reason}).", path.display())
            }
            (SettingsProblem::NotWritten { path, reason }, Lang::Ja) => {
                format!("設定を {} に保存できませんでした（{reason}）。", path.display())
            }
        }
    }
}

impl Settings {
    /// The settings file in the user's config folder (`directories`), when the system has one.
    pub fn default_path() -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "jmjp-studio").map(|d| d.config_dir().join("settings.json"))
    }

    /// The roster file (the people seen as players and recorders) in the user's data folder.
    pub fn default_roster_path() -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "jmjp-studio").map(|d| d.data_dir().join("roster.json"))
    }

    /// The folder recordings go to when the settings name none.
    pub fn default_autosave_folder() -> PathBuf {
        directories::ProjectDirs::from("", "", "jmjp-studio")
            .map(|d| d.data_dir().join("recordings"))
            .unwrap_or_else(|| std::env::temp_dir().join("jmjp-studio-recordings"))
    }

    /// The autosave folder in effect.
    pub fn autosave_folder(&self) -> PathBuf {
        self.autosave_folder.clone().unwrap_or_else(Settings::default_autosave_folder)
    }

    /// Reads settings from JSON text: every field that reads is kept, every other one takes its
    /// default and is reported.
    pub fn from_json(text: &str) -> Result<(Settings, Vec<SettingsProblem>), String> {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let serde_json::Value::Object(map) = value else {
            return Err("it does not hold a JSON object".into());
        };
        let mut settings = Settings::default();
        let mut problems = Vec::new();
        macro_rules! field {
            ($name:ident) => {
                if let Some(v) = map.get(stringify!($name)) {
                    match serde_json::from_value(v.clone()) {
                        Ok(x) => settings.$name = x,
                        Err(_) => problems.push(SettingsProblem::FieldDefaulted { field: stringify!($name).into() }),
                    }
                }
            };
        }
        field!(version);
        field!(language);
        field!(point_preset);
        field!(rules);
        field!(scorer);
        field!(autosave_folder);
        field!(recent_files);
        field!(ai_players);
        settings.recent_files.truncate(RECENT_FILES);
        settings.version = Settings::default().version;
        Ok((settings, problems))
    }

    /// Loads the settings at `path`. A missing file is the defaults without a word; a damaged one
    /// is kept aside as `settings.json.damaged` and replaced by the defaults.
    pub fn load(path: &Path) -> (Settings, Vec<SettingsProblem>) {
        let text = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Settings::default(), Vec::new()),
            Err(e) => {
                return (
                    Settings::default(),
                    vec![SettingsProblem::Unreadable { path: path.to_path_buf(), reason: e.to_string() }],
                );
            }
        };
        let text = String::from_utf8_lossy(&text);
        match Settings::from_json(crate::format::strip_bom(&text)) {
            Ok(x) => x,
            Err(reason) => {
                let aside = path.with_extension("json.damaged");
                let kept = std::fs::copy(path, &aside).ok().map(|_| aside);
                (Settings::default(), vec![SettingsProblem::Damaged { path: path.to_path_buf(), kept, reason }])
            }
        }
    }

    /// Writes the settings to `path` atomically, making its folder when needed.
    pub fn save(&self, path: &Path) -> Result<(), SettingsProblem> {
        let fail = |e: std::io::Error| SettingsProblem::NotWritten { path: path.to_path_buf(), reason: e.to_string() };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(fail)?;
        }
        let text = serde_json::to_string_pretty(self)
            .map_err(|e| SettingsProblem::NotWritten { path: path.to_path_buf(), reason: e.to_string() })?;
        crate::document::io::write_atomic(path, format!("{text}\n").as_bytes()).map_err(fail)
    }

    /// Puts `path` first in the recent files.
    pub fn remember(&mut self, path: &Path) {
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        self.recent_files.retain(|p| p != &path);
        self.recent_files.insert(0, path);
        self.recent_files.truncate(RECENT_FILES);
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn settings_round_trip() {
        let mut s = Settings {
            language: LanguageChoice::Japanese,
            point_preset: Preset::Tenhou,
            rules: RulesPreset::Tenhou,
            ..Default::default()
        };
        s.scorer.last_native = "山田".into();
        s.recent_files.push(PathBuf::from("/tmp/a.jmjp"));
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(Settings::from_json(&text).unwrap(), (s, Vec::new()));
    }

    #[test]
    fn an_older_or_damaged_file_keeps_what_it_can() {
        // An older file: a field of another type, a field no longer known, one missing.
        let (s, problems) =
            Settings::from_json(r#"{"version":0,"language":"klingon","scorer":{"last_native":"佐藤"},"theme":"dark"}"#)
                .unwrap();
        assert_eq!(s.language, LanguageChoice::System);
        assert_eq!(s.scorer.last_native, "佐藤");
        assert_eq!(problems, vec![SettingsProblem::FieldDefaulted { field: "language".into() }]);
        assert!(Settings::from_json("{not json").is_err());
        assert!(Settings::from_json("[1,2]").is_err());
    }

    #[test]
    fn a_damaged_file_is_kept_aside_and_never_stops_the_start() {
        let dir = std::env::temp_dir().join(format!("jmjp-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("settings.json");
        std::fs::write(&path, "\u{feff}{\"language\": \"japanese\", ").unwrap();
        let (s, problems) = Settings::load(&path);
        assert_eq!(s, Settings::default());
        assert!(matches!(&problems[..], [SettingsProblem::Damaged { kept: Some(_), .. }]), "{problems:?}");
        assert!(problems[0].text(Lang::Ja).contains("壊れています"));
        s.save(&path).unwrap();
        assert_eq!(Settings::load(&path), (Settings::default(), Vec::new()));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn recent_files_are_unique_and_newest_first() {
        let mut s = Settings::default();
        for i in 0..12 {
            s.remember(Path::new(&format!("/nonexistent/{i}.jmjp")));
        }
        s.remember(Path::new("/nonexistent/5.jmjp"));
        assert_eq!(s.recent_files.len(), RECENT_FILES);
        assert_eq!(s.recent_files[0], PathBuf::from("/nonexistent/5.jmjp"));
        assert_eq!(s.recent_files.iter().filter(|p| p.ends_with("5.jmjp")).count(), 1);
    }
}
