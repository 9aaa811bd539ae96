import type { Order } from '@bookstore/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isOrderPending, isOrderSettled, useOrderPolling } from './useOrderPolling';

function order(status: string, payment_status: string): Order {
  return {
    id: 7,
    status,
    payment_status,
    transaction_ref: null,
    created_at: '2030-01-01T10:00:00.000Z',
    paid_at: null,
    reserved_until: '2030-01-01T10:15:00.000Z',
    total_price: '12.99',
    promo_code: null,
    discount: '0.00',
    currency: 'USD',
    items: [],
    fulfilment_status: 'unfulfilled',
    shipping_address: null,
    shipping_method: null,
    shipping_price: '0.00',
    carrier: null,
    tracking_number: null,
    tracking_url: null,
    refunded_amount: '0.00',
    refund_status: 'none',
    expired_at: null,
    summary: {
      lines: [],
      subtotal: '12.99',
      protection: '0.00',
      discount: '0.00',
      shipping: '0.00',
      delivery: false,
      total: '12.99',
      refunded: '0.00',
      shipping_refunded: '0.00',
      net: '12.99',
    },
    events: [],
  };
}

/** Lets pending promises (the fetch) settle. */
const flush = () => act(async () => {});

describe('order status rules', () => {
  it('settles on a successful payment or a completed order', () => {
    expect(isOrderSettled(order('pending', 'pending'))).toBe(false);
    expect(isOrderSettled(order('pending', 'success'))).toBe(true);
    expect(isOrderSettled(order('completed', 'pending'))).toBe(true);
  });
  it('counts an order as pending if its status or its payment status is pending', () => {
    expect(isOrderPending(order('pending', 'success'))).toBe(true);
    expect(isOrderPending(order('completed', 'pending'))).toBe(true);
    expect(isOrderPending(order('completed', 'success'))).toBe(false);
  });
});

describe('useOrderPolling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches at once, then every 5 seconds until the payment succeeds', async () => {
    const replies = [order('pending', 'pending'), order('pending', 'pending'), order('completed', 'success')];
    const fetchOrder = vi.fn(async () => replies.shift() ?? order('completed', 'success'));
    const { result } = renderHook(() => useOrderPolling('7', { fetchOrder }));
    expect(result.current.loading).toBe(true);
    await flush();
    expect(fetchOrder).toHaveBeenCalledTimes(1);
    expect(fetchOrder).toHaveBeenCalledWith('7', expect.any(AbortSignal));
    expect(result.current.order?.payment_status).toBe('pending');

    await act(() => vi.advanceTimersByTimeAsync(4_999));
    expect(fetchOrder).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchOrder).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(fetchOrder).toHaveBeenCalledTimes(3);
    expect(result.current.order?.payment_status).toBe('success');

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(fetchOrder).toHaveBeenCalledTimes(3);
  });

  it("stops when the order's status is completed", async () => {
    const fetchOrder = vi.fn(async () => order('completed', 'pending'));
    renderHook(() => useOrderPolling('7', { fetchOrder }));
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(fetchOrder).toHaveBeenCalledTimes(1);
  });

  it('gives up after 12 checks and says so once', async () => {
    const fetchOrder = vi.fn(async () => order('pending', 'pending'));
    const onExhausted = vi.fn();
    const { result } = renderHook(() => useOrderPolling('7', { fetchOrder, onExhausted }));
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(11 * 5_000));
    expect(fetchOrder).toHaveBeenCalledTimes(12);
    expect(onExhausted).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(fetchOrder).toHaveBeenCalledTimes(12);
    expect(result.current.checks).toBe(12);
  });

  it('stops on an error and reports it', async () => {
    const fetchOrder = vi
      .fn<(id: string, signal: AbortSignal) => Promise<Order>>()
      .mockResolvedValueOnce(order('pending', 'pending'))
      .mockRejectedValueOnce(new Error('offline'));
    const onError = vi.fn();
    const { result } = renderHook(() => useOrderPolling('7', { fetchOrder, onError }));
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(onError).toHaveBeenCalledTimes(1);
    expect(result.current.error).toEqual(new Error('offline'));
    expect(result.current.order?.id).toBe(7); // what was shown stays
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(fetchOrder).toHaveBeenCalledTimes(2);
  });

  it('is cancelled when the screen is left: no more checks, the request in flight is aborted', async () => {
    let signal: AbortSignal | undefined;
    const fetchOrder = vi.fn(async (_id: string, s: AbortSignal) => {
      signal = s;
      return order('pending', 'pending');
    });
    const { unmount } = renderHook(() => useOrderPolling('7', { fetchOrder }));
    await flush();
    unmount();
    expect(signal?.aborted).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(fetchOrder).toHaveBeenCalledTimes(1);
  });
});
