import type { Review, ReviewRequest } from '@bookstore/contract';
import { useState } from 'react';
import toast from '../../../lib/toast';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/ErrorState';
import { Spinner } from '../../../components/ui/Spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { rememberDestination, useAuthStore } from '../../../stores/auth';
import { useBookReviews, useDeleteReview, useSubmitReview } from '../api/reviews';
import { RatingSummary } from './RatingSummary';
import { ReviewForm } from './ReviewForm';
import { ReportDialog } from './ReportDialog';
import { ReviewItem } from './ReviewItem';

const actionClass = 'text-sm font-semibold text-indigo-700 hover:underline dark:text-indigo-300';
const dangerClass = 'text-sm font-semibold text-red-700 hover:underline dark:text-red-300';

/**
 * The book page's reviews tab: the rating summary, the form (or a sign-in prompt), the reader's own
 * review first with Edit and Delete, then everyone else's, newest first, 10 at a time: signed-in shoppers
 * may report those to staff, staff delete them.
 */
export default function ReviewsSection({ title, onChanged }: { title: string; onChanged?: () => void }) {
  const isAuth = useAuthStore((s) => s.isAuth);
  const isStaff = useAuthStore((s) => s.isAdmin);
  const reviews = useBookReviews(title);
  const submit = useSubmitReview(title, onChanged);
  const remove = useDeleteReview(title, onChanged);
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState<Review | null>(null);

  if (reviews.isPending) return <Spinner label="Loading reviews..." />;
  if (reviews.isError) return <ErrorState message="Failed to load reviews" />;

  const pages = reviews.data.pages;
  const { summary, mine } = pages[0]!;
  const others = pages.flatMap((p) => p.data).filter((r) => r.id !== mine?.id);

  const save = async (body: ReviewRequest): Promise<boolean> => {
    try {
      await submit.mutateAsync(body);
      toast.success('Review submitted successfully');
      setEditing(false);
      return true;
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Failed to submit review');
      return false;
    }
  };

  const deleteReview = (review: Review) =>
    remove.mutate(review.id, {
      onSuccess: () => {
        setEditing(false);
        toast.success('Review deleted');
      },
      onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Failed to delete review'),
    });

  return (
    <div className="max-w-3xl space-y-8">
      <RatingSummary summary={summary} />

      {!isAuth ? (
        <p className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
          Please login to submit a review.{' '}
          <Link to={paths.login} onClick={() => rememberDestination()} className={actionClass}>
            Sign in
          </Link>
        </p>
      ) : editing && mine ? (
        <ReviewForm
          key={`edit-${mine.id}`}
          heading="Edit your review"
          submitLabel="Update Review"
          initial={{ rating: mine.rating, comment: mine.comment }}
          busy={submit.isPending}
          onSubmit={save}
          onCancel={() => setEditing(false)}
        />
      ) : !mine ? (
        <ReviewForm heading="Write a Review" submitLabel="Submit Review" busy={submit.isPending} onSubmit={save} />
      ) : null}

      {!mine && others.length === 0 ? (
        <p className="text-gray-700 dark:text-gray-300">No reviews yet. Be the first to review this book.</p>
      ) : (
        <ul aria-label="Reviews" className="space-y-6">
          {mine && (
            <ReviewItem
              review={mine}
              label="Your review"
              actions={
                <>
                  <button type="button" className={actionClass} onClick={() => setEditing(true)}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className={dangerClass}
                    disabled={remove.isPending}
                    onClick={() => deleteReview(mine)}
                  >
                    Delete
                  </button>
                </>
              }
            />
          )}
          {others.map((review) => (
            <ReviewItem
              key={review.id}
              review={review}
              actions={
                isStaff ? (
                  <button
                    type="button"
                    className={dangerClass}
                    disabled={remove.isPending}
                    onClick={() => deleteReview(review)}
                    aria-label={`Delete the review by ${review.user}`}
                  >
                    Delete
                  </button>
                ) : isAuth ? (
                  <button
                    type="button"
                    className={actionClass}
                    onClick={() => setReporting(review)}
                    aria-label={`Report the review by ${review.user}`}
                  >
                    Report
                  </button>
                ) : undefined
              }
            />
          ))}
        </ul>
      )}

      {reporting && <ReportDialog title={title} review={reporting} onClose={() => setReporting(null)} />}

      {reviews.hasNextPage && (
        <button
          type="button"
          onClick={() => reviews.fetchNextPage()}
          disabled={reviews.isFetchingNextPage}
          className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-50 disabled:opacity-60 dark:border-gray-700 dark:hover:bg-gray-800"
        >
          {reviews.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </button>
      )}
    </div>
  );
}
