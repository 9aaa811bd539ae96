// Runs in <head> before the first paint. The build puts it into the page, minified (vite.config.ts,
// inlineBoot), and the server's CSP allows it by its hash: the paint waits for no extra request.
// 1. Applies the theme before React loads (the visitor's pick, else the device's setting), so there is no flash of the wrong theme, and
//    marks <html data-scripted>: what only a page without scripts shows hides by CSS (index.css).
// 2. Starts the app once the server's page has painted and is on the screen. The page already reads
//    and links without the app (it is server-rendered), so the cover and text do not wait behind
//    the app's code; the code starts at once if the visitor touches or types first. The build turns
//    the entry's <script type="module"> into <meta name="app-entry"> (vite.config.ts); `npm run
//    dev` keeps the script, and then there is nothing to start here.
// 3. Keeps what the visitor does before the app has taken the page over: a click on a button (or a
//    checkbox, or a link marked data-replay), a choice in a select, typing, a form sent with Enter.
//    Each is held (the browser's own action cancelled, the control marked aria-busy until the app
//    acts on it) and the app replays them once it has hydrated, in order, on the same elements
//    (src/app/early-events.ts, through window.bookstoreEarlyEvents). Plain links are left to
//    the browser: a link works without the app. After that, it goes on holding what is done on a
//    control React has not taken over yet: a part of the page whose code comes after the app's. Decision
//    0010 says why.
(function () {
  var root = document.documentElement;
  root.setAttribute('data-scripted', '');
  // The visitor's pick if there is one (src/stores/theme.ts), else the device's light or dark setting.
  var dark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  try {
    var stored = JSON.parse(localStorage.getItem('theme') || 'null');
    var kept = stored && stored.state;
    if (kept && typeof kept.darkMode === 'boolean' && kept.followsSystem !== true) dark = kept.darkMode;
  } catch {
    /* storage unavailable: the device's setting */
  }
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', dark ? '#000000' : '#ffffff');

  var started = false;
  var triggers = ['pointerdown', 'keydown', 'touchstart'];
  function start() {
    if (started) return;
    started = true;
    triggers.forEach(function (type) {
      removeEventListener(type, start, true);
    });
    var entry = document.querySelector('meta[name="app-entry"]');
    if (entry) import(entry.getAttribute('content'));
  }
  triggers.forEach(function (type) {
    addEventListener(type, start, { capture: true, passive: true });
  });
  // After the load event, once the page's first paint is on the screen, two frames later. The load
  // event can come before the first paint (everything arrived before the first frame), and a task
  // queued from the frame's requestAnimationFrame runs before that frame is shown: the app's code was
  // then requested before the largest paint, and a measure that counts what was fetched by then
  // (Lighthouse's) counted all of it (docs/decisions/0021-less-script.md). The first-contentful-paint
  // entry is reported once that paint is shown; the second frame lets the frame after load (images that
  // arrived last) be shown too. A tab in the background paints nothing: it starts at once, and the
  // timer covers a browser that reports no paint.
  function afterFirstPaint(then) {
    var types = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes;
    var painted = function () {
      return performance.getEntriesByName('first-contentful-paint').length > 0;
    };
    if (!types || types.indexOf('paint') < 0 || painted()) return then();
    var observer = new PerformanceObserver(function () {
      if (!painted()) return;
      observer.disconnect();
      then();
    });
    observer.observe({ type: 'paint' });
  }
  addEventListener('load', function () {
    if (document.visibilityState === 'hidden') return start();
    afterFirstPaint(function () {
      requestAnimationFrame(function () {
        requestAnimationFrame(function () {
          setTimeout(start, 0);
        });
      });
    });
    setTimeout(start, 1500);
  });

  // What the visitor did before the app took over, in order: { type, target, value, key }.
  var held = [];
  // True while the app replays one: what it dispatches is not held again.
  var replaying = false;
  // Once the app has said `done`: only a control in the app's #root that React has not taken over yet
  // is held (no `__reactFiber$` key, read as src/app/early-events.ts reads it), in a part of the page
  // whose code comes after the app's: still the server's HTML, where React would drop a click. `wake`
  // tells the app there is one.
  var late = false;
  var wake;
  function holds(target) {
    return (
      !late ||
      (target.closest('#root') &&
        !Object.keys(target).some(function (key) {
          return key.indexOf('__reactFiber$') === 0;
        }))
    );
  }
  function hold(event, type, target, value) {
    if (!holds(target)) return;
    // Nothing happens now (no toggle, no jump, no form sent): it happens once, when replayed. The app
    // alone acts on it, after hydration: React, if it is hydrating already, must not see it too.
    event.preventDefault();
    event.stopPropagation();
    var last = held[held.length - 1];
    // Typing: one entry per field and run of keystrokes, holding the latest text.
    if (type === 'input' && last && last.type === 'input' && last.target === target) last.value = value;
    else held.push({ type: type, target: target, value: value, key: target.getAttribute('data-replay') });
    target.setAttribute('aria-busy', 'true');
    target.setAttribute('data-early', '');
    start();
    var then = wake;
    wake = undefined;
    if (then) then();
  }
  var handlers = {
    click: function (event) {
      var target = event.target instanceof Element && event.target.closest('button, a[data-replay], input');
      if (!target || target.disabled) return;
      if (target.tagName === 'INPUT' && !/^(checkbox|radio|submit|button)$/.test(target.type)) return;
      hold(event, 'click', target);
    },
    input: function (event) {
      var target = event.target;
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
        if (target.type !== 'checkbox' && target.type !== 'radio') hold(event, 'input', target, target.value);
      }
    },
    change: function (event) {
      var target = event.target;
      if (target instanceof HTMLSelectElement) hold(event, 'change', target, target.value);
      else if ((target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && holds(target)) {
        event.stopPropagation();
      }
    },
    submit: function (event) {
      // A form sent with Enter in a field (a click on a submit button is held as the click).
      hold(event, 'submit', event.target);
    },
  };
  Object.keys(handlers).forEach(function (type) {
    addEventListener(
      type,
      function (event) {
        if (!replaying) handlers[type](event);
      },
      true,
    );
  });
  // The app, once it has hydrated, takes the held events one by one and replays each; what the
  // visitor does meanwhile is still held, after them, so the order stays theirs. When none is left,
  // it says `done` and from then on answers for itself, but for a control React has not taken over:
  // what is held on one then calls `then`, and the app takes it the same way.
  window.bookstoreEarlyEvents = {
    next: function () {
      return held.shift();
    },
    replay: function (action) {
      replaying = true;
      try {
        action();
      } finally {
        replaying = false;
      }
    },
    done: function (then) {
      late = true;
      wake = then;
      window.bookstoreEarlyEvents = undefined;
    },
  };
})();
