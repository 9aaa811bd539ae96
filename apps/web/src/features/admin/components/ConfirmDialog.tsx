import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { primaryButton, secondaryButton } from '../../../components/ui/Field';

/** Asks before something that cannot be undone. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} className="fixed inset-0 z-50 overflow-y-auto">
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      <div className="flex min-h-full items-center justify-center p-4">
        <DialogPanel className="relative w-full max-w-md rounded-lg bg-white p-6 shadow-xl dark:bg-gray-900">
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          <div className="mt-3 text-gray-700 dark:text-gray-300">{children}</div>
          <div className="mt-6 flex justify-end gap-3">
            <button type="button" className={secondaryButton} onClick={onClose} disabled={busy}>
              Cancel
            </button>
            <button type="button" className={`${primaryButton} bg-red-700 hover:bg-red-800`} onClick={onConfirm} disabled={busy}>
              {busy ? 'Deleting...' : confirmLabel}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
