import {
  AUTHOR_FACET_LIMIT,
  type Author,
  BOOK_CONDITIONS,
  BOOK_TYPES,
  type BookFacets,
  type Category,
  centsToMoney,
  type FacetValue,
  RATING_THRESHOLDS,
} from '@bookstore/contract';
import { FACET_GROUP, type FacetRow } from './repository.js';

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
export function facetsFromRows(rows: FacetRow[], selected: { authors: Author[]; categories: Category[] }): BookFacets {
  const group = (g: number, value: (r: FacetRow) => [string | null, string | null, number]) =>
    rows
      .filter((r) => r.g === g)
      .map(value)
      // A title with no edition in the shop is a row of no format and no condition ('').
      .filter(([v, , count]) => v !== null && v !== '' && count > 0)
      .map(([v, label, count]) => ({ value: v!, label: label ?? v!, count }));
  const totals = rows.find((r) => r.g === FACET_GROUP.totals);
  const cents = (value: number | null | undefined) =>
    value === null || value === undefined ? null : centsToMoney(Number(value));
  const stars = (t: number) => (t === 1 ? '1 star & up' : `${t} stars & up`);
  return {
    category: withSelected(
      group(FACET_GROUP.category, (r) => [r.category_slug, r.category_name, r.n_category]),
      selected.categories,
    ),
    author: withSelected(
      group(FACET_GROUP.author, (r) => [r.author_slug, r.author_name, r.n_author])
        .sort(byCount)
        .slice(0, AUTHOR_FACET_LIMIT),
      selected.authors,
    ),
    book_type: withKnown(
      group(FACET_GROUP.book_type, (r) => [r.book_type, r.book_type, r.n_book_type]),
      BOOK_TYPES,
    ),
    condition: withKnown(
      group(FACET_GROUP.condition, (r) => [r.condition, r.condition, r.n_condition]),
      BOOK_CONDITIONS,
    ),
    rating: RATING_THRESHOLDS.map((t, i) => ({ value: String(t), label: stars(t), count: totals?.ratings[i] ?? 0 })),
    in_stock: totals?.n_in_stock ?? 0,
    on_sale: totals?.n_on_sale ?? 0,
    price: { min: cents(totals?.price_min), max: cents(totals?.price_max) },
  };
}
