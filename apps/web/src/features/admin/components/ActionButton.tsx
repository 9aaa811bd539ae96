import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button, type ButtonStyle } from '../../../components/ui/Button';
import toast from '../../../lib/toast';

/**
 * A dashboard button that runs one action on one thing (send a message again, end a sale, mark a message
 * handled): off while it runs, then a toast with `done`, or with the shop's own words for why not.
 */
export function ActionButton<Data, Failure extends Error, Variables>({
  action,
  on,
  done,
  busyText,
  children,
  ...style
}: ButtonStyle & {
  action: UseMutationResult<Data, Failure, Variables>;
  /** What the action is run with (an id, or the change to make). */
  on: Variables;
  done: string;
  /** Shown instead of `children` while it runs. */
  busyText?: ReactNode;
  /** The button's name when its text needs what it acts on ("Pause SPRING"). */
  'aria-label'?: string;
  children: ReactNode;
}) {
  return (
    <Button
      {...style}
      disabled={action.isPending}
      onClick={() =>
        action.mutate(on, {
          onSuccess: () => toast.success(done),
          onError: (err) => toast.error(err.message),
        })
      }
    >
      {action.isPending && busyText !== undefined ? busyText : children}
    </Button>
  );
}
