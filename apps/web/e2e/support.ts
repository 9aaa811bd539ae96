import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

export const isPhone = (info: TestInfo) => info.project.name === 'phone';

/** Starts the page in the dark or light theme (as a returning visitor who chose it). */
export async function useTheme(page: Page, dark: boolean) {
  await page.addInitScript((value) => {
    localStorage.setItem('theme', JSON.stringify({ state: { darkMode: value }, version: 0 }));
  }, dark);
}

/** No serious or critical accessibility violations on the page as it is now (or in `scope`). */
export async function expectAccessible(page: Page, label: string, scope?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (scope) builder.include(scope);
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')})`),
    `${label}: accessibility violations`,
  ).toEqual([]);
}

/** Switches the theme in place (the class the theme toggle sets). */
export async function setDark(page: Page, dark: boolean) {
  await page.evaluate((value) => {
    document.documentElement.classList.toggle('dark', value);
    document.documentElement.style.colorScheme = value ? 'dark' : 'light';
  }, dark);
  // Let colour transitions finish before contrast is measured.
  await page.waitForTimeout(250);
}

/** Checks the page as it is, then again in the dark theme. */
export async function expectAccessibleInBothThemes(page: Page, label: string, scope?: string) {
  await expectAccessible(page, `${label} (light)`, scope);
  await setDark(page, true);
  await expectAccessible(page, `${label} (dark)`, scope);
  await setDark(page, false);
}

/** Replies to a matching API call with a JSON body (stubbing the network at the browser edge). */
export async function stubJson(page: Page, pattern: string | RegExp, body: unknown, status = 200) {
  await page.route(pattern, (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

export const emptyPage = { data: [], meta: { page: 1, pageSize: 20, count: 0, pages: 1, next: null } };
export const serverError = { error: 'The server had a problem' };

/** The toasts on screen. */
export const toasts = (page: Page) => page.locator('[role="status"][aria-live="polite"]');
