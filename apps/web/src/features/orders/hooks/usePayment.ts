import { useState } from 'react';
import toast from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { initializePayment, verifyPayment } from '../../payments/api/payments';
import {
  buildPopupConfig,
  type PaymentTransaction,
  type PopupConfig,
  validateCheckoutParams,
} from '../../payments/lib/params';
import { openPaystack } from '../../payments/lib/paystack';

/** An order that exists and can be paid: what the pop-up needs of it. */
export interface PayableOrder {
  id: number;
  total_price: string;
}

/**
 * Paying an order that exists: `pay` starts a payment attempt and opens
 * the card pop-up (the built-in sandbox, or Paystack's inline pop-up); `finish` has the server verify
 * the payment; `cancel` closes the pop-up and leaves the order to be paid again. The checkout pays the
 * order it has just placed; an order's page pays a pending order again ("Pay Now").
 */
export function usePayment({ onPaid, onExpired }: { onPaid(orderId: number): void; onExpired?(): void }) {
  const [busy, setBusy] = useState(false);
  const [popup, setPopup] = useState<PopupConfig | null>(null);
  const [paying, setPaying] = useState<PayableOrder | null>(null);

  const finish = async (orderId: number, transaction: PaymentTransaction) => {
    setPopup(null);
    try {
      const result = await verifyPayment(transaction.reference, orderId);
      if (result.status === 'success' || result.status === 'pending') {
        if (result.status === 'success') toast.success('Payment successful!');
        setBusy(false);
        onPaid(orderId);
        return;
      }
      toast.error('Error processing payment');
    } catch {
      toast.error('Error processing payment');
    }
    setBusy(false);
  };

  const cancel = () => {
    setPopup(null);
    setBusy(false);
    toast('Payment cancelled');
  };

  const pay = async (order: PayableOrder) => {
    setBusy(true);
    try {
      const init = await initializePayment(order.id);
      const config = buildPopupConfig(init, order);
      const validated = validateCheckoutParams(config);
      if (!validated.ok) {
        toast.error(validated.error);
        setBusy(false);
        return;
      }
      if (init.provider === 'paystack') {
        await openPaystack(validated.params, {
          onSuccess: (transaction) => void finish(order.id, transaction),
          onCancel: cancel,
          onError: () => {
            toast.error('Error processing payment');
            setBusy(false);
          },
        });
      } else {
        setPaying(order);
        setPopup(config);
      }
    } catch (error) {
      // An order whose hold ran out cannot be paid: the shopper checks out again.
      if (error instanceof ApiError && error.status === 409) {
        toast.error(error.message);
        onExpired?.();
      } else {
        toast.error('Error processing payment');
      }
      setBusy(false);
    }
  };

  return { busy, setBusy, popup, paying, pay, finish, cancel };
}
