import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { replayEarlyEvents } from './early-events';

// public/boot.js as the page runs it (the build inlines it into <head>), with this file's replay.
// One page for the whole file: boot.js listens on the window for good, so the steps run in order.

/** React's mark on an element it has taken over (what early-events.ts and boot.js look for). */
const takeOver = (element: Element) => Object.assign(element, { __reactFiber$test: {} });

/** A button in the app's #root, or elsewhere; `clicks` counts the clicks that reach it. */
function button(where: Element) {
  const element = document.createElement('button');
  where.append(element);
  const clicks = { count: 0 };
  element.addEventListener('click', () => clicks.count++);
  return { element, clicks };
}

/** A click as the visitor makes it: returns whether the browser's own action was cancelled. */
const tap = (element: Element) => !element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));

let root: HTMLElement;

beforeAll(() => {
  root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  new Function(readFileSync(path.join(import.meta.dirname, '../../public/boot.js'), 'utf8'))();
});

describe('taps before and after the app has taken the page over (public/boot.js, early-events.ts)', () => {
  it("holds a tap before the app has hydrated, and the app does it once, when the control is React's", async () => {
    const early = button(root);
    expect(tap(early.element)).toBe(true);
    expect(early.clicks.count).toBe(0);
    expect(early.element.getAttribute('aria-busy')).toBe('true');

    takeOver(early.element);
    replayEarlyEvents();
    await vi.waitFor(() => expect(early.clicks.count).toBe(1));
    expect(early.element.hasAttribute('aria-busy')).toBe(false);
    expect(window.bookstoreEarlyEvents).toBeUndefined();
  });

  it('then leaves a control React has taken over, and one outside #root, alone', async () => {
    const owned = button(root);
    takeOver(owned.element);
    const outside = button(document.body);
    expect(tap(owned.element)).toBe(false);
    expect(tap(outside.element)).toBe(false);
    expect(owned.clicks.count).toBe(1);
    expect(outside.clicks.count).toBe(1);
    expect(owned.element.hasAttribute('aria-busy')).toBe(false);
    expect(outside.element.hasAttribute('aria-busy')).toBe(false);
  });

  it('but holds taps on a part React has not taken over yet, and does them once, in order, when it has', async () => {
    const later = button(root);
    const other = button(root);
    expect(tap(later.element)).toBe(true);
    expect(tap(other.element)).toBe(true);
    expect(later.element.getAttribute('aria-busy')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(later.clicks.count + other.clicks.count).toBe(0);

    const order: string[] = [];
    later.element.addEventListener('click', () => order.push('later'));
    other.element.addEventListener('click', () => order.push('other'));
    takeOver(later.element);
    takeOver(other.element);
    await vi.waitFor(() => expect(order).toEqual(['later', 'other']));
    expect(later.element.hasAttribute('aria-busy')).toBe(false);
    expect(other.element.hasAttribute('aria-busy')).toBe(false);

    // And again for the next one: the app is woken each time.
    const last = button(root);
    tap(last.element);
    takeOver(last.element);
    await vi.waitFor(() => expect(last.clicks.count).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([later.clicks.count, other.clicks.count, last.clicks.count]).toEqual([1, 1, 1]);
  });
});
