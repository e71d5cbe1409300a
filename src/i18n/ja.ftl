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
