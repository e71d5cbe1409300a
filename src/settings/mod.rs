//! The user's settings: one serde struct, read leniently so a damaged or older file never stops
//! the program, kept as one of the program's own JSON files ([`JsonFile`]: a damaged file set
//! aside with the reason told, written atomically).

mod links;
#[cfg(feature = "gui")]
pub mod view;

pub use links::Links;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::document::io::{JsonFile, JsonProblem};
use crate::i18n::{Lang, LanguageChoice, Text, tr};
use crate::scoring::PointPreset as Preset;
use crate::scoring::RulesPreset;

/// The log file's name, in the settings' folder.
pub const LOG_FILE: &str = "jmjp-studio.log";

/// How many recent files are remembered.
pub const RECENT_FILES: usize = 10;

/// The scorer's own name, filled into new matches as their recorder: the same four parts the
/// forms hold, saved under the same field names.
pub type ScorerName = crate::forms::NameForm;

/// How the program is started: where its settings and roster live, the system's locale, a file
/// to open, whether straight into the recorder.
#[derive(Clone, Debug, Default)]
pub struct Startup {
    /// `None` keeps the settings in memory only (tests).
    pub settings_path: Option<PathBuf>,
    pub system_locale: Option<String>,
    pub open: Option<PathBuf>,
    /// Open straight into the recorder (`jmjp-studio record [FILE]`).
    pub record: bool,
    /// The roster file (the people seen); `None` keeps the roster in memory only (tests).
    pub roster_path: Option<PathBuf>,
}

impl Startup {
    /// The options of a normal start: the user's config folder and the system's locale.
    pub fn from_system(open: Option<PathBuf>) -> Startup {
        Startup {
            settings_path: Settings::default_path(),
            system_locale: crate::i18n::system_locale(),
            open,
            record: false,
            roster_path: Settings::default_roster_path(),
        }
    }

    /// The interface's language before the window opens (to say why it cannot): the language the
    /// settings file names, else the system's. The file is only read (a damaged one is set aside
    /// by the app's own load, not here).
    pub fn language(&self) -> Lang {
        let named = self.settings_path.as_deref().and_then(|p| Settings::file(p).peek(Settings::from_json));
        named.map_or(LanguageChoice::System, |(s, _)| s.language).resolve(self.system_locale.as_deref())
    }

    /// The log file beside the settings file ([`LOG_FILE`]), where a window that cannot open says why.
    pub fn log_path(&self) -> Option<PathBuf> {
        self.settings_path.as_deref().and_then(Path::parent).map(|dir| dir.join(LOG_FILE))
    }
}

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
    /// The record served to the broadcast (off unless turned on).
    pub on_air: OnAirSettings,
    /// Another desk recording the same match, compared live (off unless turned on).
    pub double_entry: DoubleEntrySettings,
}

/// Settings > Double entry: whether another desk's served record is compared with mine while
/// recording, its name, its address and its record's token (from its Settings > On air). Its
/// `Debug` hides the token.
#[derive(Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DoubleEntrySettings {
    pub on: bool,
    /// What the scorer calls the other desk ("desk A"); empty: "the other desk".
    pub name: String,
    /// `host:port`, or the other desk's whole record address (its token then counts).
    pub address: String,
    pub token: String,
}

/// What a token is shown as where settings are written out for people (a log, a message).
fn hidden(token: &str) -> &'static str {
    if token.is_empty() { "" } else { "(hidden)" }
}

impl std::fmt::Debug for DoubleEntrySettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DoubleEntrySettings")
            .field("on", &self.on)
            .field("name", &self.name)
            .field("address", &crate::double_entry::follow::shown_address(&self.address))
            .field("token", &hidden(&self.token))
            .finish()
    }
}

impl DoubleEntrySettings {
    /// The desk to follow, or why the settings do not name one.
    pub fn desk(&self) -> Result<crate::double_entry::follow::Desk, Text> {
        let mut desk = crate::double_entry::follow::Desk::parse(&self.address, &self.token)?;
        desk.name = self.name.trim().to_string();
        Ok(desk)
    }

    /// The desk the settings want followed now: `None` when off or not a desk yet.
    pub fn wanted(&self) -> Option<crate::double_entry::follow::Desk> {
        if self.on { self.desk().ok() } else { None }
    }
}

/// Settings > On air: whether the record is served to the broadcast overlay, on which port, at
/// which address (this machine only, 127.0.0.1, unless the studio's network is named). Its
/// `Debug` hides the token.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OnAirSettings {
    pub on: bool,
    /// 0: any free port.
    pub port: u16,
    /// The address to listen on: 127.0.0.1 (this machine), an address of this machine on the
    /// studio's network, or 0.0.0.0 (every network of this machine).
    pub bind: String,
    /// The token of the record's address, kept so a desk following this one reads on after a
    /// restart (made when first served; see [`OnAirSettings::keep_token`]).
    pub token: String,
    /// The season folder whose records give the overlay's season figures (`stats=1`); empty:
    /// the match on air alone.
    pub season: String,
}

impl Default for OnAirSettings {
    fn default() -> OnAirSettings {
        OnAirSettings {
            on: false,
            port: crate::broadcast::DEFAULT_PORT,
            bind: "127.0.0.1".into(),
            token: String::new(),
            season: String::new(),
        }
    }
}

impl std::fmt::Debug for OnAirSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OnAirSettings")
            .field("on", &self.on)
            .field("port", &self.port)
            .field("bind", &self.bind)
            .field("token", &hidden(&self.token))
            .field("season", &self.season)
            .finish()
    }
}

impl OnAirSettings {
    /// Where to listen, or why the address typed is not one.
    pub fn address(&self) -> Result<std::net::SocketAddr, Text> {
        let bind = self.bind.trim();
        let ip: std::net::IpAddr = bind.parse().map_err(|_| tr!("app-on-air-bad-address", bind = bind))?;
        Ok(std::net::SocketAddr::new(ip, self.port))
    }

    /// Makes the record's token when there is none yet; true when made (the settings are then
    /// to be saved).
    pub fn keep_token(&mut self) -> bool {
        if !self.token.is_empty() {
            return false;
        }
        self.token = crate::broadcast::new_token();
        true
    }

    /// The season folder named, if any.
    pub fn season_folder(&self) -> Option<std::path::PathBuf> {
        Some(self.season.trim()).filter(|s| !s.is_empty()).map(std::path::PathBuf::from)
    }

    /// Where the settings want the server now: `None` when off. An address being typed that is
    /// not one yet keeps `running` (the server is not stopped at each keystroke).
    pub fn wanted(&self, running: Option<std::net::SocketAddr>) -> Option<std::net::SocketAddr> {
        if !self.on {
            return None;
        }
        self.address().ok().or(running)
    }
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
                    .map_err(|e| tr!("app-settings-ai-player-problem", player = seat.to_string(), problem = e))?,
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
            on_air: OnAirSettings::default(),
            double_entry: DoubleEntrySettings::default(),
        }
    }
}

/// Something about the settings file that the user should know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsProblem {
    /// The file exists but could not be read at all (it is left as it is), or it is not settings
    /// (not JSON, or not an object) and was set aside: defaults are used.
    File(JsonProblem),
    /// One setting could not be read and has its default.
    FieldDefaulted { field: String },
    /// The settings could not be written.
    NotWritten(JsonProblem),
}

impl SettingsProblem {
    /// The problem in plain words.
    pub fn text(&self) -> Text {
        match self {
            SettingsProblem::File(p) | SettingsProblem::NotWritten(p) => p.text.clone(),
            SettingsProblem::FieldDefaulted { field } => tr!("app-settings-field-defaulted", field = field),
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

    /// A new match of today, with the point rules and the scorer of these settings. It names no
    /// rules: the Settings' scoring rules judge it until the match form names some.
    pub fn new_match(&self) -> crate::format::Paifu {
        let scorer = (!self.scorer.is_empty()).then(|| self.scorer.clone().read());
        crate::document::new_match(crate::document::today(), scorer, self.point_preset.rule())
    }

    /// The autosave folder in effect.
    pub fn autosave_folder(&self) -> PathBuf {
        self.autosave_folder.clone().unwrap_or_else(Settings::default_autosave_folder)
    }

    /// Reads settings from JSON text: every field that reads is kept, every other one takes its
    /// default and is reported. Text that is not a JSON object is refused, saying where.
    pub fn from_json(text: &str) -> Result<(Settings, Vec<SettingsProblem>), serde_json::Error> {
        let map: serde_json::Map<String, serde_json::Value> = serde_json::from_str(text)?;
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
        field!(on_air);
        field!(double_entry);
        settings.recent_files.truncate(RECENT_FILES);
        settings.version = Settings::default().version;
        Ok((settings, problems))
    }

    /// The settings file at `path`, kept as the program keeps its own JSON files.
    pub fn file(path: &Path) -> JsonFile {
        JsonFile::new(path, tr!("app-settings-the-file").text(), tr!("app-settings-defaults-used").text())
    }

    /// Loads the settings at `path`. A missing file is the defaults without a word; a damaged one
    /// is set aside (`settings.json.damaged`, or the next free name) and replaced by the
    /// defaults, with the reason.
    pub fn load(path: &Path) -> (Settings, Vec<SettingsProblem>) {
        match Settings::file(path).load(Settings::from_json) {
            Ok(Some(read)) => read,
            Ok(None) => (Settings::default(), Vec::new()),
            Err(problem) => (Settings::default(), vec![SettingsProblem::File(problem)]),
        }
    }

    /// Writes the settings to `path` atomically, making its folder when needed.
    pub fn save(&self, path: &Path) -> Result<(), SettingsProblem> {
        Settings::file(path).save(self).map_err(SettingsProblem::NotWritten)
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
    fn settings_written_out_for_people_hold_no_token() {
        let mut s = Settings::default();
        s.on_air.token = "0f0f0f0fmine00000000000000000000".into();
        s.double_entry.token = "a1a1a1a1theirs000000000000000000".into();
        s.double_entry.address = "http://192.168.1.20:8765/api/record.jmjp?token=b2b2b2b2pasted00000".into();
        let shown = format!("{s:?} {s:#?}");
        for secret in ["0f0f0f0fmine", "a1a1a1a1theirs", "b2b2b2b2pasted"] {
            assert!(!shown.contains(secret), "{secret} shown: {shown}");
        }
        assert!(shown.contains("(hidden)") && shown.contains("192.168.1.20:8765"), "{shown}");
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
    fn the_scoring_rules_of_an_older_file_load_and_the_new_presets_are_kept() {
        // Files written before the league presets hold one of the three first; each loads.
        for (word, preset) in [
            ("MLeague", RulesPreset::MLeague),
            ("Tenhou", RulesPreset::Tenhou),
            ("MahjongSoul", RulesPreset::MahjongSoul),
        ] {
            let (s, problems) = Settings::from_json(&format!(r#"{{"version":1,"rules":"{word}"}}"#)).unwrap();
            assert_eq!((s.rules, problems.len()), (preset, 0), "{word}");
        }
        for p in RulesPreset::ALL {
            let s = Settings { rules: p, ..Default::default() };
            let text = serde_json::to_string(&s).unwrap();
            assert_eq!(Settings::from_json(&text).unwrap().0.rules, p);
        }
        // A preset a newer version knows: the default, said as a problem.
        let (s, problems) = Settings::from_json(r#"{"version":1,"rules":"Saikouisen"}"#).unwrap();
        assert_eq!((s.rules, problems.len()), (RulesPreset::MLeague, 1));
    }

    #[test]
    fn a_damaged_file_is_kept_aside_and_never_stops_the_start() {
        let dir = std::env::temp_dir().join(format!("jmjp-settings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("settings.json");
        std::fs::write(&path, "\u{feff}{\"language\": \"japanese\", ").unwrap();
        let (s, problems) = Settings::load(&path);
        assert_eq!(s, Settings::default());
        let kept = Some(dir.join("settings.json.damaged"));
        let damaged = crate::document::io::JsonTrouble::Damaged { line: 1, column: 25, kept };
        assert!(matches!(&problems[..], [SettingsProblem::File(p)] if p.trouble == damaged), "{problems:?}");
        assert!(problems[0].text().get(Lang::Ja).contains("壊れています"));
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

    #[test]
    fn before_the_window_the_language_is_the_settings_then_the_system_s_and_the_log_is_beside_them() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        let start = |locale: &str| Startup {
            settings_path: Some(path.clone()),
            system_locale: Some(locale.into()),
            ..Startup::default()
        };
        assert_eq!(start("ja-JP").language(), Lang::Ja, "no file: the system's");
        assert_eq!(start("en-US").language(), Lang::En);
        std::fs::write(&path, "\u{feff}{\"language\": \"japanese\"}").unwrap();
        assert_eq!(start("en-US").language(), Lang::Ja, "the file's choice");
        std::fs::write(&path, "{\"language\": \"japanese\", ").unwrap();
        assert_eq!(start("en-US").language(), Lang::En, "a damaged file: the system's");
        assert!(path.exists(), "the damaged file is left where it is");
        assert_eq!(start("en-US").log_path(), Some(dir.path().join("jmjp-studio.log")));
        assert_eq!(Startup::default().log_path(), None);
    }
}
