import {
  DOWNLOAD_LINK_HOURS,
  DOWNLOAD_RENEWALS,
  DOWNLOADS_PER_LINK,
  type DownloadLine,
  type EbookFile,
} from '@bookstore/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { downloadGrants, ebookFiles } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { recordEvent } from '../events/index.js';
import type { EbookKind, StoredFile } from './files.js';
import { signLink } from './links.js';

/**
 * The rules of eBook delivery (docs/decisions/0023-ebook-delivery.md). A grant per eBook line is made
 * in the transaction that pays the order (orders' markPaid calls grantDownloads), revoked in the one
 * that refunds it in full, cancels or returns it (revokeDownloads); each download is counted by one
 * conditional UPDATE, so parallel requests cannot pass DOWNLOADS_PER_LINK.
 */

const LINK_SECONDS = DOWNLOAD_LINK_HOURS * 3600;

/**
 * A grant's `generation` counts its links, in blocks of DOWNLOAD_RENEWALS + 1: a link the shop gives
 * (the first at payment, staff's, or the one a late file brings) starts a block, and each new link
 * the shopper asks for takes the next generation in it. So the shopper's renewals since the shop's
 * last link are the place in the block, with no column of their own (docs/decisions/0028).
 */
const BLOCK = DOWNLOAD_RENEWALS + 1;
/** New links the shopper asked for since the shop last gave one (generation 1, 5, 9…: none). */
export const shopperRenewals = (generation: number) => (generation - 1) % BLOCK;
/** The generation a link the shop gives takes: the first of the next block (from 1 to 5, from 7 to 9). */
const SHOP_GENERATION = sql`((${downloadGrants.generation} - 1) / ${BLOCK} + 1) * ${BLOCK} + 1`;

/** The order's eBook lines: bought as an eBook edition (the line's format, else its edition's). */
const EBOOK_LINES = (orderId: number) => sql`
  SELECT oi.id AS item, oi.edition_id AS edition FROM order_items oi
  LEFT JOIN editions e ON e.id = oi.edition_id
  WHERE oi.order_id = ${orderId} AND coalesce(oi.format, e.format) = 'eBook'`;

/**
 * Whether the eBook edition `edition` (SQL naming its id) has its file: an eBook edition without one is
 * "coming soon", shown but not sold (docs/decisions/0023-ebook-delivery.md). The catalogue and checkout
 * read it in their own statements through this, never `ebook_files` itself.
 */
export const HAS_EBOOK_FILE = (edition: SQL) =>
  sql`EXISTS (SELECT 1 FROM ebook_files ebook_file WHERE ebook_file.edition_id = ${edition})`;

/**
 * An edition's file and the grants of paid orders waiting for it are decided one after the other: a
 * payment holds this lock (shared) on its eBook editions from granting to commit, an upload holds it
 * alone. So a payment either sees the file, or has committed its grant before the upload looks for
 * the orders waiting.
 */
const fileLock = (editionId: number, how: 'shared' | 'alone') =>
  how === 'alone'
    ? sql`SELECT pg_advisory_xact_lock(hashtext(${`ebook-file:${editionId}`}))`
    : sql`SELECT pg_advisory_xact_lock_shared(hashtext(${`ebook-file:${editionId}`}))`;

/** How many lines an order has, how many are eBooks, and how many of those can be downloaded (their file is there). */
export interface EbookReadiness {
  lines: number;
  ebooks: number;
  ready: number;
}

/** The order's lines, its eBook lines and those whose file is there (all of them ready: nothing left to deliver). */
export async function ebookReadiness(db: Queryable, orderId: number): Promise<EbookReadiness> {
  const [counts] = await rows<EbookReadiness>(
    db,
    sql`SELECT count(*)::int AS lines,
               count(*) FILTER (WHERE coalesce(oi.format, e.format) = 'eBook')::int AS ebooks,
               count(*) FILTER (WHERE coalesce(oi.format, e.format) = 'eBook' AND ${HAS_EBOOK_FILE(sql`oi.edition_id`)})::int AS ready
        FROM order_items oi LEFT JOIN editions e ON e.id = oi.edition_id
        WHERE oi.order_id = ${orderId}`,
  );
  return counts!;
}

/**
 * The order was paid: each eBook line gets its downloads (good for DOWNLOAD_LINK_HOURS from now).
 * Returns how many lines the order has, how many are eBooks (all eBooks: nothing to ship) and how
 * many of those have their file (a line without one waits for the upload, `saveEbookFile`).
 */
export async function grantDownloads(tx: Transaction, orderId: number): Promise<EbookReadiness> {
  const lines = await rows<{ item: number; edition: number | null }>(tx, EBOOK_LINES(orderId));
  const editionIds = [...new Set(lines.flatMap((line) => (line.edition === null ? [] : [line.edition])))];
  for (const edition of editionIds.sort((a, b) => a - b)) await tx.execute(fileLock(edition, 'shared'));
  if (lines.length > 0) {
    await tx
      .insert(downloadGrants)
      .values(
        lines.map((line) => ({
          orderId,
          orderItemId: line.item,
          editionId: line.edition,
          expiresAt: sql`now() + make_interval(secs => ${LINK_SECONDS})`,
        })),
      )
      .onConflictDoNothing();
  }
  return ebookReadiness(tx, orderId);
}

/**
 * A full refund, a cancellation or a return: the order's links stop at once (in the caller's
 * transaction). With `lines` (staff refunding chosen copies of chosen lines), only the links of the
 * lines refunded whole stop: an eBook line given back is no longer the shopper's to download.
 */
export async function revokeDownloads(
  tx: Transaction,
  orderId: number,
  lines?: { item: number; quantity: number }[],
): Promise<void> {
  const open = and(eq(downloadGrants.orderId, orderId), sql`${downloadGrants.revokedAt} IS NULL`);
  if (!lines) {
    await tx
      .update(downloadGrants)
      .set({ revokedAt: sql`now()` })
      .where(open);
    return;
  }
  for (const line of lines) {
    await tx
      .update(downloadGrants)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          open,
          eq(downloadGrants.orderItemId, line.item),
          sql`(SELECT oi.quantity FROM order_items oi WHERE oi.id = ${downloadGrants.orderItemId}) <= ${line.quantity}`,
        ),
      );
  }
}

interface GrantRow {
  id: number;
  item: number;
  title: string;
  generation: number;
  used: number;
  expires_at: string;
  expires_epoch: number;
  expired: boolean;
  revoked: boolean;
  kind: string | null;
}

const GRANTS = (where: ReturnType<typeof sql>) => sql`
  SELECT g.id, g.order_item_id AS item, oi.title, g.generation, g.downloads_used AS used,
         to_char(g.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS expires_at,
         floor(extract(epoch FROM g.expires_at))::int8 AS expires_epoch,
         g.expires_at <= now() AS expired, g.revoked_at IS NOT NULL AS revoked, f.kind
  FROM download_grants g
  JOIN order_items oi ON oi.id = g.order_item_id
  LEFT JOIN ebook_files f ON f.edition_id = g.edition_id
  WHERE ${where}
  ORDER BY g.order_item_id`;

function lineOf(secret: string, grant: GrantRow): DownloadLine {
  const used = grant.used;
  const state: DownloadLine['state'] = grant.revoked
    ? 'revoked'
    : !grant.kind
      ? 'no_file'
      : grant.expired
        ? 'expired'
        : used >= DOWNLOADS_PER_LINK
          ? 'used_up'
          : 'ready';
  const token = signLink(secret, {
    grantId: grant.id,
    generation: grant.generation,
    expires: Number(grant.expires_epoch),
  });
  return {
    item: grant.item,
    title: grant.title,
    file_format: grant.kind,
    state,
    downloads_used: used,
    downloads_left: Math.max(0, DOWNLOADS_PER_LINK - used),
    expires_at: grant.expires_at,
    renewals_left: DOWNLOAD_RENEWALS - shopperRenewals(grant.generation),
    url: state === 'ready' ? `/api/downloads/${token}` : null,
  };
}

/** The download lines of an order, links included (the confirmation e-mail, the order page). */
export async function downloadsOfOrder(db: Queryable, secret: string, orderId: number): Promise<DownloadLine[]> {
  const grants = await rows<GrantRow>(db, GRANTS(sql`g.order_id = ${orderId}`));
  return grants.map((grant) => lineOf(secret, grant));
}

/**
 * Whether the order is paid, refunded in full, cancelled or returned. With `userId`, only that
 * account's order: another account's is "not found", as orders answers.
 */
async function orderState(db: Queryable, orderId: number, userId: number | null) {
  const [order] = await rows<{ id: number; paid: boolean; refunded: boolean; cancelled: boolean }>(
    db,
    sql`SELECT id, payment_status = 'success' AS paid, refunded_cents >= total_cents AND total_cents > 0 AS refunded,
               fulfilment_status IN ('cancelled', 'returned') AS cancelled
        FROM orders WHERE id = ${orderId} ${userId === null ? sql`` : sql`AND user_id = ${userId}`}`,
  );
  if (!order) throw notFound('Order not found');
  return order;
}

/** The shopper's own order's downloads (none until it is paid). */
export async function listOwnDownloads(
  db: Database,
  secret: string,
  userId: number,
  orderId: number,
): Promise<DownloadLine[]> {
  await orderState(db, orderId, userId);
  return downloadsOfOrder(db, secret, orderId);
}

/** Who asks for a new link: the shopper (DOWNLOAD_RENEWALS times a block) or staff (whenever asked). */
export type Renewer = { by: 'customer'; userId: number } | { by: 'staff' };

export const renewMessages = {
  unpaid: 'This order has not been paid yet, so there is nothing to download.',
  revoked: 'This order was refunded or cancelled, so its eBooks can no longer be downloaded.',
  noLine: 'This order has no eBook with that line.',
  limit: `You have renewed this link ${DOWNLOAD_RENEWALS} times. Please contact us for a new one.`,
};

/**
 * A new link for one eBook line of a paid order: good for DOWNLOAD_LINK_HOURS from now and
 * DOWNLOADS_PER_LINK downloads; older links of the line stop. The shopper asks for their own order
 * (another's is "not found"), at most DOWNLOAD_RENEWALS times since the shop's last link (409 after);
 * staff give one whenever asked, which gives the shopper their renewals again. Refused (409) before
 * payment and once the order was refunded, cancelled or returned.
 */
export async function renewDownload(
  db: Database,
  secret: string,
  renewer: Renewer,
  orderId: number,
  itemId: number,
): Promise<DownloadLine> {
  return db.transaction(async (tx) => {
    const order = await orderState(tx, orderId, renewer.by === 'customer' ? renewer.userId : null);
    if (!order.paid) throw conflict(renewMessages.unpaid);
    const [grant] = await tx
      .select({ revokedAt: downloadGrants.revokedAt, generation: downloadGrants.generation })
      .from(downloadGrants)
      .where(and(eq(downloadGrants.orderId, orderId), eq(downloadGrants.orderItemId, itemId)))
      .for('update');
    if (!grant) throw notFound(renewMessages.noLine);
    if (grant.revokedAt || order.refunded || order.cancelled) throw conflict(renewMessages.revoked);
    if (renewer.by === 'customer' && shopperRenewals(grant.generation) >= DOWNLOAD_RENEWALS) {
      throw conflict(renewMessages.limit);
    }
    await tx
      .update(downloadGrants)
      .set({
        generation: renewer.by === 'staff' ? SHOP_GENERATION : sql`${downloadGrants.generation} + 1`,
        downloadsUsed: 0,
        expiresAt: sql`now() + make_interval(secs => ${LINK_SECONDS})`,
      })
      .where(eq(downloadGrants.orderItemId, itemId));
    const [line] = await rows<GrantRow>(tx, GRANTS(sql`g.order_item_id = ${itemId}`));
    return lineOf(secret, line!);
  });
}

export const linkMessages = {
  invalid: 'This download link is not valid. Please use the link on your order page.',
  expired: 'This download link has expired. Get a new link from your order page.',
  usedUp: `This link has been used ${DOWNLOADS_PER_LINK} times. Get a new link from your order page.`,
  replaced: 'A newer link replaced this one. Please use the link on your order page.',
  revoked: 'This order was refunded or cancelled, so its eBook can no longer be downloaded.',
  noFile: 'This eBook is not ready to download yet. Please try again later or contact us.',
};

export interface DownloadTarget {
  title: string;
  fileKey: string;
  kind: EbookKind;
  sizeBytes: number;
  sha256: string;
}

/**
 * What a valid link may download, without counting: every reason it may not, in the shop's words
 * (404 for a link we never made or whose line is gone, 410 for one that ended).
 */
export async function checkGrant(
  db: Queryable,
  claims: { grantId: number; generation: number; expires: number },
): Promise<DownloadTarget> {
  if (claims.expires * 1000 <= Date.now()) throw new AppError(410, linkMessages.expired);
  const [grant] = await rows<{
    generation: number;
    used: number;
    expired: boolean;
    revoked: boolean;
    title: string;
    file_key: string | null;
    kind: EbookKind | null;
    size_bytes: number | null;
    sha256: string | null;
  }>(
    db,
    sql`SELECT g.generation, g.downloads_used AS used, g.expires_at <= now() AS expired,
               g.revoked_at IS NOT NULL AS revoked, oi.title, f.file_key, f.kind, f.size_bytes, f.sha256
        FROM download_grants g JOIN order_items oi ON oi.id = g.order_item_id
        LEFT JOIN ebook_files f ON f.edition_id = g.edition_id
        WHERE g.id = ${claims.grantId}`,
  );
  if (!grant) throw notFound(linkMessages.invalid);
  if (grant.revoked) throw new AppError(410, linkMessages.revoked);
  if (grant.generation !== claims.generation) throw new AppError(410, linkMessages.replaced);
  if (grant.expired) throw new AppError(410, linkMessages.expired);
  if (grant.used >= DOWNLOADS_PER_LINK) throw new AppError(410, linkMessages.usedUp);
  if (!grant.file_key || !grant.kind) throw notFound(linkMessages.noFile);
  return {
    title: grant.title,
    fileKey: grant.file_key,
    kind: grant.kind,
    sizeBytes: Number(grant.size_bytes),
    sha256: grant.sha256!,
  };
}

/**
 * Counts one download, or refuses (410) when the link has none left: one conditional UPDATE, so of
 * any number of parallel requests exactly the downloads left succeed.
 */
export async function countDownload(db: Database, claims: { grantId: number; generation: number }): Promise<void> {
  const counted = await db
    .update(downloadGrants)
    .set({ downloadsUsed: sql`${downloadGrants.downloadsUsed} + 1` })
    .where(
      and(
        eq(downloadGrants.id, claims.grantId),
        eq(downloadGrants.generation, claims.generation),
        sql`${downloadGrants.revokedAt} IS NULL`,
        sql`${downloadGrants.expiresAt} > now()`,
        sql`${downloadGrants.downloadsUsed} < ${DOWNLOADS_PER_LINK}`,
      ),
    )
    .returning({ id: downloadGrants.id });
  if (counted.length === 0) {
    // Lost the race for the last download, or revoked meanwhile: say which, as checkGrant would.
    await checkGrant(db, { ...claims, expires: Number.MAX_SAFE_INTEGER / 1000 });
    throw new AppError(410, linkMessages.usedUp);
  }
}

/** The eBook editions of a title and their files (staff, the book dialog's "eBook file"). */
export async function ebookFilesOfBook(db: Queryable, bookId: number): Promise<EbookFile[]> {
  const found = await rows<{
    edition: number;
    format: string;
    condition: string;
    isbn: string;
    kind: 'epub' | 'pdf' | null;
    size_bytes: number | null;
    sha256: string | null;
    uploaded_at: string | null;
  }>(
    db,
    sql`SELECT e.id AS edition, e.format, e.condition, e.isbn, f.kind, f.size_bytes, f.sha256,
               to_char(f.uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS uploaded_at
        FROM editions e LEFT JOIN ebook_files f ON f.edition_id = e.id
        WHERE e.book_id = ${bookId} AND e.format = 'eBook' ORDER BY e.id`,
  );
  return found.map((row) => ({
    edition: row.edition,
    format: row.format,
    condition: row.condition,
    isbn: row.isbn,
    file:
      row.kind && row.sha256 && row.uploaded_at
        ? { format: row.kind, size_bytes: Number(row.size_bytes), sha256: row.sha256, uploaded_at: row.uploaded_at }
        : null,
  }));
}

/** The edition, when it is an eBook: 404 for none, 409 for a paper one. */
export async function ebookEdition(db: Queryable, editionId: number): Promise<{ bookId: number }> {
  const [edition] = await rows<{ book_id: number; format: string }>(
    db,
    sql`SELECT book_id, format FROM editions WHERE id = ${editionId}`,
  );
  if (!edition) throw notFound('Edition not found');
  if (edition.format !== 'eBook') throw conflict('Only an eBook edition has a file to download.');
  return { bookId: edition.book_id };
}

/**
 * Records an eBook edition's file (replacing the one before); returns the key of the file it
 * replaced, for the caller to remove after commit. The edition's first file also starts the downloads
 * of the paid orders that were waiting for it (`startWaitingDownloads`).
 */
export async function saveEbookFile(
  db: Database,
  editionId: number,
  file: StoredFile,
  /** Staff who uploaded it; null for the demo's own files. */
  uploadedBy: number | null,
): Promise<{ replaced: string | null }> {
  return db.transaction(async (tx) => {
    await ebookEdition(tx, editionId);
    await tx.execute(fileLock(editionId, 'alone'));
    const [before] = await tx
      .select({ fileKey: ebookFiles.fileKey })
      .from(ebookFiles)
      .where(eq(ebookFiles.editionId, editionId))
      .for('update');
    const values = {
      fileKey: file.key,
      kind: file.kind,
      sizeBytes: file.sizeBytes,
      sha256: file.sha256,
      uploadedBy,
      uploadedAt: sql`now()`,
    };
    await tx
      .insert(ebookFiles)
      .values({ editionId, ...values })
      .onConflictDoUpdate({ target: ebookFiles.editionId, set: values });
    if (!before) await startWaitingDownloads(tx, editionId);
    return { replaced: before && before.fileKey !== file.key ? before.fileKey : null };
  });
}

/**
 * The edition's file has just arrived: the lines of paid orders that were waiting for it (bought
 * before the shop refused an eBook without its file) get a fresh link, good for DOWNLOAD_LINK_HOURS
 * from now, and each such order an `ebook.ready` event, after which the shopper is sent the link and
 * an order of eBooks only is delivered (its subscribers, in mail and orders). A line refunded or
 * cancelled (revoked) stays as it is.
 */
async function startWaitingDownloads(tx: Transaction, editionId: number): Promise<void> {
  const waiting = await rows<{ order_id: number; item: number }>(
    tx,
    sql`UPDATE download_grants g
        SET generation = ((g.generation - 1) / ${BLOCK} + 1) * ${BLOCK} + 1, downloads_used = 0,
            expires_at = now() + make_interval(secs => ${LINK_SECONDS})
        FROM orders o
        WHERE o.id = g.order_id AND g.edition_id = ${editionId} AND g.revoked_at IS NULL
          AND o.payment_status = 'success'
        RETURNING g.order_id, g.order_item_id AS item`,
  );
  const byOrder = new Map<number, number[]>();
  for (const line of waiting) byOrder.set(line.order_id, [...(byOrder.get(line.order_id) ?? []), line.item]);
  for (const [orderId, items] of byOrder) {
    await recordEvent(tx, { type: 'ebook.ready', key: orderId, payload: { orderId, editionId, items } });
  }
}
