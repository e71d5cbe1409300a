// The overlay: an EventSource on /api/events with this page's delay and hands, each event's
// table drawn as it comes.
"use strict";
(function () {
  const q = new URLSearchParams(location.search);
  const lang = q.get("lang") === "ja" ? "ja" : "en";
  document.documentElement.lang = lang;
  if (q.get("layout") === "bar") document.body.classList.add("bar");
  const pass = new URLSearchParams();
  if (q.get("delay")) pass.set("delay", q.get("delay"));
  if (q.get("hands")) pass.set("hands", q.get("hands"));
  const root = document.getElementById("table");
  const events = new EventSource("/api/events?" + pass.toString());
  events.addEventListener("state", (e) => drawTable(root, JSON.parse(e.data), lang));
})();
