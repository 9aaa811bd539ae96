import type { PaymentTransaction, PopupConfig } from './params';

/**
 * Paystack's inline pop-up (https://paystack.com/docs/developer-tools/inline-js/): the library is
 * loaded only when the store's provider is Paystack and a shopper pays, never on other pages.
 */
export const PAYSTACK_INLINE_URL = 'https://js.paystack.co/v2/inline.js';

interface PaystackPopInstance {
  newTransaction(options: Record<string, unknown>): unknown;
}
type PaystackPopConstructor = new () => PaystackPopInstance;

declare global {
  interface Window {
    PaystackPop?: PaystackPopConstructor;
  }
}

let loading: Promise<PaystackPopConstructor> | null = null;

export function loadPaystack(): Promise<PaystackPopConstructor> {
  if (window.PaystackPop) return Promise.resolve(window.PaystackPop);
  loading ??= new Promise<PaystackPopConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PAYSTACK_INLINE_URL;
    script.async = true;
    script.onload = () =>
      window.PaystackPop ? resolve(window.PaystackPop) : reject(new Error('Paystack did not load'));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Paystack could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Opens Paystack's pop-up with validated parameters; its callbacks are the config's. */
export async function openPaystack(
  params: Record<string, unknown>,
  callbacks: Required<Pick<PopupConfig, 'onSuccess' | 'onCancel' | 'onError'>>,
) {
  const PaystackPop = await loadPaystack();
  new PaystackPop().newTransaction({
    ...params,
    onSuccess: (transaction: PaymentTransaction) => callbacks.onSuccess(transaction),
    onCancel: () => callbacks.onCancel(),
    onError: (error: { message?: string }) => callbacks.onError({ message: error?.message ?? 'Payment failed' }),
  });
}
