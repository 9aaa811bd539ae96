import type { Profile, UserSummary } from '@bookstore/contract';
import { asc, count, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { containsPattern } from '../../lib/like.js';
import { users } from '../../db/schema.js';

/** Reads and writes of the users table. Email and username are unique whatever their case. */
export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Sign-in accepts either; an email can never be a username (usernames have no '@'). */
export async function findUserByLogin(db: Database, identifier: string): Promise<UserRow | undefined> {
  const value = identifier.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(value.includes('@') ? sql`lower(${users.email}) = ${value}` : sql`lower(${users.username}) = ${value}`)
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

/** Which of the two are already used by someone else. */
export async function takenIdentity(
  db: Database,
  identity: { email?: string; username?: string },
  exceptUserId?: number,
): Promise<{ email: boolean; username: boolean }> {
  const email = identity.email?.toLowerCase();
  const username = identity.username?.toLowerCase();
  const conditions = [
    email ? sql`lower(${users.email}) = ${email}` : undefined,
    username ? sql`lower(${users.username}) = ${username}` : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return { email: false, username: false };
  const rows = await db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(or(...conditions));
  const others = rows.filter((r) => r.id !== exceptUserId);
  return {
    email: Boolean(email && others.some((r) => r.email.toLowerCase() === email)),
    username: Boolean(username && others.some((r) => r.username.toLowerCase() === username)),
  };
}

export interface NewUser {
  email: string;
  username: string;
  firstName?: string;
  lastName?: string;
  bio?: string;
  passwordHash: string;
  profilePicture?: string | null;
  isStaff?: boolean;
}

export async function insertUser(db: Database, user: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      email: user.email,
      username: user.username,
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      bio: user.bio ?? '',
      passwordHash: user.passwordHash,
      profilePicture: user.profilePicture ?? null,
      isStaff: user.isStaff ?? false,
    })
    .returning();
  return row!;
}

export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'email'
    | 'firstName'
    | 'lastName'
    | 'bio'
    | 'profilePicture'
    | 'passwordHash'
    | 'isStaff'
    | 'emailVerifiedAt'
    | 'disabledAt'
    | 'notifyPaidOrders'
  >
>;

export async function updateUser(db: Database, id: number, changes: UserChanges): Promise<UserRow | undefined> {
  if (Object.keys(changes).length === 0) return findUserById(db, id);
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

/** A page of accounts, optionally those whose username or email holds `search` (any case). */
export async function listUsers(db: Database, page: number, pageSize: number, search?: string) {
  const pattern = search ? containsPattern(search) : undefined;
  const where = pattern
    ? or(sql`lower(${users.username}) LIKE ${pattern}`, sql`lower(${users.email}) LIKE ${pattern}`)
    : undefined;
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, count: Number(total?.n ?? 0) };
}

export function toUserSummary(user: UserRow): UserSummary {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    is_staff: user.isStaff,
    date_joined: user.dateJoined.toISOString(),
    disabled: user.disabledAt !== null,
  };
}

export function toProfile(user: UserRow): Profile {
  return {
    ...toUserSummary(user),
    first_name: user.firstName,
    last_name: user.lastName,
    bio: user.bio,
    profilePicture: user.profilePicture,
    profile_picture: user.profilePicture,
    email_verified: user.emailVerifiedAt !== null,
    ...(user.isStaff ? { staff_notifications: { paid_orders: user.notifyPaidOrders } } : {}),
  };
}
