import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import { ConfirmDialog } from './ConfirmDialog';

/** A `datetime-local` value for a moment, in the browser's time zone ('' for none). */
export const localInput = (value: string | Date | null) => {
  if (!value) return '';
  const date = new Date(value);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
/** A `datetime-local` value as an instant, or null when blank. */
export const instantOf = (local: string) => (local ? new Date(local).toISOString() : null);

/**
 * The contract's rules, in its words, before anything is sent: each problem by the form's own field
 * (`fieldOf` maps the API's field names to the form's).
 */
export function contractProblems<F extends string>(
  schema: z.ZodType,
  request: unknown,
  fieldOf: Record<string, F>,
  fallback: F,
): Partial<Record<F, string>> {
  const checked = schema.safeParse(request);
  const found: Partial<Record<F, string>> = {};
  for (const issue of checked.success ? [] : checked.error.issues) {
    const name = fieldOf[String(issue.path[0])] ?? fallback;
    found[name] ??= issue.message;
  }
  return found;
}

/** The server's field errors (a 409 beside the code's text, say), by the form's own field. */
export function serverProblems<F extends string>(error: unknown, fieldOf: Record<string, F>) {
  const found: Partial<Record<F, string>> = {};
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  for (const [name, messages] of Object.entries(fields)) {
    const field = fieldOf[name];
    if (field) found[field] ??= messages.join(', ');
  }
  return found;
}

/**
 * A row's destructive action (end, delete): a button that asks first in a dialog, then runs, with a
 * toast of `done` or the shop's own words for why not.
 */
export function ConfirmedAction<Data>({
  action,
  id,
  label,
  name,
  title,
  confirmLabel,
  busyLabel,
  done,
  children,
}: {
  action: UseMutationResult<Data, Error, number>;
  id: number;
  /** The button's text; `name` follows it for screen readers. */
  label: string;
  name: string;
  title: string;
  confirmLabel: string;
  busyLabel: string;
  done: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="danger" onClick={() => setOpen(true)} aria-label={`${label} ${name}`}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        busy={action.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          action.mutate(id, {
            onSuccess: () => {
              toast.success(done);
              setOpen(false);
            },
            onError: (err) => {
              toast.error(err.message);
              setOpen(false);
            },
          })
        }
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
