import { SandboxPopup } from '../../payments/components/SandboxPopup';
import type { usePayment } from '../hooks/usePayment';

/** The sandbox's card pop-up while `usePayment` has one open (Paystack draws its own). */
export function PaymentWindow({ payment }: { payment: ReturnType<typeof usePayment> }) {
  const { popup, paying, finish, cancel } = payment;
  if (!popup || !paying) return null;
  return (
    <SandboxPopup config={popup} onSuccess={(transaction) => void finish(paying.id, transaction)} onCancel={cancel} />
  );
}
