### jmjp スタジオ：画面と、プログラムが書くメッセージの日本語テキスト。
###
### Project Fluent の書式（https://projectfluent.org/fluent/guide/）。ここの各メッセージには
### en.ftl に同じ id の対があり、同じ変数（{ $name }）を使います（`cargo test --test i18n` で検査）。
app-title = jmjp スタジオ

## Menus
ui-menu-file = ファイル
ui-menu-edit = 編集
ui-menu-match = 対局
ui-menu-go = 移動

## Commands
ui-command-new-match = 新規対局
ui-command-new-match-tip = 既定の点数ルールと記録者名で新しい対局ファイルを作ります
ui-command-open = 開く…
ui-command-open-tip = .jmjp ファイルを開きます
ui-command-save = 保存
ui-command-save-tip = ファイルを書き込みます（安全な置き換え、正規の書式）
ui-command-save-as = 名前を付けて保存…
ui-command-save-as-tip = 対局を新しいファイルに書き込みます
ui-command-close = 閉じる
ui-command-close-tip = ファイルを閉じてスタート画面に戻ります
ui-command-undo = 元に戻す
ui-command-undo-tip = 直前の変更を取り消します
ui-command-redo = やり直し
ui-command-redo-tip = 取り消した変更をやり直します
ui-command-settings = 設定
ui-command-settings-tip = 言語、点数ルール、記録者名、フォルダ
ui-command-quit = 終了
ui-command-quit-tip = プログラムを終了します
ui-command-tournament = 大会
ui-command-tournament-tip = 大会名・年・ステージ・試合番号（tnm）
ui-command-time-place = 日時と場所
ui-command-time-place-tip = 日付・曜日・開始時刻・場所（mtp）
ui-command-recorders = 記録者
ui-command-recorders-tip = 記録者と記録した局（rec）
ui-command-players = 選手
ui-command-players-tip = 四人の選手：名前・チーム・所属・前回までのポイント（ply）
ui-command-point-rules = 点数ルール
ui-command-point-rules-tip = 配給原点・返し・ウマ・本場（ptr）
ui-command-results = 結果
ui-command-results-tip = オカ・ウマ込みの最終ポイントと新しい通算ポイント（pme, ptn）
ui-command-record = 記録
ui-command-record-tip = 対局を一打ずつ記録する（入力はすべてジャーナルに残り自動保存される）
ui-command-editor = 編集画面
ui-command-editor-tip = 問題を見て、局を一手ずつ再生し、訂正します
ui-command-prev-act = 前の行為
ui-command-prev-act-tip = 再生を一手戻します
ui-command-next-act = 次の行為
ui-command-next-act-tip = 再生を一手進めます
ui-command-first-act = 局の始め
ui-command-first-act-tip = 最初の行為の前、配牌の状態
ui-command-last-act = 局の終わり
ui-command-last-act-tip = 最後の行為の後の状態
ui-command-prev-frame = 前の局
ui-command-prev-frame-tip = 一つ前の局を表示します
ui-command-next-frame = 次の局
ui-command-next-frame-tip = 一つ後の局を表示します
ui-command-insert-act = 行為を挿入
ui-command-insert-act-tip = 行為欄の行為を現在の行為の後に挿入します
ui-command-delete-act = 行為を削除
ui-command-delete-act-tip = 現在の行為を局から削除します
ui-command-save-match-as = この対局を別ファイルに保存…
ui-command-save-match-as-tip = 分割：表示中の対局だけを新しいファイルに書き込みます（このファイルは変わりません）
ui-command-merge-file = ファイルから対局を追加…
ui-command-merge-file-tip = 結合：別の .jmjp ファイルの対局をこのファイルの後ろに加えます（元に戻すは一回）
ui-command-compare = 別の記録と比較…
ui-command-compare-tip = ダブル記録：同じ対局の別の記録とこのファイルを比べ、違いごとにどちらかを選んで照合した記録を保存します
ui-command-prev-difference = 前の違い
ui-command-prev-difference-tip = 一覧の一つ上の違いを、その行為での両方の卓とともに表示します
ui-command-next-difference = 次の違い
ui-command-next-difference-tip = 一覧の一つ下の違いを、その行為での両方の卓とともに表示します
ui-command-keep-mine = 自分の記録を使う
ui-command-keep-mine-tip = 表示中の違いについて、このファイル（左の A）の記録を使います
ui-command-take-theirs = 相手の記録を使う
ui-command-take-theirs-tip = 表示中の違いについて、もう一方の記録（右の B）を使います
ui-command-save-reconciled = 照合結果を保存
ui-command-save-reconciled-tip = 選んだ内容をこのファイルの記録にし（元に戻すは一回）、両方の記録者を載せて保存します
ui-command-open-text = テキストを読み直す
ui-command-open-text-tip = 訂正したテキストを牌譜として読み、編集画面で開きます
ui-command-new-like-last = 前回と同じ設定で新規対局…
ui-command-new-like-last-tip = 開いている対局（なければ最近の対局）と同じ大会・ステージ・会場・記録者・点数ルールで、次の試合番号と今日の日付の新しい対局を作ります
ui-command-import-roster = フォルダから名簿を取り込む…
ui-command-import-roster-tip = フォルダ内のすべての .jmjp ファイルの選手と記録者を名簿に加えます
ui-command-standings = 成績表…
ui-command-standings-tip = フォルダ内の .jmjp ファイルから、選手とチームの試合ごとの大会ポイントを一覧にします
season-save-csv = CSV で保存…
season-standings-how = 試合ごとの最終ポイントの合計（—：不出場、?：最終ポイントの記録なし）
season-standings-players = 選手
season-standings-teams = チーム
season-standings-left-out = 対象外のファイル
season-standings-rank = 順位
season-standings-player = 選手
season-standings-played = 試合数
season-standings-total = 合計
forms-roster-heading = 名簿
forms-roster-how = 選手・記録者として見た人の一覧で、フォームで名前を入力すると候補に出ます。名前の修正、削除、同じ人の二つの項目の統合（消す方で「統合…」、残す方で「こちらを残す」）ができます。
forms-roster-find = 検索
forms-roster-people = 人
forms-roster-seen-as = 登場
forms-roster-player = 選手
forms-roster-recorder = 記録者
forms-roster-matches = 試合（ポイントあり）
forms-roster-merge = 統合…
forms-roster-forget = 削除
forms-roster-keep-this = こちらを残す
forms-roster-merging = 統合中
app-ai-players = AIプレーヤー
app-ai-players-on = 記録中にAIプレーヤーに聞く
app-ai-players-how = 東1局の席ごとに、ボットのコマンド（プレーヤー番号 0-3 を末尾に付けて起動、mjai.app の方式）または tcp:ホスト:ポート。各判断でのAIの選択が行為の横に出ます。記録の開始時に有効になります。
app-like-last-title = 前回と同じ設定で新規対局
app-like-last-empty = 選手は空席で
app-like-last-same = 同じ4人で
app-no-last-match = 以前の対局が見つからないため、新規対局を作りました（対局を開くか保存してから使えます）
ui-command-import = ログを取り込む…
ui-command-import-tip = mjai（.jsonl）または tenhou.net/6（.json）のログを新しい牌譜として読み込みます
ui-command-export = 対局を書き出す…
ui-command-export-tip = 表示中の対局を tenhou.net/6（.json）または mjai（.jsonl）のログとして書き出します（AI 検討・牌譜ビューア用）
ui-command-copy-viewer-url = tenhou.net/6 ビューアのアドレスをコピー
ui-command-copy-viewer-url-tip = 表示中の対局を tenhou.net/6 ビューアで開くアドレスをコピーします
app-recover-title = 記録を復元しますか？
app-recover-keep = ジャーナルから復元
app-recover-discard = ファイルのまま開く

## Start screen
app-start-heading = 牌譜の記録・検査・修正
app-start-recent = 最近使ったファイル
app-start-no-recent = 最近使ったファイルはまだありません。
app-start-recover = 自動保存フォルダの記録
app-start-no-recover = 復元するものはありません：自動保存フォルダに記録はありません。
app-start-recover-open = 復元
app-start-missing = （見つかりません）

## Files
app-path-label = ファイルのパス
app-browse = 参照…
ui-cancel = キャンセル
app-open-button = 開く
app-save-button = 保存
app-discard = 変更を破棄
app-unsaved-title = 未保存の変更
app-unsaved-body = 保存されていない変更があります。先に保存しますか？
app-saved = 保存済み
app-not-saved = 未保存の変更あり
app-never-saved = まだファイルに保存されていません
forms-match-label = 対局
app-overwrite = 上書きする
app-changed-on-disk = 開いた後にファイルがディスク上で変更されました。上書きしますか？

## Shared field words
forms-none = （なし）
forms-custom = その他（入力）…
forms-native-script = 表記
forms-romanized = ローマ字
forms-last-name = 姓
forms-first-name = 名

## Tournament form
forms-tour-name = 大会名
forms-tour-year = 年度
forms-tour-stage = ステージ
forms-tour-in-stage = ステージ内の試合番号
forms-tour-in-day = 当日の試合番号

## Date and place form
forms-match-date = 日付
forms-match-weekday = 曜日
forms-match-time = 開始時刻
forms-match-place = 場所
forms-date-hint = YYYY-MM-DD
forms-time-hint = HH:MM

## Recorders form
forms-add-recorder = 記録者を追加
forms-remove-recorder = 削除
forms-frames-all = 全局
forms-frames-list = 記録した局
forms-frames-hint = E1-0 E2-0 …
forms-no-recorders = 記録者はまだいません。
forms-prev-carried = 名簿から引き継ぎ
forms-roster-offer = 名簿から：上下キーで選び、Enterで行を埋め、Escで閉じます
forms-recorder-n = 記録者

## Players form
forms-seat-at-e1 = 起家からの席（東1局0本場）
ui-team = チーム
forms-affiliation = 所属
forms-left-out = （データなし）
forms-prev-personal = 前回までのポイント（個人）
forms-prev-team = 前回までのポイント（チーム）

## Point rules form
forms-write-rules = 点数ルールを書く（ptr）
forms-preset = プリセット
forms-preset-custom = カスタム
forms-rule-start = 配給原点
forms-rule-return = 返し（原点）
forms-rule-uma41 = ウマ（4着から1着へ）
forms-rule-uma32 = ウマ（3着から2着へ）
forms-rule-honba = 本場の点

## Results form
forms-results-computed = 最終局と点数ルールからの計算
forms-results-no-frames = 終了点（pfe）のある局がまだないため計算できません。値は入力できます。
forms-results-no-rule = 点数ルール（ptr）がないため既定のプリセットで計算します。
forms-use-computed = 計算結果を使う
forms-final-points = 最終ポイント
forms-new-tour-personal = 新しいポイント（個人）
forms-new-tour-team = 新しいポイント（チーム）
forms-rank = 順位
forms-player-col = 選手
forms-working = 計算
forms-end-of-last-frame = 終了点
forms-sticks = 供託
forms-uma = ウマ
forms-oka = オカ
forms-left-on-table = 卓に残った供託

## Settings
app-settings-heading = 設定
app-language = 言語
app-language-system = システムに従う
app-default-preset = 既定の点数ルール
app-scoring-rules = 点数計算のルール
ui-scorer-name = あなたの名前（記録者）
app-autosave-folder = 自動保存フォルダ
app-clear-recent = 最近使ったファイルを消去
app-settings-file = 設定ファイル
ui-back = 戻る

## Messages
app-file-saved = 保存しました
app-nothing-to-undo = 元に戻す操作はありません
app-nothing-to-redo = やり直す操作はありません

## The parser: what it expected where a file goes wrong ("expected …, found …")
format-want-frame-id = E1-0 や S4-2 のような局 id
format-want-frame-number = 局番号
format-want-frame-id-dash = 局 id の '-' と本場数（E1-0）
format-want-honba-count = 本場数
format-want-frame-id-honba = 局 id の本場数（0 のような数）
format-want-dice = サイコロ
format-want-second-die = 二つ目のサイコロの目（1 から 6）
format-want-dice-pair = 3-4 のようなサイコロの目（各 1 から 6）
format-want-tile = 5m, 0p, rd のような牌
format-want-seat = 席 e, s, w, n のどれか
format-want-comma-after-seat = 席の後の ','
format-want-close-hand = 手牌を閉じる ')'
format-want-comma-after-draw = ツモの後の ','（打牌は空でもよい：(e,ro,)）
format-want-close-act = 行為を閉じる ')'
format-want-draw = 5m のようなツモ牌か ch[..], pn[..], dk[..], rs[..], ro, oy
format-want-discard = 5m のような打牌か tg, kg, rc[..], kk[..], ak[..], tm、打牌なしなら ')'
format-want-comma-after-tiles = 手牌の後の ','（次にツモ牌があれば）
format-want-comma-after-drawn = ツモ牌の後の ','（次に副露があれば）
format-want-meld = 副露 chi[..], pon[..], dmk[..], kkn[..], ank[..] か手牌を閉じる ']'
format-want-called-from = 鳴いた相手 k（上家）, t（対面）, s（下家）のどれか
format-want-match-number = 試合番号
format-want-year = 年
format-want-year-digits = 2023 のような四桁の年
format-want-date = 日付
format-want-date-digits = 20231002 のような八桁の日付 YYYYMMDD
format-want-weekday = 曜日 sun, mon, tue, wed, thu, fri, sat のどれか
format-want-time = 時刻
format-want-time-digits = 1900 のような四桁の時刻 HHMM
format-want-open-quote = 引用文を始める '"'
format-want-comma-in-name = 姓と名の間の ','
format-want-close-name = 名前を閉じる ')'
format-want-close-name-v0 = 名前を閉じる ']'
format-want-player-id = 選手 id
format-want-player-id-seat = 選手 id 0, 1, 2, 3（E1-0 の席）
format-want-open-tour-points = 通算ポイント（個人、チーム）を始める '('
format-want-comma-in-tour-points = 個人とチームの通算ポイントの間の ','
format-want-close-tour-points = 通算ポイントを閉じる ')'
format-want-open-uma = ウマ（4位から1位、3位から2位）を始める '('
format-want-comma-in-uma = 二つのウマの値の間の ','
format-want-close-uma = ウマを閉じる ')'
format-want-points = 25.0 や -5.8 のような点数
format-want-points-digits = 点数の数字
format-want-valid-text = 正しい .jmjp の文
format-want-complete-file = 完全なファイル
format-want-act-not-hand = 手牌ではなく (s,5p,3m) のような行為
format-rule-act = 行為
format-rule-frame-id = 局 id
format-rule-frame = 局
format-want-jmjp = ファイルの先頭に 'jmjp['
format-want-first-match = 対局を始める '('（ファイルには対局が一つ以上必要）
format-want-another-match = 次の対局を始める '(' かファイルの終わり
format-want-version-number = 版番号
format-want-version = 1.0 のような版
format-want-mtp = 'mtp['（日時と場所）
format-want-tnm-or-mtp = 'tnm[' か 'mtp['（日時と場所）

## The parser: sentences of their own
format-parse-act-after-end-hands = この行為は終了時の手牌の後にあります。局の流れは一つです（配牌四つ、行為、終了時の手牌四つ）
format-parse-fifth-end-hand = 五つ目の終了時の手牌です。局の流れは一つです（配牌四つ、行為、終了時の手牌四つ）
format-parse-quote-never-closed = この引用文は閉じられていません。ファイルの終わりまでに '"' がありません
format-parse-points-too-large = この点数は大きすぎます（9 桁以上）
format-want-nothing-after = { $what }の後には何もないこと
format-want-complete = 完全な{ $what }
format-want-comma-in-item = { $item }...] の次の欄の前の ','
format-want-close-item = { $item }...] を閉じる ']'
format-want-close-match = 対局を閉じる ')'
format-want-item-or-close-match = { $items } か対局を閉じる ')'
format-parse-expected = { $wanted }が必要ですが、{ $found }
format-parse-found-end-of-file = ファイルが終わっています
format-parse-found-space = 改行か空白があります
format-parse-found-word = '{ $word }' があります
format-parse-too-many-digits = この{ $what }は { $digits } 桁で、大きすぎます
format-parse-points-not-hundreds = 点数は百点単位で小数一桁で書きます（25.0 は 25000 点）。'{ $text }' は百点単位ではありません
format-parse-unknown-version = 規格の版 { $version } はこのプログラムでは読めません。読めるのは 0 と 1.0 です
format-parse-die-face = サイコロの目は 1 から 6 で、{ $face } はありません

## Names
format-seat-east = 東家
format-seat-south = 南家
format-seat-west = 西家
format-seat-north = 北家
format-wind-east = 東家
format-wind-south = 南家
format-wind-west = 西家
format-wind-north = 北家
format-weekday-sun = 日曜日
format-weekday-mon = 月曜日
format-weekday-tue = 火曜日
format-weekday-wed = 水曜日
format-weekday-thu = 木曜日
format-weekday-fri = 金曜日
format-weekday-sat = 土曜日
format-month = { $month }月

## The structural checks of a file
format-check-noten-total = ノーテン罰符 { $total } は後の草案の欄で、1.0 には書く場所がありません。保存すると書かれません
format-check-unknown-token = '{ $word }' は{ $field }の略語ではありません。{ $count ->
       *[other] { $tokens }
    } のどれかを使うか、名前を snt["..."]srm["..."] と書いてください
format-check-no-such-month = { $month } 月はありません
format-check-days-in-month = { $year } 年 { $month } 月は { $days } 日までです
format-check-not-a-date = { $date } は実在する日付（YYYYMMDD）ではありません：{ $why }
format-check-wrong-weekday = { $date } は{ $actual }ですが、曜日欄は { $code }（{ $written }）です
format-check-not-a-time = { $time } は時刻（HHMM、0000 から 2359）ではありません
format-check-player-id-not-a-seat = 選手 id { $id } は席ではありません。id は 0（E1-0 の東家）から 3（北家）です
format-check-player-id-twice = 選手 id { $id } が二人の選手に付いています
format-check-four-players = 対局の選手は四人（ply[0..3]）ですが、この対局は { $count } 人です
format-check-player-id-missing = id { $id } の選手がいません。四人の id は 0, 1, 2, 3 です
format-check-frame-number = 局 { $frame }：風の後の数は 1 から 4（E1 .. E4）です
format-check-dice-total = サイコロの合計 { $total } は後の草案の書き方です。1.0 は二つの目（3-4）を書くので、保存すると書かれません
format-check-ten-dora = 局 { $frame }：ドラ欄は十枚（ドラ、裏ドラ、槓ドラ1、槓裏1 .. 槓裏4。不明は uk）ですが、{ $count } 枚あります
format-check-start-hands = 配牌
format-check-end-hands = 終了時の手牌
format-check-hand-twice = 局 { $frame }：席 { $seat } の{ $which }が二つあります
format-check-four-hands = 局 { $frame }：流れには{ $which }が四つ（e, s, w, n の各席に一つ）必要ですが、{ $count } つです
format-check-hand-missing = 局 { $frame }：席 { $seat } の{ $which }がありません
format-check-hand-size = 局 { $frame }：{ $which }はツモ牌を除いて 1 から 13 枚ですが、{ $count } 枚です
format-check-too-many-melds = 局 { $frame }：副露は四組までですが、{ $count } 組あります

## The fields that take a shorthand token
format-field-tour-name = 大会名
format-field-stage = ステージ
format-field-place = 対局場所
format-field-team = チーム
format-field-affiliation = 所属

## The match forms: what is wrong with a field
forms-problem-not-a-year = 「{ $text }」は年ではありません：2025 のように4桁で入力してください
forms-problem-not-a-count = 「{ $text }」は整数ではありません
forms-problem-not-a-date = 「{ $text }」は日付ではありません：YYYY-MM-DD の形で入力してください
forms-problem-no-such-day = { $year }年{ $month }月{ $day }日という日はありません
forms-problem-not-a-time = 「{ $text }」は時刻ではありません：HH:MM（24時間制）で入力してください
forms-problem-not-points = 「{ $text }」はポイントではありません：25.0 や -5.8 のように千点単位・小数1桁までで入力してください
forms-problem-seat-twice = { $seat }に二人の選手がいます
forms-problem-not-a-frame-id = 「{ $text }」は局の表記（E1-0 など）ではありません
forms-problem-custom-empty = 名前を入力するか、別の選択肢を選んでください
forms-problem-need-all-four = 四つすべてを入力するか、すべて空にしてください

## Repair: the likely cause of an error, in the game's words
rules-slot-dora = ドラ表示牌
rules-slot-ura = 裏ドラ表示牌
rules-slot-kan-dora = カンドラ { $kan } の表示牌
rules-slot-kan-ura = カンドラ { $kan } の裏ドラ表示牌
rules-discard-drawn-tile = 引いた { $tile }（ツモ切り）
rules-discard-drawn = 引いた牌（ツモ切り）
rules-discard-from-hand = 手牌の { $tile }
rules-discard-riichi = { $tile }（リーチ宣言）
rules-discard-nothing = なし
rules-cause-less-likely = { $what }。可能性の低い修正がほかに { $count } 通り当てはまる
rules-cause-others = { $what }。ほかに { $count } 通りの修正も当てはまる
rules-cause-discard = { $act } 手目：{ $seat }が切ったのは{ $recorded }で、{ $was }ではない（修正：{ $fix }）
rules-cause-draw = { $act } 手目：{ $seat }のツモは { $drew } で、{ $was } ではない（修正：{ $fix }）
rules-cause-act = { $act } 手目は { $fix } で、{ $was } ではない（修正：{ $fix }）
rules-cause-start-tile = { $seat }の配牌は { $was } ではなく { $tile }（修正：配牌）
rules-cause-indicator-unrecorded = { $what }が記入されていない。終了時の点数に合う牌は { $count } 通り（{ $tile } など）
rules-cause-indicator-missing = { $what }は { $tile } だが記入されていない（修正：{ $tile }）
rules-cause-indicator = { $what }は { $was } ではなく { $tile }（修正：{ $tile }）
rules-cause-insert = { $act } 手目の前に{ $seat }の行為が抜けている（修正：{ $fix } を挿入）
rules-cause-remove = { $act } 手目の { $was } は起きていない（修正：削除）
rules-cause-swap = { $act } 手目と { $next } 手目の順序が逆（修正：入れ替え）
rules-cause-end-points = 終了時の点数は手牌と行為どおり { $points }（修正：pfe[{ $fix }]）
rules-cause-and-then = { $what }。さらに{ $then }

## Repair: the kinds of mistake
rules-kind-tsumogiri-tedashi = ツモ切りと手出しの取り違え
rules-kind-deal-tile = 配牌の牌の誤り
rules-kind-indicator = ドラ表示牌の誤り・記入漏れ
rules-kind-riichi = リーチの記入漏れ・誤記
rules-kind-missing-act = 行為の記入漏れ
rules-kind-draw-tile = ツモ牌の誤り
rules-kind-discard-tile = 打牌の誤り
rules-kind-extra-act = 余分な行為
rules-kind-swap = 行為の順序の入れ違い
rules-kind-call = 鳴きの誤り
rules-kind-end-points = 終了時の点数の誤り

## The rules: what a replay of the acts finds
rules-at-act = { $frame } { $act } 手目：{ $text }
rules-at-frame = { $frame }：{ $text }
rules-seats-and = ・
rules-frames-or = {" か "}
rules-end-hand-has = 再生にない { $tiles } があります
rules-end-hand-lacks = { $tiles } がありません
rules-end-hand-and = 、
rules-end-hand-differs = { $seat }の終了時の手牌が行為の再生と違います：{ $how }（再生：{ $replay }）
rules-end-hand-melds = { $seat }の終了時の手牌に副露が { $recorded } 組ありますが、行為では { $made } 組です
rules-end-hand-extra-meld = { $seat }の終了時の手牌に、行為にない副露 { $meld } があります
rules-dora-not-recorded = ドラ表示牌が記入されていません
rules-kan-dora-not-recorded = { $kan } 回目の槓がありますが、その槓ドラ表示牌が記入されていません
rules-ura-not-recorded = { $seats }がリーチで和了しましたが、裏ドラ表示牌が記入されていません
rules-ura-without-riichi-win = 裏ドラが記録されていますが、この局にリーチ者の和了はありません
rules-kan-dora-beyond-kans = 槓ドラが { $count } 枚記入されていますが、この局の槓は { $kans } 回です
rules-points-winner-collects = 和了者が場の { $points } を受け取ります
rules-points-sticks-stay = リーチ棒 { $sticks } 本が場に残ります
rules-points-not-conserved = { $frame }：点数の合計が合いません。合計の増減が { $change } ですが、{ $expected } のはずです（{ $why }）
rules-end-tsumo = { $seat }のツモ和了
rules-end-ron = { $seats }のロン和了
rules-end-exhaustive-dealer-tenpai = 流局・親聴牌
rules-end-exhaustive-dealer-noten = 流局・親ノーテン
rules-end-abortive = 途中流局
rules-next-frame = { $previous }（{ $how }）の次の局は { $next } です
rules-kyoutaku-carried = 供託が { $kyoutaku } ですが、{ $previous } の後に場に残ったのは { $left } です
rules-start-points = 開始時の点数 pfs[{ $points }] が { $previous } の終了時の点数と違います（この局の席順では pfs[{ $expected }]）
rules-second-red-five = 赤五 { $tile } が二枚目です。赤五は各色一枚です
rules-fifth-tile = { $tile } が五枚目です。牌は各四枚です
rules-dora-too-many = ドラ欄（{ $place } 番目の { $tile }、表示牌 { $indicator }）：{ $problem }
rules-start-hand-melds = { $seat }の配牌に副露があります。局は副露なしで始まります
rules-start-hand-too-many = { $seat }の配牌：{ $problem }
rules-start-hand-size-dealer = { $seat }の配牌が { $count } 枚です。13 枚か 14 枚でなければなりません
rules-start-hand-size = { $seat }の配牌が { $count } 枚です。13 枚でなければなりません
rules-act-after-tsumo = 局が終わった後（{ $winner }のツモ和了）に{ $seat }が行為しています
rules-act-after-ron = 局が終わった後（{ $discarder }の牌でロン）に{ $seat }が行為しています
rules-no-discard = { $seat }は { $act } 手目で打牌していないのに、次の行為が続いています
rules-rinshan-not-yours = { $seat }が嶺上牌を引いていますが、槓をしたのは{ $kan }です
rules-rinshan-next = { $seat }が槓をしたので、次の行為は{ $seat }の嶺上ツモ rs[..] です
rules-rinshan-without-kan = { $seat }が槓なしで嶺上牌を引いています
rules-dealer-draws-with-14 = 東家の配牌が 14 枚なので、東家の最初の行為はツモではなく oy です
rules-after-discard = （{ $act } 手目の{ $seat }の打牌の後）
rules-not-your-draw = { $seat }がツモしていますが、ツモの番は{ $turn }です{ $after }
rules-oy-not-first = { $seat }の oy は誤りです。oy にできるのは親の最初の行為だけです
rules-oy-without-14 = 東家が oy ですが、東家の配牌は 14 枚ではなく { $count } 枚です
rules-call-nothing = { $seat }が鳴いていますが、鳴ける捨て牌がありません（直前の捨て牌に限ります）
rules-call-own-discard = { $seat }が自分の捨て牌を鳴いています
rules-chi-not-kamicha = { $seat }が{ $discarder }の捨て牌をチーしています。チーは上家（{ $kamicha }）からだけです
rules-wall-empty = { $seat }が { $tile } をツモしていますが、山は残っていません（山の枚数より多いツモ）
rules-draw-too-many = { $seat }の { $tile } のツモ：この局で{ $problem }
rules-rinshan-too-many = { $seat }の嶺上牌 { $tile }：この局で{ $problem }
rules-chi-not-a-run = { $seat }が { $tile } を { $with } でチー：{ $problem }
rules-ron-twice = { $seat }のロンが二度目か、自分の牌へのロンです
rules-ron-not-complete = { $seat }が { $tile } でロンしていますが、手牌 { $hand }+{ $tile } は和了形ではありません（チョンボ）
rules-pon-not-three = { $seat }が { $tile } を { $with } でポン：ポンは同じ牌三枚です
rules-kan-not-four = { $seat }が { $tile } を { $with } でカン：カンは同じ牌四枚です
rules-call-after-riichi = { $seat }がリーチ後に鳴いています
rules-call-tile-not-in-hand = { $seat }が { $with } で鳴いていますが、手牌 { $hand } に { $tile } がありません
rules-fifth-kan = { $seat }が五回目の槓をしています。嶺上牌は四枚です
rules-chi-one-suit = チーは同じ色の三枚の順子です
rules-chi-not-run = 三枚が順子になっていません
