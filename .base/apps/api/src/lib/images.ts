import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from './errors.js';

/**
 * Uploaded pictures: the type comes from the file's first bytes (never its name or the browser's
 * word), the picture is decoded and re-encoded so nothing but pixels survives (EXIF, GPS, comments,
 * anything appended), and it is written under DATA_DIR/media with a random name.
 */
export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp';

export class ImageRejected extends Error {
  constructor(
    /**
     * 'type': not an allowed picture by its bytes, or not decodable; 'size': too many bytes; 'pixels':
     * its header claims more pixels (or a longer side) than we decode; 'unprocessable': decoded, but
     * the encoder could not make our copies of it; 'busy': too many pictures are waiting already.
     */
    readonly reason: 'type' | 'size' | 'pixels' | 'unprocessable' | 'busy',
    message: string,
  ) {
    super(message);
    this.name = 'ImageRejected';
  }
}

export const PIXELS_MESSAGE = 'This image has too many pixels. Please upload a smaller picture';
export const UNPROCESSABLE_MESSAGE = 'We could not process this picture. Please try another one.';
export const BUSY_MESSAGE = 'We are busy with other pictures right now. Please try again in a moment.';
const BUSY_RETRY_SECONDS = 10;

const STATUS: Record<ImageRejected['reason'], number> = {
  type: 400,
  size: 413,
  pixels: 413,
  unprocessable: 422,
  busy: 503,
};

/** A refused picture as the answer to the form field that carried it; null for any other error. */
export function pictureError(err: unknown, field: string): AppError | null {
  if (!(err instanceof ImageRejected)) return null;
  return new AppError(
    STATUS[err.reason],
    err.message,
    { [field]: [err.message] },
    err.reason === 'busy' ? { retryAfter: BUSY_RETRY_SECONDS } : undefined,
  );
}

/** The messages a caller gives for its own field; pixels and the rest have the shop's defaults. */
export interface ImageMessages {
  type: string;
  size: string;
  pixels?: string;
}

/** What the first bytes say the file is, or null. */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (bytes.length >= 6 && (starts(0x47, 0x49, 0x46, 0x38, 0x37, 0x61) || starts(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))) {
    return 'gif';
  }
  if (
    bytes.length >= 12 &&
    starts(0x52, 0x49, 0x46, 0x46) &&
    String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

const EXTENSION: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };
/**
 * Decompression bombs: a few kilobytes can claim billions of pixels. What a picture claims is read
 * from its header (`metadata()`, nothing decoded) and refused above this: 25 megapixels (a 6000 x 4000
 * camera picture; a cover is shown at most 960 px wide), and no side over 10,000 px (no encoder
 * failure on a 100 x 20,000 strip).
 */
export const MAX_INPUT_PIXELS = 25_000_000;
export const MAX_SIDE = 10_000;

/**
 * Every decode and encode waits its turn here, one at a time, and libvips uses one thread for it: a
 * burst of large uploads queues instead of taking both cores and hundreds of megabytes at once, so the
 * rest of the shop (and /healthz) keeps answering. Past MAX_WAITING pictures waiting, an upload is
 * refused with a 503 and Retry-After rather than held in memory.
 */
const pictureWork = pLimit(1);
const MAX_WAITING = 12;
sharp.concurrency(1);

/** How many pictures are being worked on (never more than one) and how many wait their turn. */
export function pictureWorkload(): { active: number; waiting: number } {
  return { active: pictureWork.activeCount, waiting: pictureWork.pendingCount };
}

function inTurn<T>(task: () => Promise<T>): Promise<T> {
  if (pictureWork.pendingCount >= MAX_WAITING) return Promise.reject(new ImageRejected('busy', BUSY_MESSAGE));
  return pictureWork(task);
}

/** Refuses a picture whose header claims too many pixels, before anything is decoded. */
async function checkDimensions(input: Buffer, kind: ImageKind, messages: ImageMessages): Promise<void> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected('type', messages.type);
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  // Animated pictures keep every frame (profile pictures), so every frame counts.
  const frames = kind === 'gif' || kind === 'webp' ? Math.max(1, meta.pages ?? 1) : 1;
  if (width <= 0 || height <= 0) throw new ImageRejected('type', messages.type);
  if (width > MAX_SIDE || height > MAX_SIDE || width * height * frames > MAX_INPUT_PIXELS) {
    throw new ImageRejected('pixels', messages.pixels ?? PIXELS_MESSAGE);
  }
}

/** The checks every upload passes before its pixels are touched: bytes, type, then claimed pixels. */
async function checkUpload(
  input: Buffer,
  options: { allowed: readonly ImageKind[]; maxBytes: number },
  messages: ImageMessages,
): Promise<ImageKind> {
  if (input.length > options.maxBytes) throw new ImageRejected('size', messages.size);
  const kind = detectImageKind(input);
  if (!kind || !options.allowed.includes(kind)) throw new ImageRejected('type', messages.type);
  await checkDimensions(input, kind, messages);
  return kind;
}

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
  messages: ImageMessages,
): Promise<{ data: Buffer; kind: ImageKind; width: number; height: number }> {
  const kind = await checkUpload(input, options, messages);
  return inTurn(async () => {
    let image = pipelineFor(input, kind);
    if (options.maxWidth || options.maxHeight) {
      image = image.resize({
        width: options.maxWidth,
        height: options.maxHeight,
        fit: 'inside',
        withoutEnlargement: true,
      });
    }
    try {
      const { data, info } = await encode(image, kind).toBuffer({ resolveWithObject: true });
      return { data, kind, width: info.width, height: info.pageHeight ?? info.height };
    } catch {
      // Right magic bytes and a sane header, but not a picture sharp can read: a disguised or damaged file.
      throw new ImageRejected('type', messages.type);
    }
  });
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
  messages: ImageMessages,
): Promise<StoredImage> {
  const image = await reencodeImage(input, options, messages);
  const url = await writeMedia(
    options.mediaDir,
    options.folder,
    `${randomUUID()}.${EXTENSION[image.kind]}`,
    image.data,
  );
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

/**
 * Decodes once (upright, first frame, within the pixel limit) to raw pixels every variant is cut from,
 * no wider than the widest variant: a JPEG or WebP is then decoded at a fraction of its size
 * (shrink-on-load), and the raw copy held in memory is a few megabytes, not a hundred.
 */
async function decodeForVariants(input: Buffer, widest: number) {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: widest, withoutEnlargement: true })
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
  options: {
    mediaDir: string;
    folder: string;
    widths: readonly number[];
    formats: readonly VariantFormat[];
    stem: string;
  },
): Promise<ImageVariant[]> {
  const raw = { width: decoded.width, height: decoded.height, channels: decoded.channels };
  const variants: ImageVariant[] = [];
  try {
    for (const width of variantWidths(options.widths, decoded.width)) {
      for (const format of options.formats) {
        const image = sharp(decoded.data, { raw }).resize({ width, withoutEnlargement: true });
        let data: Buffer;
        try {
          data = await encodeVariant(image, format).toBuffer();
        } catch {
          // Decoded, but an encoder refused it (a format's own size limits): the shopper's picture, a 4xx.
          throw new ImageRejected('unprocessable', UNPROCESSABLE_MESSAGE);
        }
        const name = `${options.stem}-${width}w.${VARIANT_EXTENSION[format]}`;
        variants.push({ width, format, path: await writeMedia(options.mediaDir, options.folder, name, data) });
      }
    }
  } catch (err) {
    // Nothing of a picture that failed half-way stays on disk.
    for (const variant of variants) await removeMedia(options.mediaDir, variant.path);
    throw err;
  }
  return variants;
}

/**
 * Resized copies for `srcset`, one per width not wider than the original (plus the original's own
 * width when it is narrower than the largest asked for), in each format asked (WebP by default).
 */
export async function storeImageVariants(
  input: Buffer,
  options: {
    mediaDir: string;
    folder: string;
    widths: readonly number[];
    formats?: readonly VariantFormat[];
    stem?: string;
  },
): Promise<ImageVariant[]> {
  const kind = detectImageKind(input);
  if (!kind) throw new ImageRejected('type', 'Not a picture');
  await checkDimensions(input, kind, { type: 'Not a picture', size: 'Too large' });
  return inTurn(async () =>
    writeVariants(await decodeForVariants(input, Math.max(...options.widths)), {
      ...options,
      formats: options.formats ?? ['webp'],
      stem: options.stem ?? randomUUID(),
    }),
  );
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
  messages: ImageMessages,
): Promise<StoredResponsiveImage> {
  await checkUpload(input, options, messages);
  const formats = options.formats.includes('jpeg') ? options.formats : [...options.formats, 'jpeg' as const];
  const { decoded, variants } = await inTurn(async () => {
    let decoded: Awaited<ReturnType<typeof decodeForVariants>>;
    try {
      decoded = await decodeForVariants(input, Math.max(...options.widths));
    } catch {
      throw new ImageRejected('type', messages.type);
    }
    return { decoded, variants: await writeVariants(decoded, { ...options, formats, stem: randomUUID() }) };
  });
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
