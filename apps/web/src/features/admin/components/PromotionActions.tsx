import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
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
 * A staff edit dialog's form (a code's, a sale's): the form's fields, checked against the contract's
 * schema in its words before anything is sent, only what staff changed sent (`changeOf`), the server's
 * field errors put beside their fields, and a toast either way.
 */
export function useEditForm<F extends FieldValues, Change>(options: {
  defaultValues: DefaultValues<F>;
  /** The API's field names, as the form calls them. */
  fieldOf: Record<string, Path<F> & string>;
  /** Where a problem of no field of the form goes. */
  fallback: Path<F> & string;
  schema: z.ZodType;
  changeOf(values: F, dirty: Partial<Record<keyof F, boolean>>): Change;
  save(change: Change, handlers: { onSuccess(): void; onError(error: Error): void }): void;
  saved: string;
  onClose(): void;
}) {
  const form = useForm<F>({ defaultValues: options.defaultValues });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, dirtyFields },
  } = form;
  const show = (name: Path<F> & string) => ({
    ...register(name),
    error: (errors as Record<string, { message?: string } | undefined>)[name]?.message,
  });
  const report = (problems: Partial<Record<Path<F> & string, string>>) => {
    for (const [name, message] of Object.entries(problems)) setError(name as Path<F>, { message: message as string });
    return Object.keys(problems).length > 0;
  };
  const submit = handleSubmit((values) => {
    const change = options.changeOf(values, dirtyFields as Partial<Record<keyof F, boolean>>);
    if (report(contractProblems(options.schema, change, options.fieldOf, options.fallback))) return;
    options.save(change, {
      onSuccess: () => {
        toast.success(options.saved);
        options.onClose();
      },
      onError: (error) => {
        report(serverProblems(error, options.fieldOf));
        toast.error(error.message);
      },
    });
  });
  return { ...form, show, submit };
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
