import { REVIEW_COMMENT_MAX_LENGTH, type ReviewRequest, reviewRequestSchema } from '@bookstore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { StarRatingInput } from './StarRatingInput';
import { Button } from '../../../components/ui/Button';

export const DEFAULT_RATING = 5;

/**
 * Rating (default 5) and comment, on react-hook-form with the same schema as the server. Resets to 5
 * and empty after a successful submit; keeps what was typed when the server refuses.
 */
export function ReviewForm({
  initial,
  heading,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial?: ReviewRequest;
  heading: string;
  submitLabel: string;
  busy: boolean;
  /** Resolves true when the review was saved. */
  onSubmit: (review: ReviewRequest) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const id = useId();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReviewRequest>({
    resolver: zodResolver(reviewRequestSchema),
    defaultValues: { rating: initial?.rating ?? DEFAULT_RATING, comment: initial?.comment ?? '' },
  });
  const error = errors.rating?.message ?? errors.comment?.message ?? null;

  const submit = handleSubmit(async (review) => {
    if (await onSubmit(review)) reset({ rating: DEFAULT_RATING, comment: '' });
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-lg border border-gray-200 p-4 dark:border-gray-800"
    >
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        {heading}
      </h3>
      <Controller
        control={control}
        name="rating"
        render={({ field }) => <StarRatingInput value={field.value} onChange={field.onChange} />}
      />
      <div>
        <label htmlFor={`${id}-comment`} className="mb-1 block text-sm font-medium">
          Comment
        </label>
        <textarea
          id={`${id}-comment`}
          rows={4}
          maxLength={REVIEW_COMMENT_MAX_LENGTH}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register('comment')}
          className="w-full rounded-md border border-gray-300 bg-white px-3 py-2 dark:border-gray-700 dark:bg-gray-900"
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="lg" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800"
          >
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
