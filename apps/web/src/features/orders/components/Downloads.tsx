import type { DownloadLine, Order } from '@bookstore/contract';
import { DOWNLOAD_LINK_HOURS, DOWNLOAD_RENEWALS, DOWNLOADS_PER_LINK } from '@bookstore/contract/checkout';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Button, buttonClass } from '../../../components/ui/Button';
import { formatDate } from '../../../lib/dates';
import toast from '../../../lib/toast';
import { useDownloads, useRenewDownload } from '../api/downloads';

const STATE_TEXT: Record<Exclude<DownloadLine['state'], 'ready'>, string> = {
  expired: 'This link has expired.',
  used_up: `This link has been used ${DOWNLOADS_PER_LINK} times.`,
  revoked: 'No longer available: this order was refunded or cancelled.',
  no_file: 'We are preparing this eBook. Please check again shortly.',
};

/**
 * A paid order's eBooks (docs/product.md, "eBook downloads"): "Download" while the link works, and
 * "Get a new link" once it has expired or been used up, DOWNLOAD_RENEWALS times; after that the shop
 * gives new links (a link to the contact page). Nothing for an order without eBooks.
 */
export function Downloads({ order }: { order: Order }) {
  const paid = order.payment_status === 'success';
  const query = useDownloads(order.id, paid);
  const renew = useRenewDownload(order.id);
  if (!paid) return null;
  if (query.isError) {
    return (
      <p role="alert" className="mt-8 text-sm text-red-700 dark:text-red-300">
        We could not load your eBook downloads. Please reload the page.
      </p>
    );
  }
  const lines = Array.isArray(query.data) ? query.data : [];
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby={`downloads-${order.id}`} className="mt-8">
      <h2 id={`downloads-${order.id}`} className="text-lg font-semibold">
        Your eBooks
      </h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
        Each link works for {DOWNLOAD_LINK_HOURS} hours and {DOWNLOADS_PER_LINK} downloads. You can get a new link here{' '}
        {DOWNLOAD_RENEWALS} times; after that, contact us for one.
      </p>
      <ul className="mt-3 space-y-3" aria-label="eBook downloads">
        {lines.map((line) => (
          <li
            key={line.item}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gray-200 p-3 dark:border-gray-800"
          >
            <div className="min-w-0">
              <p className="font-medium">{line.title}</p>
              <p className="text-sm text-gray-700 dark:text-gray-300">
                {line.state === 'ready'
                  ? `${line.file_format?.toUpperCase() ?? 'eBook'} · ${line.downloads_left} of ${DOWNLOADS_PER_LINK} downloads left · until ${formatDate(line.expires_at, 'exact')}`
                  : STATE_TEXT[line.state]}
              </p>
            </div>
            {line.state === 'ready' && line.url ? (
              <a href={line.url} download aria-label={`Download ${line.title}`} className={buttonClass({ size: 'md' })}>
                Download
              </a>
            ) : (line.state === 'expired' || line.state === 'used_up') && line.renewals_left <= 0 ? (
              <p className="text-sm">
                You have renewed this link {DOWNLOAD_RENEWALS} times.{' '}
                <Link to={paths.contact} className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
                  Contact us for a new one
                </Link>
              </p>
            ) : line.state === 'expired' || line.state === 'used_up' ? (
              <Button
                aria-label={`Get a new link for ${line.title}`}
                variant="secondary"
                disabled={renew.isPending}
                onClick={() =>
                  renew.mutate(line.item, {
                    onError: (error) => toast.error(error.message || 'We could not make a new link. Please try again.'),
                  })
                }
              >
                Get a new link
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
