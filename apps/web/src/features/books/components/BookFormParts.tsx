import { bookMessages, COVER_MAX_BYTES, COVER_TYPES } from '@bookstore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEvent, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BookImage } from '../../../components/ui/BookImage';
import { Button } from '../../../components/ui/Button';
import { FileField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import { useObjectUrl } from '../../../lib/hooks';

/** An amount in dollars and cents, as the book forms ask for prices. */
export const MONEY_INPUT = { type: 'number', inputMode: 'decimal', min: '0', step: '0.01' } as const;
/** A whole number of copies. */
export const COUNT_INPUT = { type: 'number', inputMode: 'numeric', min: '0', step: '1' } as const;

/** The browser's first look at a picked cover (the server checks its bytes again). */
export function coverProblem(file: File): string | null {
  if (!(COVER_TYPES as readonly string[]).includes(file.type)) return bookMessages.coverWrongType;
  if (file.size > COVER_MAX_BYTES) return bookMessages.coverTooLarge;
  return null;
}

interface Props {
  file: File | null;
  onChange(file: File | null): void;
  /** The cover the book has now (editing), shown until another is picked. */
  current?: string | null;
  error?: string;
  onError(message: string | undefined): void;
  required?: boolean;
}

/** docs/product.md, "Screens": the cover with a preview and a way to remove it again. */
export function CoverPicker({ file, onChange, current, error, onError, required }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    if (!picked) return;
    const problem = coverProblem(picked);
    onError(problem ?? undefined);
    if (problem) {
      event.target.value = '';
      return;
    }
    onChange(picked);
  };

  const remove = () => {
    onChange(null);
    onError(undefined);
    if (input.current) input.current.value = '';
  };

  const shown = preview ?? current ?? null;
  return (
    <div className="flex items-start gap-4">
      <BookImage
        src={shown}
        alt={preview ? 'Preview of the new cover' : shown ? 'Current cover' : ''}
        width={96}
        height={144}
        className="h-36 w-24 shrink-0 rounded border border-gray-200 bg-gray-100 object-cover dark:border-gray-700 dark:bg-gray-800"
      />
      <div className="min-w-0 flex-1">
        <FileField
          ref={input}
          label={`Cover Image${required ? '' : ' (optional)'}`}
          name="image"
          accept={COVER_TYPES.join(',')}
          onChange={pick}
          error={error}
          hint={
            <>
              <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">JPEG, PNG, GIF or WebP, up to 5MB.</p>
              {file && (
                <Button onClick={remove} variant="secondary" className="mt-2">
                  Remove image
                </Button>
              )}
            </>
          }
        />
      </div>
    </div>
  );
}

/** Puts the server's field errors beside their fields; returns whether any field took one. */
export function applyServerFields(
  fields: Record<string, string[]> | undefined,
  known: readonly string[],
  setFieldError: (field: string, message: string) => void,
  setCoverError: (message: string) => void,
): boolean {
  let placed = false;
  for (const [field, messages] of Object.entries(fields ?? {})) {
    const message = messages.join(', ');
    if (field === 'image') setCoverError(message);
    else if (known.includes(field)) setFieldError(field, message);
    else continue;
    placed = true;
  }
  return placed;
}

/** The options of an author or category select: a prompt, then each choice by id. */
export function ChoiceOptions({
  placeholder,
  choices,
}: {
  placeholder: string;
  choices: readonly { id: number; name: string }[];
}) {
  return (
    <>
      <option value="">{placeholder}</option>
      {choices.map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.name}
        </option>
      ))}
    </>
  );
}

/**
 * The state both book forms keep: the form on the contract's schema, the picked cover and its problem,
 * and the server's field errors put beside their fields.
 */
export function useBookForm<Input extends FieldValues, Output>(
  schema: z.ZodObject & z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  const [cover, setCover] = useState<File | null>(null);
  const [coverError, setCoverError] = useState<string | undefined>();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const showServerErrors = (err: unknown) =>
    applyServerFields(
      err instanceof ApiError ? err.fields : undefined,
      Object.keys(schema.shape),
      (field, message) => form.setError(field as Path<Input>, { message }),
      setCoverError,
    );
  const error = (field: Path<Input>) =>
    (form.formState.errors as Record<string, { message?: string } | undefined>)[field]?.message;
  return { form, cover, setCover, coverError, setCoverError, showServerErrors, error };
}
