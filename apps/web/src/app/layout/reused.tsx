import { createContext, useContext, type ReactNode } from 'react';

/**
 * Parts of the layout whose HTML is the same for many pages (the header, the footer): the server
 * makes each once and puts the same HTML in every page after (entry-server.tsx); the browser has no
 * such context and renders them as they are. Byte for byte the page a fresh render makes
 * (entry-server.test.tsx), so hydration finds what it would have found.
 */
export interface ReusedParts {
  /** What the server renders for part `id`: the part itself, or a stand-in for HTML it already has. */
  render(id: string, part: ReactNode, standIn: ReactNode): ReactNode;
}

export const ReusedPartsContext = createContext<ReusedParts | null>(null);

/**
 * `children`, whose HTML depends on nothing but `reuseKey` (null: on more, render it every time).
 * `standIn`: what of it React lifts into the page's <head> (an image's preload), rendered in its
 * place when its HTML is reused, so the page's preloads stay the same and in the same order.
 */
export function Reused({
  name,
  reuseKey,
  standIn = null,
  children,
}: {
  name: string;
  reuseKey: string | null;
  standIn?: ReactNode;
  children: ReactNode;
}) {
  const parts = useContext(ReusedPartsContext);
  return parts && reuseKey !== null ? parts.render(`${name}:${reuseKey}`, children, standIn) : children;
}
