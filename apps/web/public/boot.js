// Runs in <head> before the first paint. The build puts it into the page, minified (vite.config.ts,
// inlineBoot), and the server's CSP allows it by its hash: the paint waits for no extra request.
// 1. Applies the persisted theme before React loads, so there is no flash of the wrong theme.
// 2. Starts the app once the server's page has painted. The page already reads and links without
//    the app (it is server-rendered), so the cover and text do not wait behind the app's code; the
//    code starts at once if the visitor touches or types first. The build turns the entry's
//    <script type="module"> into <meta name="app-entry"> (vite.config.ts); `npm run dev` keeps the
//    script, and then there is nothing to start here. Decision 0010 says why.
(function () {
  try {
    var stored = JSON.parse(localStorage.getItem('theme') || 'null');
    var dark = Boolean(stored && stored.state && stored.state.darkMode);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    var meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.setAttribute('content', dark ? '#000000' : '#ffffff');
  } catch {
    /* storage unavailable: light theme */
  }

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
  // After the load event, one frame later: the cover has been painted by then. The timer covers a
  // tab opened in the background, where frames wait until it is shown.
  addEventListener('load', function () {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    setTimeout(start, 500);
  });
})();
