import type { OrderSummaryLine } from '@bookstore/contract';
import { DOWNLOADS_PER_LINK } from '@bookstore/contract/checkout';
import { Button } from '../../../components/ui/Button';
import { formatDate } from '../../../lib/dates';
import toast from '../../../lib/toast';
import { useStaffRenewDownload } from '../api/downloads';

/**
 * Beside an eBook line of a paid order on the staff order page: "New download link" gives the line a
 * fresh link (the customer's own renewals are limited; staff's are not), then says until when it
 * works, or why the shop cannot give one (the shop's words, beside the line).
 */
export function RenewDownloadButton({ orderId, line }: { orderId: number; line: OrderSummaryLine }) {
  const renew = useStaffRenewDownload(orderId);
  const given = renew.data;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3 text-sm print:hidden">
      <Button
        variant="secondary"
        size="sm"
        aria-label={`New download link for ${line.title}`}
        disabled={renew.isPending}
        onClick={() =>
          renew.mutate(line.item, {
            onSuccess: () => toast.success(`A new download link for "${line.title}" is on the customer's order page`),
          })
        }
      >
        {renew.isPending ? 'Making a link…' : 'New download link'}
      </Button>
      {renew.isError && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {renew.error.message || 'We could not make a new link. Please try again.'}
        </p>
      )}
      {given && !renew.isError && (
        <p role="status" className="text-gray-700 dark:text-gray-300">
          New link ready: {DOWNLOADS_PER_LINK} downloads until {formatDate(given.expires_at, 'exact')}. The customer
          sees it on their order page.
        </p>
      )}
    </div>
  );
}
