import {
  type Author,
  BOOK_CONDITIONS,
  BOOK_TYPES,
  type BookFacets,
  type Category,
  centsToMoney,
  type FacetValue,
  RATING_THRESHOLDS,
} from '@bookstore/contract';
import type { BookFilter, FacetRow } from './repository.js';

const byCount = (a: FacetValue, b: FacetValue) => b.count - a.count || a.label.localeCompare(b.label);

/** Values found, plus the selected ones (at 0 when the other filters leave none of them). */
function withSelected(found: FacetValue[], selected: { slug: string; name: string }[]): FacetValue[] {
  const list = [...found].sort(byCount);
  for (const s of selected) {
    if (!list.some((v) => v.value === s.slug)) list.push({ value: s.slug, label: s.name, count: 0 });
  }
  return list;
}

/** Every known value in its usual order with its count (0 included), then any other value stored. */
function withKnown(found: FacetValue[], known: readonly string[]): FacetValue[] {
  const count = (value: string) => found.find((v) => v.value === value)?.count ?? 0;
  return [
    ...known.map((value) => ({ value, label: value, count: count(value) })),
    ...found.filter((v) => !known.includes(v.value)).sort(byCount),
  ];
}

/** The facets of `meta`, from the rows of `facetCounts`. */
export function facetsFromRows(
  rows: FacetRow[],
  filter: BookFilter,
  selected: { authors: Author[]; categories: Category[] },
): BookFacets {
  const of = (facet: FacetRow['facet']) =>
    rows
      .filter((r) => r.facet === facet && r.value !== null)
      .map((r) => ({ value: r.value!, label: r.label ?? r.value!, count: r.n }));
  const cents = (facet: FacetRow['facet']) => {
    const value = rows.find((r) => r.facet === facet)?.value;
    return value === null || value === undefined ? null : centsToMoney(Number(value));
  };
  const ratings = of('rating');
  const stars = (t: number) => (t === 1 ? '1 star & up' : `${t} stars & up`);
  return {
    category: withSelected(of('category'), selected.categories),
    author: withSelected(of('author'), selected.authors),
    book_type: withKnown(of('book_type'), BOOK_TYPES),
    condition: withKnown(of('condition'), BOOK_CONDITIONS),
    rating: RATING_THRESHOLDS.map((t) => ({
      value: String(t),
      label: stars(t),
      count: ratings.find((r) => r.value === String(t))?.count ?? 0,
    })),
    in_stock: rows.find((r) => r.facet === 'in_stock')?.n ?? 0,
    price: { min: cents('price_min'), max: cents('price_max') },
  };
}
