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

  function live() {
    var img = document.getElementById('board');
    var conn = document.getElementById('conn');
    var lines = document.getElementById('lines');
    var source = new EventSource(base + '/events?lang=' + lang);
    source.onmessage = function (event) {
      var model = JSON.parse(event.data);
      conn.hidden = true;
      if (model.mode === 'over') {
        source.close();
        location.reload();
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
    };
    source.onerror = function () {
      // EventSource reconnects by itself; say so meanwhile.
      if (source.readyState !== EventSource.CLOSED) conn.hidden = false;
    };
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

    fetch(base + '/replay.json?lang=' + lang).then(function (r) { return r.json(); }).then(function (model) {
      steps = model.steps;
      body.dataset.ready = 'true';
    });
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
