import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

/**
 * Uploaded pictures: the type comes from the file's first bytes (never its name or the browser's
 * word), the picture is decoded and re-encoded so nothing but pixels survives (EXIF, GPS, comments,
 * anything appended), and it is written under DATA_DIR/media with a random name.
 */
export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp';

export class ImageRejected extends Error {
  constructor(
    /**
     * 'type': not an allowed picture by its bytes, or not decodable; 'size': too many bytes (or pixels,
     * where the caller has no message of its own for them); 'pixels': claims more pixels than we decode.
     */
    readonly reason: 'type' | 'size' | 'pixels',
    message: string,
  ) {
    super(message);
    this.name = 'ImageRejected';
  }
}

/** What the first bytes say the file is, or null. */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (bytes.length >= 6 && (starts(0x47, 0x49, 0x46, 0x38, 0x37, 0x61) || starts(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))) {
    return 'gif';
  }
  if (bytes.length >= 12 && starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') {
    return 'webp';
  }
  return null;
}

const EXTENSION: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };
/** Decompression bombs: a few kilobytes can claim billions of pixels. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface StoreImageOptions {
  /** DATA_DIR/media. */
  mediaDir: string;
  /** Folder under media, e.g. 'profiles' or 'covers'. */
  folder: string;
  allowed: readonly ImageKind[];
  maxBytes: number;
  /** Pictures larger than this box are scaled down (aspect kept); never enlarged. */
  maxWidth?: number;
  maxHeight?: number;
}

export interface StoredImage {
  /** Public address, e.g. /media/profiles/4f0c….jpg */
  url: string;
  kind: ImageKind;
  width: number;
  height: number;
  bytes: number;
}

function pipelineFor(input: Buffer, kind: ImageKind) {
  // Animated GIFs keep their frames; everything else is one frame, turned upright from its EXIF first.
  const animated = kind === 'gif' || kind === 'webp';
  return sharp(input, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
}

function encode(image: Sharp, kind: ImageKind) {
  switch (kind) {
    case 'jpeg':
      return image.jpeg({ quality: 85, mozjpeg: true });
    case 'png':
      return image.png({ compressionLevel: 9 });
    case 'gif':
      return image.gif();
    case 'webp':
      return image.webp({ quality: 82 });
  }
}

/** Checks the bytes, re-encodes (metadata stripped) and returns the re-encoded picture in memory. */
export async function reencodeImage(
  input: Buffer,
  options: Pick<StoreImageOptions, 'allowed' | 'maxBytes' | 'maxWidth' | 'maxHeight'>,
  messages: { type: string; size: string },
): Promise<{ data: Buffer; kind: ImageKind; width: number; height: number }> {
  if (input.length > options.maxBytes) throw new ImageRejected('size', messages.size);
  const kind = detectImageKind(input);
  if (!kind || !options.allowed.includes(kind)) throw new ImageRejected('type', messages.type);
  try {
    let image = pipelineFor(input, kind);
    if (options.maxWidth || options.maxHeight) {
      image = image.resize({
        width: options.maxWidth,
        height: options.maxHeight,
        fit: 'inside',
        withoutEnlargement: true,
      });
    }
    const { data, info } = await encode(image, kind).toBuffer({ resolveWithObject: true });
    return { data, kind, width: info.width, height: info.pageHeight ?? info.height };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw new ImageRejected('size', messages.size);
    // Right magic bytes, but not a picture sharp can read: a disguised or damaged file.
    throw new ImageRejected('type', messages.type);
  }
}

async function writeMedia(mediaDir: string, folder: string, name: string, data: Buffer): Promise<string> {
  const dir = path.join(mediaDir, folder);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), data, { mode: 0o644 });
  return `/media/${folder}/${name}`;
}

/** Checks, re-encodes and stores one uploaded picture. Throws ImageRejected with the caller's messages. */
export async function storeImage(
  input: Buffer,
  options: StoreImageOptions,
  messages: { type: string; size: string },
): Promise<StoredImage> {
  const image = await reencodeImage(input, options, messages);
  const url = await writeMedia(options.mediaDir, options.folder, `${randomUUID()}.${EXTENSION[image.kind]}`, image.data);
  return { url, kind: image.kind, width: image.width, height: image.height, bytes: image.data.length };
}

export type VariantFormat = 'avif' | 'webp' | 'jpeg';

export interface ImageVariant {
  width: number;
  /** Public address of this size. */
  path: string;
  /** Absent on variants stored before formats were kept apart (those are WebP). */
  format?: VariantFormat;
}

const VARIANT_EXTENSION: Record<VariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

function encodeVariant(image: Sharp, format: VariantFormat) {
  switch (format) {
    case 'avif':
      // Effort 2 of 9: a fraction of the default's time for a few percent more bytes.
      return image.avif({ quality: 55, effort: 2 });
    case 'webp':
      return image.webp({ quality: 80 });
    case 'jpeg':
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
  }
}

/** Decodes once (upright, first frame, within the pixel limit) to raw pixels every variant is cut from. */
async function decodeForVariants(input: Buffer) {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Every asked width not wider than the original, plus the original's own width when it is narrower. */
function variantWidths(asked: readonly number[], originalWidth: number): number[] {
  return [...new Set(asked.map((w) => Math.min(w, originalWidth)).filter((w) => w > 0))].sort((a, b) => a - b);
}

async function writeVariants(
  decoded: Awaited<ReturnType<typeof decodeForVariants>>,
  options: { mediaDir: string; folder: string; widths: readonly number[]; formats: readonly VariantFormat[]; stem: string },
): Promise<ImageVariant[]> {
  const raw = { width: decoded.width, height: decoded.height, channels: decoded.channels };
  const variants: ImageVariant[] = [];
  for (const width of variantWidths(options.widths, decoded.width)) {
    for (const format of options.formats) {
      const data = await encodeVariant(sharp(decoded.data, { raw }).resize({ width, withoutEnlargement: true }), format).toBuffer();
      const name = `${options.stem}-${width}w.${VARIANT_EXTENSION[format]}`;
      variants.push({ width, format, path: await writeMedia(options.mediaDir, options.folder, name, data) });
    }
  }
  return variants;
}

/**
 * Resized copies for `srcset`, one per width not wider than the original (plus the original's own
 * width when it is narrower than the largest asked for), in each format asked (WebP by default).
 */
export async function storeImageVariants(
  input: Buffer,
  options: { mediaDir: string; folder: string; widths: readonly number[]; formats?: readonly VariantFormat[]; stem?: string },
): Promise<ImageVariant[]> {
  if (!detectImageKind(input)) throw new ImageRejected('type', 'Not a picture');
  return writeVariants(await decodeForVariants(input), {
    ...options,
    formats: options.formats ?? ['webp'],
    stem: options.stem ?? randomUUID(),
  });
}

export interface StoredResponsiveImage {
  /** The largest JPEG: the address every browser can show. */
  url: string;
  width: number;
  height: number;
  variants: ImageVariant[];
}

/**
 * An uploaded cover: checked by its bytes and size, refused when it claims more pixels than the limit
 * (a decompression bomb), then stored only as re-encoded resized copies (metadata stripped) in each
 * format. Throws ImageRejected with the caller's messages; nothing is left on disk when it does.
 */
export async function storeResponsiveImage(
  input: Buffer,
  options: {
    mediaDir: string;
    folder: string;
    allowed: readonly ImageKind[];
    maxBytes: number;
    widths: readonly number[];
    formats: readonly VariantFormat[];
  },
  messages: { type: string; size: string; pixels: string },
): Promise<StoredResponsiveImage> {
  if (input.length > options.maxBytes) throw new ImageRejected('size', messages.size);
  const kind = detectImageKind(input);
  if (!kind || !options.allowed.includes(kind)) throw new ImageRejected('type', messages.type);
  let decoded: Awaited<ReturnType<typeof decodeForVariants>>;
  try {
    decoded = await decodeForVariants(input);
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw new ImageRejected('pixels', messages.pixels);
    throw new ImageRejected('type', messages.type);
  }
  const formats = options.formats.includes('jpeg') ? options.formats : [...options.formats, 'jpeg' as const];
  const variants = await writeVariants(decoded, { ...options, formats, stem: randomUUID() });
  const largest = variants.filter((v) => v.format === 'jpeg').at(-1)!;
  return {
    url: largest.path,
    width: largest.width,
    height: Math.round((decoded.height * largest.width) / decoded.width),
    variants,
  };
}

/** Removes a file we stored earlier (a replaced picture). Addresses outside /media are left alone. */
export async function removeMedia(mediaDir: string, url: string | null | undefined): Promise<void> {
  if (!url?.startsWith('/media/')) return;
  const relative = url.slice('/media/'.length);
  const target = path.resolve(mediaDir, relative);
  if (!target.startsWith(path.resolve(mediaDir) + path.sep)) return;
  await rm(target, { force: true });
}
