import { accountMessages, PICTURE_MAX_BYTES, PICTURE_TYPES } from '@bookstore/contract';
import clsx from 'clsx';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { FileField } from '../../../components/ui/Field';
import { useObjectUrl } from '../../../lib/hooks';
import { Avatar } from './Avatar';

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

/** The picture row of a form: the current (or previewed) picture beside its file input. */
export function PicturePicker({
  picture,
  current,
  alt,
  size,
  label,
  hint,
  className,
}: {
  picture: ReturnType<typeof usePicture>;
  /** What to show until a picture is picked. */
  current: string;
  alt: string;
  size: 'md' | 'lg';
  label: string;
  hint?: ReactNode;
  className?: string;
}) {
  return (
    <div className={clsx('flex items-center gap-4', className)}>
      <Avatar
        src={picture.preview ?? current}
        alt={alt}
        size={size === 'md' ? 72 : 80}
        className={size === 'md' ? 'h-18 w-18' : 'h-20 w-20'}
      />
      <FileField
        label={label}
        accept={PICTURE_TYPES.join(',')}
        hint={hint}
        error={picture.error ?? undefined}
        onChange={picture.onChange}
      />
    </div>
  );
}
