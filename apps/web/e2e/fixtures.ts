import { expect, test as base } from '@playwright/test';

export * from '@playwright/test';

/** What React says when the server's HTML and the browser's first render differ (minified in a build). */
const HYDRATION_TROUBLE =
  /hydrat|did not match|mismatch|Minified React error #(418|419|421|422|423|425)\b|react\.dev\/errors\/(418|419|421|422|423|425)\b/i;

/**
 * Every browser test through this `test`: a page whose console shows a hydration error (a mismatch
 * between the server's HTML and the first render in the browser) fails the test that opened it, and
 * page loads wait for hydration.
 */
/** An address of its own for each test (see `extraHTTPHeaders` below). */
const randomAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** Options a project sets (playwright.config.ts): the slow project's shopper does not wait for the app. */
export interface ShopperOptions {
  /** Page loads wait for `<html data-hydrated>` (true but in the slow project, which taps at once). */
  waitForHydration: boolean;
  /** How many times slower the page's CPU runs (CDP Emulation.setCPUThrottlingRate; 1: as it is). */
  cpuSlowdown: number;
}

export const test = base.extend<{ hydrationErrors: string[] } & ShopperOptions>({
  waitForHydration: [true, { option: true }],
  cpuSlowdown: [1, { option: true }],
  // Each test is a shopper at an address of its own (e2e/serve.mjs has the server trust
  // X-Forwarded-For): the limits per address (sign-ups, copies held, unpaid orders, failed sign-ins)
  // count per test, as they would per shopper, not for the whole suite at once.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': randomAddress() });
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  hydrationErrors: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, hydrationErrors, javaScriptEnabled, waitForHydration, cpuSlowdown }, use) => {
    if (cpuSlowdown > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    // A server-rendered page shows its buttons before they work: a test loading a page waits until
    // the app has taken it over (RootLayout marks <html data-hydrated>), as a person would not notice.
    // A load that asks only for `waitUntil: 'commit'` (the page as it arrives) does not wait.
    const whenHydrated =
      <A extends unknown[]>(load: (...args: A) => ReturnType<typeof page.goto>) =>
      async (...args: A) => {
        const response = await load(...args);
        const options = args.find((arg) => typeof arg === 'object') as { waitUntil?: string } | undefined;
        if (options?.waitUntil === 'commit' || !waitForHydration) return response;
        if (javaScriptEnabled && response?.headers()['content-type']?.startsWith('text/html')) {
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        }
        return response;
      };
    page.goto = whenHydrated(page.goto.bind(page));
    page.reload = whenHydrated(page.reload.bind(page));
    page.on('console', (message) => {
      if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION_TROUBLE.test(message.text())) {
        hydrationErrors.push(message.text());
      }
    });
    page.on('pageerror', (error) => {
      if (HYDRATION_TROUBLE.test(error.message)) hydrationErrors.push(error.message);
    });
    await use(page);
    expect(hydrationErrors, 'hydration errors in the console').toEqual([]);
  },
});
