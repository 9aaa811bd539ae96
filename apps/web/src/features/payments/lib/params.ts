import { moneyToCents, type PaymentInit } from '@bookstore/contract';
import { CHECKOUT_PAYMENT_CHANNELS } from '@bookstore/contract/checkout';

/**
 * The card pop-up's configuration (docs/product.md, "Data") and the provider's parameter rules (docs/product.md, "Rules"),
 * as pure functions: the sandbox pop-up and the Paystack inline library are opened with exactly what
 * `validateCheckoutParams` lets through.
 */
export interface PaymentCallbacks {
  onSuccess?: (transaction: PaymentTransaction) => void;
  onCancel?: () => void;
  onLoad?: (response: unknown) => void;
  onError?: (error: { message: string }) => void;
}

/** What the pop-up hands back on success, shaped like the provider's callback argument. */
export interface PaymentTransaction {
  reference: string;
  status: string;
  message?: string;
  trans?: string;
  transaction?: string;
  trxref?: string;
}

export interface CustomField {
  display_name: string;
  variable_name: string;
  value: string | number;
}

export interface PopupConfig extends PaymentCallbacks {
  key: string;
  email: string;
  /** Minor units: total x 100, rounded. */
  amount: number;
  currency: string;
  reference: string;
  metadata: { order_id: number; custom_fields: CustomField[] } & Record<string, unknown>;
  /** The ways to pay the pop-up offers: the shop's list, the one its "We accept" badges show. */
  channels: string[];
}

/** The pop-up config for one payment attempt of an order (docs/product.md, "Data", "Payment pop-up config"). */
export function buildPopupConfig(init: PaymentInit, order: { id: number; total_price: string | number }): PopupConfig {
  const total = typeof order.total_price === 'number' ? order.total_price : Number(order.total_price);
  const amount = moneyToCents(order.total_price) ?? Math.round(total * 100);
  return {
    key: init.public_key,
    email: init.email,
    amount,
    currency: init.currency,
    reference: init.reference,
    metadata: {
      order_id: order.id,
      custom_fields: [{ display_name: 'Order ID', variable_name: 'order_id', value: order.id }],
    },
    channels: [...CHECKOUT_PAYMENT_CHANNELS],
  };
}

type Check = (value: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string';
const isNumberLike: Check = (v) =>
  (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^\d+$/.test(v));
const isFunction: Check = (v) => typeof v === 'function';
const isObject: Check = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringList: Check = (v) => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Every parameter the pop-up knows, with its type. Anything else is dropped. */
const PARAMETER_TYPES: Record<string, Check> = {
  key: isString,
  email: isString,
  amount: isNumberLike,
  currency: isString,
  reference: isString,
  metadata: isObject,
  channels: isStringList,
  plan: isString,
  quantity: isNumberLike,
  customerCode: isString,
  firstName: isString,
  lastName: isString,
  phone: isString,
  label: isString,
  subaccountCode: isString,
  split_code: isString,
  bearer: isString,
  transactionCharge: isNumberLike,
  container: isString,
  buttonId: isString,
  onSuccess: isFunction,
  onCancel: isFunction,
  onLoad: isFunction,
  onError: isFunction,
};

export type ValidationResult = { ok: true; params: Record<string, unknown> } | { ok: false; error: string };

/**
 * docs/product.md, "Rules", provider checkout parameters: a non-empty object; key, amount (or plan) and email
 * (or customerCode) required ('Required parameter missing: {name}'); types checked ('Invalid
 * parameter type: {name}'); unknown parameters dropped; an access code bypasses validation; a
 * form-attached button's buttonId must exist in the page.
 */
export function validateCheckoutParams(
  input: unknown,
  hasElement: (id: string) => boolean = (id) => typeof document !== 'undefined' && document.getElementById(id) !== null,
): ValidationResult {
  if (!isObject(input) || Object.keys(input as object).length === 0) {
    return { ok: false, error: 'Checkout parameters must be a non-empty object' };
  }
  const params = input as Record<string, unknown>;
  if (typeof params.accessCode === 'string' && params.accessCode !== '') return { ok: true, params: { ...params } };

  const required: [string, string | null][] = [
    ['key', null],
    ['amount', 'plan'],
    ['email', 'customerCode'],
  ];
  for (const [name, alternative] of required) {
    const present = (n: string | null) =>
      n !== null && params[n] !== undefined && params[n] !== null && params[n] !== '';
    if (!present(name) && !present(alternative)) return { ok: false, error: `Required parameter missing: ${name}` };
  }

  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    const check = PARAMETER_TYPES[name];
    if (!check || value === undefined) continue;
    if (!check(value)) return { ok: false, error: `Invalid parameter type: ${name}` };
    kept[name] = value;
  }
  if (typeof kept.buttonId === 'string' && !hasElement(kept.buttonId)) {
    return { ok: false, error: `Invalid parameter value: buttonId` };
  }
  return { ok: true, params: kept };
}
