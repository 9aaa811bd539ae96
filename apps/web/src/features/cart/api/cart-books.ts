import type { Book, Edition } from '@bookstore/contract';
import { lineCents } from '@bookstore/contract/checkout';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import toast from '../../../lib/toast';
import { api } from '../../../lib/api-client';
import { type CartItem, EBOOK_FORMAT, lineKey, useCartStore } from '../stores/cart';

/** The one book type that is delivered as a download, not posted. */
export const DIGITAL_TYPE = EBOOK_FORMAT;

/** The message for a line whose book the shop no longer sells. */
export const removedLineMessage = (title: string) => `"${title}" is no longer available and was removed from your cart`;

const lookupQuery = (ids: number[]) => ({
  queryKey: ['books', 'lookup', ids],
  enabled: ids.length > 0,
  staleTime: 30_000,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<Book[]>(`/books/lookup/?ids=${ids.join(',')}`, { signal, auth: false }),
});

/** A line's edition as the shop has it now: the one it names, else the title's default (the first). */
export function editionOf(item: CartItem, book: Book | undefined): Edition | undefined {
  if (!book) return undefined;
  return item.edition_id === undefined ? book.editions[0] : book.editions.find((e) => e.id === item.edition_id);
}

/**
 * False only once every line is known to be an eBook edition: nothing to post (docs/product.md, "After
 * the sale").
 */
function needsDelivery(items: CartItem[], books: Book[] | undefined): boolean {
  const byId = new Map((books ?? []).map((book) => [book.id, book]));
  return (
    items.length === 0 ||
    items.some((item) => (item.format ?? editionOf(item, byId.get(item.id))?.format) !== DIGITAL_TYPE)
  );
}

/** Whether the cart has a book to post (the same look-up as `useCartBooks`, without its side effects). */
export function useCartNeedsDelivery(items: CartItem[]): boolean {
  return useCartParcel(items).needed;
}

/**
 * The cart's parcel: whether there is one, and what its books (and their protection plans) come to, the
 * amount a "free from" delivery counts; eBooks are not in it, as the server prices it
 * (docs/decisions/0023-ebook-delivery.md).
 */
export function useCartParcel(items: CartItem[]): { needed: boolean; cents: number } {
  const lookup = useQuery(lookupQuery([...new Set(items.map((item) => item.id))].sort((a, b) => a - b)));
  const byId = new Map((lookup.data ?? []).map((book) => [book.id, book]));
  const cents = items
    .filter((item) => (item.format ?? editionOf(item, byId.get(item.id))?.format) !== DIGITAL_TYPE)
    .reduce((sum, item) => sum + lineCents(item), 0);
  return { needed: needsDelivery(items, lookup.data), cents };
}

/**
 * GET /books/lookup/?ids= : the cart's books as the shop has them now. Lines whose book (or edition) the
 * shop no longer sells are taken out of the cart, and the shopper is told which (a toast, and a note on
 * the page); a line kept from before editions gets its title's default edition named. `stock` says how
 * many copies of each remaining line's edition can be bought (the cap of its stepper), once known, by
 * `lineKey`; an eBook has no cap. `comingSoon` holds the lines that are eBooks without their file yet,
 * which checkout refuses.
 */
export function useCartBooks(items: CartItem[]): {
  removed: string[];
  stock: Map<string, number>;
  comingSoon: Set<string>;
} {
  const ids = [...new Set(items.map((item) => item.id))].sort((a, b) => a - b);
  const removeLine = useCartStore((s) => s.removeLine);
  const pinEdition = useCartStore((s) => s.pinEdition);
  const [removed, setRemoved] = useState<string[]>([]);
  const lookup = useQuery(lookupQuery(ids));

  useEffect(() => {
    if (!lookup.data) return;
    const byId = new Map(lookup.data.map((book) => [book.id, book]));
    const gone = items.filter((item) => !editionOf(item, byId.get(item.id)));
    for (const line of gone) {
      removeLine(line);
      toast.error(removedLineMessage(line.title), { id: `removed-${lineKey(line)}` });
    }
    for (const line of items) {
      const edition = editionOf(line, byId.get(line.id));
      if (line.edition_id === undefined && edition) pinEdition(line, edition);
    }
    if (gone.length > 0) setRemoved((before) => [...before, ...gone.map((line) => line.title)]);
  }, [lookup.data, items, removeLine, pinEdition]);

  const byId = new Map((lookup.data ?? []).map((book) => [book.id, book]));
  const stock = new Map<string, number>();
  const comingSoon = new Set<string>();
  for (const item of items) {
    const book = byId.get(item.id);
    const edition = editionOf(item, book);
    if (edition?.coming_soon) comingSoon.add(lineKey(item));
    if (!book || !edition || edition.stock_amount === null) continue;
    stock.set(lineKey(item), book.available ? edition.stock_amount : 0);
  }
  return { removed, stock, comingSoon };
}
