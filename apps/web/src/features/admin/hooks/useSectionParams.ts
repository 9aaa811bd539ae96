import { useSearchParams } from 'react-router';

type Changes = Record<string, string | number | null>;

/**
 * A dashboard section's view in its address: search (`q`), page and filters, so any view can be
 * bookmarked or linked. `update` writes changes in place (a blank or null value removes its key,
 * page 1 is left out) and, unless told otherwise, goes back to page 1.
 */
export function useSectionParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);

  const update = (changes: Changes, resetPage = true) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (resetPage) next.delete('page');
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '' || (key === 'page' && value === 1)) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );

  return { params, search, page, update, onPage: (p: number) => update({ page: p }, false) };
}
