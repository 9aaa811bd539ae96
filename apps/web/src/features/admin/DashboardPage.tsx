import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ui/ErrorState';
import { inputClass } from '../../components/ui/Field';
import { usePageTitle } from '../../lib/hooks';
import { useSummary } from './api/dashboard';
import { BooksTab, type EditBookSlot, sortFrom } from './components/BooksTab';
import { Figures } from './components/Figures';
import { OrdersTab } from './components/OrdersTab';
import { SalesChart } from './components/SalesChart';
import { UsersTab } from './components/UsersTab';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';

const TABS = ['books', 'orders', 'users'] as const;
type TabName = (typeof TABS)[number];
const TAB_LABELS: Record<TabName, string> = { books: 'Books', orders: 'Orders', users: 'Users' };
const SEARCH_HINTS: Record<TabName, string> = {
  books: 'Search books by title, author or ISBN',
  orders: 'Search orders by order number or customer email',
  users: 'Search users by username or email',
};

/**
 * Spec section 2, Dashboard (staff only, its own chunk): real figures and 30 days of sales, then the
 * Books, Orders and Users tabs. The tab, search, page, sort and filter live in the address, so any
 * view can be linked (decisions B).
 */
export default function DashboardPage({ editBook }: { editBook?: EditBookSlot }) {
  usePageTitle('Dashboard');
  const [params, setParams] = useSearchParams();
  const tab: TabName = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as TabName) : 'books';
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(search);
  const summary = useSummary();

  useEffect(() => setDraft(search), [search, tab]);

  const update = (changes: Record<string, string | number | null>, resetPage = true) =>
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

  const onTab = (index: number) => setParams({ tab: TABS[index]! }, { replace: false });
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim() });
  };

  return (
    <section className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
      {summary.isPending ? (
        <Spinner label="Loading figures..." />
      ) : summary.isError ? (
        <ErrorState message={summary.error.message} />
      ) : (
        <>
          <Figures summary={summary.data} />
          <SalesChart days={summary.data.sales_by_day} currency={summary.data.currency} />
        </>
      )}

      <TabGroup selectedIndex={TABS.indexOf(tab)} onChange={onTab}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <TabList aria-label="Dashboard" className="flex gap-2 border-b border-gray-200 dark:border-gray-800">
            {TABS.map((name) => (
              <Tab
                key={name}
                className="border-b-2 border-transparent px-4 py-2 font-semibold text-gray-700 data-hover:text-gray-900 data-selected:border-indigo-600 data-selected:text-indigo-800 dark:text-gray-300 dark:data-hover:text-white dark:data-selected:border-indigo-400 dark:data-selected:text-indigo-200"
              >
                {TAB_LABELS[name]}
              </Tab>
            ))}
          </TabList>
          <form role="search" onSubmit={onSearch} className="flex gap-2">
            <label htmlFor="dashboard-search" className="sr-only">
              {SEARCH_HINTS[tab]}
            </label>
            <input
              id="dashboard-search"
              type="search"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder={SEARCH_HINTS[tab]}
              className={`${inputClass} sm:w-80`}
            />
            <Button type="submit">Search</Button>
          </form>
        </div>
        <TabPanels className="mt-6">
          <TabPanel>
            {tab === 'books' && (
              <BooksTab
                search={search}
                page={page}
                sort={sortFrom(params.get('sort'))}
                onPage={(p) => update({ page: p }, false)}
                onSort={(sort) => update({ sort })}
                editBook={editBook}
              />
            )}
          </TabPanel>
          <TabPanel>
            {tab === 'orders' && (
              <OrdersTab
                search={search}
                page={page}
                payment={params.get('payment') ?? ''}
                onPage={(p) => update({ page: p }, false)}
                onPayment={(payment) => update({ payment })}
              />
            )}
          </TabPanel>
          <TabPanel>{tab === 'users' && <UsersTab search={search} page={page} onPage={(p) => update({ page: p }, false)} />}</TabPanel>
        </TabPanels>
      </TabGroup>
    </section>
  );
}
