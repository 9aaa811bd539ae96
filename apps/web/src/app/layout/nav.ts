import { paths } from '../../config/paths';

export interface MenuEntry {
  id: number;
  name: string;
  slug: string;
  featured: boolean;
}

/** Featured entries first, then all of them (docs/product.md, "Screens", header). */
export function splitFeatured<T extends MenuEntry>(entries: T[]): { featured: T[]; all: T[] } {
  return { featured: entries.filter((e) => e.featured), all: entries };
}

export const categoryPath = (slug: string) => paths.category(slug);
export const authorPath = (slug: string) => paths.author(slug);
