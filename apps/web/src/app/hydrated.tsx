import type { ReactNode } from 'react';
import { useHydrated } from '../lib/hooks';

/**
 * `children` once the page is hydrated; until then (on the server, and while hydrating) `fallback`,
 * which takes the same space. For what depends on one shopper's stored state (auth, cart, theme).
 */
export function AfterHydration({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}
