import { z } from 'zod';
import { isPlainLine, isPlainMultiline, plainTextMessage } from './text.js';

/**
 * Writing authors and categories (staff, from the dashboard's "Authors & categories" tab): one set of
 * rules for the dialog and the server. The server makes the slug from the name; a rename keeps the
 * slug, so links to the page keep working. Pictures are not written here yet.
 */

export const SHELF_NAME_MAX = 200;
export const SHELF_TEXT_MAX = 5000;

const nameRule = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required', abort: true })
  .max(SHELF_NAME_MAX, `Name must be at most ${SHELF_NAME_MAX} characters`)
  .refine(isPlainLine, plainTextMessage('Name'));

const aboutRule = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(SHELF_TEXT_MAX, `${label} must be at most ${SHELF_TEXT_MAX} characters`)
    .refine(isPlainMultiline, plainTextMessage(label));

const featuredRule = z.boolean({ error: 'Featured must be yes or no' });

/** `POST /api/authors/`: a name; the brief and featured (default no) may be left out. */
export const authorInputSchema = z.object({
  name: nameRule,
  brief: aboutRule('Brief').default(''),
  featured: featuredRule.default(false),
});
export type AuthorInput = z.input<typeof authorInputSchema>;

/** `PUT /api/authors/{id}/`: any of the fields. */
export const authorChangesSchema = z
  .object({ name: nameRule, brief: aboutRule('Brief'), featured: featuredRule })
  .partial();
export type AuthorChanges = z.output<typeof authorChangesSchema>;

/** `POST /api/categories/`: a name; the description and featured (default no) may be left out. */
export const categoryInputSchema = z.object({
  name: nameRule,
  description: aboutRule('Description').default(''),
  featured: featuredRule.default(false),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

/** `PUT /api/categories/{id}/`: any of the fields. */
export const categoryChangesSchema = z
  .object({ name: nameRule, description: aboutRule('Description'), featured: featuredRule })
  .partial();
export type CategoryChanges = z.output<typeof categoryChangesSchema>;

/** Reply of `DELETE /api/authors/{id}/` and `DELETE /api/categories/{id}/`. */
export const shelfDeletedSchema = z.object({ ok: z.literal(true), message: z.string() }).meta({ id: 'ShelfDeleted' });
export type ShelfDeleted = z.infer<typeof shelfDeletedSchema>;

const books = (n: number) => `${n} book${n === 1 ? '' : 's'}`;

export const authorMessages = {
  added: 'Author added successfully',
  updated: 'Author updated successfully',
  deleted: 'Author deleted successfully',
  notFound: 'Author not found',
  nameTaken: 'An author with this name already exists',
  /** Deleting an author would leave their books without one: staff move or delete the books first. */
  stillHasBooks: (name: string, n: number) =>
    `${name} still has ${books(n)}. Give ${n === 1 ? 'it' : 'them'} another author or delete ${n === 1 ? 'it' : 'them'} first.`,
} as const;

export const categoryMessages = {
  added: 'Category added successfully',
  updated: 'Category updated successfully',
  deleted: 'Category deleted successfully',
  notFound: 'Category not found',
  nameTaken: 'A category with this name already exists',
  /** Every book needs a category: staff move or delete its books first. */
  stillHasBooks: (name: string, n: number) =>
    `${name} still has ${books(n)}. Move ${n === 1 ? 'it' : 'them'} to another category or delete ${n === 1 ? 'it' : 'them'} first.`,
} as const;
