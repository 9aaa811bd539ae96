import { createHash } from 'node:crypto';
import { type Entry, getFileNameLowLevel, openPromise, type ZipFile } from 'yauzl';
import { zip } from '../../lib/zip.js';

/**
 * A small EPUB 3 made from a title's metadata and description: the demo shop's eBooks (seed), so a
 * shopper who buys one gets a real book to open. `mimetype` comes first and is stored, as the EPUB
 * container asks; a test checks the result with epubcheck where it is installed (epub.test.ts).
 */
export interface EpubBook {
  title: string;
  author: string;
  description: string;
  language?: string;
  /** When the file is made; fixed in tests so the bytes are the same. */
  modified?: Date;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

// Characters XML 1.0 does not allow, whatever the escaping.
const xmlText = (text: string) => escapeXml(text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD]/gu, ''));

function page(title: string, body: string, lang: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${lang}" lang="${lang}">
<head><meta charset="UTF-8"/><title>${title}</title></head>
<body>
${body}
</body>
</html>
`;
}

export function makeEpub(book: EpubBook): Buffer {
  const lang = book.language ?? 'en';
  const title = xmlText(book.title.trim() || 'Untitled');
  const author = xmlText(book.author.trim() || 'Unknown');
  const modified = (book.modified ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const uuid = createHash('sha256').update(`${book.title}\n${book.author}`).digest('hex');
  const identifier = `urn:uuid:${uuid.slice(0, 8)}-${uuid.slice(8, 12)}-5${uuid.slice(13, 16)}-a${uuid.slice(17, 20)}-${uuid.slice(20, 32)}`;
  const paragraphs = book.description
    .split(/\n\s*\n|\r\n\s*\r\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${xmlText(p)}</p>`)
    .join('\n');

  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${lang}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">${identifier}</dc:identifier>
    <dc:title>${title}</dc:title>
    <dc:creator>${author}</dc:creator>
    <dc:language>${lang}</dc:language>
    <meta property="dcterms:modified">${modified}</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="title-page" href="title.xhtml" media-type="application/xhtml+xml"/>
    <item id="text" href="text.xhtml" media-type="application/xhtml+xml"/>
  </manifest>
  <spine>
    <itemref idref="title-page"/>
    <itemref idref="text"/>
  </spine>
</package>
`;
  const nav = page(
    title,
    `<nav epub:type="toc" id="toc">
<h1>Contents</h1>
<ol>
<li><a href="title.xhtml">${title}</a></li>
<li><a href="text.xhtml">About this book</a></li>
</ol>
</nav>`,
    lang,
  );
  const titlePage = page(
    title,
    `<section epub:type="titlepage">\n<h1>${title}</h1>\n<p>${author}</p>\n</section>`,
    lang,
  );
  const text = page(
    `${title}: about this book`,
    `<section epub:type="chapter">\n<h2>About this book</h2>\n${paragraphs || '<p></p>'}\n</section>`,
    lang,
  );
  return zip([
    { name: 'mimetype', data: 'application/epub+zip' },
    {
      name: 'META-INF/container.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`,
    },
    { name: 'OEBPS/content.opf', data: opf },
    { name: 'OEBPS/nav.xhtml', data: nav },
    { name: 'OEBPS/title.xhtml', data: titlePage },
    { name: 'OEBPS/text.xhtml', data: text },
  ]);
}

/**
 * What an uploaded EPUB may hold (docs/decisions/0028-trust-round-three.md). Every number comes from
 * the ZIP's central directory and local headers, read with yauzl; nothing is inflated. A real eBook
 * is a few hundred files (an illustrated encyclopaedia or a manga volume, a few thousand) and unpacks
 * to about its own size (pictures) or three to four times it (text); a zip bomb unpacks to a thousand
 * times its size, or is tens of thousands of entries.
 */
export const EPUB_MAX_ENTRIES = 10_000;
/** At least this much unpacked is always allowed; a shop that raises EBOOK_MAX_MB gets four times its limit. */
export const EPUB_MIN_UNPACKED_BYTES = 200 * 1024 * 1024;
export const epubUnpackedLimit = (maxUploadBytes: number) =>
  Number.isFinite(maxUploadBytes) ? Math.max(EPUB_MIN_UNPACKED_BYTES, 4 * maxUploadBytes) : EPUB_MIN_UNPACKED_BYTES;

export const epubMessages = {
  container:
    'This EPUB is not packaged as the EPUB format requires: its first file must be "mimetype", uncompressed, holding application/epub+zip. Please export the eBook again from your eBook editor.',
  tooLarge: (limitBytes: number) =>
    `This EPUB would unpack to more than ${Math.floor(limitBytes / 1048576)} MB, more than any real eBook. Please upload a smaller file.`,
  tooManyFiles: `This EPUB holds more than ${EPUB_MAX_ENTRIES.toLocaleString('en-US')} files, more than any real eBook. Please upload a smaller file.`,
  outside:
    'This EPUB holds a file whose name leads outside the book (an absolute path or ".."). Please export the eBook again from your eBook editor.',
  encrypted: 'This EPUB is password-protected (its files are encrypted). Please upload an eBook without a password.',
  compression:
    'This EPUB uses a kind of compression the EPUB format does not allow. Please export the eBook again from your eBook editor.',
  damaged: 'This EPUB is damaged and cannot be read. Please export the eBook again from your eBook editor.',
};

const MIMETYPE = 'application/epub+zip';
/** Stored (0) and Deflate (8): the only methods the EPUB container allows. */
const EPUB_METHODS = new Set([0, 8]);
const ENCRYPTED = 0x0001;
const STRONG_ENCRYPTION = 0x0040;

/**
 * A name that an extractor could write outside the folder it unpacks into: absolute (`/x`, `\x`,
 * `C:`), any `..` segment with either slash (also `.. ` and `...`, which Windows reads as `..`), or
 * a NUL, which ends the name early in C.
 */
function leavesTheBook(name: string): boolean {
  if (/^[/\\]|^[A-Za-z]:|\0/.test(name)) return true;
  return name.split(/[/\\]/).some((part) => /^\.\.[. ]*$/.test(part));
}

/** Every name an extractor may go by: the directory's raw bytes, its Unicode path field, the local header's. */
function namesOf(entry: Entry, localName: Buffer): string[] {
  return [
    entry.fileNameRaw.toString('latin1'),
    entry.fileNameRaw.toString('utf8'),
    getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true),
    localName.toString('latin1'),
    localName.toString('utf8'),
  ];
}

/**
 * Deflate never makes data more than a few bytes per 16 KB block larger: an entry whose compressed
 * bytes outweigh its declared size by more is lying about what it unpacks to.
 */
const deflateCeiling = (size: number) => size + Math.ceil(size / 16_000) * 5 + 64;

/**
 * Why the EPUB at `file` (already known to start with a stored `mimetype` entry) may not be kept, in
 * the shop's words, or null when it may. Reads only the ZIP's directory and each entry's local header.
 */
export async function epubProblem(file: string, maxUnpackedBytes: number): Promise<string | null> {
  let archive: ZipFile;
  try {
    archive = await openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: true,
      strictFileNames: true,
    });
  } catch {
    return epubMessages.damaged;
  }
  try {
    if (archive.entryCount > EPUB_MAX_ENTRIES) return epubMessages.tooManyFiles;
    let index = 0;
    let unpacked = 0;
    for await (const entry of archive.eachEntry()) {
      const local = await archive.readLocalFileHeaderPromise(entry);
      if (index === 0) {
        const first =
          entry.fileNameRaw.toString('latin1') === 'mimetype' &&
          entry.relativeOffsetOfLocalHeader === 0 &&
          entry.compressionMethod === 0 &&
          entry.uncompressedSize === MIMETYPE.length &&
          local.compressionMethod === 0;
        if (!first) return epubMessages.container;
      }
      index += 1;
      if (namesOf(entry, local.fileName).some(leavesTheBook)) return epubMessages.outside;
      const flags = entry.generalPurposeBitFlag | local.generalPurposeBitFlag;
      if (flags & (ENCRYPTED | STRONG_ENCRYPTION)) return epubMessages.encrypted;
      if (!EPUB_METHODS.has(entry.compressionMethod) || entry.compressionMethod !== local.compressionMethod) {
        return epubMessages.compression;
      }
      if (entry.compressionMethod === 8 && entry.compressedSize > deflateCeiling(entry.uncompressedSize)) {
        return epubMessages.damaged;
      }
      unpacked += entry.uncompressedSize;
      if (unpacked > maxUnpackedBytes) return epubMessages.tooLarge(maxUnpackedBytes);
    }
    return index === 0 ? epubMessages.container : null;
  } catch (err) {
    // yauzl refuses strong encryption itself, before the entry reaches us.
    return /encryption/i.test((err as Error).message) ? epubMessages.encrypted : epubMessages.damaged;
  } finally {
    archive.close();
  }
}
