import { readdirSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { editions } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createBook, createUser, type TestUser } from '../../test/factories.js';
import { multipart } from '../../test/uploads.js';
import { craftZip, deflatedZeros, EPUB_HEAD, type CraftedEntry } from '../../test/zips.js';

/**
 * Files that are what they claim (docs/product.md, "eBook downloads"; docs/decisions/0028): crafted
 * EPUBs (a zip bomb, thousands of entries, names that leave the book, encryption, a container that
 * lies) and PDFs that are also web pages, sent through the upload route as staff would.
 */
const ctx = useTestApp();
const app = () => ctx().app;

let staff: TestUser;
let edition: number;
beforeAll(async () => {
  staff = await createUser(app(), { staff: true });
  const book = await createBook(app(), { price: '5.00', stock: 1, bookType: 'eBook', ebookFile: false });
  const [row] = await app()
    .db.select({ id: editions.id })
    .from(editions)
    .where(and(eq(editions.bookId, book.id), eq(editions.format, 'eBook')));
  edition = row!.id;
});

async function upload(data: Buffer, name: string) {
  const { payload, headers } = await multipart({}, { file: { data, name } });
  return app().inject({
    method: 'PUT',
    url: `/api/admin/editions/${edition}/ebook-file`,
    headers: { ...staff.headers, ...headers },
    payload,
  });
}

/** Refused with this status and these words, and nothing of the upload is left on disk. */
async function expectRefused(data: Buffer, name: string, status: number, message: string | RegExp) {
  const answer = await upload(data, name);
  expect(answer.statusCode, answer.body).toBe(status);
  const body = answer.json();
  if (typeof message === 'string') expect(body.error).toBe(message);
  else expect(body.error).toMatch(message);
  expect(body.fields.file).toEqual([body.error]);
  expect(readdirSync(ctx().config.filesDir).filter((f) => f.startsWith('.upload-'))).toEqual([]);
}

const chapter = (n: number): CraftedEntry => ({
  name: `OEBPS/chapter-${n}.xhtml`,
  deflate: true,
  data: `<html xmlns="http://www.w3.org/1999/xhtml"><body><p>${'It was a dark and stormy night. '.repeat(200)}</p></body></html>`,
});

describe('an EPUB is a ZIP that unpacks safely', () => {
  it('accepts an EPUB as eBook editors write it: mimetype stored first, the rest deflated', async () => {
    const epub = craftZip([...EPUB_HEAD, chapter(1), chapter(2)]);
    const answer = await upload(epub, 'book.epub');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().file).toMatchObject({ format: 'epub', size_bytes: epub.length });
  });

  it('refuses a zip bomb: a few hundred kilobytes that unpack to more than 200 MB', { timeout: 30_000 }, async () => {
    const bomb = craftZip([
      ...EPUB_HEAD,
      { name: 'OEBPS/chapter-1.xhtml', packed: await deflatedZeros(201 * 1024 * 1024) },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expectRefused(
      bomb,
      'book.epub',
      422,
      'This EPUB would unpack to more than 200 MB, more than any real eBook. Please upload a smaller file.',
    );
  });

  it('refuses an EPUB of more than 10,000 files', async () => {
    const many = craftZip([
      ...EPUB_HEAD,
      ...Array.from({ length: 10_000 }, (_, i) => ({ name: `OEBPS/p${i}.xhtml`, data: '<p/>' })),
    ]);
    await expectRefused(
      many,
      'book.epub',
      422,
      'This EPUB holds more than 10,000 files, more than any real eBook. Please upload a smaller file.',
    );
  });

  it('refuses a file whose name leads out of the book: "..", an absolute path, a drive, a backslash', async () => {
    const message =
      'This EPUB holds a file whose name leads outside the book (an absolute path or ".."). Please export the eBook again from your eBook editor.';
    for (const name of [
      '../../../etc/cron.d/evil',
      'OEBPS/../../outside.xhtml',
      '/etc/passwd',
      'C:/Windows/evil.dll',
      'OEBPS\\..\\..\\evil.xhtml',
    ]) {
      await expectRefused(craftZip([...EPUB_HEAD, { name, data: 'x' }]), 'book.epub', 422, message);
    }
    // A streaming extractor reads the local header's name, not the directory's: both are judged.
    await expectRefused(
      craftZip([...EPUB_HEAD, { name: 'OEBPS/fine.xhtml', localName: '../../evil.sh', data: 'x' }]),
      'book.epub',
      422,
      message,
    );
  });

  it('refuses encrypted entries', async () => {
    await expectRefused(
      craftZip([...EPUB_HEAD, { ...chapter(1), flags: 1 }]),
      'book.epub',
      422,
      'This EPUB is password-protected (its files are encrypted). Please upload an eBook without a password.',
    );
  });

  it('refuses a mimetype that is compressed or says something else, first in the file or in its directory', async () => {
    const message =
      'This EPUB is not packaged as the EPUB format requires: its first file must be "mimetype", uncompressed, holding application/epub+zip. Please export the eBook again from your eBook editor.';
    const [mimetype, container] = EPUB_HEAD as [CraftedEntry, CraftedEntry];
    await expectRefused(craftZip([{ ...mimetype, deflate: true }, container]), 'book.epub', 422, message);
    await expectRefused(
      craftZip([{ name: 'mimetype', data: 'application/zip+epub' }, container]),
      'book.epub',
      422,
      message,
    );
    // The bytes start as an EPUB's, but the directory every reader goes by names another file first.
    await expectRefused(
      craftZip([{ ...mimetype, name: 'evil.html', localName: 'mimetype' }, container]),
      'book.epub',
      422,
      message,
    );
  });
});

describe('a PDF is not a web page', () => {
  it('refuses a PDF with HTML in its first kilobyte (a PDF/HTML polyglot)', async () => {
    const message =
      'This PDF holds web page code (HTML) at its start, which a PDF never does. Please upload the PDF as your PDF tool saved it.';
    for (const html of [
      '<html><script>alert(document.cookie)</script></html>',
      '<SCRIPT src=//evil.test/x.js>',
      '<!doctype html><body onload=alert(1)>',
    ]) {
      const polyglot = Buffer.from(
        `%PDF-1.4\n%${html}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
      );
      await expectRefused(polyglot, 'book.pdf', 422, message);
    }
    // Anything before %PDF- is not a PDF at all.
    await expectRefused(
      Buffer.from('<html><body>%PDF-1.4\n%%EOF\n</body></html>'),
      'book.pdf',
      415,
      'This file is not an EPUB or a PDF. Please upload the eBook as an .epub or .pdf file.',
    );
  });

  it('accepts a real PDF: binary bytes, hex strings and XMP metadata near its start', async () => {
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n%'),
      Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]),
      Buffer.from(
        '\n1 0 obj << /Type /Catalog /Pages 2 0 R /Metadata 3 0 R /ID [<a1b2c3d4> <ab cd ef>] >> endobj\n' +
          '3 0 obj << /Type /Metadata /Subtype /XML >> stream\n<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
          '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description><dc:title>A book about <b></dc:title>' +
          '<pdf:Producer>Writer</pdf:Producer></rdf:Description></rdf:RDF></x:xmpmeta>\nendstream endobj\n' +
          'trailer << /Root 1 0 R >>\n%%EOF\n',
      ),
    ]);
    const answer = await upload(pdf, 'book.pdf');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().file).toMatchObject({ format: 'pdf' });
  });
});
