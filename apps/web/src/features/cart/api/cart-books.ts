import type { Book } from '@bookstore/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import toast from '../../../lib/toast';
import { api } from '../../../lib/api-client';
import { type CartItem, useCartStore } from '../stores/cart';

/** The one book type that is delivered as a download, not posted. */
export const DIGITAL_TYPE = 'eBook';

/** The message for a line whose book the shop no longer sells. */
export const removedLineMessage = (title: string) => `"${title}" is no longer available and was removed from your cart`;

const lookupQuery = (ids: number[]) => ({
  queryKey: ['books', 'lookup', ids],
  enabled: ids.length > 0,
  staleTime: 30_000,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<Book[]>(`/books/lookup/?ids=${ids.join(',')}`, { signal, auth: false }),
});

/** False only once every line is known to be an eBook: nothing to post (docs/product.md, "After the sale"). */
function needsDelivery(items: CartItem[], books: Book[] | undefined): boolean {
  const types = new Map((books ?? []).map((book) => [book.id, book.book_type]));
  return items.length === 0 || items.some((item) => types.get(item.id) !== DIGITAL_TYPE);
}

/** Whether the cart has a book to post (the same look-up as `useCartBooks`, without its side effects). */
export function useCartNeedsDelivery(items: CartItem[]): boolean {
  const lookup = useQuery(lookupQuery(items.map((item) => item.id).sort((a, b) => a - b)));
  return needsDelivery(items, lookup.data);
}

/**
 * GET /books/lookup/?ids= : the cart's books as the shop has them now. Lines whose book was deleted are
 * taken out of the cart, and the shopper is told which (a toast, and a note on the page); `stock` says
 * how many copies of each remaining book can be bought (the cap of its line's stepper), once known.
 */
export function useCartBooks(items: CartItem[]): { removed: string[]; stock: Map<number, number> } {
  const ids = items.map((item) => item.id).sort((a, b) => a - b);
  const removeLine = useCartStore((s) => s.removeLine);
  const [removed, setRemoved] = useState<string[]>([]);
  const lookup = useQuery(lookupQuery(ids));

  useEffect(() => {
    if (!lookup.data) return;
    const present = new Set(lookup.data.map((book) => book.id));
    const gone = items.filter((item) => !present.has(item.id));
    if (gone.length === 0) return;
    for (const line of gone) {
      removeLine(line.id);
      toast.error(removedLineMessage(line.title), { id: `removed-${line.id}` });
    }
    setRemoved((before) => [...before, ...gone.map((line) => line.title)]);
  }, [lookup.data, items, removeLine]);

  const stock = new Map((lookup.data ?? []).map((book) => [book.id, book.available ? book.stock_amount : 0]));
  return { removed, stock };
}
