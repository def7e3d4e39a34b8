// Recyclerie pages: following a Server-Sent Events stream through refusals and restarts, shared
// by the game page (page.js) and the class screen (class.js).
(function () {
  'use strict';

  // Waits up to 1 s, 2 s, 4 s… 30 s, somewhere in the upper half: a room of screens that lost
  // the server together does not come back in one burst.
  function backoff(attempt) {
    var ceiling = Math.min(30000, 1000 * Math.pow(2, attempt));
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  // Shows box's data-retry text with the seconds left, counting down, then runs then().
  function countdown(box, ms, then) {
    var end = Date.now() + ms;
    function tick() {
      var left = end - Date.now();
      if (left <= 0) return then();
      box.textContent = box.dataset.retry.replace('{seconds}', String(Math.ceil(left / 1000)));
      box.hidden = false;
      setTimeout(tick, left % 1000 || 1000);
    }
    tick();
  }

  // Reloads only once the page answers, so a server down at that moment does not leave a
  // browser error page on the screen.
  function reloadWhenUp(box, attempt) {
    fetch(location.href, { method: 'HEAD', cache: 'no-store' }).then(function (r) {
      if (!r.ok) throw new Error('page answered ' + r.status);
      location.reload();
    }).catch(function () {
      countdown(box, backoff(attempt), function () { reloadWhenUp(box, attempt + 1); });
    });
  }

  // Follows an event stream: onData(model, source) for each event. The browser gives up for good
  // on any answer but 200 (a proxy's 502 while the bot restarts, a 429, a 503): retry here
  // instead, backing off, and say so in box.
  function follow(url, box, onData) {
    var connecting = box.textContent;
    var attempt = 0;
    function connect() {
      var source = new EventSource(url);
      source.onmessage = function (event) {
        attempt = 0;
        box.hidden = true;
        onData(JSON.parse(event.data), source);
      };
      source.onerror = function () {
        source.close();
        countdown(box, backoff(attempt++), function () {
          box.textContent = connecting;
          connect();
        });
      };
    }
    connect();
  }

  window.RecyclerieLive = { backoff: backoff, countdown: countdown, reloadWhenUp: reloadWhenUp, follow: follow };
})();
