### jmjp studio: the English texts of the interface and of the messages the program writes.
###
### Project Fluent syntax (https://projectfluent.org/fluent/guide/). Every message here has a
### twin of the same id in ja.ftl, using the same variables ({ $name }); `cargo test --test i18n`
### checks it. Ids are prefixed by the room of the program that shows them (app-, ui-, forms-,
### format-, rules-, ...). The command line prints these texts, and scripts read that output:
### change an English text only on purpose.
app-title = jmjp studio

## Menus
ui-menu-file = File
ui-menu-edit = Edit
ui-menu-match = Match
ui-menu-go = Go

## Commands
ui-command-new-match = New match
ui-command-new-match-tip = Start a new match file with the default point rules and your name as recorder
ui-command-open = Open…
ui-command-open-tip = Open a .jmjp file
ui-command-save = Save
ui-command-save-tip = Write the file (atomically, in canonical form)
ui-command-save-as = Save as…
ui-command-save-as-tip = Write the match to a new file
ui-command-close = Close
ui-command-close-tip = Close the file and return to the start screen
ui-command-undo = Undo
ui-command-undo-tip = Undo the last change
ui-command-redo = Redo
ui-command-redo-tip = Redo the change undone last
ui-command-settings = Settings
ui-command-settings-tip = Language, point rules, your name, folders
ui-command-quit = Quit
ui-command-quit-tip = Close the program
ui-command-tournament = Tournament
ui-command-tournament-tip = Tournament name, year, stage and match numbers (tnm)
ui-command-time-place = Date and place
ui-command-time-place-tip = Date, day of the week, start time and place (mtp)
ui-command-recorders = Recorders
ui-command-recorders-tip = Who recorded which frames (rec)
ui-command-players = Players
ui-command-players-tip = The four players: names, teams, affiliations, previous points (ply)
ui-command-point-rules = Point rules
ui-command-point-rules-tip = Start and return points, uma, honba (ptr)
ui-command-results = Results
ui-command-results-tip = Final points after oka and uma, new tournament points (pme, ptn)
ui-command-record = Record
ui-command-record-tip = Record the match act by act (every entry is journaled and autosaved)
ui-command-editor = Editor
ui-command-editor-tip = See the problems, step through the frames and correct them
ui-command-prev-act = Previous act
ui-command-prev-act-tip = Step the replay back one act
ui-command-next-act = Next act
ui-command-next-act-tip = Step the replay on one act
ui-command-first-act = Start of frame
ui-command-first-act-tip = The table as dealt, before the first act
ui-command-last-act = End of frame
ui-command-last-act-tip = The table after the last act
ui-command-prev-frame = Previous frame
ui-command-prev-frame-tip = Show the frame before this one
ui-command-next-frame = Next frame
ui-command-next-frame-tip = Show the frame after this one
ui-command-insert-act = Insert act
ui-command-insert-act-tip = Put the act typed in the act field in after the current act
ui-command-delete-act = Delete act
ui-command-delete-act-tip = Take the current act out of the frame
ui-command-save-match-as = Save match as its own file…
ui-command-save-match-as-tip = Split: write the match shown to a file holding only it (this file is not changed)
ui-command-merge-file = Add matches from a file…
ui-command-merge-file-tip = Merge: the matches of another .jmjp file are added after this file's matches (one undo step)
ui-command-compare = Compare with another recording…
ui-command-compare-tip = Double entry: compare this file with another recording of the same match, choose for each difference and save the reconciled record
ui-command-prev-difference = Previous difference
ui-command-prev-difference-tip = Show the difference above in the list, both tables at its act
ui-command-next-difference = Next difference
ui-command-next-difference-tip = Show the difference below in the list, both tables at its act
ui-command-keep-mine = Keep mine
ui-command-keep-mine-tip = For the difference shown, keep what this file (A, on the left) records
ui-command-take-theirs = Take theirs
ui-command-take-theirs-tip = For the difference shown, take what the other recording (B, on the right) records
ui-command-save-reconciled = Save reconciled
ui-command-save-reconciled-tip = Make the chosen version this file's record (one undo step), list both recorders, and save
ui-command-open-text = Read the text again
ui-command-open-text-tip = Read the corrected text as a paifu and open it in the editor
ui-command-new-like-last = New match like the last one…
ui-command-new-like-last-tip = A new match with the tournament, stage, place, recorders and point rules of the open or most recent match, the next match number and today's date
ui-command-import-roster = Import roster from folder…
ui-command-import-roster-tip = Remember the players and recorders of every .jmjp file in a folder
ui-command-standings = Standings…
ui-command-standings-tip = Each player's and team's tournament points after each match of a folder of .jmjp files
season-save-csv = Save as CSV…
season-standings-how = final points per match, summed (a dash: did not play; ?: the file has no final points)
season-standings-players = Players
season-standings-teams = Teams
season-standings-left-out = Files left out
season-standings-rank = Rank
season-standings-player = Player
season-standings-played = Matches
season-standings-total = Total
forms-roster-heading = Roster
forms-roster-how = The people seen as players and recorders, offered when a name is typed in the forms. Correct a name here, forget someone, or merge two entries of one person (Merge… on the one to drop, then Keep this on the other).
forms-roster-find = Find
forms-roster-people = people
forms-roster-seen-as = Seen as
forms-roster-player = player
forms-roster-recorder = recorder
forms-roster-matches = matches with points
forms-roster-merge = Merge…
forms-roster-forget = Forget
forms-roster-keep-this = Keep this
forms-roster-merging = Merging
app-ai-players = AI players
app-ai-players-on = Ask AI players while recording
app-ai-players-how = Per seat at E1-0: a bot's command (started with the player id 0-3 appended, the mjai.app convention) or tcp:HOST:PORT. Its choice at each decision shows beside the act; takes effect when a recording starts.
app-like-last-title = New match like the last one
app-like-last-empty = Empty seats
app-like-last-same = The same four players
app-no-last-match = No earlier match was found (open one, or save one first): a new match was started
ui-command-import = Import log…
ui-command-import-tip = Read an mjai (.jsonl) or tenhou.net/6 (.json) log into a new paifu
ui-command-export = Export match…
ui-command-export-tip = Write the match shown as a tenhou.net/6 log (.json) or an mjai log (.jsonl), for AI reviewers and viewers
ui-command-copy-viewer-url = Copy tenhou.net/6 viewer address
ui-command-copy-viewer-url-tip = Copy the address that shows the match shown in the tenhou.net/6 viewer
app-recover-title = Recover the recording?
app-recover-keep = Recover from the journal
app-recover-discard = Open the file as it is

## Start screen
app-start-heading = Record, check and correct paifu
app-start-recent = Recent files
app-start-no-recent = No recent files yet.
app-start-recover = Recordings in the autosave folder
app-start-no-recover = Nothing to recover: the autosave folder holds no recordings.
app-start-recover-open = Recover
app-start-missing = (missing)

## Files
app-path-label = File path
app-browse = Browse…
ui-cancel = Cancel
app-open-button = Open
app-save-button = Save
app-discard = Discard changes
app-unsaved-title = Unsaved changes
app-unsaved-body = The match has changes that are not saved. Save them first?
app-saved = saved
app-not-saved = unsaved changes
app-never-saved = not saved to a file yet
forms-match-label = Match
app-overwrite = Overwrite
app-changed-on-disk = The file changed on disk since it was opened. Overwrite it?

## Shared field words
forms-none = (none)
forms-custom = Custom…
forms-native-script = native script
forms-romanized = romanized
forms-last-name = Last name
forms-first-name = First name

## Tournament form
forms-tour-name = Tournament
forms-tour-year = Year
forms-tour-stage = Stage
forms-tour-in-stage = Match no. in stage
forms-tour-in-day = Match no. in day

## Date and place form
forms-match-date = Date
forms-match-weekday = Day of the week
forms-match-time = Start time
forms-match-place = Place
forms-date-hint = YYYY-MM-DD
forms-time-hint = HH:MM

## Recorders form
forms-add-recorder = Add recorder
forms-remove-recorder = Remove
forms-frames-all = All frames
forms-frames-list = Frames recorded
forms-frames-hint = E1-0 E2-0 …
forms-no-recorders = No recorders yet.
forms-prev-carried = carried from the roster
forms-roster-offer = From the roster: Up/Down to choose, Enter fills the row, Esc closes
forms-recorder-n = Recorder

## Players form
forms-seat-at-e1 = Seat at E1-0
ui-team = Team
forms-affiliation = Affiliation
forms-left-out = (no data)
forms-prev-personal = Previous points (personal)
forms-prev-team = Previous points (team)

## Point rules form
forms-write-rules = Write point rules (ptr)
forms-preset = Preset
forms-preset-custom = Custom
forms-rule-start = Start points
forms-rule-return = Return points
forms-rule-uma41 = Uma: 4th pays 1st
forms-rule-uma32 = Uma: 3rd pays 2nd
forms-rule-honba = Honba value

## Results form
forms-results-computed = Computed from the last frame and the point rules
forms-results-no-frames = No frame has end points (pfe) yet, so nothing can be computed; the values can be typed.
forms-results-no-rule = The match has no point rules (ptr); the computation uses the default preset.
forms-use-computed = Use computed results
forms-final-points = Final points
forms-new-tour-personal = New points (personal)
forms-new-tour-team = New points (team)
forms-rank = Rank
forms-player-col = Player
forms-working = Working
forms-end-of-last-frame = end
forms-sticks = sticks
forms-uma = uma
forms-oka = oka
forms-left-on-table = Riichi sticks left on the table

## Settings
app-settings-heading = Settings
app-language = Language
app-language-system = Follow the system
app-default-preset = Default point rules
app-scoring-rules = Scoring rules
ui-scorer-name = Your name (recorder)
app-autosave-folder = Autosave folder
app-clear-recent = Clear recent files
app-settings-file = Settings file
ui-back = Back

## Messages
app-file-saved = Saved
app-nothing-to-undo = Nothing to undo
app-nothing-to-redo = Nothing to redo
