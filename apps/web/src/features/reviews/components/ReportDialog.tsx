import {
  REPORT_REASON_MAX,
  type Review,
  type ReviewReportRequest,
  reviewReportRequestSchema,
} from '@bookstore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { TextAreaField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import { useReportReview } from '../api/reviews';

type Values = { reason: string };

/** Reports someone else's review to staff, with an optional reason; the server's answer is the toast. */
export function ReportDialog({ title, review, onClose }: { title: string; review: Review; onClose(): void }) {
  const report = useReportReview(title);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(reviewReportRequestSchema) as unknown as Resolver<Values>,
    defaultValues: { reason: '' },
  });

  const submit = handleSubmit(async (values: ReviewReportRequest) => {
    try {
      const answer = await report.mutateAsync({ id: review.id, reason: values.reason ?? '' });
      toast.success(answer.message);
      onClose();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Failed to report the review');
    }
  });

  return (
    <Dialog title={`Report the review by ${review.user}`} busy={report.isPending} onClose={onClose} size="md">
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <TextAreaField
          label="Reason (optional)"
          rows={3}
          maxLength={REPORT_REASON_MAX}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={report.isPending}>
            Cancel
          </Button>
          <SubmitButton busy={report.isPending} busyText="Reporting...">
            Report review
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
