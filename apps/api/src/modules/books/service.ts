import {
  type Book,
  type BookChanges,
  type BookDeleted,
  bookMessages,
  COVER_MAX_BYTES,
  COVER_WIDTHS,
  createBookSchema,
  pageMeta,
  type SubmittedBook,
  type SubmittedBooksPage,
  updateBookSchema,
} from '@bookstore/contract';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database, Transaction } from '../../db/client.js';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { fieldsError, type UploadForm } from '../../lib/form.js';
import { type ImageVariant, pictureError, removeMedia, storeResponsiveImage } from '../../lib/images.js';
import { findUserById } from '../accounts/index.js';
import { recordEvent } from '../events/index.js';
import { findBookById, bookToJson } from '../catalogue/index.js';
import { recordFirstPrice, repriceBooks } from './prices.js';
import { changeEdition, defaultEditionId, type EditionDeps, editionFieldsOfBook } from './editions.js';
import { openLedgers } from './ledger.js';
import { lockTitles } from './titles.js';
import {
  authorName,
  type BookChangesRow,
  booksAddedBy,
  booksWaitingForReview,
  categoryExists,
  decideReview,
  deleteBook,
  findCover,
  findSubmitted,
  freeSlug,
  imageInOrders,
  insertBook,
  lookAlikeTaken,
  type SubmittedRow,
  titleTaken,
  updateBook,
  withTitleKeyLocked,
} from './repository.js';
import { fillTitleKeys, titleKey } from './title-key.js';

export const COVER_FIELD = 'image';
const COVER_FOLDER = 'covers';

type Fields = Record<string, string[]>;

function issuesToFields(error: z.ZodError | undefined, into: Fields = {}): Fields {
  for (const issue of error?.issues ?? []) {
    const name = issue.path.map(String).join('.') || '_';
    const list = (into[name] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return into;
}

/**
 * The columns a validated form sets; fields not sent stay undefined (left alone by an update).
 * Author 0 means none: no author id and an empty `book_author`.
 */
function columnsOf(input: BookChanges, authorName: string | undefined): BookChangesRow {
  const columns: BookChangesRow = {
    title: input.title,
    authorId: input.author === undefined ? undefined : input.author === 0 ? null : input.author,
    bookAuthor: input.author === undefined ? undefined : (authorName ?? ''),
    categoryId: input.category,
    // The format, condition, ISBN, prices and stock are the default edition's (editions.ts): the title's
    // copy of them follows that edition.
    description: input.description,
    publisher: input.publisher,
    publishedDate: input.published_date,
    genre: input.genre,
    available: input.available,
    featured: input.featured,
    tags: input.tags,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

interface Cover {
  image: string;
  imageVariants: ImageVariant[];
}

const lookAlike = () => fieldsError({ title: [bookMessages.titleLookAlike] }, 409);

function submittedToJson(row: SubmittedRow, withContributor = false): SubmittedBook {
  return {
    ...bookToJson(row),
    review_status: row.review_status as SubmittedBook['review_status'],
    reviewed_at: row.reviewed_at,
    ...(withContributor
      ? {
          contributor:
            row.contributor_id === null
              ? null
              : {
                  id: row.contributor_id,
                  username: row.contributor_username ?? '',
                  email: row.contributor_email ?? '',
                },
        }
      : {}),
  };
}

/** Every write of a book records `book.changed` in its own transaction, for whatever follows after commit. */
function bookChanged(tx: Transaction, bookId: number, change: 'added' | 'changed' | 'deleted', by: number) {
  return recordEvent(tx, { type: 'book.changed', key: bookId, payload: { bookId, change, by } });
}

/**
 * Adding, changing and deleting books. Every rule lives in the contract's schemas; these functions add
 * what needs the database (author, category, unique title) and the cover's bytes, from what they are given.
 */
export interface BooksDeps {
  db: Database;
  config: Pick<Config, 'mediaDir'>;
}

/** A book as staff and its contributor see it, whatever its review status. */
async function book(deps: BooksDeps, id: number): Promise<Book> {
  const row = await findBookById(deps.db, id, { anyStatus: true });
  if (!row) throw notFound(bookMessages.notFound);
  return bookToJson(row);
}

async function submitted(deps: BooksDeps, id: number, withContributor = false): Promise<SubmittedBook> {
  const row = await findSubmitted(deps.db, id);
  if (!row) throw notFound(bookMessages.notFound);
  return submittedToJson(row, withContributor);
}

/** Refuses a title that is taken, or that looks the same as one that is (any script, any case). */
async function checkTitle(deps: BooksDeps, title: string, exceptId?: number): Promise<string> {
  if (await titleTaken(deps.db, title, exceptId)) throw fieldsError({ title: [bookMessages.titleTaken] }, 409);
  await fillTitleKeys(deps.db);
  const key = titleKey(title);
  if (await lookAlikeTaken(deps.db, key, exceptId)) throw lookAlike();
  return key;
}

async function saveCover(deps: BooksDeps, data: Buffer): Promise<Cover> {
  try {
    const stored = await storeResponsiveImage(
      data,
      {
        mediaDir: deps.config.mediaDir,
        folder: COVER_FOLDER,
        allowed: ['jpeg', 'png', 'gif', 'webp'],
        maxBytes: COVER_MAX_BYTES,
        widths: COVER_WIDTHS,
        formats: ['avif', 'webp', 'jpeg'],
      },
      { type: bookMessages.coverWrongType, size: bookMessages.coverTooLarge },
    );
    return { image: stored.url, imageVariants: stored.variants };
  } catch (err) {
    throw pictureError(err, COVER_FIELD) ?? err;
  }
}

/** Removes a cover's files, except the main picture while an order line still shows it. */
async function dropCover(
  deps: BooksDeps,
  cover: { image: string | null; imageVariants: ImageVariant[] | null } | undefined,
) {
  if (!cover) return;
  const keep = cover.image ? await imageInOrders(deps.db, cover.image) : false;
  for (const variant of cover.imageVariants ?? []) {
    if (!(keep && variant.path === cover.image)) await removeMedia(deps.config.mediaDir, variant.path);
  }
  if (!keep) await removeMedia(deps.config.mediaDir, cover.image);
}

/** Author 0 means none; otherwise both must exist. Returns the author's name for `book_author`. */
async function checkReferences(
  deps: BooksDeps,
  author: number | undefined,
  category: number | undefined,
  fields: Fields,
) {
  let name: string | undefined;
  if (author !== undefined && author !== 0) {
    name = await authorName(deps.db, author);
    if (name === undefined) (fields.author ??= []).push(bookMessages.unknownAuthor);
  }
  if (category !== undefined && !(await categoryExists(deps.db, category))) {
    (fields.category ??= []).push(bookMessages.unknownCategory);
  }
  return name;
}

/**
 * Adds a book. A reader's book is a draft ('pending') that only they and staff see until staff
 * approve it, and the staff-only fields (`featured`, `available`) a reader sends are ignored; staff's
 * own books are in the shop at once.
 */
export async function create(
  deps: BooksDeps,
  userId: number,
  form: UploadForm,
  byStaff: boolean,
): Promise<SubmittedBook> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound('Account not found');
  // A reader's name goes on the book they submit for review; staff (the owner made from ADMIN_EMAIL has
  // no name) are never sent to complete a profile.
  if (!byStaff && (!user.firstName.trim() || !user.lastName.trim() || !user.email.trim())) {
    throw forbidden(bookMessages.profileIncomplete);
  }

  const parsed = createBookSchema.safeParse(form.fields);
  const fields = issuesToFields(parsed.error);
  if (!form.file && !fields[COVER_FIELD]) fields[COVER_FIELD] = [bookMessages.coverRequired];
  if (!parsed.success || Object.keys(fields).length > 0) throw fieldsError(fields);
  const input = byStaff ? parsed.data : { ...parsed.data, featured: false, available: true };

  const name = await checkReferences(deps, input.author, input.category, fields);
  if (Object.keys(fields).length > 0) throw fieldsError(fields);
  const key = await checkTitle(deps, input.title);

  const cover = await saveCover(deps, form.file!.data);
  try {
    const slug = await freeSlug(deps.db, input.title);
    const id = await withTitleKeyLocked(deps.db, key, async (tx) => {
      if (await lookAlikeTaken(tx, key)) throw lookAlike();
      const added = await insertBook(tx, {
        ...columnsOf(input, name),
        title: input.title,
        titleKey: key,
        bookType: input.book_type,
        condition: input.condition,
        isbn: input.isbn,
        priceCents: input.price,
        regularPriceCents: input.price,
        originalPriceCents: input.original_price,
        stockAmount: input.book_type === 'eBook' ? null : input.stock_amount,
        slug,
        ...cover,
        createdBy: user.id,
        reviewStatus: byStaff ? 'approved' : 'pending',
        reviewedBy: byStaff ? user.id : null,
        reviewedAt: byStaff ? new Date() : null,
      });
      // Its first edition is made of these fields by the database (migration `editions`).
      await openLedgers(tx, [added], { actorId: user.id, newTitles: true });
      await recordFirstPrice(tx, added);
      await repriceBooks(tx, { ids: [added] }, 'staff');
      await bookChanged(tx, added, 'added', user.id);
      return added;
    });
    return await submitted(deps, id);
  } catch (err) {
    await dropCover(deps, cover);
    if (isUniqueViolation(err)) throw fieldsError({ title: [bookMessages.titleTaken] }, 409);
    throw err;
  }
}

export async function update(deps: BooksDeps, id: number, form: UploadForm, by: number): Promise<Book> {
  const current = await findCover(deps.db, id);
  if (!current) throw notFound(bookMessages.notFound);
  const parsed = updateBookSchema.safeParse(form.fields);
  if (!parsed.success) throw fieldsError(issuesToFields(parsed.error));
  const input = parsed.data;

  const fields: Fields = {};
  const name = await checkReferences(deps, input.author, input.category, fields);
  if (Object.keys(fields).length > 0) throw fieldsError(fields);
  const key = input.title === undefined ? undefined : await checkTitle(deps, input.title, id);

  const changes = columnsOf(input, name);
  const edition = editionFieldsOfBook(input);
  const editionSent = Object.values(edition).some((value) => value !== undefined);
  const cover = form.file ? await saveCover(deps, form.file.data) : undefined;
  const sent = { ...changes, ...cover, ...(key === undefined ? {} : { titleKey: key }) };
  try {
    const write = async (tx: Transaction) => {
      if (key !== undefined && (await lookAlikeTaken(tx, key, id))) throw lookAlike();
      if (Object.keys(sent).length === 0 && !editionSent) return;
      await lockTitles(tx, [id]);
      if (!(await updateBook(tx, id, sent))) throw notFound(bookMessages.notFound);
      // The old single-edition fields change the title's default edition (docs/decisions/0022-editions.md).
      const defaultEdition = editionSent ? await defaultEditionId(tx, id) : undefined;
      if (defaultEdition !== undefined) await changeEdition(tx, id, defaultEdition, edition, by);
      await repriceBooks(tx, { ids: [id] }, 'staff');
      await bookChanged(tx, id, 'changed', by);
    };
    await (key === undefined ? deps.db.transaction(write) : withTitleKeyLocked(deps.db, key, write));
  } catch (err) {
    await dropCover(deps, cover);
    if (isUniqueViolation(err)) throw fieldsError({ title: [bookMessages.titleTaken] }, 409);
    throw err;
  }
  if (cover) await dropCover(deps, current);
  return book(deps, id);
}

/** The books an account added, with where each stands. */
export async function addedBy(
  deps: BooksDeps,
  userId: number,
  page: number,
  pageSize: number,
): Promise<SubmittedBooksPage> {
  const { rows, count } = await booksAddedBy(deps.db, userId, pageSize, (page - 1) * pageSize);
  return { data: rows.map((row) => submittedToJson(row)), meta: pageMeta(page, pageSize, count) };
}

/** Staff's queue: readers' books waiting for a decision, oldest first, with who sent each. */
export async function waitingForReview(
  deps: BooksDeps,
  page: number,
  pageSize: number,
  search?: string,
): Promise<SubmittedBooksPage> {
  const { rows, count } = await booksWaitingForReview(deps.db, pageSize, (page - 1) * pageSize, search);
  return { data: rows.map((row) => submittedToJson(row, true)), meta: pageMeta(page, pageSize, count) };
}

export async function decide(
  deps: BooksDeps,
  id: number,
  decision: 'approved' | 'rejected',
  staffId: number,
): Promise<SubmittedBook> {
  const decided = await deps.db.transaction(async (tx) => {
    if (!(await decideReview(tx, id, decision, staffId))) return false;
    await bookChanged(tx, id, 'changed', staffId);
    return true;
  });
  if (!decided) {
    if (!(await findCover(deps.db, id))) throw notFound(bookMessages.notFound);
    throw conflict(bookMessages.notWaiting);
  }
  return submitted(deps, id, true);
}

export async function remove(deps: BooksDeps, id: number, by: number): Promise<BookDeleted> {
  const deleted = await deps.db.transaction(async (tx) => {
    const row = await deleteBook(tx, id);
    if (row) await bookChanged(tx, id, 'deleted', by);
    return row;
  });
  if (!deleted) throw notFound(bookMessages.notFound);
  await dropCover(deps, deleted);
  return { ok: true, message: bookMessages.deleted };
}

/** What the staff's edition calls (editions.ts) need: the title as staff see it, and its change recorded. */
export function editionDeps(deps: BooksDeps): EditionDeps {
  return {
    db: deps.db,
    book: (id) => book(deps, id),
    changed: async (tx, bookId, by) => {
      await bookChanged(tx, bookId, 'changed', by);
    },
  };
}
