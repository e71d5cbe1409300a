// The replay: steps through the tables the server worked out (window.JMJP_REPLAY in an exported
// file, /api/replay.json on the server). Left/Right: acts; Up/Down: frames.
"use strict";
(function () {
  const q = new URLSearchParams(location.search);
  const lang = q.get("lang") === "ja" ? "ja" : "en";
  const root = document.getElementById("table");
  const list = document.getElementById("frames");
  const where = document.getElementById("where");
  let replay = null, frame = 0, act = 0;
  function show() {
    const f = replay.frames[frame];
    if (!f) return;
    act = Math.max(0, Math.min(act, f.states.length - 1));
    list.value = String(frame);
    where.textContent = f.name + " " + act + "/" + (f.states.length - 1);
    drawTable(root, f.states[act], lang);
  }
  function start(r) {
    replay = r;
    if (!r) return;
    r.frames.forEach((f, i) => { const o = el("option", "", f.name); o.value = String(i); list.append(o); });
    list.addEventListener("change", () => { frame = Number(list.value); act = 0; show(); });
    document.addEventListener("keydown", (e) => {
      if (e.key === "ArrowRight") act++;
      else if (e.key === "ArrowLeft") act--;
      else if (e.key === "ArrowDown") { frame = Math.min(frame + 1, r.frames.length - 1); act = 0; }
      else if (e.key === "ArrowUp") { frame = Math.max(frame - 1, 0); act = 0; }
      else return;
      e.preventDefault();
      show();
    });
    show();
  }
  if (window.JMJP_REPLAY) start(window.JMJP_REPLAY);
  else fetch("/api/replay.json" + location.search).then((r) => r.json()).then(start);
})();
