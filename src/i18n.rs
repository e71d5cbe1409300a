//! The two languages of the interface: every label and message has an English and a Japanese text.
//!
//! Texts are keys of one enum ([`T`]) so a missing translation is a compile error, not a blank on
//! screen. Messages with values in them are functions of their own in the modules that make them,
//! taking a [`Lang`].

use std::fmt;

use serde::{Deserialize, Serialize};

/// A language the interface is shown in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    Ja,
}

impl Lang {
    /// Picks one of two texts.
    pub fn pick<'a>(self, en: &'a str, ja: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Ja => ja,
        }
    }
}

/// A message made by the library (a diagnostic, a parse error) in both languages. The English
/// text is what the command line prints ([`fmt::Display`]) and what `&*text` reads; the
/// interface shows [`Text::get`] in its language.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Text {
    pub en: String,
    pub ja: String,
}

impl Text {
    pub fn new(en: impl Into<String>, ja: impl Into<String>) -> Text {
        Text { en: en.into(), ja: ja.into() }
    }

    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        lang.pick(&self.en, &self.ja)
    }

    /// Both texts with a prefix of their own language in front (`"E1-0, act 3: "`, `"E1-0 3手目："`).
    pub fn prefixed(self, en: &str, ja: &str) -> Text {
        Text { en: format!("{en}{}", self.en), ja: format!("{ja}{}", self.ja) }
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.en)
    }
}

impl std::ops::Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        &self.en
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.en == *other
    }
}

/// The language setting: follow the system, or one language always.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LanguageChoice {
    #[default]
    System,
    English,
    Japanese,
}

impl LanguageChoice {
    pub const ALL: [LanguageChoice; 3] = [LanguageChoice::System, LanguageChoice::English, LanguageChoice::Japanese];

    /// The language this choice shows, given the system's locale (such as `ja-JP` or `en_US.UTF-8`).
    pub fn resolve(self, system_locale: Option<&str>) -> Lang {
        match self {
            LanguageChoice::English => Lang::En,
            LanguageChoice::Japanese => Lang::Ja,
            LanguageChoice::System => match system_locale {
                Some(l) if l.to_ascii_lowercase().starts_with("ja") => Lang::Ja,
                _ => Lang::En,
            },
        }
    }

    /// How the choice is named in the settings.
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            LanguageChoice::System => T::LanguageSystem.tr(lang),
            // Each language is named in itself, so a user who cannot read the current one finds theirs.
            LanguageChoice::English => "English",
            LanguageChoice::Japanese => "日本語",
        }
    }
}

/// The system's locale, as the operating system reports it.
pub fn system_locale() -> Option<String> {
    sys_locale::get_locale()
}

macro_rules! texts {
    ($($key:ident => $en:literal, $ja:literal;)+) => {
        /// A text of the interface, in both languages.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum T { $($key,)+ }

        impl T {
            /// Every text (for the tests that check each renders).
            pub const ALL: &'static [T] = &[$(T::$key,)+];

            /// The text in `lang`.
            pub fn tr(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $((T::$key, Lang::En) => $en, (T::$key, Lang::Ja) => $ja,)+
                }
            }
        }
    };
}

texts! {
    AppTitle => "jmjp studio", "jmjp スタジオ";
    // Menus
    MenuFile => "File", "ファイル";
    MenuEdit => "Edit", "編集";
    MenuMatch => "Match", "対局";
    MenuGo => "Go", "移動";
    // Commands
    CmdNewMatch => "New match", "新規対局";
    CmdNewMatchTip => "Start a new match file with the default point rules and your name as recorder", "既定の点数ルールと記録者名で新しい対局ファイルを作ります";
    CmdOpen => "Open…", "開く…";
    CmdOpenTip => "Open a .jmjp file", ".jmjp ファイルを開きます";
    CmdSave => "Save", "保存";
    CmdSaveTip => "Write the file (atomically, in canonical form)", "ファイルを書き込みます（安全な置き換え、正規の書式）";
    CmdSaveAs => "Save as…", "名前を付けて保存…";
    CmdSaveAsTip => "Write the match to a new file", "対局を新しいファイルに書き込みます";
    CmdClose => "Close", "閉じる";
    CmdCloseTip => "Close the file and return to the start screen", "ファイルを閉じてスタート画面に戻ります";
    CmdUndo => "Undo", "元に戻す";
    CmdUndoTip => "Undo the last change", "直前の変更を取り消します";
    CmdRedo => "Redo", "やり直し";
    CmdRedoTip => "Redo the change undone last", "取り消した変更をやり直します";
    CmdSettings => "Settings", "設定";
    CmdSettingsTip => "Language, point rules, your name, folders", "言語、点数ルール、記録者名、フォルダ";
    CmdQuit => "Quit", "終了";
    CmdQuitTip => "Close the program", "プログラムを終了します";
    CmdTournament => "Tournament", "大会";
    CmdTournamentTip => "Tournament name, year, stage and match numbers (tnm)", "大会名・年・ステージ・試合番号（tnm）";
    CmdTimePlace => "Date and place", "日時と場所";
    CmdTimePlaceTip => "Date, day of the week, start time and place (mtp)", "日付・曜日・開始時刻・場所（mtp）";
    CmdRecorders => "Recorders", "記録者";
    CmdRecordersTip => "Who recorded which frames (rec)", "記録者と記録した局（rec）";
    CmdPlayers => "Players", "選手";
    CmdPlayersTip => "The four players: names, teams, affiliations, previous points (ply)", "四人の選手：名前・チーム・所属・前回までのポイント（ply）";
    CmdPointRules => "Point rules", "点数ルール";
    CmdPointRulesTip => "Start and return points, uma, honba (ptr)", "配給原点・返し・ウマ・本場（ptr）";
    CmdResults => "Results", "結果";
    CmdResultsTip => "Final points after oka and uma, new tournament points (pme, ptn)", "オカ・ウマ込みの最終ポイントと新しい通算ポイント（pme, ptn）";
    CmdRecord => "Record", "記録";
    CmdRecordTip => "Record the match act by act (every entry is journaled and autosaved)", "対局を一打ずつ記録する（入力はすべてジャーナルに残り自動保存される）";
    CmdEditor => "Editor", "編集画面";
    CmdEditorTip => "See the problems, step through the frames and correct them", "問題を見て、局を一手ずつ再生し、訂正します";
    CmdPrevAct => "Previous act", "前の行為";
    CmdPrevActTip => "Step the replay back one act", "再生を一手戻します";
    CmdNextAct => "Next act", "次の行為";
    CmdNextActTip => "Step the replay on one act", "再生を一手進めます";
    CmdFirstAct => "Start of frame", "局の始め";
    CmdFirstActTip => "The table as dealt, before the first act", "最初の行為の前、配牌の状態";
    CmdLastAct => "End of frame", "局の終わり";
    CmdLastActTip => "The table after the last act", "最後の行為の後の状態";
    CmdPrevFrame => "Previous frame", "前の局";
    CmdPrevFrameTip => "Show the frame before this one", "一つ前の局を表示します";
    CmdNextFrame => "Next frame", "次の局";
    CmdNextFrameTip => "Show the frame after this one", "一つ後の局を表示します";
    CmdInsertAct => "Insert act", "行為を挿入";
    CmdInsertActTip => "Put the act typed in the act field in after the current act", "行為欄の行為を現在の行為の後に挿入します";
    CmdDeleteAct => "Delete act", "行為を削除";
    CmdDeleteActTip => "Take the current act out of the frame", "現在の行為を局から削除します";
    CmdSaveMatchAs => "Save match as its own file…", "この対局を別ファイルに保存…";
    CmdSaveMatchAsTip => "Split: write the match shown to a file holding only it (this file is not changed)", "分割：表示中の対局だけを新しいファイルに書き込みます（このファイルは変わりません）";
    CmdMergeFile => "Add matches from a file…", "ファイルから対局を追加…";
    CmdMergeFileTip => "Merge: the matches of another .jmjp file are added after this file's matches (one undo step)", "結合：別の .jmjp ファイルの対局をこのファイルの後ろに加えます（元に戻すは一回）";
    CmdCompare => "Compare with another recording…", "別の記録と比較…";
    CmdCompareTip => "Double entry: compare this file with another recording of the same match, choose for each difference and save the reconciled record", "ダブル記録：同じ対局の別の記録とこのファイルを比べ、違いごとにどちらかを選んで照合した記録を保存します";
    CmdPrevDifference => "Previous difference", "前の違い";
    CmdPrevDifferenceTip => "Show the difference above in the list, both tables at its act", "一覧の一つ上の違いを、その行為での両方の卓とともに表示します";
    CmdNextDifference => "Next difference", "次の違い";
    CmdNextDifferenceTip => "Show the difference below in the list, both tables at its act", "一覧の一つ下の違いを、その行為での両方の卓とともに表示します";
    CmdKeepMine => "Keep mine", "自分の記録を使う";
    CmdKeepMineTip => "For the difference shown, keep what this file (A, on the left) records", "表示中の違いについて、このファイル（左の A）の記録を使います";
    CmdTakeTheirs => "Take theirs", "相手の記録を使う";
    CmdTakeTheirsTip => "For the difference shown, take what the other recording (B, on the right) records", "表示中の違いについて、もう一方の記録（右の B）を使います";
    CmdSaveReconciled => "Save reconciled", "照合結果を保存";
    CmdSaveReconciledTip => "Make the chosen version this file's record (one undo step), list both recorders, and save", "選んだ内容をこのファイルの記録にし（元に戻すは一回）、両方の記録者を載せて保存します";
    CmdOpenText => "Read the text again", "テキストを読み直す";
    CmdOpenTextTip => "Read the corrected text as a paifu and open it in the editor", "訂正したテキストを牌譜として読み、編集画面で開きます";
    CmdNewLikeLast => "New match like the last one…", "前回と同じ設定で新規対局…";
    CmdNewLikeLastTip => "A new match with the tournament, stage, place, recorders and point rules of the open or most recent match, the next match number and today's date", "開いている対局（なければ最近の対局）と同じ大会・ステージ・会場・記録者・点数ルールで、次の試合番号と今日の日付の新しい対局を作ります";
    CmdImportRoster => "Import roster from folder…", "フォルダから名簿を取り込む…";
    CmdImportRosterTip => "Remember the players and recorders of every .jmjp file in a folder", "フォルダ内のすべての .jmjp ファイルの選手と記録者を名簿に加えます";
    CmdStandings => "Standings…", "成績表…";
    CmdStandingsTip => "Each player's and team's tournament points after each match of a folder of .jmjp files", "フォルダ内の .jmjp ファイルから、選手とチームの試合ごとの大会ポイントを一覧にします";
    SaveCsv => "Save as CSV…", "CSV で保存…";
    StandingsHow => "final points per match, summed (a dash: did not play; ?: the file has no final points)", "試合ごとの最終ポイントの合計（—：不出場、?：最終ポイントの記録なし）";
    StandingsPlayers => "Players", "選手";
    StandingsTeams => "Teams", "チーム";
    StandingsLeftOut => "Files left out", "対象外のファイル";
    StandingsRank => "Rank", "順位";
    StandingsPlayer => "Player", "選手";
    StandingsPlayed => "Matches", "試合数";
    StandingsTotal => "Total", "合計";
    RosterHeading => "Roster", "名簿";
    RosterHow => "The people seen as players and recorders, offered when a name is typed in the forms. Correct a name here, forget someone, or merge two entries of one person (Merge… on the one to drop, then Keep this on the other).", "選手・記録者として見た人の一覧で、フォームで名前を入力すると候補に出ます。名前の修正、削除、同じ人の二つの項目の統合（消す方で「統合…」、残す方で「こちらを残す」）ができます。";
    RosterFind => "Find", "検索";
    RosterPeople => "people", "人";
    RosterSeenAs => "Seen as", "登場";
    RosterPlayer => "player", "選手";
    RosterRecorder => "recorder", "記録者";
    RosterMatches => "matches with points", "試合（ポイントあり）";
    RosterMerge => "Merge…", "統合…";
    RosterForget => "Forget", "削除";
    RosterKeepThis => "Keep this", "こちらを残す";
    RosterMerging => "Merging", "統合中";
    AiPlayers => "AI players", "AIプレーヤー";
    AiPlayersOn => "Ask AI players while recording", "記録中にAIプレーヤーに聞く";
    AiPlayersHow => "Per seat at E1-0: a bot's command (started with the player id 0-3 appended, the mjai.app convention) or tcp:HOST:PORT. Its choice at each decision shows beside the act; takes effect when a recording starts.", "東1局の席ごとに、ボットのコマンド（プレーヤー番号 0-3 を末尾に付けて起動、mjai.app の方式）または tcp:ホスト:ポート。各判断でのAIの選択が行為の横に出ます。記録の開始時に有効になります。";
    LikeLastTitle => "New match like the last one", "前回と同じ設定で新規対局";
    LikeLastEmpty => "Empty seats", "選手は空席で";
    LikeLastSame => "The same four players", "同じ4人で";
    NoLastMatch => "No earlier match was found (open one, or save one first): a new match was started", "以前の対局が見つからないため、新規対局を作りました（対局を開くか保存してから使えます）";
    CmdImport => "Import log…", "ログを取り込む…";
    CmdImportTip => "Read an mjai (.jsonl) or tenhou.net/6 (.json) log into a new paifu", "mjai（.jsonl）または tenhou.net/6（.json）のログを新しい牌譜として読み込みます";
    CmdExport => "Export match…", "対局を書き出す…";
    CmdExportTip => "Write the match shown as a tenhou.net/6 log (.json) or an mjai log (.jsonl), for AI reviewers and viewers", "表示中の対局を tenhou.net/6（.json）または mjai（.jsonl）のログとして書き出します（AI 検討・牌譜ビューア用）";
    CmdCopyViewerUrl => "Copy tenhou.net/6 viewer address", "tenhou.net/6 ビューアのアドレスをコピー";
    CmdCopyViewerUrlTip => "Copy the address that shows the match shown in the tenhou.net/6 viewer", "表示中の対局を tenhou.net/6 ビューアで開くアドレスをコピーします";
    RecoverTitle => "Recover the recording?", "記録を復元しますか？";
    RecoverKeep => "Recover from the journal", "ジャーナルから復元";
    RecoverDiscard => "Open the file as it is", "ファイルのまま開く";
    // Start screen
    StartHeading => "Record, check and correct paifu", "牌譜の記録・検査・修正";
    StartRecent => "Recent files", "最近使ったファイル";
    StartNoRecent => "No recent files yet.", "最近使ったファイルはまだありません。";
    StartRecover => "Recordings in the autosave folder", "自動保存フォルダの記録";
    StartNoRecover => "Nothing to recover: the autosave folder holds no recordings.", "復元するものはありません：自動保存フォルダに記録はありません。";
    StartRecoverOpen => "Recover", "復元";
    StartMissing => "(missing)", "（見つかりません）";
    // Files
    PathLabel => "File path", "ファイルのパス";
    Browse => "Browse…", "参照…";
    Cancel => "Cancel", "キャンセル";
    OpenButton => "Open", "開く";
    SaveButton => "Save", "保存";
    Discard => "Discard changes", "変更を破棄";
    UnsavedTitle => "Unsaved changes", "未保存の変更";
    UnsavedBody => "The match has changes that are not saved. Save them first?", "保存されていない変更があります。先に保存しますか？";
    Saved => "saved", "保存済み";
    NotSaved => "unsaved changes", "未保存の変更あり";
    NeverSaved => "not saved to a file yet", "まだファイルに保存されていません";
    MatchLabel => "Match", "対局";
    Dismiss => "Dismiss", "閉じる";
    Overwrite => "Overwrite", "上書きする";
    ChangedOnDisk => "The file changed on disk since it was opened. Overwrite it?", "開いた後にファイルがディスク上で変更されました。上書きしますか？";
    // Shared field words
    None_ => "(none)", "（なし）";
    Custom => "Custom…", "その他（入力）…";
    NativeScript => "native script", "表記";
    Romanized => "romanized", "ローマ字";
    LastName => "Last name", "姓";
    FirstName => "First name", "名";
    // Tournament form
    TourName => "Tournament", "大会名";
    TourYear => "Year", "年度";
    TourStage => "Stage", "ステージ";
    TourInStage => "Match no. in stage", "ステージ内の試合番号";
    TourInDay => "Match no. in day", "当日の試合番号";
    // Date and place form
    MatchDate => "Date", "日付";
    MatchWeekday => "Day of the week", "曜日";
    MatchTime => "Start time", "開始時刻";
    MatchPlace => "Place", "場所";
    DateHint => "YYYY-MM-DD", "YYYY-MM-DD";
    TimeHint => "HH:MM", "HH:MM";
    // Recorders form
    AddRecorder => "Add recorder", "記録者を追加";
    RemoveRecorder => "Remove", "削除";
    FramesAll => "All frames", "全局";
    FramesList => "Frames recorded", "記録した局";
    FramesHint => "E1-0 E2-0 …", "E1-0 E2-0 …";
    NoRecorders => "No recorders yet.", "記録者はまだいません。";
    PrevCarried => "carried from the roster", "名簿から引き継ぎ";
    RosterOffer => "From the roster: Up/Down to choose, Enter fills the row, Esc closes", "名簿から：上下キーで選び、Enterで行を埋め、Escで閉じます";
    RecorderN => "Recorder", "記録者";
    // Players form
    SeatAtE1 => "Seat at E1-0", "起家からの席（東1局0本場）";
    Team => "Team", "チーム";
    Affiliation => "Affiliation", "所属";
    LeftOut => "(no data)", "（データなし）";
    PrevPersonal => "Previous points (personal)", "前回までのポイント（個人）";
    PrevTeam => "Previous points (team)", "前回までのポイント（チーム）";
    // Point rules form
    WriteRules => "Write point rules (ptr)", "点数ルールを書く（ptr）";
    Preset => "Preset", "プリセット";
    PresetCustom => "Custom", "カスタム";
    RuleStart => "Start points", "配給原点";
    RuleReturn => "Return points", "返し（原点）";
    RuleUma41 => "Uma: 4th pays 1st", "ウマ（4着から1着へ）";
    RuleUma32 => "Uma: 3rd pays 2nd", "ウマ（3着から2着へ）";
    RuleHonba => "Honba value", "本場の点";
    // Results form
    ResultsComputed => "Computed from the last frame and the point rules", "最終局と点数ルールからの計算";
    ResultsNoFrames => "No frame has end points (pfe) yet, so nothing can be computed; the values can be typed.", "終了点（pfe）のある局がまだないため計算できません。値は入力できます。";
    ResultsNoRule => "The match has no point rules (ptr); the computation uses the default preset.", "点数ルール（ptr）がないため既定のプリセットで計算します。";
    UseComputed => "Use computed results", "計算結果を使う";
    FinalPoints => "Final points", "最終ポイント";
    NewTourPersonal => "New points (personal)", "新しいポイント（個人）";
    NewTourTeam => "New points (team)", "新しいポイント（チーム）";
    Rank => "Rank", "順位";
    PlayerCol => "Player", "選手";
    Working => "Working", "計算";
    EndOfLastFrame => "end", "終了点";
    Sticks => "sticks", "供託";
    Uma => "uma", "ウマ";
    Oka => "oka", "オカ";
    LeftOnTable => "Riichi sticks left on the table", "卓に残った供託";
    // Settings
    SettingsHeading => "Settings", "設定";
    Language => "Language", "言語";
    LanguageSystem => "Follow the system", "システムに従う";
    DefaultPreset => "Default point rules", "既定の点数ルール";
    ScoringRules => "Scoring rules", "点数計算のルール";
    ScorerName => "Your name (recorder)", "あなたの名前（記録者）";
    AutosaveFolder => "Autosave folder", "自動保存フォルダ";
    ClearRecent => "Clear recent files", "最近使ったファイルを消去";
    SettingsFile => "Settings file", "設定ファイル";
    Back => "Back", "戻る";
    // Messages
    FileSaved => "Saved", "保存しました";
    FileOpened => "Opened", "開きました";
    NothingToUndo => "Nothing to undo", "元に戻す操作はありません";
    NothingToRedo => "Nothing to redo", "やり直す操作はありません";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_locale_picks_japanese_only_for_ja() {
        assert_eq!(LanguageChoice::System.resolve(Some("ja-JP")), Lang::Ja);
        assert_eq!(LanguageChoice::System.resolve(Some("ja_JP.UTF-8")), Lang::Ja);
        assert_eq!(LanguageChoice::System.resolve(Some("en-US")), Lang::En);
        assert_eq!(LanguageChoice::System.resolve(None), Lang::En);
        assert_eq!(LanguageChoice::Japanese.resolve(Some("en-US")), Lang::Ja);
    }

    #[test]
    fn every_text_has_both_languages() {
        for t in T::ALL {
            assert!(!t.tr(Lang::En).is_empty(), "{t:?}");
            assert!(!t.tr(Lang::Ja).is_empty(), "{t:?}");
        }
    }
}
