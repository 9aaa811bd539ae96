import { z } from 'zod';

/**
 * eBook delivery (docs/product.md, "eBook downloads"; docs/decisions/0023-ebook-delivery.md): each
 * eBook line of a paid order has a signed download link, good for DOWNLOAD_LINK_HOURS and
 * DOWNLOADS_PER_LINK downloads, renewable from the order page while the order stands: DOWNLOAD_RENEWALS
 * times by the shopper, and whenever staff choose (docs/decisions/0028-trust-round-three.md).
 */
export { DOWNLOAD_LINK_HOURS, DOWNLOAD_RENEWALS, DOWNLOADS_PER_LINK } from './checkout.js';

/** 'ready': the link works; 'expired' / 'used_up': a new link is one click away; 'revoked': the order was refunded or cancelled; 'no_file': the shop has not uploaded the file yet. */
export const DOWNLOAD_STATES = ['ready', 'expired', 'used_up', 'revoked', 'no_file'] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

export const downloadLineSchema = z
  .object({
    /** The order line (order item) this download belongs to. */
    item: z.number().int(),
    title: z.string(),
    /** 'epub' | 'pdf', or null while there is no file. */
    file_format: z.string().nullable(),
    state: z.enum(DOWNLOAD_STATES),
    downloads_used: z.number().int(),
    downloads_left: z.number().int(),
    expires_at: z.string(),
    /** New links the shopper may still ask for (staff may always give one, and the shopper then has DOWNLOAD_RENEWALS again). */
    renewals_left: z.number().int(),
    /** The signed link (a path under /api/downloads/), only while it works. */
    url: z.string().nullable(),
  })
  .meta({ id: 'DownloadLine' });
export type DownloadLine = z.infer<typeof downloadLineSchema>;

const wholeNumber = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number);

export const downloadItemParamsSchema = z.object({ id: wholeNumber('id'), item: wholeNumber('item') });

export const downloadTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** An eBook edition's file, as staff see it. */
export const ebookFileSchema = z
  .object({
    edition: z.number().int(),
    format: z.string(),
    condition: z.string(),
    isbn: z.string(),
    /** null while no file was uploaded. */
    file: z
      .object({
        format: z.enum(['epub', 'pdf']),
        size_bytes: z.number().int(),
        sha256: z.string(),
        uploaded_at: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'EbookFile' });
export type EbookFile = z.infer<typeof ebookFileSchema>;
