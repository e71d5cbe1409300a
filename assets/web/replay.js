/* jmjp-studio "On air": the replay. The record is window.JMJP_REPLAY (set inline by the exported
   file) or /api/replay.json; each act is a TABLE the Rust side worked out (no game logic here).
   Left/Right: acts; Up/Down: frames; Home/End: the start and the end of the frame.
   ?lang=en|ja  ?seat=N (the seat at the bottom)  #f=FRAME&a=ACT (0-based) */
(function () {
  'use strict';
  var TEXT = {
    en: { frames: 'Frames', chart: 'Points', figures: 'This match so far', counts: ['Wins', 'Deal-ins', 'Riichi', 'Calls'], keys: ['← →  one act', '↑ ↓  one frame', 'Home / End  start / end of the frame'],
      failed: 'The record could not be loaded.', empty: 'This record has no frames.' },
    ja: { frames: '局一覧', chart: '点数推移', figures: 'この対局の成績（ここまで）', counts: ['和了', '放銃', '立直', '副露'], keys: ['← →  一手ずつ', '↑ ↓  一局ずつ', 'Home / End  局の最初・最後'],
      failed: '牌譜を読み込めませんでした。', empty: 'この牌譜には局がありません。' }
  };
  var COLOURS = ['#ff8a65', '#4fc3f7', '#aed581', '#e1a6f0'];
  var SVG = 'http://www.w3.org/2000/svg';
  var el = JMJP.el;

  var lang = JMJP.pageLang();
  var bottom = JMJP.intParam('seat', 0, 3, 0);
  var replay = null;
  var pos = { f: 0, a: 0 };
  var stage = document.getElementById('stage');
  var board = document.getElementById('board');

  function frames() { return replay.frames; }
  function states(f) { return frames()[f].states; }
  function lastAct(f) { return states(f).length - 1; }

  function go(f, a) {
    var n = frames().length;
    if (n === 0) return;
    f = Math.max(0, Math.min(n - 1, f));
    a = Math.max(0, Math.min(lastAct(f), a));
    pos = { f: f, a: a };
    draw();
  }

  function step(by) {
    var f = pos.f, a = pos.a + by;
    if (a > lastAct(f) && f + 1 < frames().length) { f += 1; a = 0; }
    if (a < 0 && f > 0) { f -= 1; a = lastAct(f); }
    go(f, a);
  }

  function frameLabel(frame) {
    var first = frame.states[0];
    var L = JMJP.labels(lang);
    if (first && first.frame) {
      var h = first.frame.honba;
      return JMJP.frameTitle(first.frame, L) + (lang === 'ja' ? ' ' + h + '本場' : ', ' + h + ' honba');
    }
    return frame.name;
  }

  function endText(frame) {
    var last = frame.states[frame.states.length - 1];
    if (!last || !last.end || !last.end.text) return '';
    return last.end.text[lang] || last.end.text.en || '';
  }

  function drawFrames() {
    var list = document.getElementById('frames');
    while (list.firstChild) list.removeChild(list.firstChild);
    frames().forEach(function (frame, i) {
      var button = el('button', null, { type: 'button', 'data-frame': String(i), 'aria-current': i === pos.f ? 'true' : 'false' },
        [el('span', 'rp-fname', null, [frameLabel(frame)]), el('span', 'rp-fend', null, [endText(frame)])]);
      button.addEventListener('click', function () { go(i, 0); });
      list.appendChild(el('li', null, null, [button]));
    });
  }

  function svg(tag, attrs) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    return node;
  }

  function drawChart() {
    var box = document.getElementById('chart');
    while (box.firstChild) box.removeChild(box.firstChild);
    var rows = replay.chart || [];
    if (rows.length === 0) return;
    var w = 350, h = 210, padL = 46, padR = 10, padT = 10, padB = 18;
    var all = [].concat.apply([], rows);
    var lo = Math.min.apply(null, all), hi = Math.max.apply(null, all);
    lo = Math.floor(lo / 10000) * 10000; hi = Math.ceil(hi / 10000) * 10000;
    if (hi === lo) hi = lo + 10000;
    var dx = rows.length > 1 ? (w - padL - padR) / (rows.length - 1) : 0;
    function x(i) { return padL + i * dx; }
    function y(v) { return padT + (hi - v) * (h - padT - padB) / (hi - lo); }
    var root = svg('svg', { viewBox: '0 0 ' + w + ' ' + h, role: 'img', 'data-role': 'chart' });
    if (rows.length > 1) {
      root.appendChild(svg('rect', { x: x(pos.f), y: padT, width: dx, height: h - padT - padB, fill: 'rgba(255,211,77,0.18)' }));
    }
    for (var g = lo; g <= hi; g += 10000) {
      root.appendChild(svg('line', { x1: padL, x2: w - padR, y1: y(g), y2: y(g), stroke: '#2f3f5a', 'stroke-width': 1 }));
      var label = svg('text', { x: padL - 6, y: y(g) + 4, 'text-anchor': 'end', fill: '#9fb0c8', 'font-size': 11 });
      label.textContent = g / 1000 + 'k';
      root.appendChild(label);
    }
    for (var s = 0; s < 4; s++) {
      var points = rows.map(function (r, i) { return x(i) + ',' + y(r[s]); }).join(' ');
      root.appendChild(svg('polyline', { points: points, fill: 'none', stroke: COLOURS[s], 'stroke-width': 2.5, 'data-seat': String(s) }));
    }
    root.addEventListener('click', function (event) {
      var rect = root.getBoundingClientRect();
      var vx = (event.clientX - rect.left) * w / rect.width;
      var f = dx > 0 ? Math.floor((vx - padL) / dx) : 0;
      go(Math.max(0, Math.min(frames().length - 1, f)), 0);
    });
    box.appendChild(root);
    var end = rows[rows.length - 1];
    var legend = el('div', 'rp-legend');
    (replay.players || []).forEach(function (name, s) {
      var swatch = el('span', 'rp-swatch');
      swatch.style.background = COLOURS[s];
      legend.appendChild(el('span', null, null, [swatch, name || JMJP.labels(lang).seat(s)]));
      legend.appendChild(el('span', null, null, [String(end[s])]));
    });
    box.appendChild(legend);
  }

  /* The match's own figures after the frames ended so far: the frame shown counts once its last
     act is shown. */
  function drawFigures() {
    var box = document.getElementById('figures');
    while (box.firstChild) box.removeChild(box.firstChild);
    var rows = replay.figures || [];
    if (rows.length === 0) return;
    var done = pos.f + (pos.a === lastAct(pos.f) ? 1 : 0);
    var now = rows[Math.min(done, rows.length - 1)];
    var T = TEXT[lang];
    box.appendChild(el('tr', null, null, [el('th')].concat(T.counts.map(function (c) { return el('th', null, null, [c]); }))));
    (replay.players || []).forEach(function (name, s) {
      var c = now[s];
      var cells = [c.wins, c.dealins, c.riichi, c.called].map(function (n) { return el('td', null, null, [String(n)]); });
      var swatch = el('span', 'rp-swatch');
      swatch.style.background = COLOURS[s];
      var who = el('th', null, { scope: 'row' }, [swatch, name || JMJP.labels(lang).seat(s)]);
      box.appendChild(el('tr', null, { 'data-player': String(s) }, [who].concat(cells)));
    });
  }

  function lastActNode(table, L) {
    var last = table.frame && table.frame.last;
    if (!last) return [L.deal];
    var seat = table.seats[last.seat];
    var who = seat.name || L.seat(last.seat);
    var kind = last.kind === 'discard' ? '' : (L.act[last.kind] || last.kind);
    var parts = [who, kind ? el('span', 'rp-kind', null, [kind]) : null];
    if (last.tile) parts.push(JMJP.tileImg(last.tile));
    return parts;
  }

  function draw() {
    var L = JMJP.labels(lang);
    var table = states(pos.f)[pos.a];
    JMJP.drawTable(stage, table, { lang: lang, bottom: bottom, layout: 'table' });
    JMJP.fitStage(stage, board);
    document.getElementById('frame-name').textContent = frameLabel(frames()[pos.f]);
    document.getElementById('act-number').textContent = L.act_n(pos.a, lastAct(pos.f));
    var last = document.getElementById('last-act');
    while (last.firstChild) last.removeChild(last.firstChild);
    lastActNode(table, L).forEach(function (n) {
      if (n) last.appendChild(typeof n === 'string' ? document.createTextNode(n) : n);
    });
    drawFrames();
    drawChart();
    drawFigures();
    var current = document.querySelector('#frames [aria-current="true"]');
    if (current && current.scrollIntoView) current.scrollIntoView({ block: 'nearest' });
    if (history.replaceState) {
      try { history.replaceState(null, '', '#f=' + pos.f + '&a=' + pos.a); } catch (e) { /* file:// in some browsers */ }
    }
  }

  function setLang(next) {
    lang = next;
    document.documentElement.lang = lang;
    var params = new URLSearchParams(location.search);
    params.set('lang', lang);
    try { history.replaceState(null, '', '?' + params.toString() + location.hash); } catch (e) { /* ignore */ }
    labelPage();
    if (replay && frames().length) draw();
  }

  function labelPage() {
    var T = TEXT[lang];
    document.getElementById('frames-title').textContent = T.frames;
    document.getElementById('chart-title').textContent = T.chart;
    document.getElementById('figures-title').textContent = T.figures;
    var keys = document.getElementById('keys');
    while (keys.firstChild) keys.removeChild(keys.firstChild);
    T.keys.forEach(function (line) { keys.appendChild(el('span', null, null, [line])); });
    Array.prototype.forEach.call(document.querySelectorAll('.rp-lang button'), function (b) {
      b.setAttribute('aria-pressed', b.getAttribute('data-lang') === lang ? 'true' : 'false');
    });
  }

  function fail(text) {
    while (board.firstChild) board.removeChild(board.firstChild);
    board.appendChild(el('p', 'rp-error', { 'data-role': 'error' }, [text]));
  }

  function start(data) {
    replay = data;
    document.getElementById('title').textContent = data.title || '';
    if (data.title) document.title = data.title + ' · jmjp-studio';
    if (!data.frames || data.frames.length === 0) { fail(TEXT[lang].empty); return; }
    var hash = /#f=(\d+)&a=(\d+)/.exec(location.hash);
    if (hash) go(parseInt(hash[1], 10), parseInt(hash[2], 10)); else go(0, 0);
  }

  document.addEventListener('keydown', function (event) {
    if (!replay || !frames().length || event.altKey || event.ctrlKey || event.metaKey) return;
    var moves = {
      ArrowRight: function () { step(1); },
      ArrowLeft: function () { step(-1); },
      ArrowDown: function () { go(pos.f + 1, 0); },
      ArrowUp: function () { go(pos.f - 1, 0); },
      Home: function () { go(pos.f, 0); },
      End: function () { go(pos.f, lastAct(pos.f)); }
    };
    if (moves[event.key]) { event.preventDefault(); moves[event.key](); }
  });
  document.getElementById('prev').addEventListener('click', function () { if (replay) step(-1); });
  document.getElementById('next').addEventListener('click', function () { if (replay) step(1); });
  Array.prototype.forEach.call(document.querySelectorAll('.rp-lang button'), function (b) {
    b.addEventListener('click', function () { setLang(b.getAttribute('data-lang')); });
  });
  window.addEventListener('resize', function () { if (replay && frames().length) JMJP.fitStage(stage, board); });

  document.documentElement.lang = lang;
  labelPage();
  if (window.JMJP_REPLAY) {
    start(window.JMJP_REPLAY);
  } else {
    // The page's own query goes with it: hands only with hands=1, as the server rules.
    var asked = new URLSearchParams(location.search), query = new URLSearchParams();
    ['hands', 'delay'].forEach(function (k) { if (asked.has(k)) query.set(k, asked.get(k)); });
    fetch('/api/replay.json' + (query.toString() ? '?' + query : '')).then(function (r) {
      if (!r.ok) throw new Error(String(r.status));
      return r.json();
    }).then(start, function () { fail(TEXT[lang].failed); });
  }
  window.JMJP_REPLAY_VIEW = { position: function () { return { frame: pos.f, act: pos.a }; }, go: go };
})();
