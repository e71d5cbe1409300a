/* jmjp-studio "On air": the overlay. It opens /api/events with the page's delay and hands, and
   redraws the table from each `state` event; it computes nothing itself.
   ?layout=table|bar  ?lang=en|ja  ?seat=N (the seat at the bottom)  ?delay=N  ?hands=1
   ?stats=1 (each seat's season figures under its name) */
(function () {
  'use strict';
  var params = new URLSearchParams(location.search);
  var options = {
    lang: JMJP.pageLang(),
    bottom: JMJP.intParam('seat', 0, 3, 0),
    layout: params.get('layout') === 'bar' ? 'bar' : 'table'
  };
  var stage = document.getElementById('stage');
  var status = document.getElementById('status');
  var L = JMJP.labels(options.lang);
  document.documentElement.lang = options.lang;

  function down() { status.textContent = L.connecting; status.hidden = false; }
  function up() { status.hidden = true; status.textContent = ''; }

  var query = [];
  var delay = JMJP.intParam('delay', 0, 86400, 0);
  if (delay > 0) query.push('delay=' + delay);
  if (params.get('hands') === '1') query.push('hands=1');
  if (params.get('stats') === '1') query.push('stats=1');
  var url = '/api/events' + (query.length ? '?' + query.join('&') : '');

  down();
  var source = new EventSource(url);
  source.onopen = up;
  source.onerror = down;
  source.addEventListener('state', function (event) {
    var table;
    try { table = JSON.parse(event.data); } catch (e) { return; }
    up();
    JMJP.drawTable(stage, table, options);
  });
  window.JMJP_OVERLAY = { url: url, options: options };
})();
