### jmjp studio: the English texts of the interface and of the messages the program writes.
###
### Project Fluent syntax (https://projectfluent.org/fluent/guide/). Every message here has a
### twin of the same id in ja.ftl, using the same variables ({ $name }); `cargo test --test library i18n::`
### checks it. A language that does not need one of the variables still names it, in a selector
### with one variant: { $count -> *[other] ... }. Ids are prefixed by the room of the program
### that shows them (app-, ui-, forms-, format-, rules-, ...). The command line prints these
### texts, and scripts read that output: change an English text only on purpose.

app-title = jmjp studio

## Menus
ui-menu-file = File
ui-menu-edit = Edit
ui-menu-match = Match
ui-menu-go = Go
ui-menu-help = Help

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
ui-command-point-rules-tip = The rules played (tenhou, M League, ...), start and return points, uma, honba (ptr)
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
ui-command-next-problem = Next problem
ui-command-next-problem-tip = Show the next problem of the list: its frame at its act, the likely cause under it
ui-command-prev-problem = Previous problem
ui-command-prev-problem-tip = Show the problem before in the list
ui-command-fix-problem = Apply the likely cause
ui-command-fix-problem-tip = Make the fix of the likely cause shown for this problem's frame (one undo step)
ui-command-keep-mine = Keep mine
ui-command-keep-mine-tip = For the difference shown, keep what this file (A, on the left) records
ui-command-take-theirs = Take theirs
ui-command-take-theirs-tip = For the difference shown, take what the other recording (B, on the right) records
ui-command-save-reconciled = Save reconciled
ui-command-save-reconciled-tip = Make the chosen version this file's record (one undo step), list both recorders, and save
ui-command-guide = User guide
ui-command-guide-tip = Open the user guide in the browser at the chapter of the screen shown
ui-command-about = About jmjp studio
ui-command-about-tip = The version, the licence and the font's licence
ui-help-no-guide = The user guide is not here: install the package, or build it in the source folder with `mdbook build docs`
ui-help-opened = Opened the user guide ({ $page }) in the browser
ui-help-not-opened = The browser could not be started for { $url }: { $why }
ui-about-version = jmjp studio { $version }: record, check and correct riichi mahjong paifu (.jmjp)
ui-about-licence = Licence: MIT License (LICENSE.txt beside the program; in the Debian package /usr/share/doc/jmjp-studio/copyright)
ui-about-font = The Japanese font: M+ 1, by the M+ FONTS Project, under the SIL Open Font License 1.1 (the file OFL-M+1.txt)
ui-about-guide = The user guide: { $path }
ui-close = Close
ui-command-play-video = Play in the video
ui-command-play-video-tip = Play the match video from 5 s before the act shown (for a dealt frame, its first act)
ui-command-sync-video = Sync the video here
ui-command-sync-video-tip = The match video shows the act shown now: from here on, every act has its time in the video
ui-command-link-video = Link the match video…
ui-command-link-video-tip = Type the match video's file or address into its field (Enter links it), with no pointer needed
ui-command-look-at-video = Look at the video
ui-look-at-video-tip = Several changes fit: play the match video from 5 s before the act (or the deal) they concern
ui-video-bar-label = Match video
ui-video-bar-hint = a video file (MKV, MPEG-TS, MP4) or its address
ui-video-bar-link = Link
ui-video-bar-link-tip = Keep this video with the match (beside the file, as NAME.jmjp.video); it plays in mpv
ui-video-bar-none = no video linked
ui-video-bar-not-synced = not synced yet: when the video shows an act, select that act and press { $key }
ui-video-bar-synced = synced ({ $points ->
        [one] 1 sync point
       *[other] { $points } sync points
    })
ui-video-bar-play = Play act
ui-video-bar-play-tip = Play the video from 5 s before the act
ui-video-bar-sync = Sync here
ui-video-bar-sync-tip = The video shows this act now (a second sync point in a later frame corrects drift or a cut)
video-desk-save-first = save the file first: the video is kept beside it
video-desk-linked = video linked; now sync it: when the video shows an act, select that act and press the sync key
video-desk-no-link = no match video is linked (type its file or address in the Match video field)
video-desk-no-times = the acts of this frame have no times (it was not recorded live), so the video cannot find them
video-desk-no-sync = the video is open but not synced yet: play it to an act you can see, select that act and press the sync key
video-desk-playing = playing from { $at }
video-desk-playing-near = playing from { $at } (this act has no time of its own: the nearest act's)
video-desk-sync-on-an-act = sync on an act, not on the deal
video-desk-act-has-no-time = this act has no time (it was not recorded live): sync on an act that was
video-desk-chapter = { $frame } · { $dealer } deals
video-desk-sync-again = the video was not open: it is now, at its start; play it to the act selected and press the sync key again
video-desk-synced = synced: this act is at { $at } of the video ({ $points ->
        [one] 1 sync point
       *[other] { $points } sync points
    })
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
forms-game-rules = Rules played with
forms-game-rules-unsaid = Not said (judged by the rules of the settings)
forms-game-rules-tip = The rules the end points, the kan dora and the draws are judged by. Kept in the file (// rules: …), so reopening it keeps them; a log imported from tenhou or Mahjong Soul names its own.
rules-opt-red = red fives
rules-opt-ura = ura dora
rules-opt-kan-dora = kan dora
rules-opt-kan-ura = kan ura
rules-opt-ippatsu = ippatsu
rules-opt-kuitan = open tanyao (kuitan)
rules-opt-kazoe = 13 han and more
rules-opt-kiriage = kiriage mangan
rules-opt-double-yakuman = double yakuman for a single wait
rules-opt-yakuman-add-up = several yakuman add up
rules-opt-rons = several rons on one tile
rules-opt-nine-terminals = nine terminals (abortive)
rules-opt-four-winds = four winds (abortive)
rules-opt-four-kans = four kans (abortive)
rules-opt-four-riichi = four riichi (abortive)
rules-opt-triple-ron = three rons (abortive)
rules-opt-nagashi = nagashi mangan
rules-opt-noten = no-ten payment
rules-opt-tobi = the match ends below zero
rules-opt-start = start points
rules-opt-return = return points
rules-opt-oka = oka
rules-opt-uma = uma
rules-opt-honba = honba
rules-opt-ties = ties
rules-opt-leftover-sticks = riichi sticks left at the end
rules-opt-pao = pao
rules-opt-pao-tsumo = pao on a tsumo
rules-opt-pao-ron-honba = honba of a pao ron
rules-opt-chombo = chombo
forms-game-rules-differences = Differences from the preset
forms-game-rules-differences-tip = As the rules comment writes them, NAME=VALUE separated by commas, and a note in brackets: kiriage=yes, noten=1500 (studio cup). The options and their values are in the guide (Rule presets).
forms-game-rules-options = The options these rules have
app-rules-options = The options of these rules
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
app-ai-player-seat = { $seat } (ply { $player })
app-tenhou6-problem = tenhou.net/6: { $why }
app-on-air = On air
app-on-air-on = Serve the record to the broadcast (overlay, replay)
app-on-air-how = The overlay for OBS and the replay page, served from this program while you record. 127.0.0.1 serves this machine only; to serve another machine of the studio, give this machine's address on the studio network (or 0.0.0.0 for all of its networks).
app-double-entry = Double entry
app-double-entry-on = Compare with another desk while recording
app-double-entry-how = Two desks record the same match; each sees every difference with the other within a second. The other desk turns On air on (bound to its address on the studio network) and gives you its address and token (the end of its record address). Nothing of theirs enters your record unless you take it (U); V keeps yours.
app-double-entry-name = The other desk's name
app-double-entry-address = Its address
app-double-entry-token = Its token
app-double-entry-connecting = connecting to { $address }…
app-double-entry-up = following { $address }
app-double-entry-unreachable = unreachable since { $since } ({ $why }); reconnecting by itself
app-on-air-port = Port
app-on-air-bind = Address
app-on-air-copy = Copy
app-on-air-bad-address = "{ $bind }" is not an IP address (such as 127.0.0.1 or 192.168.1.20)
app-like-last-title = New match like the last one
app-like-last-empty = Empty seats
app-like-last-same = The same four players
app-no-last-match = No earlier match was found (open one, or save one first): a new match was started
ui-command-import = Import log…
ui-command-import-tip = Read a game log into a new paifu: tenhou.net/6 (.json), tenhou's own mjlog (.mjlog, .xml, gzip-compressed or not), the official M League record (its page saved as .html, or the record alone), mjai (.jsonl)
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
app-start-recover = Recordings to recover
app-start-no-recover = Nothing to recover: no recording in the autosave folder was cut short.
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
forms-penalty = penalty
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

## The parser: what it expected where a file goes wrong ("expected …, found …")
format-want-frame-id = a frame id such as E1-0 or S4-2
format-want-frame-number = frame number
format-want-frame-id-dash = '-' and the honba count of the frame id (E1-0)
format-want-honba-count = honba count
format-want-frame-id-honba = the honba count of the frame id, a number such as 0
format-want-dice = dice
format-want-second-die = the second die, 1 to 6
format-want-dice-pair = dice such as 3-4 (each die 1 to 6)
format-want-tile = a tile such as 5m, 0p or rd
format-want-seat = a seat e, s, w or n
format-want-comma-after-seat = ',' after the seat
format-want-close-hand = ')' to close the seat's hand
format-want-comma-after-draw = ',' after the draw (the discard may be left empty: (e,ro,))
format-want-close-act = ')' to close the act
format-want-draw = a drawn tile such as 5m, or ch[..], pn[..], dk[..], rs[..], ro, oy
format-want-discard = a discarded tile such as 5m, or tg, kg, rc[..], kk[..], ak[..], tm, or ')' for none
format-want-comma-after-tiles = ',' after the tiles in hand (then the drawn tile, if any)
format-want-comma-after-drawn = ',' after the drawn tile (then the melds, if any)
format-want-meld = a meld chi[..], pon[..], dmk[..], kkn[..], ank[..] or ']' to close the hand
format-want-called-from = where the tile came from: k (kamicha), t (toimen) or s (shimocha)
format-want-match-number = match number
format-want-year = year
format-want-year-digits = a year of four digits such as 2023
format-want-date = date
format-want-date-digits = a date of eight digits YYYYMMDD such as 20231002
format-want-weekday = a day of the week: sun, mon, tue, wed, thu, fri or sat
format-want-time = time
format-want-time-digits = a time of four digits HHMM such as 1900
format-want-open-quote = '"' to start the quoted text
format-want-comma-in-name = ',' between the last name and the first name
format-want-close-name = ')' to close the name
format-want-close-name-v0 = ']' to close the name
format-want-player-id = player id
format-want-player-id-seat = a player id 0, 1, 2 or 3 (the seat at E1-0)
format-want-open-tour-points = '(' to start tournament points (personal, team)
format-want-comma-in-tour-points = ',' between personal and team tournament points
format-want-close-tour-points = ')' to close the tournament points
format-want-open-uma = '(' to start the uma (4th to 1st, 3rd to 2nd)
format-want-comma-in-uma = ',' between the two uma values
format-want-close-uma = ')' to close the uma
format-want-points = points such as 25.0 or -5.8
format-want-points-digits = digits of the points
format-want-valid-text = valid .jmjp text
format-want-complete-file = a complete file
format-want-act-not-hand = an act such as (s,5p,3m), not a hand
format-rule-act = act
format-rule-frame-id = frame id
format-rule-frame = frame
format-want-jmjp = 'jmjp[' at the start of the file
format-want-first-match = '(' to start a match (a file holds at least one)
format-want-another-match = '(' to start another match, or the end of the file
format-want-version-number = version number
format-want-version = a version such as 1.0
format-want-mtp = 'mtp[' (time and place)
format-want-tnm-or-mtp = 'tnm[' or 'mtp[' (time and place)

## The parser: sentences of their own
format-parse-act-after-end-hands = this act comes after the end hands: a frame holds one flow (four start hands, the acts, four end hands)
format-parse-fifth-end-hand = a fifth end hand: a frame holds one flow (four start hands, the acts, four end hands)
format-parse-quote-never-closed = this quoted text is never closed: a '"' is missing before the end of the file
format-parse-points-too-large = these points are too large (more than 8 digits)
format-want-nothing-after = nothing after the { $what }
format-want-complete = a complete { $what }
format-want-comma-in-item = ',' before the next field of { $item }...]
format-want-close-item = ']' to close { $item }...]
format-want-close-match = ')' to close the match
format-want-item-or-close-match = { $items } or ')' to close the match
format-parse-expected = expected { $wanted }, found { $found }
format-parse-found-end-of-file = the end of the file
format-parse-found-space = a line break or space
format-parse-found-word = '{ $word }'
format-parse-too-many-digits = this { $what } has { $digits } digits; it is too large
format-parse-points-not-hundreds = points are written in hundreds with one decimal (25.0 is 25000): '{ $text }' is not a whole number of hundreds
format-parse-unknown-version = version { $version } of the standard is not known to this program; it reads 0 and 1.0
format-parse-die-face = a die shows 1 to 6, not { $face }

## Names
format-seat-east = E
format-seat-south = S
format-seat-west = W
format-seat-north = N
format-wind-east = East
format-wind-south = South
format-wind-west = West
format-wind-north = North
format-weekday-sun = Sunday
format-weekday-mon = Monday
format-weekday-tue = Tuesday
format-weekday-wed = Wednesday
format-weekday-thu = Thursday
format-weekday-fri = Friday
format-weekday-sat = Saturday
format-month = { $month ->
        [1] January
        [2] February
        [3] March
        [4] April
        [5] May
        [6] June
        [7] July
        [8] August
        [9] September
        [10] October
        [11] November
        [12] December
       *[other] ?
    }

## The structural checks of a file
format-check-noten-total = the no-ten payment { $total } is a field of the later draft that 1.0 has no place for; it is not written when the file is saved
format-check-unknown-token = '{ $word }' is not a shorthand token for the { $field }: use { $count ->
        [one] { $tokens }
       *[other] one of { $tokens }
    }, or write the name as snt["..."]srm["..."]
format-check-no-such-month = there is no month { $month }
format-check-days-in-month = { format-month } { $year } has { $days } days
format-check-not-a-date = { $date } is not a real date (YYYYMMDD): { $why }
format-check-wrong-weekday = { $date } was a { $actual }, but the day of the week says { $written ->
       *[other] { $code }
    }
format-check-not-a-time = { $time } is not a time of day (HHMM, 0000 to 2359)
format-check-player-id-not-a-seat = player id { $id } is not a seat: ids are 0 (East at E1-0) to 3 (North)
format-check-player-id-twice = player id { $id } is given to two players
format-check-four-players = a match has four players (ply[0..3]); this one has { $count }
format-check-player-id-missing = no player has id { $id }; the four players have ids 0, 1, 2 and 3
format-check-frame-number = frame { $frame }: the number after the wind is 1 to 4 (E1 .. E4)
format-check-dice-total = the dice total { $total } is the later draft's form; 1.0 keeps both dice (3-4), so it is not written when the file is saved
format-check-ten-dora = frame { $frame }: the dora field lists ten tiles (dora, ura, kan dora 1, kan ura 1, .. kan ura 4; uk where unknown), but has { $count }
format-check-start-hands = start
format-check-end-hands = end
format-check-hand-twice = frame { $frame }: seat { $seat } has two { $which } hands
format-check-four-hands = frame { $frame }: a flow has four { $which } hands, one per seat (e, s, w, n); this one has { $count }
format-check-hand-missing = frame { $frame }: seat { $seat } has no { $which } hand
format-check-hand-size = frame { $frame }: a { $which } hand holds 1 to 13 tiles before the drawn tile; this one has { $count }
format-check-too-many-melds = frame { $frame }: a hand has at most four melds; this one has { $count }

## The fields that take a shorthand token
format-field-tour-name = tournament name
format-field-stage = tournament stage
format-field-place = match place
format-field-team = team
format-field-affiliation = affiliation

## The match forms: what is wrong with a field
forms-problem-not-a-year = “{ $text }” is not a year: write four digits, such as 2025
forms-problem-not-a-count = “{ $text }” is not a whole number
forms-problem-not-a-date = “{ $text }” is not a date: write it as YYYY-MM-DD
forms-problem-no-such-day = { $day } { format-month } { $year } is not a day of the calendar
forms-problem-not-a-time = “{ $text }” is not a time: write it as HH:MM (24 hours)
forms-problem-not-points = “{ $text }” is not points: write them in thousands with at most one decimal, such as 25.0 or -5.8
forms-problem-seat-twice = Two players sit at { $seat }
forms-problem-not-a-frame-id = “{ $text }” is not a frame id such as E1-0
forms-problem-custom-empty = Type the name, or pick another choice
forms-problem-need-all-four = Fill in all four values, or none

## Repair: the likely cause of an error, in the game's words
rules-slot-dora = the dora indicator
rules-slot-ura = the ura indicator
rules-slot-kan-dora = the indicator of kan dora { $kan }
rules-slot-kan-ura = the ura indicator of kan dora { $kan }
rules-discard-drawn-tile = the drawn { $tile } (tsumogiri)
rules-discard-drawn = the drawn tile (tsumogiri)
rules-discard-from-hand = { $tile } from the hand
rules-discard-riichi = { $tile } declaring riichi
rules-discard-nothing = nothing
rules-cause-less-likely = { $what }; { $count ->
        [one] { $count } less likely change also fits
       *[other] { $count } less likely changes also fit
    }
rules-cause-others = { $what }; { $count ->
        [one] { $count } other single change also fits
       *[other] { $count } other single changes also fit
    }
rules-cause-discard = act { $act }, { $seat } discarded { $recorded }, not { $was } (fix: { $fix })
rules-cause-draw = act { $act }, { $seat } drew { $drew }, not { $was } (fix: { $fix })
rules-cause-act = act { $act } was { $fix }, not { $was } (fix: { $fix })
rules-cause-start-tile = { $seat }'s start hand held { $tile }, not { $was } (fix: the start hand)
rules-cause-indicator-unrecorded = { $what } is not recorded; { $count } tiles agree with the end points (such as { $tile })
rules-cause-indicator-missing = { $what } was { $tile }, but it is not recorded (fix: { $tile })
rules-cause-indicator = { $what } was { $tile }, not { $was } (fix: { $tile })
rules-cause-insert = an act of { $seat } is missing before act { $act } (fix: insert { $fix })
rules-cause-remove = act { $act } { $was } did not happen (fix: delete it)
rules-cause-swap = acts { $act } and { $next } came the other way round (fix: swap them)
rules-cause-end-points = the end points are { $points }, as the hands and acts pay (fix: pfe[{ $fix }])
rules-cause-and-then = { $what }; and then { $then }

## Repair: the kinds of mistake
rules-kind-tsumogiri-tedashi = tsumogiri and tedashi mixed up
rules-kind-deal-tile = a wrong tile in a start hand
rules-kind-indicator = a wrong or missing dora indicator
rules-kind-riichi = a riichi missed or added
rules-kind-missing-act = an act missing
rules-kind-draw-tile = a wrong drawn tile
rules-kind-discard-tile = a wrong discarded tile
rules-kind-extra-act = an act too many
rules-kind-swap = two acts the wrong way round
rules-kind-call = a wrong call
rules-kind-end-points = wrong end points

## The rules: what a replay of the acts finds
rules-at-act = { $frame }, act { $act }: { $text }
rules-at-frame = { $frame }: { $text }
rules-seats-and = {" and "}
rules-frames-or = {" or "}
rules-end-hand-has = it has { $tiles } the replay does not
rules-end-hand-lacks = it lacks { $tiles }
rules-end-hand-and = {" and "}
rules-end-hand-differs = { $seat }'s end hand differs from the replay of the acts: { $how } (replay: { $replay })
rules-end-hand-melds = { $seat }'s end hand has { $recorded } melds, but the acts made { $made }
rules-end-hand-extra-meld = { $seat }'s end hand has a meld the acts did not make: { $meld }
rules-dora-not-recorded = the dora indicator is not recorded
rules-kan-dora-not-recorded = kan { $kan } was made, but no kan dora indicator is recorded for it
rules-ura-not-recorded = { $seats } won with riichi but no ura dora indicator is recorded
rules-ura-without-riichi-win = ura dora are recorded, but no riichi hand won this frame
rules-ura-not-played = ura dora indicators are recorded, but these rules play without ura dora: they count nothing
rules-kan-dora-beyond-kans = { $count } kan dora are filled in, but the frame has { $kans } kans
rules-abortive-nine-terminals = nine terminals
rules-abortive-four-riichi = four riichi
rules-abortive-four-kans = four kans
rules-abortive-four-winds = four winds
rules-abortive-triple-ron = three rons on one tile
rules-abortive-not-played = the frame ends in an abortive draw ({ $kind }), but under these rules play goes on: a frame ends with a win or the end of the wall
rules-abortive-none-played = the frame ends with tiles left in the wall and no win, but under these rules there are no abortive draws
rules-abortive-no-reason = the frame ends with tiles left in the wall and no win, but not as an abortive draw ends (nine terminals, four winds, four kans, four riichi, three rons)
rules-below-zero-match-ends = { $seat } ended { $previous } on { $points }, below zero: under these rules the match ends there (tobi), yet this frame follows
rules-unknown-preset = the match says it was played under the rules "{ $name }", which are none this program knows ({ $known }): it is judged by the default rules
rules-option-unknown = the rules name an option "{ $name }" that this program does not know (it knows { $known }): it is ignored
rules-option-bad-value = the rules set { $name } to "{ $value }", which it does not take ({ $values }): it is ignored
rules-option-malformed = "{ $piece }" in the rules is not an option written NAME=VALUE: it is ignored
rules-penalty-unread = "{ $part }" in the frame's comment starts like a penalty but does not read as one (penalty: SEAT POINTS [table|match] [REASON], such as "penalty: s -20.0 match chombo"): it is not counted
rules-red-five-not-played = { $tile } is a red five, but these rules play without red fives: it counts as a plain five
rules-rons-atamahane = { $count } seats declare ron on one tile, but under these rules only the one nearest the discarder wins (atamahane): the others' rons are not paid
rules-rons-three-draw = three seats declare ron on one tile, which under these rules is an abortive draw (nobody is paid)
rules-kan-dora-beyond-turned = { $count } kan dora are filled in, but of the frame's { $kans } kans only { $turned } turned an indicator ({ $why })
rules-kan-dora-at-once = every kan's is turned at once; a kakan robbed by a chankan turns none
rules-kan-dora-after-discard = an open kan's is turned after the replacement discard, so a win on the replacement tile or a chankan leaves it face down
rules-kan-dora-none = these rules play without kan dora, so no kan turns an indicator
rules-points-winner-collects = the winner collects the { $points } on the table
rules-points-sticks-stay = { $sticks } riichi sticks stay on the table
rules-points-voided = a chombo voided the hand: only its table penalties ({ $points }) move points, and its riichi sticks go back
rules-points-not-conserved = { $frame }: points are not conserved: the total changes by { $change }, but should change by { $expected } ({ $why })
rules-end-tsumo = { $seat } won by tsumo
rules-end-ron = { $seats } won by ron
rules-end-exhaustive-dealer-tenpai = an exhaustive draw with the dealer tenpai
rules-end-exhaustive-dealer-noten = an exhaustive draw with the dealer not tenpai
rules-end-abortive = an abortive draw
rules-next-frame = after { $previous } ({ $how }) the next frame is { $next }
rules-kyoutaku-carried = the kyoutaku is { $kyoutaku }, but { $previous } left { $left } on the table
rules-start-points = the start points pfs[{ $points }] are not the end points of { $previous } (in this frame's seat order: pfs[{ $expected }])
rules-second-red-five = has a second red five { $tile }; a set has one of each suit
rules-fifth-tile = has a fifth { $tile }; a set has four
rules-dora-too-many = the dora field ({ $tile } at place { $place }, indicator { $indicator }) { $problem }
rules-start-hand-melds = { $seat }'s start hand has melds; a frame starts with none
rules-start-hand-too-many = { $seat }'s start hand: { $problem }
rules-start-hand-size-dealer = { $seat }'s start hand has { $count } tiles; it must have 13 or 14
rules-start-hand-size = { $seat }'s start hand has { $count } tiles; it must have 13
rules-act-after-tsumo = { $seat } acts after the frame has ended ({ $winner } won by tsumo)
rules-act-after-ron = { $seat } acts after the frame has ended (ron on { $discarder }'s tile)
rules-no-discard = { $seat } did not discard at act { $act }, yet the next act follows
rules-rinshan-not-yours = { $seat } draws the rinshan tile, but the kan was { $kan }'s
rules-rinshan-next = { $seat } declared a kan, so the next act is { $seat }'s rinshan draw rs[..]
rules-rinshan-without-kan = { $seat } draws a rinshan tile without a kan
rules-dealer-draws-with-14 = E's start hand has 14 tiles, so E's first act is oy, not a draw
rules-after-discard = {" "}(after { $seat }'s discard at act { $act })
rules-not-your-draw = { $seat } draws, but it is { $turn }'s turn to draw{ $after }
rules-oy-not-first = { $seat } plays oy, but only the dealer's first act can be oy
rules-oy-without-14 = E plays oy, but E's start hand has { $count } tiles, not 14
rules-call-nothing = { $seat } calls, but there is no discard to call (it must be the last discard)
rules-call-own-discard = { $seat } calls its own discard
rules-chi-not-kamicha = { $seat } calls chi on { $discarder }'s discard; chi is only from the kamicha ({ $kamicha })
rules-wall-empty = { $seat } draws { $tile }, but the live wall is empty (more draws than the wall holds)
rules-draw-too-many = { $seat } draws { $tile }: the frame { $problem }
rules-rinshan-too-many = { $seat } draws { $tile } from the dead wall: the frame { $problem }
rules-chi-not-a-run = { $seat } calls chi on { $tile } with { $with }: { $problem }
rules-ron-twice = { $seat } declares ron twice, or on its own tile
rules-ron-not-complete = { $seat } declares ron on { $tile }, but the hand { $hand }+{ $tile } is not complete (chombo)
rules-pon-not-three = { $seat } calls pon on { $tile } with { $with }: a pon is three of one tile
rules-kan-not-four = { $seat } calls kan on { $tile } with { $with }: a kan is four of one tile
rules-call-after-riichi = { $seat } calls after declaring riichi
rules-call-tile-not-in-hand = { $seat } calls with { $with }, but { $seat }'s hand { $hand } has no { $tile }
rules-fifth-kan = { $seat } declares a fifth kan; the dead wall has four rinshan tiles
rules-chi-one-suit = a chi is a run of three in one suit
rules-chi-not-run = the three tiles are not a run

## Scoring
scoring-nothing-to-score = the frame has no hands and acts, so there is nothing to score
scoring-at-act = act { $act }: { $text }
scoring-errors-first = the frame cannot be scored until its errors are fixed; the first, { $error }
scoring-win-unknown-tiles = { $seat }'s winning hand holds unknown tiles, so its value cannot be computed; enter its start hand
scoring-tenpai-unknown-tiles = { $seat }'s hand holds unknown tiles, so whether it was tenpai cannot be told; enter its start hand
scoring-tsumo = tsumo
scoring-ron = ron
scoring-chombo-not-complete = { $seat } declared { $how } on { $tile }, but the hand is not complete (chombo)
scoring-chombo-no-yaku = { $seat } declared { $how } on { $tile }, but the hand has no yaku (chombo)
scoring-pay-ron = { $points }
scoring-pay-dealer-tsumo = { $points } all
scoring-pay-tsumo = { $other }/{ $dealer }
scoring-list-separator = ,{" "}
scoring-yaku-double-yakuman = { $yaku } (double yakuman)
scoring-yaku-han = { $yaku } { $han }
scoring-han-fu = { $han } han { $fu } fu
scoring-han-fu-limit = { $value }, { $limit }
scoring-win-tsumo = { $seat } tsumo
scoring-win-ron = { $seat } ron on { $from }
scoring-pao = {" "}(pao: { $seat } pays { $points })
scoring-win-line = { $how }: { $yaku }; { $value }, { $payment }{ $pao }
scoring-draw-nagashi = exhaustive draw, nagashi mangan: { $seats }
scoring-draw-nobody-tenpai = exhaustive draw, nobody tenpai
scoring-draw-tenpai = exhaustive draw, tenpai: { $seats }
scoring-abortive = abortive draw, no payments
scoring-result-separator = ;{" "}
scoring-end-points-differ = { $frame }: the end points (pfe) are { $recorded }, but the hands and acts give { $computed } ({ $why })
scoring-rules-m-league = M League (kiriage mangan, atamahane, no double or kazoe yakuman)
scoring-rules-tenhou = tenhou (double ron, kazoe yakuman, no kiriage, open kans' dora after the discard, pao paid whole)
scoring-rules-mahjong-soul = Mahjong Soul (as tenhou, but double yakuman, pao on its own yakuman only, three rons all paid)
scoring-rules-jpml = JPML (no red fives, ippatsu, ura or kan dora; 30,000 start, no oka)
scoring-rules-ema = EMA (no red fives, double ron, no kiriage or kazoe; 30,000 start, uma 15/5)
scoring-rules-wrc = WRC (no red fives, double ron, kiriage; 30,000 start, uma 15/5)
scoring-rules-rmu = RMU (A rules: no red fives, atamahane, no kiriage or kazoe; 30,000 start, uma 15/5)
scoring-points-m-league = M League (25.0 / 30.0, uma 30-10)
scoring-points-tenhou = Tenhou (25.0 / 30.0, uma 20-10)
scoring-points-no-oka = No oka (30.0 / 30.0, uma 15-5)
interop-tenhou6-abortive-points = an abortive draw ({ $kind }) moves no points, but the log gives point changes
interop-tenhou6-unknown-tile-code = { $code } is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53, or 0 for unknown)
interop-tenhou6-not-a-call = '{ $text }' is not a call: a call is tile codes with one letter (c, p, m, a, k, r)
interop-tenhou6-call-not-pairs = '{ $text }' is not a call: its tile codes are not pairs of digits
interop-tenhou6-broken-tile-code = '{ $text }' has a broken tile code
interop-tenhou6-call-holds-non-tile = '{ $text }' holds { $code }, which is not a tile code
interop-tenhou6-call-letter-no-seat = '{ $text }': the letter '{ $letter }' stands where no seat could be the source
interop-tenhou6-not-chi-pon-kan = '{ $text }' is not a chi (c), pon (p) or daiminkan (m) call
interop-tenhou6-call-tile-count = '{ $text }' has { $got } tiles; this call has { $n }
interop-tenhou6-not-riichi-discard = '{ $text }' is not a riichi discard (r and a tile code)
interop-tenhou6-not-a-tile-code = '{ $text }': { $code } is not a tile code
interop-tenhou6-not-a-kan = '{ $text }' is not a kan: a kan string holds four tiles
interop-tenhou6-not-a-discard = '{ $text }' is not a discard: riichi (r), ankan (a) or kakan (k)
interop-tenhou6-result-name-first = the result must start with its name (和了, 流局, 九種九牌, ...)
interop-tenhou6-win-pairs = a win lists its point changes and its details, one pair per winner
interop-tenhou6-win-details = the win details must start with winner, from, pao
interop-tenhou6-not-a-player = { $n } is not a player (0-3)
interop-tenhou6-unknown-result = '{ $name }' is not a result tenhou.net/6 writes (和了, 流局, 流し満貫, 九種九牌, ...)
interop-tenhou6-kyoku-items = a kyoku has 17 items (round, scores, dora, ura, 3 lists per player, result); found { $count }
interop-tenhou6-round = the round must be [kyoku, honba, kyotaku]
interop-tenhou6-kyoku-not-a-round = kyoku { $kyoku } is not a round (0-3 East, 4-7 South, 8-11 West, 12-15 North)
interop-tenhou6-honba-negative = honba { $honba } is negative
interop-tenhou6-riichi-sticks = { $kyotaku } riichi sticks cannot be on the table
interop-tenhou6-five-indicators = a frame shows at most five dora and five ura indicators
interop-tenhou6-start-hand-size = a start hand has 13 tiles; this one has { $n }
interop-tenhou6-four-names = four player names are needed; found { $count }
interop-tenhou6-not-text = expected text, found { $value }

## tenhou.net/6 logs: the items of the JSON
interop-tenhou6-item-takes = the takes
interop-tenhou6-item-tile = a tile
interop-tenhou6-item-discard = a discard
interop-tenhou6-item-result = the result
interop-tenhou6-item-point-changes = the point changes
interop-tenhou6-item-win-details = the win details
interop-tenhou6-item-player = a player
interop-tenhou6-item-kyoku = a kyoku
interop-tenhou6-item-round-head = [kyoku, honba, kyotaku]
interop-tenhou6-item-the-kyoku = the kyoku
interop-tenhou6-item-honba = the honba
interop-tenhou6-item-kyotaku = the kyotaku
interop-tenhou6-item-start-scores = the start scores
interop-tenhou6-item-dora = the dora indicators
interop-tenhou6-item-ura = the ura indicators
interop-tenhou6-item-start-hand = a start hand
interop-tenhou6-item-discards = the discards
interop-tenhou6-item-log = the log
interop-tenhou6-item-names = the names
interop-tenhou6-item-title = the title
interop-tenhou6-not-a-list = { $what } must be a list [..], found { $value }
interop-tenhou6-not-a-number = { $what } must be a whole number, found { $value }
interop-tenhou6-not-four-numbers = { $what } must list four numbers, one per player; found { $count }
interop-tenhou6-not-an-object = a tenhou.net/6 log is one JSON object {"{"}..{"}"}
interop-tenhou6-no-log = the object has no "log": not a tenhou.net/6 log

## Conversions: where and what
interop-error-at = { $at }: { $message }
interop-at-frame = { $frame }: { $text }
interop-line = line { $line }
interop-line-column = line { $line }, column { $column }
interop-json-cut-off = the JSON ends too early (is the file cut off?)
interop-json-invalid = not valid JSON: { $error }
interop-json-unexpected = the JSON is not what this log has here: { $error }
interop-not-a-list = "{ $what }" must be a list
interop-not-a-player = "{ $what }": { $number } is not a player (0-3)
interop-points-too-large = { $points } points is more than a paifu can hold (8 digits of thousands)
interop-points-not-hundreds = { $points } points is not a whole number of hundreds
interop-no-flow = internal: a frame without flow
interop-act-problem = act { $act } ({ $seat }): { $problem }
interop-the-file = the file
interop-an-mjai-log = an mjai log
interop-a-tenhou6-log = a tenhou.net/6 log
interop-below-zero = { $player } ends { $frame } with { $points } points: AI reviewers built on Mortal (mjai-reviewer) are reported to refuse a game with points below zero
interop-read-only = { $format } is read, not written: write the record as jmjp, tenhou6 or mjai
interop-one-game-too-large = the { $format } of one game is a few hundred kilobytes; this one is over { $mib } MiB, so it is not read
interop-no-match = it holds no match
interop-several-matches = it holds { $count } matches; { $log } holds one game: split the file first
interop-match-frame = match { $number }, { $frame }
interop-mpsz-no-tiles = no tiles
interop-mpsz-mark-without-digit = the mark '{ $char }' must follow a digit
interop-mpsz-suit-without-digits = the suit letter '{ $char }' has no digits before it
interop-mpsz-unknown-after-digits = '?' stands alone for an unknown tile; the digits before it have no suit letter
interop-mpsz-space = a space may only follow a suit letter (m, p, s, z, x)
interop-mpsz-not-mpsz = '{ $char }' is not part of MPSZ (digits, m p s z x, marks - = +)
interop-mpsz-digits-without-suit = these digits have no suit letter after them (m, p, s, z or x)
interop-mpsz-no-such-honour = { $tile } is not a tile (honours are 1z-7z)
interop-mpsz-mark-twice = the mark '{ $mark }' is written twice
interop-mpsz-meld-without-mark = a meld carries exactly one mark (- = or +)
interop-mpsz-meld-marks = a meld carries one mark, not '{ $marks }'
interop-mpsz-mark-place = a called tile is marked after the first, second or third digit
interop-mpsz-chi-mark = a chi is always from the kamicha: mark the first digit (2-13m)
interop-mpsz-ankan-mark = an ankan is marked after its fourth digit (1111+z)
interop-mpsz-meld-size = a meld marked '{ $mark }' cannot have { $count } tiles (chi and pon 3 with -, kans 4 with - = +)
interop-mpsz-at-column = column { $column }: { $message }
interop-outcome-points-needed = the start and end points (pfs and pfe) are needed to say the point changes
interop-outcome-no-acts = the frame has no acts, so it has no result to write
interop-outcome-unfinished = the frame ends without a win, with tiles left in the wall, and not in a way that is an abortive draw (nine terminals, four riichi, four kans, four winds, triple ron): is it unfinished?
interop-bots-command-empty = the bot command is empty
interop-bots-unclosed-quote = the bot command has an unclosed quote
interop-bots-not-started = the bot { $program } could not be started ({ $error })
interop-bots-no-pipes = the bot's pipes could not be opened
interop-bots-not-reached = the bot at { $addr } could not be reached ({ $error })
interop-bots-connection-failed = the connection to { $addr } failed ({ $error })
interop-bots-not-reading = the bot closed the connection (it no longer reads: { $error })
interop-bots-reply-unreadable = the bot's reply could not be read ({ $error })
interop-bots-no-answer = the bot did not answer within { $seconds } s
interop-bots-closed = the bot closed the connection (or exited)
interop-bots-thread-stopped = the bot's thread stopped
interop-bots-reply-shown = { $error } (it said: { $shown })
interop-bots-choice-discard = discard { $name }
interop-bots-reply-not-json = the reply is not JSON ({ $error })
interop-bots-reply-no-type = the reply has no "type"
interop-bots-reply-other-seat = the reply is for another seat (its actor is not { $seat })
interop-bots-reply-no-tile = the discard names no tile
interop-bots-reply-not-an-action = "{ $other }" is not an action
interop-bots-choice-riichi = riichi
interop-bots-choice-tsumo = tsumo
interop-bots-choice-ron = ron
interop-bots-choice-chi = chi
interop-bots-choice-pon = pon
interop-bots-choice-kan = kan
interop-bots-choice-nine-terminals = nine terminals
interop-bots-choice-skip = skip

## Double entry: a difference between two recordings, in words
compare-match = match { $number }
compare-place-separator = {" "}
compare-part-tour = the tournament (tnm)
compare-part-time-place = the date, time and place (mtp)
compare-part-player = player { $number } (ply)
compare-part-point-rule = the point rules (ptr)
compare-part-rules = the rules played
compare-part-match-end-points = the match's end points (pme)
compare-part-tour-points = the tournament points (ptn)
compare-part-frame-id = the frame id
compare-part-kyoutaku = the kyoutaku
compare-part-dice = the dice
compare-part-start-points = the start points (pfs)
compare-part-flow = the hands and acts
compare-part-start-hand = { $seat }'s start hand
compare-part-end-hand = { $seat }'s end hand
compare-part-end-points = the end points (pfe)
compare-part-comment = the comment
compare-part-before-act = before act { $act }
compare-part-after-act = after act { $act }
compare-part-act = act { $act }
compare-value-none = none
compare-value-acts = { $count } acts
compare-only-in = { $place }: only in { $side }
compare-differs = { $place }: { $a } in A, { $b } in B
compare-consistent = { $text } ({ $side } is consistent)
compare-live-another-tour = the other desk records another match: the tournament is { $mine } here and { $theirs } there
compare-live-another-date = the other desk records another match: the date is { $mine } here and { $theirs } there
compare-live-another-player = the other desk records another match: player { $seat } is { $mine } here and { $theirs } there
broadcast-follow-no-https = { $address }: the other desk serves plain http (http://host:port), not https
broadcast-follow-bad-address = "{ $address }" is not a desk's address: give host:port (192.168.1.20:8765), or paste its record address
broadcast-follow-bad-token = the token is missing: copy it from the other desk's Settings > On air (the record address ends with it)
broadcast-follow-unreachable = { $address } does not answer ({ $why })
broadcast-follow-token-refused = { $address } refuses the token: copy it again from the other desk's Settings > On air
broadcast-follow-nothing-yet = { $address } has no record open yet
broadcast-follow-status = { $address } answered { $status } { $why }
broadcast-follow-not-a-record = { $address } sent something that is not a .jmjp record ({ $line }:{ $column }: { $why })
broadcast-follow-stream-ended = the other desk closed the connection
broadcast-follow-not-a-stream = what the other desk sent is not an event stream
broadcast-follow-flood = the other desk floods its event stream with no event in it (blank lines, comments): the connection is let go and opened again
broadcast-follow-line-too-slow = the other desk's event stream sent no whole line within { $seconds } s (timed out): the connection is let go and opened again
broadcast-follow-connection-refused = { $address } does not answer: the connection was refused (nothing listens there; is its On air on?)
broadcast-follow-timed-out = { $address } does not answer in time: no whole answer within { $seconds } s (timed out)
broadcast-follow-too-large = { $address } sent more than { $mib } MiB: too large for a record, not read
broadcast-follow-not-utf8 = { $address } sent a record that is not UTF-8 text (at byte { $at }): not read
broadcast-follow-redirect = { $address } redirects to { $location } (answer { $status }): not followed, a desk's record is read only at the address given
recorder-checked-the-file = The file of the differences you kept (double entry)
recorder-checked-none = none is kept from it
recorder-double-title = Double entry · { $count } open
recorder-double-header = { $count ->
    [one] 1 open difference
   *[other] { $count } open differences
} with { $other } ({ $next }: the next)
recorder-double-keys = { $next } next difference · { $take } take theirs · { $keep } keep yours (checked); in a form's field, with Alt (Alt+{ $take })
recorder-double-none-open = No open difference.
recorder-double-row = { $place } · you { $mine } · { $other } { $theirs }
recorder-double-mine-consistent = { $row } (yours is consistent)
recorder-double-theirs-consistent = { $row } ({ $other } is consistent)
recorder-double-crossed = both desks took the other's value at once: agree which is right, then one desk keeps (the other takes)
recorder-double-connecting = { $other }: connecting to { $address }…
recorder-double-unreachable = { $other } unreachable since { $since } ({ $why }); reconnecting by itself
recorder-double-refused = { $other }: { $why }
recorder-double-in-step = { $other }: in step
recorder-double-you-behind = you: { $count ->
    [one] 1 act behind
   *[other] { $count } acts behind
}
recorder-double-they-behind = { $other }: { $count ->
    [one] 1 act behind
   *[other] { $count } acts behind
}
recorder-double-separator = {" · "}
recorder-double-nothing-open = no open difference with { $other }
recorder-double-changed = the difference changed meanwhile at { $other } or here: look at the list again
recorder-double-off = double entry is off: turn it on in Settings > Double entry
recorder-double-other-desk = the other desk
broadcast-follow-no-threads = cannot start following the other desk: { $why }
recorder-double-end-open = { $frame } has { $count ->
    [one] 1 open difference
   *[other] { $count } open differences
} with { $other }: Enter again ends the frame anyway; Alt+U takes theirs, Alt+V keeps yours

## Double entry: reconciling two recordings
double-entry-done = Reconciled: { $taken } of { $count } differences taken from theirs; recorders: { $recorders }
double-entry-check-clean = The reconciled record checks with no errors ({ $warnings } warning(s)).
double-entry-check-errors = { $errors } error(s) left in the reconciled record:
double-entry-mine-path = Mine (A): { $path }
double-entry-theirs-path = Theirs (B): { $path }
double-entry-summary = { $count } difference(s); { $taken } taken from theirs. Up/Down: move · Left or A: keep mine · Right or B: take theirs · Ctrl+Enter: save
double-entry-same = The two recordings hold the same. Save reconciled lists both recorders.
double-entry-mine = Mine (A)
double-entry-theirs = Theirs (B)
double-entry-chosen = { $side } — chosen
double-entry-none = none
double-entry-no-such-frame = (this recording has no such frame)

## The match forms
forms-romanized-field = { $field } ({ forms-romanized })
forms-seat-label = { $wind } (ply { $seat })
forms-carried-note = { $seat } — { $carried }: { $note }
forms-row-problem = { $seat } — { $field }: { $problem }
forms-carried-personal = personal
forms-carried-team = team
forms-carried-from = { $whose } { $points } from { $source }
forms-carried-separator = ;{" "}
forms-offered-with-team = { $name } — { $team }

## The editor
editor-no-frames = This match has no frames yet.
editor-no-problems = No problems to go to
editor-no-cause = { $frame }: no single change explains its problems; correct it by hand
editor-match = Match
editor-frames = Frames
editor-result = Result
editor-acts-slider = acts
editor-act = Act
editor-after-act = after act { $position } of { $count }: { $act }
editor-as-dealt = as dealt, before the first act
editor-cannot-replay = This frame cannot be replayed: its start hands are missing or broken (see the problems).
editor-acts = Acts
editor-replace = Replace
editor-replace-tip = The current act becomes the act typed
editor-make-it = Make it:
editor-frame = Frame
editor-apply = Apply
editor-start-hand = { $seat } start hand
editor-dora-indicators = Dora indicators
editor-ura-indicators = Ura indicators
editor-kyoutaku = Kyoutaku
editor-comment = Comment
editor-end-hands-from-replay = End hands from the replay
editor-end-hands-tip = Write each seat's end hand as the acts leave it (after inserting or deleting acts)
editor-points-all-or-none = give all four points, or none
editor-no-points = No points recorded yet.
editor-end-label = end
editor-new-act-first = New act (inserted first):
editor-act-label = Act { $act }:
editor-kind-discard = discard
editor-kind-tsumogiri = tsumogiri
editor-kind-riichi = riichi
editor-kind-tsumo = tsumo win
editor-start-points = Start points
editor-end-points = End points
editor-error-no-flow = the frame has no flow (no hands and acts) to correct
editor-error-no-such-act = there is no act { $act } in this frame
editor-error-hand-size = a start hand has 13 tiles (14 for East); { $seat } was given { $count }
editor-error-too-many-indicators = at most five indicators are shown (the dora and four kan dora); { $count } were given
editor-error-no-replay = the replay of the acts stops before the end, so the end hands cannot be worked out
editor-result-tsumo = { $seat } tsumo
editor-result-winners-separator = +
editor-result-ron = { $winners } ron off { $discarder }
editor-result-exhaustive = exhaustive draw
editor-result-no-result = abortive draw / unfinished
editor-text-unreadable = This file does not read as a paifu. Line { $line }, column { $column }: { $message }
editor-text-not-read = Not read yet.
editor-text-fix-then-read = Fix the text where it is marked, then read it again.
editor-text-file-text = File text

## Shared widgets
ui-honba-kyoutaku = { $honba } honba · kyoutaku { $kyoutaku }
ui-dora = Dora
ui-tiles-left = { $count } tiles left
ui-riichi-stick = 1000 in the riichi stick
ui-riichi = RIICHI
ui-drawn-tile = drawn tile (Space: tsumogiri)
ui-seat-hand = { $seat } hand
ui-seat-river = { $seat } river
ui-tsumogiri-mark = {" "}· tsumogiri
ui-called-by = {" "}· called by { $seat }
ui-copy-hand = Copy hand
ui-copy-river = Copy river
ui-copy-tip = Copy this seat's hand or river as MPSZ text
ui-likely-cause = Likely cause: { $cause }
ui-no-problems = No problems
ui-go-there = Click to go there
ui-fix = Fix
ui-fix-tip = Make the change, as one undo step
ui-problems-heading = Problems ({ $errors } { $errors ->
        [one] error
       *[other] errors
    }, { $warnings } { $warnings ->
        [one] warning
       *[other] warnings
    })
ui-problems-rules-fit = The end points of { $frames ->
        [one] 1 frame fit
       *[other] { $frames } frames fit
    } { $preset }, not the rules this match is judged by: if it was played so, say it in the match form (Point rules, Ctrl+5)
ui-not-points = { $what }: { $text } is not a number of points in hundreds (like 25000)
ui-act-error = column { $column }: { $message }

## The recorder (room recorder: its keys, steps, forms, journal, lock and AI notes)
recorder-action-tsumogiri = Tsumogiri
recorder-action-riichi = Riichi
recorder-action-chi = Chi
recorder-action-pon = Pon
recorder-action-kan = Kan
recorder-action-ron = Ron
recorder-action-tsumo = Tsumo
recorder-action-exhaustive = Exhaustive draw
recorder-action-abortive = Abortive draw
recorder-action-indicator = Dora indicator
recorder-action-tsumogiri-tip = Discard the tile just drawn
recorder-action-riichi-tip = The next discard declares riichi (press again to take it back)
recorder-action-chi-tip = Chi on the last discard
recorder-action-pon-tip = Pon on the last discard
recorder-action-kan-tip = Kan: daiminkan on the last discard, or ankan / kakan on one's own turn
recorder-action-ron-tip = Ron on the last discard (again for double ron)
recorder-action-tsumo-tip = Tsumo win on the tile just drawn
recorder-action-exhaustive-tip = The wall ran out: end the frame
recorder-action-abortive-tip = End the frame as an abortive draw (nine terminals, four winds, four riichi, four kans, triple ron)
recorder-action-indicator-tip = The next tile is a dora indicator (the dora, or a kan dora)
recorder-action-chombo = Chombo
recorder-action-chombo-tip = A chombo ends the hand: pick the seat (1-4); it is paid as the match's rules say (a mangan at the table, or points off the final points), recorded in the frame's comment, and the same frame is dealt again
recorder-step-no-match = No match to record
recorder-step-deal = Deal the frame: dora indicator and start hands
recorder-step-draw = { $seat } draws
recorder-step-draw-or-call = { $seat } draws — or a call on the discard?
recorder-step-discard = { $seat } discards
recorder-step-rinshan = { $seat } draws from the dead wall (rinshan)
recorder-step-more-ron = Another ron? (N) — or confirm the end
recorder-step-end-win = Win: confirm ura dora and points
recorder-step-end-exhaustive = Exhaustive draw: mark tenpai, confirm points
recorder-step-end-abortive = Abortive draw: confirm points
recorder-step-riichi = {"  "}· riichi
recorder-step-indicator = {"  "}· next tile: dora indicator
recorder-step-typing = {"  "}· type { $count } tile(s) of { $seat }'s call
recorder-which = Which? (press the number)
recorder-ai-failed = AI of player { $player } failed: { $why }; it starts again at the next frame
recorder-correcting-discard = Correcting act { $n } { $written }: a tile is its discard · Space tsumogiri · R riichi · W then a tile its draw · O a missed act before it · Delete removes it · Esc back
recorder-correcting-draw = Correcting act { $n } { $written }: type its drawn tile
recorder-insert-draw = A missed act of { $seat } before act { $n }: type its drawn tile
recorder-insert-discard = A missed act of { $seat } before act { $n }, drew { $drew }: type its discard or Space{ $riichi }
recorder-insert-riichi = {" "}(riichi)
recorder-honba-kyoutaku = { $honba } honba · kyoutaku { $kyoutaku }
recorder-dealing-kyoutaku = dealing · kyoutaku { $kyoutaku }
recorder-saved = saved
recorder-not-saved-yet = not saved yet
recorder-journal-only = { $count } { $count ->
        [one] entry
       *[other] entries
    } only in the journal
recorder-journal-only-fix = { $count } { $count ->
        [one] entry
       *[other] entries
    } only in the journal: fix { $error }
recorder-not-saved = not saved: { $why }; everything is in the journal
recorder-palette-hint = { $tile } (keys: { $keys })
recorder-frame-flow = Frame flow
recorder-correct-act = Correct act { $n }:
recorder-act = Act
recorder-replace = Replace
recorder-close = Close
recorder-ai-agreement = AI agreement this frame: { $rates }
recorder-deal-frame-id = the frame is written like E1-0 (wind, number 1-4, honba)
recorder-kyoutaku-word = kyoutaku
recorder-deal-dice-shape = dice are two faces of 1 to 6, written like 3-4 or 34
recorder-deal-indicator-shape = the dora indicator is one tile, like 3p (or x)
recorder-deal-hand-size = { $seat }'s start hand has { $count } tiles; it needs 13 (East 13 or 14)
recorder-end-no-ura = No ura indicator is typed: type it, or press Enter again to confirm without it (written as unknown)
recorder-ura-word = ura dora
recorder-end-bad-points = { $who }: { $text } is not a number of points in hundreds (25000, or +8000 / -8000 as a change)
recorder-dice = Dice
recorder-deal-hand = { $wind } hand
recorder-start-points = Start points
recorder-frame = Frame
recorder-kyoutaku = Kyoutaku
recorder-deal-button = Deal  (Enter)
recorder-deal-button-tip = Enter in North's hand or after it deals; Ctrl+Enter deals from any field
recorder-tile-count = { $count } tiles
recorder-tenpai = Tenpai:
recorder-ura-indicators = Ura indicators
recorder-end-points = End points
recorder-end-hint-exhaustive = Keys 1-4 mark tenpai (E, S, W, N). Type the points, or a change with + or − (+8000). Enter confirms.
recorder-end-hint = Type the points, or a change with + or − (+8000) from the values shown. Enter confirms.
recorder-end-confirm = Confirm the end of the frame  (Enter)
recorder-not-computed = Not computed: { $why }
recorder-yakuman = yakuman
recorder-han = { $han } han
recorder-pao = {"  "}pao: { $seat }
recorder-end-points-computed = The end points below are computed: Enter confirms them, or type the right ones.
recorder-journal-unreadable = { $path }: { $why }
recorder-journal-too-large = { $path }: the journal is larger than { $bytes } bytes; it is not a journal of this program
recorder-journal-no-header = { $path }:1: the first line is not a journal header ({ $message })
recorder-journal-bad-base = { $path }:1: the recording's starting point does not parse: { $message }
recorder-journal-not-utf8 = the line is not UTF-8 text ({ $why })
recorder-journal-not-an-entry = { $why }
recorder-journal-no-checksum = the line has no checksum
recorder-journal-checksum-differs = the checksum does not match (the line was changed or cut)
recorder-lock-process = process { $pid }
recorder-lock-process-on = process { $pid } on { $host }
recorder-lock-held = { $file } is being recorded by another copy of the program ({ $who }, since { $since }); close it there first, or delete { $lock } if that copy is gone
recorder-lock-held-unnamed = { $file } is being recorded by another copy of the program on this computer (its lock holds, though its note cannot be read); close it there first
recorder-lock-unwritable = { $path }: the recording lock cannot be written ({ $why })
recorder-journal-unwritable = { $path }: the journal cannot be written ({ $why })
recorder-entry-not-journaled = the entry was not made: the journal { $path } cannot be written ({ $why })
recorder-key-pon = pinzu after a number (5p); pon otherwise
recorder-key-digit = a tile's number (0 a red five), a numbered choice, or at an exhaustive draw (1-4) the tenpai mark of E, S, W, N
recorder-key-manzu = manzu, after the number (5m)
recorder-key-souzu = souzu, after the number (5s)
recorder-key-honour = an honour after its number: 1z-4z winds, 5z-7z dragons
recorder-key-unknown = an unknown tile
recorder-key-position = discard the tile at this position of the hand (Shift+0 is the tenth)
recorder-key-drawn = with an earlier act selected: the next tile typed is its drawn tile
recorder-key-insert = with an earlier act selected: insert a missed act before it (its draw, then its discard or Space)
recorder-key-escape = clear what is half typed, close a choice, stop ending the frame; with an act selected, back to the live end
recorder-key-backspace = drop the number typed
recorder-key-enter = confirm the deal or the end of the frame
recorder-key-ctrl-enter = deal from any field of the deal form (or confirm the end)
recorder-key-tab = the next field of the deal or end form (the focus stays in the form)
recorder-key-shift-tab = the field before
recorder-key-up = select the act before, to correct it with the recording keys
recorder-key-down = select the act after; past the last, back to the live end
recorder-key-page-up = select four acts (a round) before
recorder-key-page-down = select four acts after
recorder-key-end = back to the live end
recorder-key-delete = take the selected act out
recorder-key-fix = make the fix of the likely cause the header names
recorder-key-look-video = play the act selected (or the last) in the match video, from 5 s before it
recorder-key-sync-video = the match video shows the act selected (or the last) now: sync the video to the record
recorder-key-next-difference = double entry: select the next open difference with the other desk
recorder-key-take = double entry: take the other desk's act or field for the difference selected (one undo step)
recorder-key-keep = double entry: keep yours for the difference selected and mark it checked
recorder-problem-not-now = { $action } is not possible now
recorder-problem-number-first = type the number first, then the suit (5p)
recorder-problem-no-such-honour = { $number }z is not a tile: honours are 1z..7z (E S W N, white, green, red)
recorder-problem-no-call = no seat can { $call } the last discard
recorder-problem-nothing-drawn = { $seat } has no drawn tile to discard (it called)
recorder-problem-no-such-position = the hand has no tile at position { $position }
recorder-problem-red-five = { $tile } is a red five, but this match's rules play without red fives: type { $plain }
recorder-problem-no-tile-now = no tile is expected now: deal the frame or confirm its end
recorder-problem-no-indicator-missing = every dora indicator face up is already entered
recorder-problem-wall-not-empty = { $count } tiles are left in the wall
recorder-problem-nothing-to-undo = nothing to undo
recorder-problem-nothing-to-redo = nothing to redo
recorder-nothing-to-fix = nothing to fix: no likely cause is named
recorder-ai-discard = { $choice } { $tile }
recorder-ai-choice = AI: { $choice }
recorder-ai-agrees = AI: { $choice } (agrees)
recorder-ai-differs = AI: { $choice } (differs)
## Helper F (library): cli, interop, rules, document
cli-compare-log-unwritten = { $path }: the log was read, but its record does not read back ({ $why }); this is a fault of the program
cli-chapters-no-match = there is no match { $number }: the file has { $count }
cli-convert-rules-named = played under the { $preset } rules (as the log says): the file keeps that as "// rules: { $rules }", and check and the app judge it by them
cli-convert-rules-given = played under the rules "{ $rules }" (as --rules says): the file keeps them as its rules comment, and check and the app judge it by them
cli-convert-rules-unsaid = the log does not say its rules: check and the app judge it by m-league unless told otherwise (--rules, the match form)
cli-check-rules-fit = the end points of { $frames ->
        [one] 1 frame fit
       *[other] { $frames } frames fit
    } the { $preset } rules, not { $used }: check with --rules { $preset }
cli-score-match = match { $number }
cli-score-end-points = end points
cli-score-as-recorded = (as recorded)
cli-score-recorded = (recorded: { $points })
cli-score-not-scored = not scored: { $why }
cli-review-no-bot = say --bot CMD or --tcp HOST:PORT
interop-mjai-the-event-has-no = the event has no "{ $name }"
interop-mjai-is-not-an-mjai-tile-1m = "{ $name }": { $v } is not an mjai tile (1m..9s, E S W N P F C, 5mr 5pr 5sr, ?)
interop-mjai-is-not-an-mjai-tile = "{ $name }": { $x } is not an mjai tile
interop-mjai-must-be-a-whole-number-found = "{ $name }" must be a whole number, found { $v }
interop-mjai-must-list-four-numbers-one-per = "{ $name }" must list four numbers, one per player
interop-mjai-must-be-a-whole-number = "{ $name }"[{ $i }] must be a whole number
interop-mjai-player-discards-or-declares-without-a = player { $p } discards or declares without a draw or call before it
interop-mjai-an-mjai-event-is-a-json = an mjai event is a JSON object {"{"}..{"}"}
interop-mjai-a-event-after-end-game = a "{ $kind }" event after end_game
interop-mjai-is-not-an-mjai-event-type = "{ $other }" is not an mjai event type
interop-mjai-a-event-outside-a-kyoku-no = a "{ $kind }" event outside a kyoku (no start_kyoku before it)
interop-mjai-a-consumes-tiles-from-the-hand = a { $kind } consumes { $n } tiles from the hand
interop-mjai-an-ankan-consumes-four-tiles = an ankan consumes four tiles
interop-mjai-more-than-four-kan-dora = more than four kan dora
interop-mjai-bakaze-must-be-e-s-w = "bakaze" must be E, S, W or N
interop-mjai-kyoku-is-not-1-4 = "kyoku": { $number } is not 1-4
interop-mjai-honba-is-negative = "honba" is negative
interop-mjai-tehais-must-list-four-hands = "tehais" must list four hands
interop-mjai-kyotaku-sticks-cannot-be-on-the = "kyotaku": { $kyotaku } sticks cannot be on the table
interop-mjai-each-of-tehais-must-be-a = each of "tehais" must be a list
interop-mjai-tehais-is-not-an-mjai-tile = "tehais": { $t } is not an mjai tile
interop-mjai-player-s-start-hand-has-tiles = player { $p }'s start hand has { $n } tiles, not 13
interop-mjai-the-frame-has-no-acts-an = the frame has no acts; an mjai log needs the hands and acts
interop-mjai-the-frame-has-no-acts = the frame has no acts
interop-mjai-the-frame-has-no-start-points = the frame has no start points (pfs); mjai needs the scores
interop-mjai-the-kyoutaku-is-not-a-whole = the kyoutaku { $k } is not a whole number of riichi sticks
interop-mjai-a-call-with-no-discard-to = a call with no discard to call
interop-mjai-tg-without-a-drawn-tile = tg without a drawn tile
interop-mjai-kg-without-a-drawn-tile = kg without a drawn tile
interop-mjai-a-kakan-with-no-pon-of = a kakan with no pon of that tile
interop-tenhou6-player-has-no-more-takes-but = player { $player } has no more takes, but it is its turn to draw
interop-tenhou6-player-s-next-take-is-a = player { $player }'s next take is a call, but no discard could be called
interop-tenhou6-a-tsumogiri-60-right-after-a = a tsumogiri (60) right after a call, with no drawn tile
interop-tenhou6-a-riichi-tsumogiri-r60-right-after = a riichi tsumogiri (r60) right after a call
interop-tenhou6-a-0-in-the-discards-that = a 0 in the discards that does not follow a daiminkan
interop-tenhou6-a-kan-declared-right-after-a = a kan declared right after a call, with no drawn tile
interop-tenhou6-internal-a-call-path-without-a = internal: a call path without a call
interop-tenhou6-player-has-no-discard-left-but = player { $player } has no discard left, but other lists are not used up
interop-tenhou6-the-lists-end-on-player-s = the lists end on player { $player }'s draw, but the result is not its tsumo
interop-tenhou6-the-result-is-a-tsumo-but = the result is a tsumo, but the lists end on a discard
interop-tenhou6-the-result-is-an-exhaustive-draw = the result is an exhaustive draw, but { $left } tiles are left
interop-tenhou6-nine-terminals-after-a-discard = nine terminals after a discard
interop-tenhou6-the-lists-end-on-a-kakan = the lists end on a kakan, but the result is not a ron on it
interop-tenhou6-the-order-of-acts-is-too = the order of acts is too ambiguous to rebuild
interop-tenhou6-nothing-to-replay = nothing to replay
interop-tenhou6-the-frame-has-no-acts-tenhou = the frame has no acts; tenhou.net/6 needs the hands and acts
interop-tenhou6-the-frame-has-no-start-points = the frame has no start points (pfs); tenhou.net/6 needs them
interop-tenhou6-the-frame-has-no-acts = the frame has no acts
interop-tenhou6-a-call-with-no-discard-to = a call with no discard to call
interop-tenhou6-a-call-on-its-own-discard = a call on its own discard
interop-tenhou6-kg-without-a-drawn-tile = kg without a drawn tile
interop-tenhou6-a-kakan-with-no-pon-of = a kakan with no pon of that tile

## app (helper E2)
app-journal-unusable = the recording journal cannot be used: { $reason }
app-viewer-url-copied = The tenhou.net/6 viewer address is copied
app-save-before-open = Save or close the open match before opening another
document-opened = Opened { $path } ({ $matches } match(es), { $frames } frames)
document-opened-bom = { $opened }; it starts with a byte order mark, which is left out when saved
document-imported = Imported { $path } ({ $format }, { $frames } frames); Save writes it as .jmjp
document-reads-now = { $path } reads now; save to write the corrected file
document-export-name = Name the file { $names }
document-exported = Written as { $format }: { $path }
document-match-saved = Match { $number } written to { $path }
document-merged = { $count } match(es) added from { $path }
document-not-a-folder = { $path } is not a folder
document-type-a-file = Type the path of a file
document-does-not-exist = { $path } does not exist
double-entry-compared = Compared with { $path }: { $count } difference(s)

## library (helper T2)

document-io-disk-full = disk full
document-io-permission-denied = permission denied
document-io-file-busy = another program has the file open and does not let it be replaced: close it there and save again
document-io-read-only = the disk is read-only
document-io-folder-gone = the folder is gone
document-io-folder-has-the-name = a folder has the file's name
document-io-not-written = { $error }
document-io-read-unreadable = { $path }: could not be read ({ $error })
document-io-read-folder = { $path }: a folder, not a file
document-io-read-not-utf8 = { $path }: the file is not UTF-8 text (bad byte at offset { $offset })
document-io-read-parse = { $path }:{ $line }:{ $column }: { $message }
document-io-read-not-a-log = { $path }: not a log this program reads (tenhou.net/6, tenhou's mjlog, the official M League record, mjai)
document-io-read-convert = { $path }: { $error }
document-io-read-a-log = { $path }: a log ({ $format }), not a .jmjp file (jmjp-studio convert, or File > Import log, reads it)
document-io-read-bad-gzip = { $path }: the file is gzip-compressed (as tenhou serves its logs) and its compression is damaged; download it again
document-io-read-too-large = { $path }: the file is larger than { $mib } MiB; no paifu or log is that large, so it is not read
document-io-save-changed-on-disk = { $path }: the file was changed by another program since it was opened
document-io-save-exists = { $path } already exists; choose another name
document-io-save-no-folder = { $path }: the folder could not be made ({ $error })
document-io-save-not-saved = { $path }: could not be saved ({ $error })
document-json-file-problem = { $what } { $path } { $said }
document-json-file-too-large = it is larger than { $size }
document-json-file-unreadable = could not be read ({ $why }); { $instead }, and the file is left as it is.
document-json-file-not-saved = could not be saved ({ $why }).
document-json-file-not-utf8 = it is not UTF-8 text
document-json-file-damaged = is damaged ({ $why }); { $instead }. { $kept }
document-json-file-damaged-at = is damaged at line { $line }, column { $column } ({ $why }); { $instead }. { $kept }
document-json-file-kept-as = The old file was kept as { $path }.
document-json-file-not-set-aside = It could not be set aside ({ $error }) and is left as it is.
document-json-fault = { $fault }: { $detail }
document-json-fault-eof = the file ends too early
document-json-fault-syntax = it is not JSON
document-json-fault-data = it does not hold what the program writes
document-json-fault-io = it could not be read
app-settings-the-file = The settings file
app-settings-defaults-used = defaults are used
app-settings-field-defaulted = The setting “{ $field }” could not be read and has its default value.
interop-mjai-oya-not-dealer = "oya" { $dealer } is not the dealer of kyoku { $number } (player { $player })
interop-tenhou6-no-order-replays = no order of the takes and discards replays legally; the furthest reached act { $act }: { $message }
rules-discard-after-ron = { $seat } declares ron, so the act has no discard (found { $found })
rules-discard-after-daiminkan = { $seat } declares a daiminkan: the act has no discard; the rinshan draw comes next
rules-discard-riichi-not-drawn = { $seat } is in riichi but discards { $tile } from the hand, not the drawn { $drawn }
rules-discard-tg-after-call = { $seat } called a tile, so there is no drawn tile to discard as tsumogiri (tg)
rules-discard-tg-without-draw = { $seat } discards tsumogiri (tg), but drew no tile this act
rules-discard-kg-without-draw = { $seat } discards karagiri (kg), but drew no tile this act to match
rules-discard-kg-no-second = { $seat } discards karagiri (kg) of { $tile }, but the hand holds no second { $tile } to discard
rules-discard-tsumo-after-call = { $seat } declares tsumo after a call; tsumo needs a tile from the wall
rules-discard-tsumo-not-complete = { $seat } declares tsumo, but the hand { $hand } is not complete (chombo)
rules-discard-ankan-with-call = { $seat } declares an ankan in the same act as a call
rules-discard-ankan-not-four = { $seat } declares an ankan of { $four }: a kan is four of one tile
rules-discard-ankan-not-in-hand = { $seat } declares an ankan of { $four }, but the hand { $hand } has no { $tile }
rules-discard-ankan-changes-wait = { $seat } declares an ankan in riichi that changes the wait
rules-discard-kakan-with-call = { $seat } declares a kakan in the same act as a call
rules-discard-kakan-no-pon = { $seat } declares a kakan of { $tile }, but has no pon of { $tile } to add it to
rules-discard-kakan-not-in-hand = { $seat } declares a kakan of { $tile }, but the hand { $hand } has no { $tile }
rules-discard-not-in-hand = { $seat } discards { $tile }, but { $seat }'s hand has no { $tile } (hand: { $hand })
rules-discard-not-in-hand-after-draw = { $seat } discards { $tile }, but { $seat }'s hand has no { $tile } after drawing { $drawn } at act { $act } (hand: { $hand })
rules-riichi-twice = { $seat } declares riichi a second time
rules-riichi-open-hand = { $seat } declares riichi with an open hand
rules-riichi-under-1000 = { $seat } declares riichi with { $points } points, under 1000
rules-riichi-wall-short = { $seat } declares riichi with { $left } tiles left in the wall (fewer than four)
rules-riichi-not-tenpai = { $seat } declares riichi discarding { $tile }, but the hand is not tenpai
app-settings-ai-player-problem = player { $player }: { $problem }

## the lead: the last texts of the season, the recovery question, a list
recorder-recover-body = The recording journal next to this file holds { $entries } entries and ends in a state the file does not have (the program stopped before it could save).
recorder-recover-damage = Line { $line } of the journal is damaged ({ $why }); it and the { $left } entries after it are left out.
season-source-match = { $date }, match { $n }
season-roster-file = The roster
season-roster-empty-used = an empty roster is used
season-import-none = { $folder } holds no .jmjp file
season-import-read = Roster: { $read } files read, { $added } people added ({ $all } in all)
season-import-failed = ; { $count } could not be read, the first: { $path }: { $why }
document-list-or = {" or "}

## On air: the served record (src/broadcast/)
broadcast-end-separator = {" / "}
broadcast-end-tsumo = Tsumo
broadcast-end-ron = Ron
broadcast-end-draw = Draw
broadcast-not-found = Not found: this server serves its pages, their assets and the record's data only.
broadcast-method = Only GET and HEAD: this server is read-only.
broadcast-host = This server answers only to its own address or localhost.
broadcast-bad-delay = The delay { $value } is not a whole number of seconds from 0 to { $max }.
broadcast-too-many = { $max } event streams are open already; close a page and try again.
broadcast-full = The server has too many connections open, each answering a request; try again in a moment.
broadcast-token-missing = The record needs the token shown in Settings > On air (or printed by serve): add ?token=...
broadcast-token-wrong = The token does not match this run's (it changes at every start).
broadcast-nothing-yet = No record is on air yet.
broadcast-index-title = jmjp-studio: on air
broadcast-index-obs = In OBS: add a Browser Source, paste an address below, set 1920 x 1080.
broadcast-index-record = The record itself (/api/record.jmjp) needs the token shown in Settings > On air.
broadcast-cannot-bind = Cannot listen on { $addr }: { $why }
broadcast-no-threads = Cannot start the server's threads: { $why }
broadcast-status = On air: { $addr } · { $viewers ->
    [one] { $viewers } viewer
   *[other] { $viewers } viewers
}
broadcast-url-index = Pages
broadcast-url-overlay = Overlay (full table)
broadcast-url-bar = Overlay (score bar)
broadcast-url-replay = Replay
broadcast-url-state = The table now (JSON)
broadcast-url-events = The table's events (Server-Sent Events)
broadcast-url-record = The record (.jmjp, for a second desk)
broadcast-export-no-page = The replay page { $name } is not in this build.
broadcast-export-no-file = The replay page names { $name }, which is not in this build.
cli-serve-beyond-loopback = Listening on { $addr }: other machines of the network can reach the pages and data (never the record without its token).
cli-export-no-match = the file holds no match
## The match video (src/video/)
video-no-source = No video named: give a video file or an address (https://...).
video-no-such-file = { $path }: no such video file.
video-not-a-file = { $path }: not a video file (a folder?).
video-unreadable = { $path }: cannot be read: { $why }
video-growing-mp4 = { $path }: this MP4 is still being written (it has no index yet) and cannot be opened. Record to MKV or MPEG-TS, which can be watched while they grow, or wait until the recording is finished.
video-link-the-file = The video link
video-link-not-linked = the video is not linked
video-link-not-an-address = { $path }: { $url } is not the address of a stream ({ $schemes }); link the video again in the Match video field.
video-link-not-saved = { $path }: the video link could not be saved: { $why }
video-no-mpv = mpv is needed to see the video and was not found. Install it (Debian, Ubuntu: apt install mpv; Windows: download it from mpv.io, then put mpv.exe on the PATH or beside jmjp-studio.exe). Everything else works without it.
video-mpv-not-started = { $program } could not be started: { $why }
video-no-private-folder = { $path }: the player's private folder could not be made: { $why }
video-no-connection = mpv did not open its control connection within { $seconds } s.
video-not-playable = mpv cannot play { $video }: { $why }
video-mpv-silent = mpv did not answer within { $seconds } s ({ $what }).
video-mpv-refused = mpv refused { $what }: { $why }
video-mpv-closed = The player has closed ({ $why }).
video-unknown-chapter-format = Unknown chapter format { $given }: youtube, webvtt or ffmetadata.
video-no-act-times = No frame has a time: the match was recorded without act times, so there are no chapters.
video-too-few-chapters = YouTube needs at least three chapters of at least 10 s each, the first at 00:00; this match gives { $count } (frames shorter than 10 s are merged into the one before).
## tenhou's mjlog XML (src/interop/mjlog/)
interop-mjlog-not-mjlog = this is not a tenhou mjlog: it does not start with <mjloggm>
interop-mjlog-text = text where only tags belong: '{ $text }'
interop-mjlog-xml-bang = '<!' here starts no comment (<!-- ... -->)
interop-mjlog-xml-end-tag = the closing tag </{ $found }> does not close <{ $expected }>
interop-mjlog-xml-stray-end-tag = the closing tag </{ $found }> closes no tag
interop-mjlog-xml-attribute = the attributes of this tag are broken ({ $detail }); each is written once, as name="value"
interop-mjlog-xml-broken = the XML is broken here ({ $detail })
interop-mjlog-missing-attribute = <{ $tag }> has no { $name } attribute
interop-mjlog-not-a-number = { $name }: '{ $value }' is not a whole number
interop-mjlog-out-of-range = { $name }: { $value } is out of range (it must be { $low } to { $high })
interop-mjlog-list-length = { $name } holds { $count } numbers where { $n } belong
interop-mjlog-tile-id = { $name }: { $value } is not a tile (tiles are numbered 0 to 135)
interop-mjlog-player = { $name }: { $value } is not a player (players are numbered 0 to 3)
interop-mjlog-bad-escape = { $name }="{ $value }": the %-escape at character { $character } is broken (a % is followed by two hexadecimal digits)
interop-mjlog-name-not-utf8 = { $name }="{ $value }": the decoded name is not UTF-8 text
interop-mjlog-three-player = This is a three-player game (sanma): this program records four-player games only.
interop-mjlog-nuki = a north tile set aside (nukidora) is a three-player act: this program records four-player games only
interop-mjlog-meld-code = m="{ $m }" is not a call tenhou writes
interop-mjlog-rate = '{ $value }' is not a rate
interop-mjlog-dealer = the dealer is player { $oya }, but kyoku { $kyoku } is dealt by player { $kyoku } modulo 4
interop-mjlog-tile-twice = tile { $id } ({ $tile }) appears a second time in this kyoku
interop-mjlog-not-in-hand = player { $player } does not hold tile { $id } ({ $tile })
interop-mjlog-five-indicators = more than five dora (or ura dora) indicators
interop-mjlog-call-not-last = this call takes tile { $id } ({ $tile }), which is not the last discard of the seat the call names
interop-mjlog-kan-not-after-draw = player { $player } declares a kan from the hand (or adds to a pon) without having just drawn
interop-mjlog-after-end = <{ $tag }> after the end of { $frame }, before the next <INIT>
interop-mjlog-win-and-draw = { $frame } has already ended with a draw, or this draw follows a win
interop-mjlog-draw-kind = '{ $kind }' is not a draw tenhou writes (yao9, reach4, ron3, kan4, kaze4, nm)
interop-mjlog-abortive-points = an abortive draw ({ $kind }) moves no points, but sc gives point changes
interop-mjlog-before-init = <{ $tag }> before the first kyoku (its <INIT>)
interop-mjlog-late-go = <GO> (the game's rules) after the first kyoku has started
interop-mjlog-unfinished-kyoku = a new kyoku starts before { $frame } has ended (with <AGARI> or <RYUUKYOKU>)
interop-mjlog-no-kyoku = the log holds no kyoku (no <INIT>)
interop-mjlog-no-whole-kyoku = the log stops during { $frame }, after { $acts } draws, discards and calls: it holds no complete kyoku
interop-mjlog-damaged = the XML is broken here: a tag, comment or value is left open, and the log goes on after it (so it is not a log cut short)
interop-mjlog-cut = the log stops during { $frame }: { $acts ->
        [one] its one draw, discard or call so far is left out
       *[other] its { $acts } draws, discards and calls so far are left out
    }; { $frames ->
        [one] the one complete frame before it is read.
       *[other] the { $frames } complete frames before it are read.
    }

## The official M League viewer's record (src/interop/mleague/)

interop-mleague-command-at = command { $index } ({ $cmd })
interop-mleague-item-at = command { $index }
interop-mleague-no-record = No M League record here: the text is neither a JSON list of the viewer's commands nor the viewer's page (which hands them to UMP_PLAYER.init).
interop-mleague-unclosed = the record given to UMP_PLAYER.init is not a closed string (is the page cut off?)
interop-mleague-not-a-list = the record must be a JSON list of commands, [{"{"}"cmd": "...", "args": [...]{"}"}, ...]
interop-mleague-not-a-command = a command must be an object with "cmd" (its name, a text) and "args" (a list)
interop-mleague-no-args = the command has no list "args"
interop-mleague-arg-not-text = argument { $n } is { $value }, not a text
interop-mleague-missing-arg = argument { $n } ({ $what }) is missing
interop-mleague-what-seat = a seat
interop-mleague-what-tile = a tile
interop-mleague-what-tiles = tiles
interop-mleague-what-number = a number
interop-mleague-what-points = points
interop-mleague-what-name = the player's name
interop-mleague-what-word = what is said
interop-mleague-what-meld = the tiles shown
interop-mleague-not-a-seat = argument { $n }: "{ $value }" is not a seat (A0, B0, C0 or D0)
interop-mleague-not-a-tile = argument { $n }: "{ $value }" is not a tile (1m-9m, 1p-9p, 1s-9s, 1z-7z; a red five is 5M, 5P, 5S or 0m, 0p, 0s)
interop-mleague-not-tiles = argument { $n }: "{ $value }" is not a row of tiles (two letters each, such as 9p8p3z6s)
interop-mleague-not-a-number = argument { $n }: "{ $value }" is not a whole number
interop-mleague-not-points = argument { $n }: "{ $value }" is not points (=25000 at the start, +1500 or -1000 for a change, 59.5 at the end)
interop-mleague-not-a-wind = argument { $n }: "{ $value }" is not a round wind (1z to 4z)
interop-mleague-not-a-die = argument { $n }: "{ $value }" is not a die (1 to 6)
interop-mleague-seat-twice = { $seat } is named twice
interop-mleague-five-kan-dora = more than five dora indicators (the dora and one for each of four kans)
interop-mleague-late-haipai = a start hand is dealt (haipai) after the play has begun
interop-mleague-hand-size = { $seat }'s start hand has { $count ->
        [one] one tile
       *[other] { $count } tiles
    } (a start hand has 1 to 13; 13 as dealt)
interop-mleague-no-draw = { $seat } discards, makes a kan from the hand or wins by tsumo without having drawn or called
interop-mleague-bad-meld = "{ $value }" is not a meld the viewer writes (<3p4p> a chi or pon, <1m1m1m> a daiminkan, [5z5z5z] an added kan, (1p1p1p1p) a closed kan)
interop-mleague-cut-in-kyoku = the record stops during { $frame }, before its kyokuend (is it cut short?)
interop-mleague-no-kyoku = the record holds no kyoku (no kyokustart with its kyokuend)
interop-mleague-no-gameend = the record stops after { $count ->
        [one] one kyoku
       *[other] { $count } kyoku
    } without gameend (is it cut short?)
interop-mleague-after-gameend = a command after gameend
interop-mleague-kyoku-not-ended = { $frame } has not ended (no kyokuend)
interop-mleague-outside-kyoku = this command belongs in a kyoku, between kyokustart and kyokuend
interop-mleague-unknown-command = this is not a command of the M League viewer (player, gamestart, kyokustart, point, dice, dora, haipai, tsumo, sutehai, say, open, richi, uradora, agari, ryukyoku, kyokuend, gameend, area)

## Issue 46, items 2 and 3: forms by keys, this season's teams
season-teams-file = The teams file
season-teams-built-in-used = the built-in teams of the 2025-26 season are offered
forms-dropdown-typed = Typed: { $typed }
forms-dropdown-nothing = Nothing matches “{ $typed }”
forms-dropdown-how = Type to filter, Up/Down to choose, Enter picks, Esc closes

## Issue 46, item 6: standings by tournament, year and stage
season-standings-no-tournament = it names no tournament
season-standings-none = { $folder }: no .jmjp file of a tournament was found
season-standings-no-year = Year not given
season-standings-no-stage = Stage not given
season-standings-of-day = { $date } (match { $nth } that day)
season-standings-tournament = Tournament
season-standings-year = Year
season-standings-stage = Stage
season-standings-all-stages = All stages, each apart
season-standings-choose-how = Tab or the arrow keys move between the choices; Enter picks one
season-standings-carried = Carried
season-standings-with-carried = With carried
season-standings-carried-how = Carried: the points each brought into the stage, as the file of their first match of it says (ptTourPrev); the rank is by the points with them

# --- The likely cause at the live end (issue 46, item 1) ---
recorder-live-meant = { $seat } holds { $meant }, not { $typed }: did you mean { $meant }?
recorder-live-meant-hand = { $seat } has no drawn tile to let go: did you mean { $meant } from the hand?
recorder-live-entry = this entry was typed wrong: did you mean { $fix }, not { $was }?
recorder-live-first-entry = { $cause } { $key } re-types it.
recorder-live-first = Probably: { $cause }. { $key } names the change first; { $key } again or Enter makes it.
recorder-live-other = Alt+{ $number }: { $cause }
recorder-live-tile = Alt+{ $number } { $tile }
recorder-live-tile-riichi = { $tile } with riichi
recorder-live-tiles = Tiles that fit: { $tiles }
recorder-live-start-tiles = { $seat }'s start hand held { $tile }, typed as: { $tiles }
recorder-live-named = { $what }: this changes more than the entry just typed. { $key } again or Enter makes it; Esc keeps the record as it is.
recorder-live-no-such = No likely cause has the number { $number }.
recorder-key-pick-cause = Makes the fix of the likely cause with this number (one that changes more than the entry just typed is named first)

## The window could not open
ui-window-failed-title = jmjp studio: the window could not open
ui-window-failed-reason = The window could not be opened: none of the ways of drawing it works on this computer.
ui-window-failed-what-to-do = What to do:
ui-window-failed-driver = Update the graphics driver (from the maker of the computer or of its graphics card), restart the computer and start jmjp studio again.
ui-window-failed-remote = Over Remote Desktop the session may have no graphics: start jmjp studio at the computer itself, or ask your administrator to allow graphics in remote sessions.
ui-window-failed-virtual = In a virtual machine, turn on its 3D graphics.
ui-window-failed-errors = What each way of drawing said:
ui-window-failed-log = This message is also in the log file { $path }.
ui-window-failed-no-log = The log file could not be written: { $reason }

## Issue 47: season statistics
season-stats-no-acts = the frame has no acts to replay
season-stats-does-not-replay = the frame does not replay (act { $act } is not possible)
season-stats-shared-name = two seats share the name { $names }; the match is left out
season-stats-counted-already = the same match was counted already (its tournament, date, number and players, or the whole record, are the same)
season-stats-csv-failed = the CSV could not be written: { $error }
season-stats-col-matches = Matches
season-stats-col-average-place = Avg place
season-stats-col-top = 1st
season-stats-col-last = 4th
season-stats-col-frames = Hands
season-stats-col-win = Win
season-stats-col-tsumo = Tsumo
season-stats-col-dealin = Deal-in
season-stats-col-riichi = Riichi
season-stats-col-call = Call
season-stats-col-tenpai = Tenpai at draw
season-stats-col-average-win = Avg win
season-stats-col-average-dealin = Avg deal-in
season-stats-name = Name
season-stats-team = Team
season-stats-how = Counted from every frame of the matches chosen; rates per hand played (tsumo per win, tenpai per exhaustive draw), averages in points paid without honba or riichi sticks
season-chart-points = Points after each match
season-chart-rates = Win, deal-in, riichi and call rates
season-show = Show
season-show-standings = Standings
season-show-statistics = Statistics
season-show-charts = Charts
season-chart-no-final-points = No match of this stage has final points (pme[…]): nothing to chart
season-stats-none-counted = no match was counted

## Issue 48: an entry refused, in both languages
recorder-entry-no-match = there is no match to record into
recorder-entry-no-frame = no frame is being recorded: deal one first
recorder-entry-frame-over = the frame has ended; deal the next frame
recorder-entry-frame-not-over = the frame being recorded has not ended; end it before dealing the next one
recorder-entry-has-discard = the last act already has its discard; the next act comes first
recorder-entry-no-act = there is no act to add a discard to
recorder-entry-no-such-act = the frame has no act { $act }
recorder-entry-no-such-frame = there is no frame { $frame }
recorder-entry-hand-size = { $seat }'s start hand has { $count } tiles; it must have 13 (14 for East)
recorder-entry-bad-info = the match information could not be read: { $why }
recorder-entry-bad-frame = the fixed frame could not be read: { $why }
recorder-entry-bad-match = the match taken from the other desk could not be read: { $why }
recorder-entry-no-match-in-text = it holds no match
season-like-question = Like { $from } ({ $what }): the same tournament, stage, place, recorders and point rules, the next match number, today's date.
app-on-air-season = Season folder
app-on-air-season-how = The overlay with "stats=1" shows each seated player's figures counted from the records in this folder, with the match on air; taken when Enter is pressed
app-on-air-season-missing = { $folder }: no such folder; the figures are the match on air alone
broadcast-url-stats = Overlay (with the season's figures)
