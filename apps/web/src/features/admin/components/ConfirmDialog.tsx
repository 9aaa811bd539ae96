import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';

/** Asks before something that cannot be undone. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  busyLabel = 'Deleting...',
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  /** Shown on the button while it runs. */
  busyLabel?: string;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Dialog open={open} title={title} busy={busy} onClose={onClose} size="md">
      <div className="mt-3 text-gray-700 dark:text-gray-300">{children}</div>
      <DialogActions className="mt-6">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
