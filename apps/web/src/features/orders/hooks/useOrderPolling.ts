import type { Order } from '@bookstore/contract';
import { useEffect, useRef, useState } from 'react';
import { isOrderSettled } from '../../../lib/order-status';

/** docs/product.md, "Behaviour", "Constants": every 5 seconds, at most 12 checks. */
export const POLL_INTERVAL_MS = 5_000;
export const MAX_CHECKS = 12;

export { isOrderPending, isOrderSettled } from '../../../lib/order-status';

export interface PollingState {
  order: Order | null;
  loading: boolean;
  error: unknown;
  checks: number;
}

/**
 * An unpaid order that can no longer be paid: its hold has ended (or the shop put its copies back,
 * `expired_at`), or it was cancelled. There is nothing to wait for, so the confirmation page stops
 * checking it.
 */
export function isOrderExpired(
  order: Pick<Order, 'status' | 'payment_status' | 'reserved_until'> &
    Partial<Pick<Order, 'fulfilment_status' | 'expired_at'>>,
  now = Date.now(),
): boolean {
  if (order.payment_status === 'success') return false;
  if (order.status === 'cancelled' || order.fulfilment_status === 'cancelled' || order.expired_at) return true;
  return Date.parse(order.reserved_until) <= now;
}

interface Options {
  fetchOrder: (orderId: string, signal: AbortSignal) => Promise<Order>;
  intervalMs?: number;
  maxChecks?: number;
  /** Polling gave up after maxChecks without the order settling. */
  onExhausted?: () => void;
  /** A check failed; polling stops. */
  onError?: (error: unknown) => void;
}

/**
 * The confirmation screen's polling: fetch at once, then every `intervalMs`, until the order is paid
 * or completed (or its hold has ended), `maxChecks` checks were made, or a fetch fails. Leaving the
 * screen (or another order id) cancels the timer and the request in flight; `restart` follows the
 * order again from the start (after a new payment attempt).
 */
export function useOrderPolling(orderId: string | undefined, options: Options): PollingState & { restart(): void } {
  const { intervalMs = POLL_INTERVAL_MS, maxChecks = MAX_CHECKS } = options;
  const [state, setState] = useState<PollingState>({ order: null, loading: true, error: null, checks: 0 });
  const [round, setRound] = useState(0);
  const callbacks = useRef(options);
  useEffect(() => {
    callbacks.current = options;
  });

  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let checks = 0;
    // Following the same order again keeps it on screen meanwhile; another order starts from nothing.
    setState((previous) => {
      const same = previous.order !== null && String(previous.order.id) === orderId;
      return { order: same ? previous.order : null, loading: !same, error: null, checks: 0 };
    });

    const check = async () => {
      checks += 1;
      try {
        const order = await callbacks.current.fetchOrder(orderId, controller.signal);
        if (controller.signal.aborted) return;
        setState({ order, loading: false, error: null, checks });
        if (isOrderSettled(order) || isOrderExpired(order)) return;
        if (checks >= maxChecks) {
          callbacks.current.onExhausted?.();
          return;
        }
        timer = setTimeout(() => void check(), intervalMs);
      } catch (error) {
        if (controller.signal.aborted) return;
        setState((previous) => ({ ...previous, loading: false, error, checks }));
        callbacks.current.onError?.(error);
      }
    };
    void check();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId, intervalMs, maxChecks, round]);

  return { ...state, restart: () => setRound((n) => n + 1) };
}
