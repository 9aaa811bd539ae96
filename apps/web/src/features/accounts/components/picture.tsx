import { accountMessages, PICTURE_MAX_BYTES, PICTURE_TYPES } from '@bookstore/contract';
import { type ChangeEvent, useState } from 'react';
import { useObjectUrl } from '../../../lib/hooks';

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
  const preview = useObjectUrl(file);
  const [error, setError] = useState<string | null>(null);

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
