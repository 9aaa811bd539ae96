import type { ReactNode } from 'react';
import { ErrorState } from './ErrorState';

/** What `QueryStates` reads of a TanStack query. */
interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  refetch(): unknown;
}

/**
 * The loading, error and empty states in front of a query's data, the same way on every page and tab:
 * `pending` while it loads; an error block (the query's own message unless `errorMessage` is given,
 * "Try again" with `retry`); `empty` when `isEmpty` says so; else `children` with the data.
 */
export function QueryStates<T>({
  query,
  pending,
  errorMessage,
  retry = false,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  pending: ReactNode;
  errorMessage?: string;
  retry?: boolean;
  isEmpty?(data: T): boolean;
  empty?: ReactNode;
  children(data: T): ReactNode;
}) {
  if (query.isPending) return pending;
  if (query.isError || query.data === undefined) {
    return (
      <ErrorState
        message={errorMessage ?? query.error?.message ?? ''}
        onRetry={retry ? () => void query.refetch() : undefined}
      />
    );
  }
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}
