import {
  type Book,
  type BookChanges,
  type BookDeleted,
  bookMessages,
  COVER_MAX_BYTES,
  COVER_WIDTHS,
  createBookSchema,
  updateBookSchema,
} from '@bookstore/contract';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { fieldsError, type UploadForm } from '../../lib/form.js';
import { type ImageVariant, ImageRejected, removeMedia, storeResponsiveImage } from '../../lib/images.js';
import { findUserById } from '../accounts/users.js';
import { findBookById } from '../catalogue/repository.js';
import { bookToJson } from '../catalogue/serialize.js';
import {
  authorName,
  type BookChangesRow,
  categoryExists,
  deleteBook,
  findCover,
  freeSlug,
  imageInOrders,
  insertBook,
  titleTaken,
  updateBook,
} from './repository.js';

export const COVER_FIELD = 'image';
const COVER_FOLDER = 'covers';
const PIXELS_MESSAGE = 'This image has too many pixels. Please upload a smaller picture';

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
    priceCents: input.price,
    originalPriceCents: input.original_price,
    description: input.description,
    publisher: input.publisher,
    publishedDate: input.published_date,
    isbn: input.isbn,
    genre: input.genre,
    bookType: input.book_type,
    condition: input.condition,
    available: input.available,
    featured: input.featured,
    stockAmount: input.stock_amount,
    tags: input.tags,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

interface Cover {
  image: string;
  imageVariants: ImageVariant[];
}

/**
 * Adding, changing and deleting books (issue 10). Every rule lives in the contract's schemas; this
 * adds what needs the database (author, category, unique title) and the cover's bytes.
 */
export class BooksService {
  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'mediaDir'>,
  ) {}

  private async book(id: number): Promise<Book> {
    const row = await findBookById(this.db, id);
    if (!row) throw notFound(bookMessages.notFound);
    return bookToJson(row);
  }

  private async saveCover(data: Buffer): Promise<Cover> {
    try {
      const stored = await storeResponsiveImage(
        data,
        {
          mediaDir: this.config.mediaDir,
          folder: COVER_FOLDER,
          allowed: ['jpeg', 'png', 'gif', 'webp'],
          maxBytes: COVER_MAX_BYTES,
          widths: COVER_WIDTHS,
          formats: ['avif', 'webp', 'jpeg'],
        },
        { type: bookMessages.coverWrongType, size: bookMessages.coverTooLarge, pixels: PIXELS_MESSAGE },
      );
      return { image: stored.url, imageVariants: stored.variants };
    } catch (err) {
      if (err instanceof ImageRejected) {
        throw new AppError(err.reason === 'type' ? 400 : 413, err.message, { [COVER_FIELD]: [err.message] });
      }
      throw err;
    }
  }

  /** Removes a cover's files, except the main picture while an order line still shows it. */
  private async dropCover(cover: { image: string | null; imageVariants: ImageVariant[] | null } | undefined) {
    if (!cover) return;
    const keep = cover.image ? await imageInOrders(this.db, cover.image) : false;
    for (const variant of cover.imageVariants ?? []) {
      if (!(keep && variant.path === cover.image)) await removeMedia(this.config.mediaDir, variant.path);
    }
    if (!keep) await removeMedia(this.config.mediaDir, cover.image);
  }

  /** Author 0 means none; otherwise both must exist. Returns the author's name for `book_author`. */
  private async checkReferences(author: number | undefined, category: number | undefined, fields: Fields) {
    let name: string | undefined;
    if (author !== undefined && author !== 0) {
      name = await authorName(this.db, author);
      if (name === undefined) (fields.author ??= []).push(bookMessages.unknownAuthor);
    }
    if (category !== undefined && !(await categoryExists(this.db, category))) {
      (fields.category ??= []).push(bookMessages.unknownCategory);
    }
    return name;
  }

  async create(userId: number, form: UploadForm): Promise<Book> {
    const user = await findUserById(this.db, userId);
    if (!user) throw notFound('Account not found');
    if (!user.firstName.trim() || !user.lastName.trim() || !user.email.trim()) {
      throw forbidden(bookMessages.profileIncomplete);
    }

    const parsed = createBookSchema.safeParse(form.fields);
    const fields = issuesToFields(parsed.error);
    if (!form.file && !fields[COVER_FIELD]) fields[COVER_FIELD] = [bookMessages.coverRequired];
    if (!parsed.success || Object.keys(fields).length > 0) throw fieldsError(fields);
    const input = parsed.data;

    const name = await this.checkReferences(input.author, input.category, fields);
    if (Object.keys(fields).length > 0) throw fieldsError(fields);
    if (await titleTaken(this.db, input.title)) throw fieldsError({ title: [bookMessages.titleTaken] }, 409);

    const cover = await this.saveCover(form.file!.data);
    try {
      const id = await insertBook(this.db, {
        ...columnsOf(input, name),
        title: input.title,
        priceCents: input.price,
        slug: await freeSlug(this.db, input.title),
        ...cover,
        createdBy: user.id,
      });
      return await this.book(id);
    } catch (err) {
      await this.dropCover(cover);
      if (isUniqueViolation(err)) throw fieldsError({ title: [bookMessages.titleTaken] }, 409);
      throw err;
    }
  }

  async update(id: number, form: UploadForm): Promise<Book> {
    const current = await findCover(this.db, id);
    if (!current) throw notFound(bookMessages.notFound);
    const parsed = updateBookSchema.safeParse(form.fields);
    if (!parsed.success) throw fieldsError(issuesToFields(parsed.error));
    const input = parsed.data;

    const fields: Fields = {};
    const name = await this.checkReferences(input.author, input.category, fields);
    if (Object.keys(fields).length > 0) throw fieldsError(fields);
    if (input.title !== undefined && (await titleTaken(this.db, input.title, id))) {
      throw fieldsError({ title: [bookMessages.titleTaken] }, 409);
    }

    const changes = columnsOf(input, name);
    const cover = form.file ? await this.saveCover(form.file.data) : undefined;
    const sent = { ...changes, ...cover };
    try {
      if (Object.keys(sent).length > 0 && !(await updateBook(this.db, id, sent))) throw notFound(bookMessages.notFound);
    } catch (err) {
      await this.dropCover(cover);
      if (isUniqueViolation(err)) throw fieldsError({ title: [bookMessages.titleTaken] }, 409);
      throw err;
    }
    if (cover) await this.dropCover(current);
    return this.book(id);
  }

  async remove(id: number): Promise<BookDeleted> {
    const deleted = await deleteBook(this.db, id);
    if (!deleted) throw notFound(bookMessages.notFound);
    await this.dropCover(deleted);
    return { ok: true, message: bookMessages.deleted };
  }
}
