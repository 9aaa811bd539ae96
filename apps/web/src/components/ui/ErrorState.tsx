import type { ReactNode } from 'react';
import { Button } from './Button';

/** An error block: heading 'Error' and the message, with an optional action ('Try again' with `onRetry`). */
export function ErrorState({
  message,
  title = 'Error',
  onRetry,
  children,
}: {
  message: string;
  title?: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="mx-auto my-12 max-w-lg rounded-lg border border-red-200 bg-red-50 p-6 text-center dark:border-red-900 dark:bg-red-950/40"
    >
      <h2 className="text-xl font-semibold text-red-800 dark:text-red-200">{title}</h2>
      <p className="mt-2 text-red-800 dark:text-red-200">{message}</p>
      {onRetry && (
        <Button size="lg" onClick={onRetry} className="mt-4">
          Try again
        </Button>
      )}
      {children}
    </div>
  );
}
