#!/usr/bin/env python3
"""Moves the interface's texts from the old `T` enum (`texts!` table of `src/i18n.rs`) to the Fluent
message files and rewrites the code that names them. Idempotent: run it again after merging a
branch that still says `T::Name`.

    python3 tools/i18n-migrate.py                   # rewrite src/, tests/, benches/
    python3 tools/i18n-migrate.py --table OLD.rs    # first add the table's texts missing from the
                                                    # .ftl files (an old src/i18n.rs, e.g. from
                                                    # `git show BRANCH:src/i18n.rs > OLD.rs`)
    python3 tools/i18n-migrate.py --check           # list what it would change, change nothing

What it rewrites, in every file that imports `T` from the i18n module (nowhere else: `T` is a
generic parameter in other files):
    T::Name.tr(lang)      -> tr!("room-name").get(lang)
    T::Name               -> tr!("room-name")          (a value: a tuple, an array, a const)
    x.tr(lang)            -> x.get(lang)               (x a `T` held in a variable)
    T (the type)          -> Msg
    T::ALL                -> crate::i18n::messages()
and the `use ...i18n::{...}` line (T out; Msg and tr in where used).

A `T::Name` it has no id for is reported and left alone (exit status 1); give it an entry in IDS
below and its texts with --table.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The id of each old key: the room (folder) that asks for it, then the key in kebab-case; the
# command table and its menus are `ui-command-` and `ui-menu-`; words several rooms share `ui-`.
IDS = {
    "AppTitle": "app-title",
    "MenuFile": "ui-menu-file",
    "MenuEdit": "ui-menu-edit",
    "MenuMatch": "ui-menu-match",
    "MenuGo": "ui-menu-go",
    "CmdNewMatch": "ui-command-new-match",
    "CmdNewMatchTip": "ui-command-new-match-tip",
    "CmdOpen": "ui-command-open",
    "CmdOpenTip": "ui-command-open-tip",
    "CmdSave": "ui-command-save",
    "CmdSaveTip": "ui-command-save-tip",
    "CmdSaveAs": "ui-command-save-as",
    "CmdSaveAsTip": "ui-command-save-as-tip",
    "CmdClose": "ui-command-close",
    "CmdCloseTip": "ui-command-close-tip",
    "CmdUndo": "ui-command-undo",
    "CmdUndoTip": "ui-command-undo-tip",
    "CmdRedo": "ui-command-redo",
    "CmdRedoTip": "ui-command-redo-tip",
    "CmdSettings": "ui-command-settings",
    "CmdSettingsTip": "ui-command-settings-tip",
    "CmdQuit": "ui-command-quit",
    "CmdQuitTip": "ui-command-quit-tip",
    "CmdTournament": "ui-command-tournament",
    "CmdTournamentTip": "ui-command-tournament-tip",
    "CmdTimePlace": "ui-command-time-place",
    "CmdTimePlaceTip": "ui-command-time-place-tip",
    "CmdRecorders": "ui-command-recorders",
    "CmdRecordersTip": "ui-command-recorders-tip",
    "CmdPlayers": "ui-command-players",
    "CmdPlayersTip": "ui-command-players-tip",
    "CmdPointRules": "ui-command-point-rules",
    "CmdPointRulesTip": "ui-command-point-rules-tip",
    "CmdResults": "ui-command-results",
    "CmdResultsTip": "ui-command-results-tip",
    "CmdRecord": "ui-command-record",
    "CmdRecordTip": "ui-command-record-tip",
    "CmdEditor": "ui-command-editor",
    "CmdEditorTip": "ui-command-editor-tip",
    "CmdPrevAct": "ui-command-prev-act",
    "CmdPrevActTip": "ui-command-prev-act-tip",
    "CmdNextAct": "ui-command-next-act",
    "CmdNextActTip": "ui-command-next-act-tip",
    "CmdFirstAct": "ui-command-first-act",
    "CmdFirstActTip": "ui-command-first-act-tip",
    "CmdLastAct": "ui-command-last-act",
    "CmdLastActTip": "ui-command-last-act-tip",
    "CmdPrevFrame": "ui-command-prev-frame",
    "CmdPrevFrameTip": "ui-command-prev-frame-tip",
    "CmdNextFrame": "ui-command-next-frame",
    "CmdNextFrameTip": "ui-command-next-frame-tip",
    "CmdInsertAct": "ui-command-insert-act",
    "CmdInsertActTip": "ui-command-insert-act-tip",
    "CmdDeleteAct": "ui-command-delete-act",
    "CmdDeleteActTip": "ui-command-delete-act-tip",
    "CmdSaveMatchAs": "ui-command-save-match-as",
    "CmdSaveMatchAsTip": "ui-command-save-match-as-tip",
    "CmdMergeFile": "ui-command-merge-file",
    "CmdMergeFileTip": "ui-command-merge-file-tip",
    "CmdCompare": "ui-command-compare",
    "CmdCompareTip": "ui-command-compare-tip",
    "CmdPrevDifference": "ui-command-prev-difference",
    "CmdPrevDifferenceTip": "ui-command-prev-difference-tip",
    "CmdNextDifference": "ui-command-next-difference",
    "CmdNextDifferenceTip": "ui-command-next-difference-tip",
    "CmdKeepMine": "ui-command-keep-mine",
    "CmdKeepMineTip": "ui-command-keep-mine-tip",
    "CmdTakeTheirs": "ui-command-take-theirs",
    "CmdTakeTheirsTip": "ui-command-take-theirs-tip",
    "CmdSaveReconciled": "ui-command-save-reconciled",
    "CmdSaveReconciledTip": "ui-command-save-reconciled-tip",
    "CmdOpenText": "ui-command-open-text",
    "CmdOpenTextTip": "ui-command-open-text-tip",
    "CmdNewLikeLast": "ui-command-new-like-last",
    "CmdNewLikeLastTip": "ui-command-new-like-last-tip",
    "CmdImportRoster": "ui-command-import-roster",
    "CmdImportRosterTip": "ui-command-import-roster-tip",
    "CmdStandings": "ui-command-standings",
    "CmdStandingsTip": "ui-command-standings-tip",
    "CmdImport": "ui-command-import",
    "CmdImportTip": "ui-command-import-tip",
    "CmdExport": "ui-command-export",
    "CmdExportTip": "ui-command-export-tip",
    "CmdCopyViewerUrl": "ui-command-copy-viewer-url",
    "CmdCopyViewerUrlTip": "ui-command-copy-viewer-url-tip",
    "SaveCsv": "season-save-csv",
    "StandingsHow": "season-standings-how",
    "StandingsPlayers": "season-standings-players",
    "StandingsTeams": "season-standings-teams",
    "StandingsLeftOut": "season-standings-left-out",
    "StandingsRank": "season-standings-rank",
    "StandingsPlayer": "season-standings-player",
    "StandingsPlayed": "season-standings-played",
    "StandingsTotal": "season-standings-total",
    "RosterHeading": "forms-roster-heading",
    "RosterHow": "forms-roster-how",
    "RosterFind": "forms-roster-find",
    "RosterPeople": "forms-roster-people",
    "RosterSeenAs": "forms-roster-seen-as",
    "RosterPlayer": "forms-roster-player",
    "RosterRecorder": "forms-roster-recorder",
    "RosterMatches": "forms-roster-matches",
    "RosterMerge": "forms-roster-merge",
    "RosterForget": "forms-roster-forget",
    "RosterKeepThis": "forms-roster-keep-this",
    "RosterMerging": "forms-roster-merging",
    "AiPlayers": "app-ai-players",
    "AiPlayersOn": "app-ai-players-on",
    "AiPlayersHow": "app-ai-players-how",
    "LikeLastTitle": "app-like-last-title",
    "LikeLastEmpty": "app-like-last-empty",
    "LikeLastSame": "app-like-last-same",
    "NoLastMatch": "app-no-last-match",
    "RecoverTitle": "app-recover-title",
    "RecoverKeep": "app-recover-keep",
    "RecoverDiscard": "app-recover-discard",
    "StartHeading": "app-start-heading",
    "StartRecent": "app-start-recent",
    "StartNoRecent": "app-start-no-recent",
    "StartRecover": "app-start-recover",
    "StartNoRecover": "app-start-no-recover",
    "StartRecoverOpen": "app-start-recover-open",
    "StartMissing": "app-start-missing",
    "PathLabel": "app-path-label",
    "Browse": "app-browse",
    "Cancel": "ui-cancel",
    "OpenButton": "app-open-button",
    "SaveButton": "app-save-button",
    "Discard": "app-discard",
    "UnsavedTitle": "app-unsaved-title",
    "UnsavedBody": "app-unsaved-body",
    "Saved": "app-saved",
    "NotSaved": "app-not-saved",
    "NeverSaved": "app-never-saved",
    "MatchLabel": "forms-match-label",
    "Overwrite": "app-overwrite",
    "ChangedOnDisk": "app-changed-on-disk",
    "None_": "forms-none",
    "Custom": "forms-custom",
    "NativeScript": "forms-native-script",
    "Romanized": "forms-romanized",
    "LastName": "forms-last-name",
    "FirstName": "forms-first-name",
    "TourName": "forms-tour-name",
    "TourYear": "forms-tour-year",
    "TourStage": "forms-tour-stage",
    "TourInStage": "forms-tour-in-stage",
    "TourInDay": "forms-tour-in-day",
    "MatchDate": "forms-match-date",
    "MatchWeekday": "forms-match-weekday",
    "MatchTime": "forms-match-time",
    "MatchPlace": "forms-match-place",
    "DateHint": "forms-date-hint",
    "TimeHint": "forms-time-hint",
    "AddRecorder": "forms-add-recorder",
    "RemoveRecorder": "forms-remove-recorder",
    "FramesAll": "forms-frames-all",
    "FramesList": "forms-frames-list",
    "FramesHint": "forms-frames-hint",
    "NoRecorders": "forms-no-recorders",
    "PrevCarried": "forms-prev-carried",
    "RosterOffer": "forms-roster-offer",
    "RecorderN": "forms-recorder-n",
    "SeatAtE1": "forms-seat-at-e1",
    "Team": "ui-team",
    "Affiliation": "forms-affiliation",
    "LeftOut": "forms-left-out",
    "PrevPersonal": "forms-prev-personal",
    "PrevTeam": "forms-prev-team",
    "WriteRules": "forms-write-rules",
    "Preset": "forms-preset",
    "PresetCustom": "forms-preset-custom",
    "RuleStart": "forms-rule-start",
    "RuleReturn": "forms-rule-return",
    "RuleUma41": "forms-rule-uma41",
    "RuleUma32": "forms-rule-uma32",
    "RuleHonba": "forms-rule-honba",
    "ResultsComputed": "forms-results-computed",
    "ResultsNoFrames": "forms-results-no-frames",
    "ResultsNoRule": "forms-results-no-rule",
    "UseComputed": "forms-use-computed",
    "FinalPoints": "forms-final-points",
    "NewTourPersonal": "forms-new-tour-personal",
    "NewTourTeam": "forms-new-tour-team",
    "Rank": "forms-rank",
    "PlayerCol": "forms-player-col",
    "Working": "forms-working",
    "EndOfLastFrame": "forms-end-of-last-frame",
    "Sticks": "forms-sticks",
    "Uma": "forms-uma",
    "Oka": "forms-oka",
    "LeftOnTable": "forms-left-on-table",
    "SettingsHeading": "app-settings-heading",
    "Language": "app-language",
    "LanguageSystem": "app-language-system",
    "DefaultPreset": "app-default-preset",
    "ScoringRules": "app-scoring-rules",
    "ScorerName": "ui-scorer-name",
    "AutosaveFolder": "app-autosave-folder",
    "ClearRecent": "app-clear-recent",
    "SettingsFile": "app-settings-file",
    "Back": "ui-back",
    "FileSaved": "app-file-saved",
    "NothingToUndo": "app-nothing-to-undo",
    "NothingToRedo": "app-nothing-to-redo",
    # Asked for by no code when the table moved (Dismiss, FileOpened): not carried over.
}

FTL = {"en": os.path.join(ROOT, "src/i18n/en.ftl"), "ja": os.path.join(ROOT, "src/i18n/ja.ftl")}


def rust_string(body):
    """The value of the inside of a Rust string literal."""
    out, i = [], 0
    while i < len(body):
        c = body[i]
        if c == "\\":
            n = body[i + 1]
            if n == "u":
                end = body.index("}", i)
                out.append(chr(int(body[i + 3 : end], 16)))
                i = end + 1
                continue
            out.append({"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'", "0": "\0"}[n])
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def ftl_pattern(text):
    """A Fluent pattern (after `id = `) that formats to exactly `text`: braces and edge spaces quoted."""
    if "\n" in text:
        raise ValueError(f"a text on several lines needs writing by hand: {text!r}")
    body = text.replace("{", '{"{"}').replace("}", '{"}"}') if ("{" in text or "}" in text) else text
    if body.startswith(" "):
        body = '{" "}' + body[1:]
    if body.endswith(" "):
        body = body[:-1] + '{" "}'
    return body


def ftl_ids(path):
    if not os.path.exists(path):
        return set()
    return set(re.findall(r"^([a-zA-Z][a-zA-Z0-9_-]*) *=", open(path, encoding="utf-8").read(), re.M))


def add_table(table_path, check):
    """Appends to the .ftl files the table's texts they do not have yet."""
    text = open(table_path, encoding="utf-8").read()
    start = text.find("texts! {")
    if start < 0:
        sys.exit(f"{table_path}: no texts! table")
    section = None
    entries = {"en": [], "ja": []}
    have = {lang: ftl_ids(p) for lang, p in FTL.items()}
    row = re.compile(r'^\s*(\w+)\s*=>\s*"((?:[^"\\]|\\.)*)"\s*,\s*"((?:[^"\\]|\\.)*)"\s*;\s*$')
    for line in text[start:].splitlines()[1:]:
        if line.strip() == "}":
            break
        if line.strip().startswith("//"):
            section = line.strip()[2:].strip()
            continue
        m = row.match(line)
        if not m:
            continue
        key, en, ja = m.group(1), rust_string(m.group(2)), rust_string(m.group(3))
        mid = IDS.get(key)
        if mid is None:
            print(f"{table_path}: {key} has no id in IDS: not carried over", file=sys.stderr)
            continue
        for lang, value in (("en", en), ("ja", ja)):
            if mid not in have[lang]:
                entries[lang].append((section, mid, ftl_pattern(value)))
    for lang, rows in entries.items():
        if not rows:
            continue
        lines, last = [], object()
        for section, mid, pattern in rows:
            if section != last and section:
                lines.append(f"\n## {section}\n")
            last = section
            lines.append(f"{mid} = {pattern}\n")
        print(f"{FTL[lang]}: {len(rows)} messages added")
        if not check:
            with open(FTL[lang], "a", encoding="utf-8") as f:
                f.write("".join(lines))


IMPORTS_T = re.compile(r"use (crate|jmjp_studio)::i18n::(\{[^}]*\bT\b[^}]*\}|T);")


def rewrite_source(path, text):
    """The file with `T` gone, and the keys it names that have no id."""
    m = IMPORTS_T.search(text)
    if not m:
        return text, []
    root = m.group(1)
    unknown = []

    def key(mo):
        name = mo.group(1)
        if name == "ALL":
            return f"{root}::i18n::messages()"
        mid = IDS.get(name)
        if mid is None:
            unknown.append(name)
            return mo.group(0)
        return f'tr!("{mid}")'

    body = text[: m.start()] + "\x00" + text[m.end() :]
    # Values: T::Name (not Key::T::..., not a path ending in ::T).
    body = re.sub(r"(?<![\w:])(?:crate::i18n::)?T::(\w+)", key, body)
    # A T held in a variable says its text with .get(lang) now, like a Text.
    body = re.sub(r"\.tr\((\s*\w*lang\w*\s*|\s*Lang::(?:En|Ja)\s*)\)", r".get(\1)", body)
    # The type.
    body = re.sub(r"(?<![\w:])T(?![\w:])", "Msg", body)
    names = [n.strip() for n in m.group(2).strip("{}").split(",") if n.strip()]
    names = [n for n in names if n != "T"]
    code = body.replace("\x00", "")
    if re.search(r"\bMsg\b", code) and "Msg" not in names:
        names.append("Msg")
    if "tr!(" in code and "tr" not in names:
        names.append("tr")
    names.sort(key=lambda n: (n[0].islower() and n != "self", n))
    names.sort(key=lambda n: n != "self")
    if not names:
        use = ""
    elif len(names) == 1:
        use = f"use {root}::i18n::{names[0]};"
    else:
        use = f"use {root}::i18n::{{{', '.join(names)}}};"
    body = body.replace("\x00", use)
    if not use:
        body = re.sub(r"\n\n\n", "\n\n", body)
    return body, unknown


def main():
    args = sys.argv[1:]
    check = "--check" in args
    if "--table" in args:
        add_table(args[args.index("--table") + 1], check)
    unknown_all = []
    changed = 0
    for top in ("src", "tests", "benches"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for f in sorted(files):
                if not f.endswith(".rs"):
                    continue
                path = os.path.join(dirpath, f)
                text = open(path, encoding="utf-8").read()
                new, unknown = rewrite_source(path, text)
                unknown_all += [f"{os.path.relpath(path, ROOT)}: T::{u}" for u in unknown]
                if new != text:
                    changed += 1
                    print(f"{os.path.relpath(path, ROOT)}: rewritten")
                    if not check:
                        open(path, "w", encoding="utf-8").write(new)
    print(f"{changed} files {'to rewrite' if check else 'rewritten'}")
    if unknown_all:
        print("keys without an id (left as they are):\n  " + "\n  ".join(unknown_all), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
