import type { Order } from '@bookstore/contract';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { ApiError } from '../../../lib/api-client';
import { canShopperCancel } from '../../../lib/order-status';
import toast from '../../../lib/toast';
import { useCancelOrder } from '../api/orders';

/**
 * "Cancel order" while the order has not shipped (docs/product.md, "After the sale"), after a
 * question that says what happens: an unpaid order's books go back on sale; a paid one is refunded in
 * full. `onCancelled` gets the order as it now is.
 */
export function CancelOrder({ order, onCancelled }: { order: Order; onCancelled?(order: Order): void }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelOrder();
  if (!canShopperCancel(order)) return null;
  const paid = order.payment_status === 'success';
  const amount = formatMoney(moneyToCents(order.total_price) ?? 0, order.currency);

  const confirm = () =>
    cancel.mutate(order.id, {
      onSuccess: (changed) => {
        toast.success(paid ? `Order cancelled. ${amount} is on its way back to you.` : 'Order cancelled');
        setAsking(false);
        onCancelled?.(changed);
      },
      onError: (error) => {
        toast.error(error instanceof ApiError && error.status < 500 ? error.message : 'Failed to cancel the order');
        setAsking(false);
      },
    });

  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)} aria-label={`Cancel order #${order.id}`}>
        Cancel order
      </Button>
      <Dialog
        open={asking}
        title={`Cancel order #${order.id}?`}
        busy={cancel.isPending}
        onClose={() => setAsking(false)}
        size="md"
      >
        <p className="mt-3 text-gray-700 dark:text-gray-300">
          {paid
            ? `Your books go back on sale and the ${amount} you paid is refunded in full to your card.`
            : 'Your books go back on sale. Nothing has been charged.'}
        </p>
        <DialogActions className="mt-6">
          <Button variant="secondary" onClick={() => setAsking(false)} disabled={cancel.isPending}>
            Keep my order
          </Button>
          <Button variant="danger" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel order'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
