// Recyclerie game page: live updates over Server-Sent Events, and replay stepping.
(function () {
  'use strict';
  var body = document.body;
  var base = body.dataset.base;
  var lang = body.dataset.lang;

  function fill(list, items, empty) {
    list.textContent = '';
    if (items.length === 0 && empty) items = [empty];
    items.forEach(function (text) {
      var li = document.createElement('li');
      li.textContent = text;
      list.appendChild(li);
    });
  }

  function fillStatus(box, fields) {
    box.textContent = '';
    fields.forEach(function (f) {
      var h = document.createElement('h3');
      h.textContent = f.name;
      var ul = document.createElement('ul');
      fill(ul, f.lines);
      box.appendChild(h);
      box.appendChild(ul);
    });
  }

  // Retries, countdowns and the reload at the end: shared with the class screen (reconnect.js).
  var countdown = window.RecyclerieLive.countdown;
  var backoff = window.RecyclerieLive.backoff;
  var reloadWhenUp = window.RecyclerieLive.reloadWhenUp;

  function live() {
    var img = document.getElementById('board');
    var conn = document.getElementById('conn');
    var lines = document.getElementById('lines');
    window.RecyclerieLive.follow(base + '/events?lang=' + lang, conn, function (model, source) {
      if (model.mode === 'over') {
        source.close();
        reloadWhenUp(conn, 0);
        return;
      }
      if (model.mode === 'cancelled') source.close();
      if (model.image) {
        if (img.getAttribute('src') !== model.image.src) img.src = model.image.src;
        img.alt = model.image.alt;
        img.hidden = false;
      }
      document.getElementById('turn').textContent = model.turn;
      fill(lines, model.lines, lines.dataset.empty);
      fillStatus(document.getElementById('status'), model.status);
      body.dataset.version = String(model.version);
    });
  }

  function replay() {
    var total = Number(body.dataset.total);
    var step = Number(body.dataset.step);
    var steps = null;
    var slider = document.getElementById('slider');
    var prev = document.getElementById('prev');
    var next = document.getElementById('next');

    function link(a, n, ok) {
      if (ok) {
        a.href = base + '/' + n + '?lang=' + lang;
        a.removeAttribute('aria-disabled');
      } else {
        a.removeAttribute('href');
        a.setAttribute('aria-disabled', 'true');
      }
    }

    function show(n, push) {
      if (!steps || n < 0 || n > total) return;
      step = n;
      var s = steps[n];
      var img = document.getElementById('board');
      img.src = s.image;
      img.alt = s.alt;
      document.getElementById('who').textContent = s.who;
      fill(document.getElementById('lines'), s.lines, '—');
      document.getElementById('turn').textContent = s.turn;
      fillStatus(document.getElementById('status'), s.status);
      document.getElementById('stepText').textContent = body.dataset.steptext.replace('{step}', n).replace('{total}', total);
      slider.value = String(n);
      link(prev, n - 1, n > 0);
      link(next, n + 1, n < total);
      body.dataset.step = String(n);
      if (push) history.replaceState(null, '', base + '/' + n + '?lang=' + lang);
    }

    var loading = document.getElementById('loading');
    function load(attempt) {
      fetch(base + '/replay.json?lang=' + lang).then(function (r) {
        if (!r.ok) throw new Error('replay answered ' + r.status);
        return r.json();
      }).then(function (model) {
        steps = model.steps;
        loading.hidden = true;
        body.dataset.ready = 'true';
      }).catch(function () {
        countdown(loading, backoff(attempt), function () { load(attempt + 1); });
      });
    }
    load(0);
    function go(n) {
      return function (event) {
        if (!steps) return;
        event.preventDefault();
        show(n(), true);
      };
    }
    prev.addEventListener('click', go(function () { return step - 1; }));
    next.addEventListener('click', go(function () { return step + 1; }));
    slider.addEventListener('input', function () { show(Number(slider.value), true); });
    document.addEventListener('keydown', function (event) {
      if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowLeft') go(function () { return step - 1; })(event);
      else if (event.key === 'ArrowRight') go(function () { return step + 1; })(event);
      else if (event.key === 'Home') go(function () { return 0; })(event);
      else if (event.key === 'End') go(function () { return total; })(event);
    });
  }

  if (body.dataset.mode === 'live') live();
  else if (body.dataset.mode === 'replay') replay();
})();
