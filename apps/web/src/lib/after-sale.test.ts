import { describe, expect, it } from 'vitest';
import { canShopperCancel, eventText, orderBadge } from './order-status';
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

describe('orderBadge', () => {
  it('reads Cancelled for a cancelled order, paid or not', () => {
    expect(orderBadge({ status: 'completed', payment_status: 'success', fulfilment_status: 'cancelled' })).toBe(
      'Cancelled',
    );
    expect(orderBadge({ status: 'completed', payment_status: 'success', fulfilment_status: 'shipped' })).toBe('Paid');
  });
});
