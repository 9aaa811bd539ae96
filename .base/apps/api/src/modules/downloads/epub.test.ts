import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { byteRange } from '../../lib/ranges.js';
import { makeEpub } from './epub.js';
import { ebookKind } from './files.js';
import { readLink, signLink } from './links.js';

/** Debian's `epubcheck` package: a jar run by Java. */
const EPUBCHECK_JAR = ['/usr/share/java/epubcheck.jar', process.env.EPUBCHECK_JAR ?? ''].find(
  (p) => p && existsSync(p),
);
const hasJava = (() => {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!EPUBCHECK_JAR || !hasJava) {
  console.warn('epubcheck is not installed (apt-get install epubcheck): the demo eBooks are not checked by it here.');
}

const dir = mkdtempSync(path.join(tmpdir(), 'bookstore-epub-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const book = {
  title: 'Pride & Prejudice <Illustrated>',
  author: 'Jane Austen',
  description: 'It is a truth universally acknowledged…\n\nA second paragraph with “quotes” & ampersands.\u0001',
};

describe('the demo eBooks', () => {
  it('are ZIPs whose first entry is the stored mimetype, as an upload is checked', () => {
    const epub = makeEpub(book);
    expect(ebookKind(epub)).toBe('epub');
    expect(epub.subarray(30, 38).toString('latin1')).toBe('mimetype');
  });

  it.skipIf(!EPUBCHECK_JAR || !hasJava)('are valid EPUB 3 by epubcheck', { timeout: 60_000 }, () => {
    const file = path.join(dir, 'demo.epub');
    writeFileSync(file, makeEpub(book));
    const out = execFileSync('java', ['-jar', EPUBCHECK_JAR!, file], { encoding: 'utf8', stdio: 'pipe' });
    expect(out).toContain('No errors or warnings detected');
  });
});

describe('file kinds by their bytes', () => {
  it('knows a PDF, refuses a ZIP without the mimetype entry first and anything else', () => {
    expect(ebookKind(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(ebookKind(Buffer.from('PK\u0003\u0004 not really a zip'))).toBeNull();
    expect(ebookKind(Buffer.from('<html>'))).toBeNull();
    expect(ebookKind(Buffer.alloc(0))).toBeNull();
  });
});

describe('byte ranges', () => {
  it('reads one range and ignores what it cannot read', () => {
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-1,5-6', 100)).toBe('ignore');
    expect(byteRange('bytes=9-1', 100)).toBe('ignore');
    expect(byteRange('items=0-1', 100)).toBe('ignore');
    expect(byteRange(undefined, 100)).toBe('ignore');
  });
});

describe('signed links', () => {
  it('read back what was signed, and nothing altered', () => {
    const token = signLink('s'.repeat(40), { grantId: 7, generation: 2, expires: 2_000_000_000 });
    expect(readLink('s'.repeat(40), token)).toEqual({ grantId: 7, generation: 2, expires: 2_000_000_000 });
    expect(readLink('t'.repeat(40), token)).toBeNull();
    expect(readLink('s'.repeat(40), token.replace('7.2.', '8.2.'))).toBeNull();
    expect(readLink('s'.repeat(40), 'garbage')).toBeNull();
  });
});
