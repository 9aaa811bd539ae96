import { DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Button, SubmitButton } from './Button';

/**
 * The store's modal: a dimmed page, a centred panel with its title, scrolling when taller than the
 * screen. While `busy`, Escape and clicks outside do not close it.
 */
export function Dialog({
  open = true,
  title,
  busy,
  onClose,
  size = 'lg',
  children,
}: {
  open?: boolean;
  title: string;
  busy?: boolean;
  onClose(): void;
  /** md for short questions, lg for forms. */
  size?: 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <HeadlessDialog open={open} onClose={() => !busy && onClose()} className="fixed inset-0 z-50 overflow-y-auto">
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      <div className="flex min-h-full items-center justify-center p-4">
        <DialogPanel
          className={clsx(
            'relative w-full rounded-lg bg-white p-6 shadow-xl dark:bg-gray-900',
            size === 'md' ? 'max-w-md' : 'max-w-lg',
          )}
        >
          <DialogTitle className={clsx('font-semibold', size === 'md' ? 'text-lg' : 'text-xl')}>{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}

/** The dialog's buttons, at the bottom right. */
export function DialogActions({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={clsx('flex justify-end gap-3', className ?? 'pt-2')}>{children}</div>;
}

/** A form dialog's Cancel and 'Save Changes' ('Saving...' while busy, both disabled). */
export function SaveActions({ busy, onCancel }: { busy: boolean; onCancel(): void }) {
  return (
    <DialogActions>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <SubmitButton busy={busy} busyText="Saving...">
        Save Changes
      </SubmitButton>
    </DialogActions>
  );
}
