// Recyclerie class screen: every table's board follows its game over one event stream; at the
// session's end the page reloads into the debrief.
(function () {
  'use strict';
  var body = document.body;
  var live = window.RecyclerieLive;
  if (body.dataset.mode !== 'live') return;
  var conn = document.getElementById('conn');

  // Brings one table's tile up to date; false when the page has no such table.
  function update(tile) {
    var box = document.querySelector('article.table[data-table="' + tile.number + '"]');
    if (!box) return false;
    box.dataset.state = tile.state;
    box.querySelector('.name').textContent = tile.heading;
    var badge = box.querySelector('.state');
    badge.textContent = tile.badge;
    badge.hidden = !tile.badge;
    box.querySelector('.turn').textContent = tile.turn;
    box.querySelector('.progress').textContent = tile.progress.join(' · ');
    var img = box.querySelector('img.board');
    if (tile.image) {
      if (img.getAttribute('src') !== tile.image.src) img.src = tile.image.src;
      img.alt = tile.image.alt;
      img.hidden = false;
    }
    return true;
  }

  live.follow(body.dataset.base + '/events?lang=' + body.dataset.lang, conn, function (model, source) {
    // The end brings the debrief, drawn by the server; a changed set of tables a new grid.
    if (model.mode !== 'live' || model.tables.length !== Number(body.dataset.tables) || !model.tables.every(update)) {
      source.close();
      live.reloadWhenUp(conn, 0);
      return;
    }
    document.getElementById('status').textContent = model.status;
    body.dataset.fingerprint = model.fingerprint;
  });
})();
