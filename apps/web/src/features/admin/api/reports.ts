import type { Report, ReportPeriod } from '@bookstore/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ReportRange {
  from: string;
  to: string;
  by: ReportPeriod;
}

/** GET /admin/reports/?from&to&by : orders, units, sales, refunds and net for the range, and its breakdowns. */
export const reportQuery = (range: ReportRange) => ({
  queryKey: ['admin', 'report', range] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    api.get<Report>(`/admin/reports/?${new URLSearchParams({ ...range })}`, { signal }),
});

export function useReport(range: ReportRange) {
  return useQuery({ ...reportQuery(range), placeholderData: keepPreviousData });
}
