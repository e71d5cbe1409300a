// What the overlay and the replay share: a tile's picture and a table drawn from its TABLE
// (SCHEMA.md). Nothing here works out game state: it only draws what the server sent.
"use strict";

function tileUrl(t) {
  if (window.JMJP_TILES && window.JMJP_TILES[t]) return window.JMJP_TILES[t];
  return "/assets/tiles/" + t + ".svg";
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function tileImg(t, cls) {
  const img = el("img", "tile " + (cls || ""));
  img.src = tileUrl(t);
  img.alt = t;
  img.dataset.tile = t;
  return img;
}

function drawTable(root, table, lang) {
  root.replaceChildren();
  const head = el("div", "head");
  const f = table.frame;
  head.append(el("span", "title", table.title));
  if (f) {
    head.append(el("span", "frame", f.name), el("span", "honba", "honba " + f.honba),
      el("span", "kyoutaku", "kyoutaku " + f.kyoutaku), el("span", "wall", "wall " + f.wall_left));
    const dora = el("span", "dora");
    f.dora.forEach((t) => dora.append(tileImg(t)));
    head.append(dora);
  }
  root.append(head);
  for (const s of table.seats) {
    const box = el("div", "seat seat-" + s.seat + (f && f.last && f.last.seat === s.seat ? " last" : ""));
    box.dataset.seat = s.seat;
    const name = el("div", "name");
    name.append(el("span", "wind", s.wind), el("span", "player", s.name),
      el("span", "points", String(s.points)));
    if (s.riichi) name.append(el("span", "riichi", lang === "ja" ? "リーチ" : "riichi"));
    box.append(name);
    const river = el("div", "river");
    s.river.forEach((r) => river.append(tileImg(r.tile,
      (r.tsumogiri ? "tsumogiri " : "") + (r.riichi ? "riichi " : "") + (r.called ? "called" : ""))));
    box.append(river);
    const melds = el("div", "melds");
    s.melds.forEach((m) => { const g = el("span", "meld " + m.kind); m.tiles.forEach((t) => g.append(tileImg(t))); melds.append(g); });
    box.append(melds);
    if (s.hand) {
      const hand = el("div", "hand");
      s.hand.forEach((t) => hand.append(tileImg(t)));
      if (s.drawn) hand.append(tileImg(s.drawn, "drawn"));
      box.append(hand);
      if (s.waits && s.waits.length) {
        const w = el("div", "waits");
        s.waits.forEach((t) => w.append(tileImg(t)));
        box.append(w);
      }
    }
    root.append(box);
  }
  if (table.end) {
    const end = el("div", "end", table.end.text[lang] || table.end.text.en);
    end.append(el("span", "deltas", table.end.deltas.join(" ")));
    root.append(end);
  }
}
