import type { Review } from '@bookstore/contract';
import type { ReactNode } from 'react';
import { AVATAR_PLACEHOLDER, BookImage } from '../../../components/ui/BookImage';
import { Stars } from '../../../components/ui/Stars';
import { Badge } from '../../../components/ui/Badge';
import { formatDate } from '../../../lib/dates';

/** One review: author, stars, date, 'Verified Purchase' when the server says so, the comment as text. */
export function ReviewItem({ review, label, actions }: { review: Review; label?: string; actions?: ReactNode }) {
  return (
    <li className="flex gap-4" data-testid="review">
      <BookImage
        src={review.user_avatar}
        fallback={AVATAR_PLACEHOLDER}
        alt=""
        width={40}
        height={40}
        className="h-10 w-10 shrink-0 rounded-full object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{review.user}</span>
          {label && <Badge>{label}</Badge>}
          {review.verified_purchase && <Badge tone="green">Verified Purchase</Badge>}
        </p>
        <div className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
          <Stars rating={review.rating} size={14} />
          <time dateTime={review.created_at}>{formatDate(review.created_at, 'long')}</time>
        </div>
        <p className="mt-2 break-words whitespace-pre-line text-gray-800 dark:text-gray-200">{review.comment}</p>
        {actions && <div className="mt-2 flex gap-3">{actions}</div>}
      </div>
    </li>
  );
}
