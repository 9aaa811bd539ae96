// The flags Chromium runs with for the browser suite (playwright.config.ts) and the Lighthouse
// benchmark (bench/web.mjs, which adds headless): no sandbox (containers), no GPU, and none of the
// browser's own background traffic, so a measurement or a test sees only the store's requests.
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
