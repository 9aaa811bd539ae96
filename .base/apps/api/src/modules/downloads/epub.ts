import { createHash } from 'node:crypto';
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
