import type { Database } from '../../db/client.js';
import { authors, books, categories, reviews, users } from '../../db/schema.js';

/** Small catalogue fixtures for tests: each helper fills what the test does not care about. */

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function insertAuthor(db: Database, values: Partial<typeof authors.$inferInsert> = {}) {
  const name = values.name ?? `Author ${unique()}`;
  const [row] = await db
    .insert(authors)
    .values({ name, slug: values.slug ?? name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), ...values })
    .returning();
  return row!;
}

export async function insertCategory(db: Database, values: Partial<typeof categories.$inferInsert> = {}) {
  const name = values.name ?? `Category ${unique()}`;
  const [row] = await db
    .insert(categories)
    .values({ name, slug: values.slug ?? name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), ...values })
    .returning();
  return row!;
}

export async function insertBook(db: Database, values: Partial<typeof books.$inferInsert> = {}) {
  const title = values.title ?? `Book ${unique()}`;
  const [row] = await db
    .insert(books)
    .values({
      title,
      slug: values.slug ?? `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${unique()}`,
      priceCents: 1000,
      stockAmount: 5,
      ...values,
    })
    .returning();
  return row!;
}

export async function insertUser(db: Database, values: Partial<typeof users.$inferInsert> = {}) {
  const username = values.username ?? `u${unique()}`.slice(0, 12);
  const [row] = await db
    .insert(users)
    .values({ username, email: `${username}@example.com`, passwordHash: 'not-a-hash', ...values })
    .returning();
  return row!;
}

export async function insertReview(db: Database, values: typeof reviews.$inferInsert) {
  const [row] = await db.insert(reviews).values(values).returning();
  return row!;
}
