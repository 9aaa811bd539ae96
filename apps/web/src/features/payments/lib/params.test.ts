import type { PaymentInit } from '@bookstore/contract';
import { describe, expect, it } from 'vitest';
import { buildPopupConfig, validateCheckoutParams } from './params';
import { CHECKOUT_PAYMENT_CHANNELS } from '@bookstore/contract/checkout';

const init: PaymentInit = {
  provider: 'sandbox',
  reference: 'ORD-42-1700000000000',
  amount: 2598,
  currency: 'USD',
  email: 'reader@example.com',
  public_key: 'pk_test_sandbox',
  order_id: 42,
};

describe('the payment pop-up config', () => {
  it('carries reference, email, amount in minor units, key and metadata with order_id and custom fields', () => {
    expect(buildPopupConfig(init, { id: 42, total_price: '25.98' })).toEqual({
      key: 'pk_test_sandbox',
      email: 'reader@example.com',
      amount: 2598,
      currency: 'USD',
      reference: 'ORD-42-1700000000000',
      metadata: { order_id: 42, custom_fields: [{ display_name: 'Order ID', variable_name: 'order_id', value: 42 }] },
      channels: ['card'],
    });
  });

  it('offers only the ways to pay the shop lists (the ones its badges show), and the provider gets them', () => {
    const config = buildPopupConfig(init, { id: 42, total_price: '25.98' });
    expect(config.channels).toEqual([...CHECKOUT_PAYMENT_CHANNELS]);
    const validated = validateCheckoutParams({ ...config });
    expect(validated.ok && validated.params.channels).toEqual(['card']);
  });

  it('rounds total x 100 to whole minor units, without float drift', () => {
    expect(buildPopupConfig(init, { id: 1, total_price: 0.1 + 0.2 }).amount).toBe(30);
    expect(buildPopupConfig(init, { id: 1, total_price: 19.99 }).amount).toBe(1999);
  });
});

describe('validateCheckoutParams', () => {
  const valid = { key: 'pk_test', email: 'a@b.co', amount: 1000 };

  it('accepts the required parameters and keeps the known ones', () => {
    const onSuccess = () => {};
    const result = validateCheckoutParams({
      ...valid,
      currency: 'USD',
      reference: 'R',
      metadata: { order_id: 1 },
      onSuccess,
    });
    expect(result).toEqual({
      ok: true,
      params: { ...valid, currency: 'USD', reference: 'R', metadata: { order_id: 1 }, onSuccess },
    });
  });

  it('needs a non-empty object', () => {
    for (const bad of [undefined, null, 'key', 42, [], {}]) {
      expect(validateCheckoutParams(bad)).toEqual({
        ok: false,
        error: 'Checkout parameters must be a non-empty object',
      });
    }
  });

  it.each([
    ['key', { email: 'a@b.co', amount: 1000 }],
    ['amount', { key: 'pk', email: 'a@b.co' }],
    ['email', { key: 'pk', amount: 1000 }],
    ['key', { key: '', email: 'a@b.co', amount: 1000 }],
  ])('names a missing required parameter: %s', (name, params) => {
    expect(validateCheckoutParams(params)).toEqual({ ok: false, error: `Required parameter missing: ${name}` });
  });

  it('accepts a plan instead of an amount and a customer code instead of an email', () => {
    expect(validateCheckoutParams({ key: 'pk', plan: 'PLN_1', customerCode: 'CUS_1' }).ok).toBe(true);
  });

  it.each([
    ['key', { ...valid, key: 123 }],
    ['email', { ...valid, email: ['a@b.co'] }],
    ['amount', { ...valid, amount: '10.50' }],
    ['amount', { ...valid, amount: Number.NaN }],
    ['metadata', { ...valid, metadata: 'order 1' }],
    ['channels', { ...valid, channels: 'card' }],
    ['onSuccess', { ...valid, onSuccess: 'done' }],
  ])('names a parameter of the wrong type: %s', (name, params) => {
    expect(validateCheckoutParams(params)).toEqual({ ok: false, error: `Invalid parameter type: ${name}` });
  });

  it('accepts an amount given as a string of digits', () => {
    expect(validateCheckoutParams({ ...valid, amount: '1000' }).ok).toBe(true);
  });

  it('drops unknown parameters', () => {
    const result = validateCheckoutParams({ ...valid, secret_key: 'sk_live_oops', colour: 'red' });
    expect(result).toEqual({ ok: true, params: valid });
  });

  it('lets an access code bypass validation', () => {
    expect(validateCheckoutParams({ accessCode: 'ac_123' })).toEqual({ ok: true, params: { accessCode: 'ac_123' } });
  });

  it('needs a form-attached button to exist in the page', () => {
    expect(validateCheckoutParams({ ...valid, buttonId: 'pay' }, () => false)).toEqual({
      ok: false,
      error: 'Invalid parameter value: buttonId',
    });
    expect(validateCheckoutParams({ ...valid, buttonId: 'pay' }, (id) => id === 'pay').ok).toBe(true);
  });
});
