import { useState } from 'react';
import toast from '../../../lib/toast';
import { Button } from '../../../components/ui/Button';
import { ErrorState } from '../../../components/ui/ErrorState';
import { DownloadIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/Spinner';
import { plural } from '../../../lib/lists';
import { downloadSubscribers, useSubscribers } from '../api/subscribers';
import { cellClass, HeadingCells, PagedTable } from '../components/Pager';
import { formatDate } from '../../../lib/dates';

/** Subscribers tab: the newsletter's addresses, newest first, and all of them (or the matches) as CSV. */
export function SubscribersTab({ search, page, onPage }: { search: string; page: number; onPage(page: number): void }) {
  const subscribers = useSubscribers({ page, search });
  const [exporting, setExporting] = useState(false);
  const count = subscribers.data?.meta.count ?? 0;

  const download = async () => {
    setExporting(true);
    try {
      await downloadSubscribers(search);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The list could not be downloaded');
    } finally {
      setExporting(false);
    }
  };

  if (subscribers.isPending) return <Spinner label="Loading subscribers..." />;
  if (subscribers.isError) return <ErrorState message={subscribers.error.message} />;
  if (subscribers.data.data.length === 0) {
    return (
      <p className="py-10 text-center text-gray-700 dark:text-gray-300">
        {search ? `No subscribers match "${search}"` : 'No subscribers yet'}
      </p>
    );
  }
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {plural(count, 'subscriber')}
          {search ? ` matching "${search}"` : ''}
        </p>
        <Button variant="secondary" onClick={() => void download()} disabled={exporting}>
          <DownloadIcon width={16} height={16} /> {exporting ? 'Preparing CSV...' : 'Download CSV'}
        </Button>
      </div>
      <PagedTable
        caption="Newsletter subscribers, newest first"
        meta={subscribers.data.meta}
        onPage={onPage}
        label="Subscribers"
        head={<HeadingCells labels={['Email', 'Subscribed']} />}
      >
        {subscribers.data.data.map((subscriber) => (
          <tr key={subscriber.id}>
            <td className={`${cellClass} break-all`}>{subscriber.email}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{formatDate(subscriber.created_at, 'numeric')}</td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
