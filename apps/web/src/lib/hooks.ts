import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

const STORE_NAME = 'Bookstore';

/** Sets the document title for a screen: 'Page · Bookstore'. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${STORE_NAME}` : `${STORE_NAME}: discover your next favorite book`;
  }, [title]);
}

/** The value, once it has stayed the same for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * True when the viewport matches the media query (kept in sync). False on the server and while the
 * server's HTML hydrates (it cannot know the screen), so lay out with CSS what must be right at once.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => Boolean(window.matchMedia?.(query).matches),
    () => false,
  );
}

const noChange = () => () => {};

/**
 * False on the server and while the server's HTML is being hydrated, true from the first render after
 * it. Anything personal (stores kept in localStorage: auth, cart, theme) is shown only once this is
 * true, so the HTML a CDN keeps holds nothing of one shopper's, and hydration never sees a mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}

/** A temporary address for a picked file (for a preview), released when the file changes or the screen goes. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const address = URL.createObjectURL(file);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [file]);
  return url;
}
