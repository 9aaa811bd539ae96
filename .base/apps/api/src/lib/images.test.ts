import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { detectImageKind, ImageRejected, removeMedia, storeImage, storeImageVariants } from './images.js';
import { picture } from '../test/uploads.js';

// The test's own folder: the media folder, and beside it a sentinel file the guard must never touch.
const root = mkdtempSync(path.join(tmpdir(), 'images-test-'));
const mediaDir = path.join(root, 'media');
mkdirSync(mediaDir);
afterAll(() => rmSync(root, { recursive: true, force: true }));
const messages = { type: 'wrong type', size: 'too big' };
const onDisk = (url: string) => path.join(mediaDir, url.replace('/media/', ''));

describe('images', () => {
  it('knows a picture by its first bytes, not its name', async () => {
    expect(detectImageKind(await picture('jpeg'))).toBe('jpeg');
    expect(detectImageKind(await picture('png'))).toBe('png');
    expect(detectImageKind(await picture('gif'))).toBe('gif');
    expect(detectImageKind(await picture('webp'))).toBe('webp');
    expect(detectImageKind(Buffer.from('GIF is what I say I am'))).toBeNull();
    expect(detectImageKind(Buffer.alloc(0))).toBeNull();
  });

  it('stores a re-encoded copy without metadata, scaled into the box', async () => {
    const source = await sharp({ create: { width: 300, height: 150, channels: 3, background: 'blue' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Someone Private' } })
      .toBuffer();
    const stored = await storeImage(
      source,
      { mediaDir, folder: 'covers', allowed: ['jpeg'], maxBytes: 1_000_000, maxWidth: 100, maxHeight: 100 },
      messages,
    );
    expect(stored).toMatchObject({ kind: 'jpeg', width: 100, height: 50 });
    const meta = await sharp(readFileSync(onDisk(stored.url))).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(100);
    await removeMedia(mediaDir, stored.url);
    expect(() => readFileSync(onDisk(stored.url))).toThrow();
  });

  it('refuses types not allowed, undecodable bytes and too many bytes', async () => {
    const options = { mediaDir, folder: 'x', allowed: ['png'] as const, maxBytes: 10_000 };
    await expect(storeImage(await picture('jpeg'), options, messages)).rejects.toMatchObject({ reason: 'type' });
    const broken = Buffer.concat([(await picture('png')).subarray(0, 40), Buffer.alloc(100)]);
    await expect(storeImage(broken, options, messages)).rejects.toBeInstanceOf(ImageRejected);
    await expect(storeImage(Buffer.alloc(20_000), options, messages)).rejects.toMatchObject({
      reason: 'size',
      message: 'too big',
    });
  });

  it('makes WebP variants for srcset, never wider than the original', async () => {
    const source = await picture('png', 500);
    const variants = await storeImageVariants(source, { mediaDir, folder: 'covers', widths: [200, 400, 800] });
    expect(variants.map((v) => v.width)).toEqual([200, 400, 500]);
    for (const variant of variants) {
      const meta = await sharp(readFileSync(onDisk(variant.path))).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: variant.width });
    }
  });

  it('never removes files outside the media folder', async () => {
    // Aimed at a file of this test's own, never at a real system file: if the guard ever breaks, the
    // test fails having deleted only its sentinel.
    const sentinel = path.join(root, 'sentinel.txt');
    writeFileSync(sentinel, 'keep me');
    const fromRoot = path.relative('/', sentinel);
    for (const url of [
      '/media/../sentinel.txt',
      `/media/${'../'.repeat(mediaDir.split(path.sep).length)}${fromRoot}`,
      '/media/..%2Fsentinel.txt',
      '/media/',
      `/media/../${path.basename(mediaDir)}`,
    ]) {
      await removeMedia(mediaDir, url);
      expect(existsSync(sentinel), url).toBe(true);
    }
    expect(existsSync(mediaDir)).toBe(true);
    await removeMedia(mediaDir, 'https://elsewhere.test/sentinel.txt');
    expect(existsSync(sentinel)).toBe(true);
  });
});
