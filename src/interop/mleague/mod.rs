//! The official M League viewer's record (牌譜ビューア, viewer.ml-log.jp): a JSON array of
//! commands `{"time":"2023-04-28 21:21:00","id":"23","cmd":"tsumo","args":["A0","69","2m"]}`,
//! which the viewer's page hands to its player as a JavaScript string,
//! `UMP_PLAYER.init(true, true, '[...]', autoplay);`; the page also shows the season, the
//! match's round, the date and times and the team names.
//!
//! Learnt from public readers of it: Preserver6166/MleaguePaifuParser
//! (`src/main/java/tenhou/TenhouPaifuUtil.java`, `official/OfficialConstants.java` and the page
//! it keeps as `src/main/resources/L001_S014_0012_02A`), Debonex/m-league-data-fetcher
//! (`types/umd.d.ts`, `src/store/*.ts`, `sql/init.sql`: the team ids) and
//! msaitou/mleague_data_extract (`convert.js`: the kan forms, `comment=`).
//!
//! Seats are `A0` `B0` `C0` `D0`: A0 deals first (plyerId 0), the turn goes A0, B0, C0, D0. Tiles
//! are `1m`..`9m` `1p`.. `1s`.. and `1z`..`7z` (east, south, west, north, white, green, red);
//! red fives `5M` `5P` `5S` (`0m` `0p` `0s` read too). `id` and `time` are the viewer's: the time
//! is the game's start for the first commands, then one second more a command (not when it
//! happened), so no act gets a time. One line per command:
//!
//! ```text
//! area       ["-"]                                          (nothing we know of)
//! player     [seat, "Last First", "user", team id T001..]    (T001 Drivens .. T008 Sakura Knights, T010 BEAST)
//! gamestart  ["id=L001_S014_0012_02A"]                      (season S014, match day 12, 2nd match of the day)
//! kyokustart ["0", dealer, honba, kyoutaku points, round wind 1z/2z, A0's wind, B0's, C0's, D0's]
//! point      [seat, "=25000"] at a kyoku's start; [seat, "+1500"] / "-1000" at its end: the
//!            whole change of the kyoku, riichi sticks and kyoutaku included
//! dice       ["1", "1"]                                     (1-1 throughout when not recorded)
//! dora       [dora, indicator]                              (the first of a kyoku, then each kan's)
//! haipai     [seat, "9p8p3z6s"]                             (4, 4, 4, then 1 tile a seat)
//! tsumo      [seat, tiles left in the wall, tile]           (also the replacement draw of a kan)
//! sutehai    [seat, tile (, "tsumogiri") (, "richi")]
//! say        [seat, chi|pon|kan|ron|tsumo|richi|tenpai|noten]  (announces the next command)
//! open       [seat, "<3p4p>", called]   chi or pon (two tiles from the hand), "<1m1m1m>" daiminkan
//!            [seat, "[5z5z5z]", added]  kakan;   [seat, "(1p1p1p1p)"] ankan
//!            [seat, "1m1m2m..."]        the hand shown at a win or a tenpai draw
//! richi      [seat, "-1000"]                                (the stick; after the riichi discard)
//! uradora    [ura, indicator]                               (["", ""] for a win without riichi)
//! agari      [("comment=..",) ("ron=4m",) winner, points or 満貫.., fu, yaku, han, yaku, han, ...]
//! ryukyoku   [] (or ["comment=.."])                         (the tenpai seats said before it)
//! kyokuend   []
//! gameend    [seat, "59.5", seat, "6.1", ...best first, ("B0_rank=0", ...)]   (points after uma)
//! ```
//!
//! The source of a call is the last discard; a win's payments are the `point` changes that
//! follow it.

mod command;
mod header;
mod kyoku;
mod page;
mod read;
mod sniff;

pub use read::import;
pub use sniff::looks_like;
