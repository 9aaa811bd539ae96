import type { Order } from '@bookstore/contract';
import { useEffect, useRef, useState } from 'react';

/** Spec sections 4 and 9: every 5 seconds, at most 12 checks. */
export const POLL_INTERVAL_MS = 5_000;
export const MAX_CHECKS = 12;

/** Paid, or completed: nothing left to wait for. */
export function isOrderSettled(order: Pick<Order, 'status' | 'payment_status'>): boolean {
  return order.payment_status === 'success' || order.status === 'completed';
}

/** Spec section 4: an order counts as pending if its status or its payment status is 'pending'. */
export function isOrderPending(order: Pick<Order, 'status' | 'payment_status'>): boolean {
  return order.status === 'pending' || order.payment_status === 'pending';
}

export interface PollingState {
  order: Order | null;
  loading: boolean;
  error: unknown;
  checks: number;
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
 * or completed, `maxChecks` checks were made, or a fetch fails. Leaving the screen (or another order
 * id) cancels the timer and the request in flight.
 */
export function useOrderPolling(orderId: string | undefined, options: Options): PollingState {
  const { intervalMs = POLL_INTERVAL_MS, maxChecks = MAX_CHECKS } = options;
  const [state, setState] = useState<PollingState>({ order: null, loading: true, error: null, checks: 0 });
  const callbacks = useRef(options);
  useEffect(() => {
    callbacks.current = options;
  });

  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let checks = 0;
    setState({ order: null, loading: true, error: null, checks: 0 });

    const check = async () => {
      checks += 1;
      try {
        const order = await callbacks.current.fetchOrder(orderId, controller.signal);
        if (controller.signal.aborted) return;
        setState({ order, loading: false, error: null, checks });
        if (isOrderSettled(order)) return;
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
  }, [orderId, intervalMs, maxChecks]);

  return state;
}
