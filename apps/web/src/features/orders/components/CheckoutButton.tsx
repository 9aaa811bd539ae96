import { Button } from '../../../components/ui/Button';
import { SandboxPopup } from '../../payments/components/SandboxPopup';
import { useCheckout } from '../hooks/useCheckout';

export { canCheckOut } from '../hooks/useCheckout';

function Processing() {
  return (
    <>
      <span
        aria-hidden="true"
        className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent"
      />{' '}
      Processing...
    </>
  );
}

/** 'Proceed to Checkout' then 'Pay Now', and the sandbox pop-up while paying: the steps are `useCheckout`'s. */
export function CheckoutButton() {
  const { busy, empty, order, popup, placeOrder, pay, finish, cancel } = useCheckout();
  return (
    <>
      {order ? (
        <Button size="xl" onClick={() => void pay(order)} disabled={busy} className="w-full">
          {busy ? <Processing /> : 'Pay Now'}
        </Button>
      ) : (
        <Button size="xl" onClick={() => void placeOrder()} disabled={busy || empty} className="w-full">
          {busy ? <Processing /> : 'Proceed to Checkout'}
        </Button>
      )}
      {popup && order && (
        <SandboxPopup
          config={popup}
          onSuccess={(transaction) => void finish(order.id, transaction)}
          onCancel={cancel}
        />
      )}
    </>
  );
}
