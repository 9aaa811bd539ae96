import sharp from 'sharp';
import { crc32 } from '../lib/zip.js';

/** Uploads in API tests: a multipart body for `inject`, and small real pictures. */
export async function multipart(
  fields: Record<string, string>,
  files: Record<string, { data: Buffer | Uint8Array; name: string; type?: string }> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, file] of Object.entries(files)) {
    form.append(
      key,
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** A small real picture; the JPEG carries EXIF (camera, copyright) so tests can see it stripped. */
export async function picture(kind: 'jpeg' | 'png' | 'gif' | 'webp' = 'jpeg', size = 32): Promise<Buffer> {
  const image = sharp({ create: { width: size, height: size, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  switch (kind) {
    case 'jpeg':
      return image
        .jpeg()
        .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Private Person' } })
        .toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    case 'webp':
      return image.webp().toBuffer();
  }
}

/** A PNG a few dozen bytes long whose header claims 100,000 x 100,000 pixels (a decompression bomb). */
export async function pixelBomb(): Promise<Buffer> {
  const png = Buffer.from(await picture('png', 1));
  png.writeUInt32BE(100_000, 16);
  png.writeUInt32BE(100_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
