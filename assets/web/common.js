/* jmjp-studio "On air": what the overlay and the replay share. It draws one TABLE (the JSON of
   SCHEMA.md: /api/state, each event of /api/events, each act of the replay) into a 1920 x 1080
   stage. It never works out game state: everything shown is in the TABLE it is given.
   A plain script (no module) so that the exported replay works from file://. */
(function () {
  'use strict';

  var LABELS = {
    en: {
      wind: { E: 'East', S: 'South', W: 'West', N: 'North' },
      windShort: { E: 'E', S: 'S', W: 'W', N: 'N' },
      frame: function (round, hand) { return (LABELS.en.wind[round] || round) + ' ' + hand; },
      beforeStart: 'Before the first frame',
      honba: 'Honba',
      kyoutaku: 'Riichi sticks',
      dora: 'Dora',
      wallLeft: 'Tiles left',
      waits: 'Waits',
      dealer: 'Dealer',
      seat: function (n) { return 'Seat ' + (n + 1); },
      act: {
        draw: 'Draw', discard: 'Discard', chi: 'Chi', pon: 'Pon', daiminkan: 'Kan',
        kakan: 'Kan', ankan: 'Kan', riichi: 'Riichi', tsumo: 'Tsumo', ron: 'Ron',
        draw_end: 'Draw'
      },
      connecting: 'connecting…',
      stats: { win: 'Win', dealin: 'Deal-in', riichi: 'Riichi', call: 'Call',
        matches: function (n) { return n + (n === 1 ? ' match' : ' matches'); } },
      act_n: function (n, total) { return 'act ' + n + ' / ' + total; },
      deal: 'The deal'
    },
    ja: {
      wind: { E: '東', S: '南', W: '西', N: '北' },
      windShort: { E: '東', S: '南', W: '西', N: '北' },
      frame: function (round, hand) { return (LABELS.ja.wind[round] || round) + hand + '局'; },
      beforeStart: '対局開始前',
      honba: '本場',
      kyoutaku: '供託',
      dora: 'ドラ',
      wallLeft: '残り',
      waits: '待ち',
      dealer: '親',
      seat: function (n) { return (n + 1) + '番席'; },
      act: {
        draw: 'ツモ', discard: '打牌', chi: 'チー', pon: 'ポン', daiminkan: 'カン',
        kakan: 'カン', ankan: 'カン', riichi: 'リーチ', tsumo: 'ツモ', ron: 'ロン',
        draw_end: '流局'
      },
      connecting: '接続中…',
      stats: { win: '和了', dealin: '放銃', riichi: '立直', call: '副露',
        matches: function (n) { return n + '試合'; } },
      act_n: function (n, total) { return n + ' / ' + total + ' 手目'; },
      deal: '配牌'
    }
  };

  /** The language of the page: ?lang=en|ja, else the browser's. */
  function pageLang() {
    var asked = new URLSearchParams(location.search).get('lang');
    if (asked === 'en' || asked === 'ja') return asked;
    var nav = (navigator.language || 'en').toLowerCase();
    return nav.indexOf('ja') === 0 ? 'ja' : 'en';
  }

  function labels(lang) { return LABELS[lang] || LABELS.en; }

  /** A tile's picture: inlined (window.JMJP_TILES, the exported file) or the served SVG. */
  function tileUrl(tile) {
    var inlined = window.JMJP_TILES;
    if (inlined && Object.prototype.hasOwnProperty.call(inlined, tile)) return inlined[tile];
    return JMJP.tileBase + tile + '.svg';
  }

  /** An element; text through textContent only (names come from the record). */
  function el(tag, cls, attrs, children) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        if (attrs[k] !== null && attrs[k] !== undefined && attrs[k] !== false) node.setAttribute(k, attrs[k]);
      });
    }
    (children || []).forEach(function (c) {
      if (c === null || c === undefined) return;
      node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    });
    return node;
  }

  function tileImg(tile, attrs, cls) {
    var a = { src: tileUrl(tile), alt: tile, 'data-tile': tile, draggable: 'false' };
    Object.keys(attrs || {}).forEach(function (k) { a[k] = attrs[k]; });
    return el('img', 'jm-t' + (cls ? ' ' + cls : ''), a);
  }

  /** A tile turned sideways (a riichi tile in a river, a called tile in a meld). */
  function sideways(img) {
    return el('span', 'jm-side', null, [img]);
  }

  function backImg(tile) {
    // A face-down tile of a closed kan: the tile is still named for tests and screen readers.
    return el('img', 'jm-t jm-back', { src: tileUrl('back'), alt: tile, 'data-tile': tile, draggable: 'false' });
  }

  function signed(n) {
    if (n > 0) return '+' + n;
    if (n < 0) return '\u2212' + (-n);
    return '\u00b10';
  }

  function seatName(seat, L) {
    return seat.name ? seat.name : L.seat(seat.seat);
  }

  // ------------------------------------------------------------------------------------------
  // Parts of a seat.

  function riverNode(seat, isLast) {
    var rows = [];
    seat.river.forEach(function (d, i) {
      var row = i < 6 ? 0 : (i < 12 ? 1 : 2);
      if (!rows[row]) rows[row] = [];
      var img = tileImg(d.tile, {
        'data-tsumogiri': d.tsumogiri ? '1' : null,
        'data-riichi': d.riichi ? '1' : null,
        'data-called': d.called ? '1' : null
      }, (d.tsumogiri ? 'jm-tsumogiri' : '') + (d.called ? ' jm-called' : '') +
        (isLast && i === seat.river.length - 1 ? ' jm-last' : ''));
      rows[row].push(d.riichi ? sideways(img) : img);
    });
    return el('div', 'jm-river', { 'data-role': 'river' }, rows.map(function (r) {
      return el('div', 'jm-river-row', null, r);
    }));
  }

  /** Which place in a meld the called tile takes: by where it came from (left, across, right). */
  function meldNode(meld, seatIndex, highlighted) {
    var tiles = meld.tiles.slice();
    var attrs = { 'data-kind': meld.kind, 'data-from': meld.from === null ? null : String(meld.from) };
    var cls = 'jm-meld' + (highlighted ? ' jm-last' : '');
    if (meld.kind === 'ankan') {
      return el('span', cls, attrs, [backImg(tiles[0]), tileImg(tiles[1]), tileImg(tiles[2]), backImg(tiles[3])]);
    }
    var called = tiles.shift();
    var calledNode;
    if (meld.kind === 'kakan') {
      var added = tiles.pop();
      calledNode = el('span', 'jm-stack', null, [
        sideways(tileImg(added, { 'data-added': '1' })),
        sideways(tileImg(called, { 'data-called': '1' }))
      ]);
    } else {
      calledNode = sideways(tileImg(called, { 'data-called': '1' }));
    }
    var others = tiles.map(function (t) { return tileImg(t); });
    var rel = meld.from === null ? 3 : (meld.from - seatIndex + 4) % 4; // 3 left, 2 across, 1 right
    var parts;
    if (rel === 3) parts = [calledNode].concat(others);
    else if (rel === 2) parts = [others[0], calledNode].concat(others.slice(1));
    else parts = others.concat([calledNode]);
    return el('span', cls, attrs, parts);
  }

  function meldsNode(seat, last) {
    var mark = -1;
    if (last && last.seat === seat.seat && /^(chi|pon|daiminkan|kakan|ankan)$/.test(last.kind)) {
      mark = seat.melds.length - 1;
      for (var i = seat.melds.length - 1; i >= 0; i--) {
        if (seat.melds[i].kind === last.kind) { mark = i; break; }
      }
    }
    return el('div', 'jm-melds', { 'data-role': 'melds' }, seat.melds.map(function (m, i) {
      return meldNode(m, seat.seat, i === mark);
    }));
  }

  function handNode(seat, last) {
    if (!seat.hand) return null;
    var parts = seat.hand.map(function (t) { return tileImg(t); });
    if (seat.drawn) {
      var isLast = last && last.seat === seat.seat && last.kind === 'draw';
      parts.push(tileImg(seat.drawn, { 'data-drawn': '1' }, 'jm-drawn' + (isLast ? ' jm-last' : '')));
    }
    return el('div', 'jm-hand', { 'data-role': 'hand' }, parts);
  }

  function waitsNode(seat, L) {
    if (!seat.waits) return null;
    return el('div', 'jm-waits' + (seat.waits.length ? '' : ' jm-empty'),
      { 'data-role': 'waits', 'data-count': String(seat.waits.length) },
      seat.waits.length ? [el('span', 'jm-waits-label', null, [L.waits])].concat(
        seat.waits.map(function (t) { return tileImg(t); })) : []);
  }

  function riichiStick(role) {
    return el('span', 'jm-stick', role ? { 'data-role': 'riichi' } : null, [el('span', 'jm-stick-dot')]);
  }

  /** The name plate: wind, name, points, riichi stick, the frame's end change, the last act. */
  function plateNode(table, seat, L, withWaits) {
    var frame = table.frame;
    var last = frame && frame.last;
    var isDealer = frame && frame.dealer === seat.seat;
    var isLast = last && last.seat === seat.seat;
    var delta = table.end && table.end.deltas ? table.end.deltas[seat.seat] : null;
    var actBadge = null;
    if (isLast && last.kind !== 'draw' && last.kind !== 'discard' && L.act[last.kind]) {
      actBadge = el('span', 'jm-act jm-act-' + last.kind, { 'data-role': 'act' }, [L.act[last.kind]]);
    }
    var top = el('div', 'jm-plate-top', null, [
      el('span', 'jm-wind' + (isDealer ? ' jm-dealer' : ''), { 'data-role': 'wind', title: isDealer ? L.dealer : null },
        [L.windShort[seat.wind] || seat.wind]),
      el('span', 'jm-name', { 'data-role': 'name' }, [seatName(seat, L)])
    ]);
    var mid = el('div', 'jm-plate-mid', null, [
      el('span', 'jm-points', { 'data-role': 'points', 'data-value': String(seat.points) }, [String(seat.points)]),
      seat.riichi ? riichiStick(true) : null,
      delta === null || delta === undefined ? null : el('span',
        'jm-delta ' + (delta > 0 ? 'jm-plus' : (delta < 0 ? 'jm-minus' : 'jm-zero')),
        { 'data-role': 'delta', 'data-value': String(delta) }, [signed(delta)])
    ]);
    return el('div', 'jm-plate' + (isLast ? ' jm-last' : '') + (seat.riichi ? ' jm-in-riichi' : ''), null,
      [actBadge, top, mid, seat.stats ? statsNode(seat.stats, L) : null, withWaits ? waitsNode(seat, L) : null]);
  }

  /** The season's figures of a seat (the server sends them to a page that asks: stats=1). */
  function statsNode(st, L) {
    var S = L.stats;
    function item(role, label, value) {
      return el('span', 'jm-stat', { 'data-role': role }, [el('span', 'jm-stat-label', null, [label]), value]);
    }
    return el('div', 'jm-stats', { 'data-role': 'stats' }, [
      item('stat-win', S.win, st.win_rate),
      item('stat-dealin', S.dealin, st.dealin_rate),
      item('stat-riichi', S.riichi, st.riichi_rate),
      item('stat-call', S.call, st.call_rate),
      el('span', 'jm-stat jm-stat-matches', { 'data-role': 'stat-matches' }, [S.matches(st.matches)])
    ]);
  }

  /** The seat's side of the centre box: its wind (upright) and, in riichi, its stick. */
  function sideNode(table, seat, L) {
    var frame = table.frame;
    return el('div', 'jm-side-label' + (frame && frame.dealer === seat.seat ? ' jm-dealer' : '') +
      (frame && frame.last && frame.last.seat === seat.seat ? ' jm-turn' : ''), null, [
      seat.riichi ? riichiStick(false) : null,
      el('span', 'jm-side-wind', null, [L.windShort[seat.wind] || seat.wind])
    ]);
  }

  // ------------------------------------------------------------------------------------------
  // The middle: frame, honba, kyoutaku, dora, wall, the end of the frame.

  function frameTitle(frame, L) {
    return frame ? L.frame(frame.round, frame.hand) : L.beforeStart;
  }

  function statNode(label, role, value) {
    return el('span', 'jm-stat', null, [el('span', 'jm-stat-label', null, [label]),
      el('b', 'jm-stat-value', { 'data-role': role }, [String(value)])]);
  }

  function doraNode(frame, L, slots) {
    var tiles = (frame ? frame.dora : []).map(function (t) { return tileImg(t); });
    for (var i = tiles.length; i < slots; i++) tiles.push(el('img', 'jm-t jm-back', { src: tileUrl('back'), alt: '', draggable: 'false' }));
    return el('div', 'jm-dora', null, [el('span', 'jm-dora-label', null, [L.dora]),
      el('span', 'jm-dora-tiles', { 'data-role': 'dora' }, tiles)]);
  }

  function infoNodes(table, L) {
    var frame = table.frame;
    return [
      el('div', 'jm-frame', { 'data-role': 'frame', 'data-name': frame ? frame.name : '' }, [frameTitle(frame, L)]),
      el('div', 'jm-stats', null, frame ? [statNode(L.honba, 'honba', frame.honba), statNode(L.kyoutaku, 'kyoutaku', frame.kyoutaku)] : []),
      frame ? doraNode(frame, L, 5) : null
    ];
  }

  function endNode(table, lang) {
    if (!table.end) return null;
    var text = table.end.text ? (table.end.text[lang] || table.end.text.en || '') : '';
    return el('div', 'jm-end jm-end-' + table.end.kind, { 'data-role': 'end' }, [text]);
  }

  // ------------------------------------------------------------------------------------------
  // The stage.

  /** Where a seat sits: 0 bottom, 1 right, 2 top, 3 left, with `bottom` at the bottom. */
  function place(seatIndex, bottom) { return (seatIndex - bottom + 4) % 4; }

  function tableLayout(table, o, L) {
    var frame = table.frame;
    var last = frame && frame.last;
    var nodes = [];
    var centre = el('div', 'jm-centre', null, infoNodes(table, L).concat([
      frame ? el('div', 'jm-wall', null, [el('span', 'jm-stat-label', null, [L.wallLeft]),
        el('b', null, { 'data-role': 'wall' }, [String(frame.wall_left)])]) : null,
      endNode(table, o.lang)
    ]));
    nodes.push(centre);
    table.seats.forEach(function (seat) {
      var p = place(seat.seat, o.bottom);
      var lastHere = last && last.seat === seat.seat;
      var riverLast = lastHere && (last.kind === 'discard' || last.kind === 'riichi');
      var area = el('div', 'jm-area jm-pos-' + p, null, [
        sideNode(table, seat, L),
        riverNode(seat, riverLast),
        el('div', 'jm-handrow', null, [handNode(seat, last), meldsNode(seat, last)])
      ]);
      nodes.push(el('div', 'jm-seat jm-place-' + p, { 'data-seat': String(seat.seat), 'data-place': String(p) },
        [plateNode(table, seat, L, true), area]));
    });
    return nodes;
  }

  function barLayout(table, o, L) {
    var seats = table.seats.slice().sort(function (a, b) { return place(a.seat, o.bottom) - place(b.seat, o.bottom); });
    var info = el('div', 'jm-bar-info', null, infoNodes(table, L).concat([endNode(table, o.lang)]));
    return [el('div', 'jm-bar', null, [info].concat(seats.map(function (seat) {
      return el('div', 'jm-seat', { 'data-seat': String(seat.seat), 'data-place': String(place(seat.seat, o.bottom)) },
        [plateNode(table, seat, L, false)]);
    })))];
  }

  /**
   * Draws `table` into `stage` (emptied first). Options: lang ('en'|'ja'), bottom (the seat at
   * the bottom, 0..3), layout ('table'|'bar').
   */
  function drawTable(stage, table, options) {
    var o = { lang: 'en', bottom: 0, layout: 'table' };
    Object.keys(options || {}).forEach(function (k) { o[k] = options[k]; });
    var L = labels(o.lang);
    stage.classList.add('jm-stage');
    stage.setAttribute('data-layout', o.layout);
    stage.setAttribute('lang', o.lang);
    while (stage.firstChild) stage.removeChild(stage.firstChild);
    if (!table || !table.seats) return;
    var nodes = o.layout === 'bar' ? barLayout(table, o, L) : tableLayout(table, o, L);
    nodes.forEach(function (n) { stage.appendChild(n); });
  }

  /** ?name=N as an integer within [min, max], else the fallback. */
  function intParam(name, min, max, fallback) {
    var v = new URLSearchParams(location.search).get(name);
    if (v === null || !/^-?\d+$/.test(v)) return fallback;
    var n = parseInt(v, 10);
    return n < min || n > max ? fallback : n;
  }

  /** Scales a 1920 x 1080 stage to fit its box (the replay; the overlay is shown at 1:1). */
  function fitStage(stage, box) {
    var k = Math.min(box.clientWidth / 1920, box.clientHeight / 1080);
    if (!(k > 0)) k = 1;
    stage.style.transform = 'scale(' + k + ')';
    stage.style.left = Math.max(0, (box.clientWidth - 1920 * k) / 2) + 'px';
    stage.style.top = Math.max(0, (box.clientHeight - 1080 * k) / 2) + 'px';
  }

  var JMJP = {
    tileBase: '/assets/tiles/',
    LABELS: LABELS,
    labels: labels,
    pageLang: pageLang,
    tileUrl: tileUrl,
    tileImg: tileImg,
    el: el,
    signed: signed,
    frameTitle: frameTitle,
    drawTable: drawTable,
    intParam: intParam,
    fitStage: fitStage
  };
  window.JMJP = JMJP;
})();
