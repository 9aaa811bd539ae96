import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ui/ErrorState';
import { inputClass } from '../../components/ui/Field';
import { usePageTitle } from '../../lib/hooks';
import { useSummary } from './api/dashboard';
import { BooksTab, type EditBookSlot, sortFrom } from './components/BooksTab';
import { Figures } from './components/Figures';
import { fulfilmentFrom, OrdersTab, paymentFrom } from './components/OrdersTab';
import { ReviewQueueTab } from './components/ReviewQueueTab';
import { SalesChart } from './components/SalesChart';
import { UsersTab } from './components/UsersTab';
import { MessagesTab, statusFrom } from './components/MessagesTab';
import { SubscribersTab } from './components/SubscribersTab';
import { ShelvesTab } from './components/ShelvesTab';
import { MailTab, mailStatusFrom } from './components/MailTab';
import { SalesTab } from './components/SalesTab';
import { CodesTab } from './components/CodesTab';
import { Bestsellers } from './components/Bestsellers';
import { DeliveryTab } from './components/DeliveryTab';
import { LowStock } from './components/LowStock';
import { Badge } from '../../components/ui/Badge';
import { Button, buttonClass } from '../../components/ui/Button';
import { paths } from '../../config/paths';
import { Spinner } from '../../components/ui/Spinner';

const TABS = [
  'books',
  'authors',
  'orders',
  'delivery',
  'users',
  'review',
  'messages',
  'subscribers',
  'mail',
  'sales',
  'codes',
] as const;
type TabName = (typeof TABS)[number];
const TAB_LABELS: Record<TabName, string> = {
  books: 'Books',
  authors: 'Authors & categories',
  orders: 'Orders',
  delivery: 'Delivery',
  users: 'Users',
  review: 'Review queue',
  messages: 'Messages',
  subscribers: 'Subscribers',
  mail: 'Mail',
  sales: 'Sales',
  codes: 'Codes',
};
const SEARCH_HINTS: Record<TabName, string> = {
  books: 'Search books by title, author or ISBN',
  authors: 'Search authors and categories by name',
  orders: 'Search orders by number, email or name',
  delivery: '',
  users: 'Search users by username or email',
  review: 'Search waiting books by title, author or sender',
  messages: 'Search messages by name, email or subject',
  subscribers: 'Search subscribers by email',
  mail: 'Search mail by address or subject',
  sales: 'Search sales by name',
  codes: 'Search codes',
};

/**
 * The staff dashboard (its own chunk): real figures, 30 days of sales and their
 * bestsellers, then the Books, Authors & categories, Orders, Users, Review queue, Messages, Subscribers and Mail tabs. The tab, search, page, sort
 * and filter live in the address, so any view can be linked.
 */
export default function DashboardPage({ editBook }: { editBook?: EditBookSlot }) {
  usePageTitle('Dashboard');
  const [params, setParams] = useSearchParams();
  const tab: TabName = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TabName)
    : 'books';
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
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
        <Link to={paths.addBook} className={buttonClass({ size: 'lg' })}>
          Add book
        </Link>
      </div>
      {summary.isPending ? (
        <Spinner label="Loading figures..." />
      ) : summary.isError ? (
        <ErrorState message={summary.error.message} />
      ) : (
        <>
          <Figures summary={summary.data} />
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <SalesChart days={summary.data.sales_by_day} currency={summary.data.currency} />
            </div>
            <div className="space-y-6">
              <Bestsellers books={summary.data.bestsellers} currency={summary.data.currency} />
              <LowStock editBook={editBook} />
            </div>
          </div>
        </>
      )}

      <TabGroup selectedIndex={TABS.indexOf(tab)} onChange={onTab}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          {/* More tabs than a phone is wide: the row scrolls sideways (relative: the tab counts' screen-reader
              texts scroll with it instead of widening the page). */}
          <TabList
            aria-label="Dashboard"
            className="relative flex gap-2 overflow-x-auto border-b border-gray-200 dark:border-gray-800"
          >
            {TABS.map((name) => (
              <Tab
                key={name}
                className="flex shrink-0 items-center gap-2 border-b-2 border-transparent px-4 py-2 font-semibold whitespace-nowrap text-gray-700 data-hover:text-gray-900 data-selected:border-indigo-600 data-selected:text-indigo-800 dark:text-gray-300 dark:data-hover:text-white dark:data-selected:border-indigo-400 dark:data-selected:text-indigo-200"
              >
                {TAB_LABELS[name]}
                {name === 'messages' && (summary.data?.open_messages ?? 0) > 0 && (
                  <Badge tone="amber">
                    {summary.data!.open_messages}
                    <span className="sr-only"> open</span>
                  </Badge>
                )}
              </Tab>
            ))}
          </TabList>
          {/* The Delivery tab has nothing to search. */}
          {tab !== 'delivery' && (
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
          )}
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
          <TabPanel>{tab === 'authors' && <ShelvesTab search={search} />}</TabPanel>
          <TabPanel>
            {tab === 'orders' && (
              <OrdersTab
                search={search}
                page={page}
                payment={paymentFrom(params.get('payment'))}
                fulfilment={fulfilmentFrom(params.get('fulfilment'))}
                onPage={(p) => update({ page: p }, false)}
                onFilter={(changes) => update(changes)}
              />
            )}
          </TabPanel>
          <TabPanel>{tab === 'delivery' && <DeliveryTab />}</TabPanel>
          <TabPanel>
            {tab === 'users' && <UsersTab search={search} page={page} onPage={(p) => update({ page: p }, false)} />}
          </TabPanel>
          <TabPanel>
            {tab === 'review' && (
              <ReviewQueueTab search={search} page={page} onPage={(p) => update({ page: p }, false)} />
            )}
          </TabPanel>
          <TabPanel>
            {tab === 'messages' && (
              <MessagesTab
                search={search}
                page={page}
                status={statusFrom(params.get('status'))}
                onPage={(p) => update({ page: p }, false)}
                onStatus={(status) => update({ status })}
              />
            )}
          </TabPanel>
          <TabPanel>
            {tab === 'subscribers' && (
              <SubscribersTab search={search} page={page} onPage={(p) => update({ page: p }, false)} />
            )}
          </TabPanel>
          <TabPanel>
            {tab === 'mail' && (
              <MailTab
                search={search}
                page={page}
                status={mailStatusFrom(params.get('status'))}
                onPage={(p) => update({ page: p }, false)}
                onStatus={(status) => update({ status })}
              />
            )}
          </TabPanel>
          <TabPanel>{tab === 'sales' && <SalesTab />}</TabPanel>
          <TabPanel>{tab === 'codes' && <CodesTab />}</TabPanel>
        </TabPanels>
      </TabGroup>
    </section>
  );
}
