import { type Address, type AddressRequest, MAX_ADDRESSES, type ShippingAddress } from '@bookstore/contract';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.js';
import { addresses } from '../../db/schema.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { wire } from '../../lib/wire.js';

/**
 * A shopper's address book (docs/product.md, "Addresses and delivery"). This module is the only
 * writer of `addresses`. One default per account: the first address becomes it, and choosing another
 * moves it (a partial unique index keeps one). Another account's address is a 404.
 */

type Row = typeof addresses.$inferSelect;

function toAddress(row: Row): Address {
  return wire(row, ['id', 'name', 'line1', 'line2', 'city', 'region', 'postalCode', 'country', 'phone', 'isDefault']);
}

function fields(input: AddressRequest) {
  return {
    name: input.name,
    line1: input.line1,
    line2: input.line2,
    city: input.city,
    region: input.region,
    postalCode: input.postal_code,
    country: input.country,
    phone: input.phone,
  };
}

/** The caller's addresses, the default first. */
export async function listAddresses(db: Queryable, userId: number): Promise<Address[]> {
  const found = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.id));
  return found.map(toAddress);
}

/** Locks the account's address book, so two requests at once keep one default. */
async function lockBook(db: Queryable, userId: number) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
}

/** Takes the default mark off the account's default address, before another one gets it. */
async function clearDefault(db: Queryable, userId: number) {
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}

export async function addAddress(db: Database, userId: number, input: AddressRequest): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    if (n >= MAX_ADDRESSES) {
      throw unprocessable(`You can keep at most ${MAX_ADDRESSES} addresses. Please delete one first.`);
    }
    const makeDefault = n === 0 || input.is_default === true;
    if (makeDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...fields(input), isDefault: makeDefault })
      .returning();
    return toAddress(row!);
  });
}

export async function updateAddress(db: Database, userId: number, id: number, input: AddressRequest): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [mine] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!mine) throw notFound('Address not found');
    // The default stays until another one is chosen: `is_default: false` on the default changes nothing.
    const makeDefault = input.is_default === true && !mine.isDefault;
    if (makeDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .update(addresses)
      .set({ ...fields(input), ...(makeDefault ? { isDefault: true } : {}) })
      .where(eq(addresses.id, id))
      .returning();
    return toAddress(row!);
  });
}

/** Deletes one of the caller's addresses; when it was the default, the oldest other one becomes it. */
export async function deleteAddress(db: Database, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault });
    if (!gone) throw notFound('Address not found');
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.userId, userId), ne(addresses.id, id)))
        .orderBy(asc(addresses.id))
        .limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
  });
}

/** One of the caller's addresses as an order keeps it, or undefined (someone else's, or none). */
export async function ownAddress(db: Queryable, userId: number, id: number): Promise<ShippingAddress | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!row) return undefined;
  const { id: _id, is_default: _default, ...address } = toAddress(row);
  return address;
}
