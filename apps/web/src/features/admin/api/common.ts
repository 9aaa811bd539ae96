import { useQueryClient } from '@tanstack/react-query';

/** The dashboard's calls: all staff only, all under the ['admin'] key so a write refreshes them together. */
export const ADMIN_PAGE_SIZE = 10;

/** A query string of the given values, blank ones left out. */
export const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
};

/** Hands a CSV text to the browser as a download named `name`. */
export function saveFile(csv: string, name: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** Refreshes the dashboard and the catalogue lists a staff change shows in. */
export function useRefreshAdmin() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [['admin'], ['books'], ['book'], ['featured'], ['authors'], ['categories']].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
}

/** Refreshes the dashboard and the delivery methods checkout and the book page offer. */
export function useRefreshDelivery() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['admin'] }),
      client.invalidateQueries({ queryKey: ['shipping-methods'] }),
    ]);
}
