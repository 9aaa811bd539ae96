import { type FormEvent, type ReactNode, useState } from 'react';

/** Ids typed as a comma- or space-separated list; anything that is not a positive whole number is dropped. */
export const idList = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

/**
 * A dashboard form's draft and the API's field errors for it: `change` merges a part into the draft
 * (and calls `onChange`), `error` is a field's first error.
 */
export function useDraft<D>(initial: D | (() => D), onChange?: () => void) {
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const change = (part: Partial<D>) => {
    setDraft((d) => ({ ...d, ...part }));
    onChange?.();
  };
  const error = (field: string) => errors[field]?.[0];
  return { draft, setDraft, change, setErrors, error };
}

/** The framed two-column form a dashboard tab creates something with, under its heading. */
export function DraftForm({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit(event: FormEvent): void;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 rounded-xl border border-gray-200 p-4 sm:grid-cols-2 dark:border-gray-800"
    >
      <h2 className="text-lg font-semibold sm:col-span-2">{title}</h2>
      {children}
    </form>
  );
}
