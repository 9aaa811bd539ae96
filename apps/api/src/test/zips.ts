import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

/**
 * Crafted ZIP archives for the eBook upload tests: real archives, as a tool (or an attacker) writes
 * them, with what `lib/zip.ts` never writes: deflated entries, flags, a declared size, a local header
 * that names another file than the central directory does. Built in memory, nothing on disk.
 */
export interface CraftedEntry {
  /** The name in the central directory (and the local header, unless `localName`). */
  name: string;
  /** The entry's content, before compression. */
  data?: Buffer | string;
  /** Compressed with Deflate (method 8); otherwise stored (method 0). */
  deflate?: boolean;
  /** Already compressed bytes with their real size and CRC (a bomb too big to build in memory). */
  packed?: { data: Buffer; size: number; crc: number };
  /** General purpose flags: 1 is "encrypted". */
  flags?: number;
  /** A different name in the local header (what a streaming extractor reads). */
  localName?: string;
}

export function craftZip(entries: readonly CraftedEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : (entry.data ?? Buffer.alloc(0));
    const packed = entry.packed ?? {
      data: entry.deflate ? deflateRawSync(raw) : raw,
      size: raw.length,
      crc: crc32(raw),
    };
    const method = entry.packed || entry.deflate ? 8 : 0;
    const flags = 0x0800 | (entry.flags ?? 0);
    const name = Buffer.from(entry.name, 'utf8');
    const localName = Buffer.from(entry.localName ?? entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(packed.crc, 14);
    local.writeUInt32LE(packed.data.length, 18);
    local.writeUInt32LE(packed.size, 22);
    local.writeUInt16LE(localName.length, 26);
    parts.push(local, localName, packed.data);

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(flags, 8);
    header.writeUInt16LE(method, 10);
    header.writeUInt32LE(packed.crc, 16);
    header.writeUInt32LE(packed.data.length, 20);
    header.writeUInt32LE(packed.size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += local.length + localName.length + packed.data.length;
  }
  const centralSize = central.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}

/** `bytes` zeros deflated, streamed so the zeros never sit in memory at once: a zip bomb's payload. */
export async function deflatedZeros(bytes: number): Promise<{ data: Buffer; size: number; crc: number }> {
  const chunk = Buffer.alloc(1024 * 1024);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (piece: Buffer) => out.push(piece));
  const done = new Promise<void>((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  for (let left = bytes; left > 0; left -= chunk.length) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { data: Buffer.concat(out), size: bytes, crc };
}

/** The container every EPUB starts with: `mimetype`, stored, then the container file pointing at the package. */
export const EPUB_HEAD: CraftedEntry[] = [
  { name: 'mimetype', data: 'application/epub+zip' },
  {
    name: 'META-INF/container.xml',
    deflate: true,
    data: `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
  },
];
