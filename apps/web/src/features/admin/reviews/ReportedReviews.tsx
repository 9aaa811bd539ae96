import type { ReportedReview } from '@bookstore/contract';
import { useState } from 'react';
import toast from '../../../lib/toast';
import { Button } from '../../../components/ui/Button';
import { ErrorState } from '../../../components/ui/ErrorState';
import { Spinner } from '../../../components/ui/Spinner';
import { Stars } from '../../../components/ui/Stars';
import { formatDate } from '../../../lib/dates';
import { useDeleteReportedReview, useKeepReview, useReportedReviews } from '../api/reported-reviews';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { EmptyNote, Pager } from '../components/Pager';
import { Section } from '../components/Section';

/**
 * Reported reviews: the reviews shoppers reported, most recently reported first, each with its book,
 * how many reported it and why. Keep clears its reports; Delete (asked first) removes the review.
 */
export function ReportedReviews({ page, onPage }: { page: number; onPage(page: number): void }) {
  const queue = useReportedReviews({ page });
  const keep = useKeepReview();
  const remove = useDeleteReportedReview();
  const [deleting, setDeleting] = useState<ReportedReview | null>(null);

  const body = () => {
    if (queue.isPending) return <Spinner label="Loading reported reviews..." />;
    if (queue.isError) return <ErrorState message={queue.error.message || 'Failed to fetch the reported reviews'} />;
    if (queue.data.data.length === 0) return <EmptyNote>No reported reviews.</EmptyNote>;
    return (
      <>
        <ul aria-label="Reported reviews" className="space-y-4">
          {queue.data.data.map((review) => (
            <li
              key={review.id}
              data-testid="reported-review"
              className="rounded-lg border border-gray-200 p-4 dark:border-gray-800"
            >
              <p className="font-semibold">{review.book_title}</p>
              <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
                <Stars rating={review.rating} size={14} />
                <span>by {review.user}</span>
                <time dateTime={review.created_at}>{formatDate(review.created_at, 'numeric')}</time>
              </div>
              <p className="mt-2 break-words whitespace-pre-line text-gray-800 dark:text-gray-200">{review.comment}</p>
              <p className="mt-3 text-sm font-medium">
                {review.reports === 1 ? 'Reported by 1 shopper' : `Reported by ${review.reports} shoppers`}
              </p>
              {review.reasons.length > 0 && (
                <ul aria-label="Reasons given" className="mt-1 list-disc pl-5 text-sm text-gray-700 dark:text-gray-300">
                  {review.reasons.map((reason, i) => (
                    <li key={i} className="break-words">
                      {reason}
                    </li>
                  ))}
                </ul>
              )}
              <div className="mt-3 flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={keep.isPending}
                  aria-label={`Keep the review by ${review.user} of ${review.book_title}`}
                  onClick={() =>
                    keep.mutate(review.id, {
                      onSuccess: (answer) => toast.success(answer.message),
                      onError: (err) => toast.error(err.message),
                    })
                  }
                >
                  Keep
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  disabled={remove.isPending}
                  aria-label={`Delete the review by ${review.user} of ${review.book_title}`}
                  onClick={() => setDeleting(review)}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <Pager meta={queue.data.meta} onPage={onPage} label="Reported reviews" />
      </>
    );
  };

  return (
    <Section id="reported-reviews" title="Reported reviews">
      {body()}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this review?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              setDeleting(null);
              toast.success('Review deleted');
            },
            onError: (err) => {
              setDeleting(null);
              toast.error(err.message);
            },
          })
        }
        onClose={() => setDeleting(null)}
      >
        {deleting && `Delete ${deleting.user}'s review of "${deleting.book_title}"? This cannot be undone.`}
      </ConfirmDialog>
    </Section>
  );
}
