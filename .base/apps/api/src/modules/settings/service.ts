import {
  centsToMoney,
  DEFAULT_SHIPPING_METHOD,
  LOW_STOCK_THRESHOLD,
  type ShippingMethod,
  type ShopSettings,
  type StaffShippingMethod,
  shippingMethodCreateSchema,
  shippingMethodUpdateSchema,
  shopSettingsUpdateSchema,
} from '@bookstore/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { shippingMethods, shopSettings } from '../../db/schema.js';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.js';

/**
 * The shop's settings (docs/decisions/0018-after-the-sale.md): delivery methods, the "free Standard
 * Delivery from" threshold and the low-stock threshold. This module is the only writer of
 * `shipping_methods` and `shop_settings`; checkout, the dashboard and the mail read them through here.
 */

type MethodRow = typeof shippingMethods.$inferSelect;

export interface Settings {
  freeStandardFromCents: number | null;
  lowStockThreshold: number;
}

const DEFAULTS: Settings = { freeStandardFromCents: 0, lowStockThreshold: LOW_STOCK_THRESHOLD };

/** The shop's settings (the defaults when the row is missing). */
export async function readSettings(db: Queryable): Promise<Settings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  return row
    ? { freeStandardFromCents: row.freeStandardFromCents, lowStockThreshold: row.lowStockThreshold }
    : DEFAULTS;
}

/** Books with this many copies or fewer are low on stock (dashboard, staff e-mail). */
export async function lowStockThreshold(db: Queryable): Promise<number> {
  return (await readSettings(db)).lowStockThreshold;
}

/** A delivery method as checkout prices it. */
export interface PricedMethod {
  code: string;
  name: string;
  days: string;
  priceCents: number;
  /** From this subtotal on it is free (Standard Delivery and the shop's threshold); null: never. */
  freeFromCents: number | null;
  active: boolean;
  position: number;
}

function priced(row: MethodRow, settings: Settings): PricedMethod {
  return {
    code: row.code,
    name: row.name,
    days: row.days,
    priceCents: row.priceCents,
    freeFromCents: row.code === DEFAULT_SHIPPING_METHOD ? settings.freeStandardFromCents : null,
    active: row.active,
    position: row.position,
  };
}

/** Every delivery method (staff: also inactive ones), in the staff's order. */
export async function listMethods(db: Queryable, options: { activeOnly: boolean }): Promise<PricedMethod[]> {
  const [rows, settings] = await Promise.all([
    db
      .select()
      .from(shippingMethods)
      .where(options.activeOnly ? eq(shippingMethods.active, true) : undefined)
      .orderBy(asc(shippingMethods.position), asc(shippingMethods.code)),
    readSettings(db),
  ]);
  return rows.map((row) => priced(row, settings));
}

/** One active delivery method by its code, or undefined. */
export async function findActiveMethod(db: Queryable, code: string): Promise<PricedMethod | undefined> {
  const [row] = await db.select().from(shippingMethods).where(eq(shippingMethods.code, code));
  if (!row?.active) return undefined;
  return priced(row, await readSettings(db));
}

/** The delivery methods a shopper can choose, as GET /api/shipping-methods/ and the book page show them. */
export async function offeredMethods(db: Queryable): Promise<ShippingMethod[]> {
  return (await listMethods(db, { activeOnly: true })).map(toShippingMethod);
}

export function toShippingMethod(method: PricedMethod): ShippingMethod {
  return {
    code: method.code,
    name: method.name,
    days: method.days,
    price: centsToMoney(method.priceCents),
    free_from: method.freeFromCents === null ? null : centsToMoney(method.freeFromCents),
  };
}

export function toStaffShippingMethod(method: PricedMethod): StaffShippingMethod {
  return { ...toShippingMethod(method), active: method.active, position: method.position };
}

export function toShopSettings(settings: Settings): ShopSettings {
  return {
    free_standard_from: settings.freeStandardFromCents === null ? null : centsToMoney(settings.freeStandardFromCents),
    low_stock_threshold: settings.lowStockThreshold,
  };
}

/** Staff change the settings; returns them as they are now. */
export async function updateSettings(
  db: Queryable,
  change: z.output<typeof shopSettingsUpdateSchema>,
): Promise<Settings> {
  const current = await readSettings(db);
  const next: Settings = {
    freeStandardFromCents:
      change.free_standard_from === undefined ? current.freeStandardFromCents : change.free_standard_from,
    lowStockThreshold: change.low_stock_threshold ?? current.lowStockThreshold,
  };
  await db
    .insert(shopSettings)
    .values({ id: 1, ...next })
    .onConflictDoUpdate({ target: shopSettings.id, set: next });
  return next;
}

/** Staff add a delivery method; 409 when its code is taken. */
export async function createMethod(
  db: Queryable,
  input: z.output<typeof shippingMethodCreateSchema>,
): Promise<StaffShippingMethod> {
  try {
    const [row] = await db
      .insert(shippingMethods)
      .values({
        code: input.code,
        name: input.name,
        days: input.days,
        priceCents: input.price,
        active: input.active,
        position: input.position,
      })
      .returning();
    return toStaffShippingMethod(priced(row!, await readSettings(db)));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`There is already a delivery method with the code "${input.code}"`);
    throw err;
  }
}

/** Staff change a delivery method; 404 when there is none with that code. */
export async function updateMethod(
  db: Queryable,
  code: string,
  change: z.output<typeof shippingMethodUpdateSchema>,
): Promise<StaffShippingMethod> {
  const set = {
    ...(change.name !== undefined ? { name: change.name } : {}),
    ...(change.days !== undefined ? { days: change.days } : {}),
    ...(change.price !== undefined ? { priceCents: change.price } : {}),
    ...(change.active !== undefined ? { active: change.active } : {}),
    ...(change.position !== undefined ? { position: change.position } : {}),
  };
  const [row] =
    Object.keys(set).length > 0
      ? await db.update(shippingMethods).set(set).where(eq(shippingMethods.code, code)).returning()
      : await db.select().from(shippingMethods).where(eq(shippingMethods.code, code));
  if (!row) throw notFound('No such delivery method');
  return toStaffShippingMethod(priced(row, await readSettings(db)));
}
