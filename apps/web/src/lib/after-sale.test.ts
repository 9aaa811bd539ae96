import { describe, expect, it } from 'vitest';
import { canShopperCancel, eventText, orderBadges, paymentStatusText } from './order-status';
import { shippingCents } from './shipping';

const method = (price: string, free_from: string | null) => ({
  code: 'standard',
  name: 'Standard Delivery',
  days: '3-5 business days',
  price,
  free_from,
});

describe('shippingCents', () => {
  it('charges the price below the "free from" amount, nothing from it on, and always without one', () => {
    expect(shippingCents(method('4.99', '50.00'), 4999)).toBe(499);
    expect(shippingCents(method('4.99', '50.00'), 5000)).toBe(0);
    expect(shippingCents(method('4.99', '0.00'), 1)).toBe(0);
    expect(shippingCents(method('9.99', null), 1_000_000)).toBe(999);
  });
});

describe('eventText', () => {
  it('names who made a change, in the shopper’s words or the staff’s', () => {
    expect(eventText({ type: 'shipped', by: 'staff' })).toBe('Shipped by the shop');
    expect(eventText({ type: 'shipped', by: 'staff' }, true)).toBe('Shipped by staff');
    expect(eventText({ type: 'cancelled', by: 'customer' })).toBe('Cancelled by you');
    expect(eventText({ type: 'cancelled', by: 'customer' }, true)).toBe('Cancelled by the customer');
    expect(eventText({ type: 'paid', by: 'provider' })).toBe('Payment received');
    expect(eventText({ type: 'refunded', by: 'customer' })).toBe('Refunded');
  });
});

describe('canShopperCancel', () => {
  it('allows cancelling until the parcel ships', () => {
    expect(canShopperCancel({ fulfilment_status: 'unfulfilled', status: 'pending' })).toBe(true);
    expect(canShopperCancel({ fulfilment_status: 'shipped', status: 'completed' })).toBe(false);
    expect(canShopperCancel({ fulfilment_status: 'unfulfilled', status: 'cancelled' })).toBe(false);
  });
});

describe('orderBadges and paymentStatusText', () => {
  const paid = { status: 'completed', payment_status: 'success', fulfilment_status: 'unfulfilled' } as const;
  const unpaid = {
    status: 'pending',
    payment_status: 'pending',
    fulfilment_status: 'unfulfilled',
    reserved_until: '2030-01-01T10:15:00.000Z',
  } as const;
  const now = Date.parse('2030-01-01T10:00:00.000Z');
  const read = (order: Parameters<typeof orderBadges>[0]) => [orderBadges(order, now), paymentStatusText(order, now)];

  it('reads Paid and Success for a paid order, Pending for one waiting within its hold', () => {
    expect(read({ ...paid, refund_status: 'none' })).toEqual([['Paid'], 'Success']);
    expect(read({ ...paid, fulfilment_status: 'shipped', refund_status: 'none' })).toEqual([['Paid'], 'Success']);
    expect(read({ ...unpaid, refund_status: 'none', expired_at: null })).toEqual([['Pending'], 'Pending']);
    expect(read({ ...unpaid, payment_status: 'failed', refund_status: 'none' })).toEqual([['Pending'], 'Failed']);
  });

  it('reads Refunded or Partly refunded once money went back, and Cancelled beside it when it was cancelled', () => {
    expect(read({ ...paid, refund_status: 'full' })).toEqual([['Refunded'], 'Refunded']);
    expect(read({ ...paid, fulfilment_status: 'returned', refund_status: 'partial' })).toEqual([
      ['Partly refunded'],
      'Partly refunded',
    ]);
    expect(read({ ...paid, status: 'cancelled', fulfilment_status: 'cancelled', refund_status: 'full' })).toEqual([
      ['Cancelled', 'Refunded'],
      'Refunded',
    ]);
  });

  it('reads Expired for an unpaid order whose hold ran out, and Cancelled for one cancelled unpaid', () => {
    const expired = {
      ...unpaid,
      status: 'cancelled',
      fulfilment_status: 'cancelled',
      refund_status: 'none',
      expired_at: '2030-01-01T10:15:30.000Z',
    } as const;
    expect(read(expired)).toEqual([['Expired'], 'Expired']);
    // The hold has ended though the shop has not put the copies back yet: nothing can be paid any more.
    expect(read({ ...unpaid, reserved_until: '2030-01-01T09:59:00.000Z', expired_at: null })).toEqual([
      ['Expired'],
      'Expired',
    ]);
    const cancelled = { ...unpaid, status: 'cancelled', fulfilment_status: 'cancelled', expired_at: null } as const;
    expect(read(cancelled)).toEqual([['Cancelled'], 'Cancelled']);
  });
});
