import type { Activity, Paged } from '@bookstore/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const RECENT_ACTIVITY = 5;
const PAGE_SIZE = 20;

const fetchActivity = (page: number, pageSize: number, signal?: AbortSignal) =>
  api.get<Paged<Activity>>(`/profile/activity/?page=${page}&page_size=${pageSize}`, { signal });

/** GET /profile/activity/ : the last five things the shopper did (the profile's Recent Activity card). */
export function useRecentActivity(owner: string | null) {
  return useQuery({
    queryKey: ['activity', owner, 'recent'],
    enabled: owner !== null,
    // What the shopper just did elsewhere (an order, a review) shows when they come back.
    refetchOnMount: 'always',
    queryFn: ({ signal }) => fetchActivity(1, RECENT_ACTIVITY, signal),
  });
}

/** GET /profile/activity/ : the whole timeline, a page at a time. */
export function useActivity(owner: string | null) {
  return useInfiniteQuery({
    queryKey: ['activity', owner, 'all'],
    enabled: owner !== null,
    refetchOnMount: 'always',
    initialPageParam: 1,
    getNextPageParam: (last: Paged<Activity>) => last.meta.next ?? undefined,
    queryFn: ({ pageParam, signal }) => fetchActivity(pageParam, PAGE_SIZE, signal),
  });
}
