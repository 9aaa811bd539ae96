/**
 * What a visitor did on the server's page before the app had taken it over, held by public/boot.js
 * (clicks, choices, typing, forms sent with Enter), done now: once, in order, on the same elements.
 * Decision 0010 says why the page holds them rather than losing them or waiting for the app.
 */
interface HeldEvent {
  type: 'click' | 'input' | 'change' | 'submit';
  target: Element;
  /** What the field or select held when the visitor left it. */
  value?: string;
  /** data-replay: for a control the app draws anew after hydration (the book page's tabs). */
  key?: string | null;
}

interface EarlyEvents {
  /** The oldest event still held, taken off the list. */
  next(): HeldEvent | undefined;
  /** Runs `action` with boot.js not holding what it dispatches. */
  replay(action: () => void): void;
  /**
   * Nothing left: the app answers for itself from now on, but for a control React has not taken over
   * yet (a part of the page whose code comes later): boot.js holds what is done on one, and calls `then`.
   */
  done(then: () => void): void;
}

declare global {
  interface Window {
    /** Set by public/boot.js until the app first says `done`. */
    bookstoreEarlyEvents?: EarlyEvents;
  }
}

/** The element now on the page for `held`: the same one, or the one drawn in its place. */
function current(held: HeldEvent): Element | null {
  if (held.target.isConnected) return held.target;
  return held.key ? document.querySelector(`[data-replay="${CSS.escape(held.key)}"]`) : null;
}

/** Sets a field's text as typing would: React sees the change from what it last knew (`before`). */
function setText(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, before: string, value: string) {
  const prototype = Object.getPrototypeOf(field) as object;
  const nativeSetter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  // Through React's own tracker first (the server's value), then past it (the visitor's): React then
  // takes the visitor's value as a change, whatever hydration did to the field.
  field.value = before;
  if (nativeSetter) nativeSetter.call(field, value);
  else field.value = value;
}

function serverValue(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): string {
  if (field instanceof HTMLSelectElement) {
    return [...field.options].find((option) => option.defaultSelected)?.value ?? field.options[0]?.value ?? '';
  }
  return field.defaultValue;
}

function replay(held: HeldEvent, target: Element | null) {
  held.target.removeAttribute('aria-busy');
  held.target.removeAttribute('data-early');
  if (!target) return;
  target.removeAttribute('aria-busy');
  target.removeAttribute('data-early');
  if (held.type === 'click') {
    (target as HTMLElement).click();
  } else if (held.type === 'submit') {
    if (target instanceof HTMLFormElement) target.requestSubmit();
  } else if (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  ) {
    setText(target, serverValue(target), held.value ?? '');
    target.dispatchEvent(new Event(held.type, { bubbles: true }));
  }
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * React has taken the element over: hydration keeps the element's fiber on the node, under a key
 * starting `__reactFiber$` (React's own; React DevTools reads it the same way). A part of the page
 * whose code arrives after the app's (React.lazy inside Suspense, as "Email me when it's back") is
 * still the server's HTML when the page around it has hydrated, and a click on it then would be lost.
 */
function hydratedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

/** How long a held event waits for its part of the page's code; after that it is done as it is. */
const PART_WAIT_MS = 5000;

/** The element for `held` once React has taken it over (or the wait is over, or it is gone). */
async function hydratedTarget(held: HeldEvent): Promise<Element | null> {
  const until = performance.now() + PART_WAIT_MS;
  let target = current(held);
  while (target && !hydratedByReact(target) && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    target = current(held);
  }
  return target;
}

/**
 * Each event waits for the last one's render, so a "+" then "Add to Cart" adds two, and for its own
 * part of the page to be hydrated; what the visitor does during the replay is held after them. Then
 * again, the same way, whenever boot.js holds a tap on a part of the page React has not taken over.
 */
async function replayHeld(early: EarlyEvents) {
  for (;;) {
    await nextTask();
    const event = early.next();
    if (!event) break;
    const target = await hydratedTarget(event);
    early.replay(() => replay(event, target));
  }
  early.done(() => void replayHeld(early));
}

/** Called once, when the page has hydrated (RootLayout). */
export function replayEarlyEvents() {
  const early = window.bookstoreEarlyEvents;
  if (early) void replayHeld(early);
}
