// Applies the persisted theme before React loads, so there is no flash of the wrong theme.
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
})();
