import { accountMessages, PICTURE_MAX_BYTES, PICTURE_TYPES } from '@bookstore/contract';
import { type ChangeEvent, type ReactNode, useEffect, useId, useState } from 'react';

/** The browser's first look at a picked picture (the server checks the bytes again). */
export function pictureProblem(file: File, tooLarge: string = accountMessages.pictureTooLarge): string | null {
  if (file.size > PICTURE_MAX_BYTES) return tooLarge;
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return accountMessages.pictureWrongType;
  return null;
}

/**
 * A picked profile picture with its preview address and its problem, checked by the shared rules.
 * A refused file is dropped (and the input emptied); `onProblem` hears about it too.
 */
export function usePicture(tooLarge?: string, onProblem?: (problem: string) => void) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    const problem = picked ? pictureProblem(picked, tooLarge) : null;
    setError(problem);
    setFile(problem ? null : picked);
    if (problem) {
      event.target.value = '';
      onProblem?.(problem);
    }
  };

  return { file, preview, error, setError, onChange };
}

/** The picture input with its label, an optional hint and the problem read out by screen readers. */
export function PictureField({
  label,
  hint,
  error,
  onChange,
}: {
  label: string;
  hint?: ReactNode;
  error: string | null;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800 dark:text-gray-200">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={PICTURE_TYPES.join(',')}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:font-semibold file:text-indigo-800 dark:text-gray-300 dark:file:bg-indigo-950 dark:file:text-indigo-200"
      />
      {hint}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
