import { createContext, useContext, type ReactNode } from 'react';

/**
 * Parts of the layout whose HTML is the same for many pages (the header, the footer): the server
 * makes each once and puts the same HTML in every page after (entry-server.tsx); the browser has no
 * such context and renders them as they are. Byte for byte the page a fresh render makes
 * (entry-server.test.tsx), so hydration finds what it would have found.
 */
export interface ReusedParts {
  /** What the server renders for part `id`: the part itself, or a placeholder for HTML it already has. */
  render(id: string, part: ReactNode): ReactNode;
}

export const ReusedPartsContext = createContext<ReusedParts | null>(null);

/**
 * `children`, whose HTML depends on nothing but `reuseKey` (null: on more, render it every time).
 * What React would lift from it into the page's <head> (an image's preload) is lost when its HTML is
 * reused: entry-server.test.tsx compares the pages byte for byte, and fails on it.
 */
export function Reused({ name, reuseKey, children }: { name: string; reuseKey: string | null; children: ReactNode }) {
  const parts = useContext(ReusedPartsContext);
  return parts && reuseKey !== null ? parts.render(`${name}:${reuseKey}`, children) : children;
}
