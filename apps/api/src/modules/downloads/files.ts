import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../lib/errors.js';
import { epubMessages, epubProblem, epubUnpackedLimit } from './epub.js';

/**
 * eBook files (EPUB or PDF) under DATA_DIR/files, beside the media folder and never under it, so
 * `/media/` cannot serve them: only a download link can (routes.ts). The kind comes from the bytes,
 * never the name or the browser's word.
 */
export type EbookKind = 'epub' | 'pdf';

export const CONTENT_TYPES: Record<EbookKind, string> = { epub: 'application/epub+zip', pdf: 'application/pdf' };

const MIMETYPE = Buffer.from('application/epub+zip');
/** Enough of a file's start to see its kind: the ZIP's first header, its extra field and `mimetype`'s content. */
const HEAD_BYTES = 30 + 8 + 0xffff + MIMETYPE.length;

/**
 * An EPUB is a ZIP whose first entry is `mimetype`, stored (not compressed), holding exactly
 * `application/epub+zip`; a PDF starts with `%PDF-`.
 */
export function ebookKind(head: Buffer): EbookKind | null {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head.length < 30 || head.readUInt32LE(0) !== 0x04034b50) return null;
  const method = head.readUInt16LE(8);
  const size = head.readUInt32LE(22);
  const nameLength = head.readUInt16LE(26);
  const extraLength = head.readUInt16LE(28);
  if (method !== 0 || nameLength !== 8 || size !== MIMETYPE.length) return null;
  if (head.subarray(30, 38).toString('latin1') !== 'mimetype') return null;
  const start = 30 + nameLength + extraLength;
  return head.subarray(start, start + MIMETYPE.length).equals(MIMETYPE) ? 'epub' : null;
}

/**
 * A ZIP whose first entry is named `mimetype` but is compressed or holds something else: meant as an
 * EPUB, packaged wrongly (told so, rather than "not an EPUB or a PDF").
 */
function looksLikeEpub(head: Buffer): boolean {
  return (
    head.length >= 38 &&
    head.readUInt32LE(0) === 0x04034b50 &&
    head.readUInt16LE(26) === 8 &&
    head.subarray(30, 38).toString('latin1') === 'mimetype'
  );
}

/** How much of a PDF's start is read for HTML: more than the 256 bytes old browsers sniffed for it. */
const PDF_SNIFF_BYTES = 1024;
/**
 * Tags that make a browser (or a browser's old sniffer) take bytes for a web page. Each is followed by
 * a space, `/` or `>`; none can start a PDF hex string (`<a1 b2>` stays allowed: `a` and `b` are hex
 * digits, so those tags are left out), a dictionary (`<<`) or XMP metadata (`<x:xmpmeta`, `<rdf:…`).
 */
const HTML_IN_PDF =
  /<(?:!doctype|html|head|body|script|iframe|frame|frameset|object|embed|svg|meta|link|style|img|form|base|title)[\s/>]/i;

/**
 * A PDF is `%PDF-` at byte 0 (nothing before it), and its first kilobyte (header, binary comment, the
 * first objects' dictionaries) holds no HTML tag: a file that is a PDF and a web page at once (a
 * polyglot) is refused, whatever a browser would make of it.
 */
export function pdfProblem(head: Buffer): string | null {
  return HTML_IN_PDF.test(head.subarray(0, PDF_SNIFF_BYTES).toString('latin1')) ? fileMessages.htmlInPdf : null;
}

export const fileMessages = {
  kind: 'This file is not an EPUB or a PDF. Please upload the eBook as an .epub or .pdf file.',
  htmlInPdf:
    'This PDF holds web page code (HTML) at its start, which a PDF never does. Please upload the PDF as your PDF tool saved it.',
  empty: 'Please choose the eBook file (EPUB or PDF) to upload.',
  tooLarge: (maxBytes: number) =>
    `This file is too large. An eBook may be at most ${Math.floor(maxBytes / 1048576)} MB.`,
};

export interface StoredFile {
  /** The name under the files folder. */
  key: string;
  kind: EbookKind;
  sizeBytes: number;
  sha256: string;
}

/**
 * Writes an uploaded stream under `dir` with a random name while hashing it and keeping its first
 * bytes; refuses (4xx, and nothing left behind) a file of the wrong kind (415), an empty one (400),
 * one that went over the limit (413; `truncated()` says so: the multipart reader stops at its fileSize
 * limit), and an EPUB or PDF whose content is not safe to keep (422: `epubProblem`, `pdfProblem`).
 */
export async function storeUpload(
  dir: string,
  source: Readable,
  options: { maxBytes: number; truncated: () => boolean; field: string },
): Promise<StoredFile> {
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.upload-${randomUUID()}`);
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  let sizeBytes = 0;
  const watch = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      if (headLength < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      done(null, chunk);
    },
  });
  const refuse = async (status: number, message: string) => {
    await rm(temp, { force: true });
    return new AppError(status, message, { [options.field]: [message] });
  };
  await pipeline(source, watch, createWriteStream(temp, { mode: 0o600 }));
  if (options.truncated() || sizeBytes > options.maxBytes)
    throw await refuse(413, fileMessages.tooLarge(options.maxBytes));
  if (sizeBytes === 0) throw await refuse(400, fileMessages.empty);
  const start = Buffer.concat(head);
  const kind = ebookKind(start);
  if (!kind) {
    throw looksLikeEpub(start) ? await refuse(422, epubMessages.container) : await refuse(415, fileMessages.kind);
  }
  const problem = kind === 'epub' ? await epubProblem(temp, epubUnpackedLimit(options.maxBytes)) : pdfProblem(start);
  if (problem) throw await refuse(422, problem);
  const key = `${randomUUID()}.${kind}`;
  await rename(temp, path.join(dir, key));
  return { key, kind, sizeBytes, sha256: hash.digest('hex') };
}

/** Removes a stored file (one replaced or never recorded); a file already gone is no error. */
export async function removeStored(dir: string, key: string): Promise<void> {
  if (!/^[0-9a-f-]{36}\.(epub|pdf)$/.test(key)) return;
  await rm(path.join(dir, key), { force: true });
}

/** `attachment; filename=…` with an ASCII name and the full name in UTF-8 (RFC 6266). */
export function attachment(title: string, kind: EbookKind): string {
  const ascii =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\/;:*?<>|%]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100) || 'ebook';
  // encodeURIComponent below escapes every control character; only path separators are taken out.
  const full = `${title.replace(/[\\/]/g, ' ').trim().slice(0, 150) || 'ebook'}.${kind}`;
  return `attachment; filename="${ascii}.${kind}"; filename*=UTF-8''${encodeURIComponent(full)}`;
}

/** Keeps bytes made by the shop itself (the demo eBooks), through the same checks as an upload. */
export function storeBytes(dir: string, data: Buffer): Promise<StoredFile> {
  return storeUpload(dir, Readable.from([data]), { maxBytes: Infinity, truncated: () => false, field: 'file' });
}
