import sharp from 'sharp';

/**
 * The shop's logo in every message, as a PNG carried in the message itself (an inline attachment the
 * HTML names by `cid:`): a mail client shows it without fetching anything. The logo on the web
 * (`/favicon.svg`) is an SVG, which most mail clients do not show, and it is served with
 * `Cross-Origin-Resource-Policy: same-origin`, which a webmail's page may not load. This is the same
 * drawing as apps/web/public/favicon.svg (mail.test.ts holds them equal).
 */
export const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#4f46e5"/><path d="M8 8h7a3 3 0 0 1 3 3v13a2 2 0 0 0-2-2H8zM24 8h-3a3 3 0 0 0-3 3v13a2 2 0 0 1 2-2h4z" fill="#fff"/></svg>';

/** How the HTML names the logo: `<img src="cid:…">`. */
export const LOGO_CID = 'logo@bookstore';
export const LOGO_SRC = `cid:${LOGO_CID}`;
/** Drawn at twice the size it is shown (32 px), sharp on a high-density screen. */
const LOGO_PIXELS = 64;

let png: Promise<Buffer> | undefined;

/** The logo as a PNG, drawn once per process. */
export function logoPng(): Promise<Buffer> {
  png ??= sharp(Buffer.from(LOGO_SVG), { density: 72 * (LOGO_PIXELS / 32) })
    .resize(LOGO_PIXELS, LOGO_PIXELS)
    .png({ compressionLevel: 9 })
    .toBuffer();
  return png;
}

/** The attachment a message whose HTML shows the logo carries (none when it does not). */
export async function logoAttachments(html: string) {
  if (!html.includes(LOGO_SRC)) return [];
  return [
    {
      filename: 'logo.png',
      content: await logoPng(),
      contentType: 'image/png',
      cid: LOGO_CID,
      contentDisposition: 'inline' as const,
    },
  ];
}

/** The HTML with the logo drawn in (a data: address), for reading it where there is no attachment: staff's view, the preview. */
export async function withLogoInline(html: string): Promise<string> {
  if (!html.includes(LOGO_SRC)) return html;
  const data = `data:image/png;base64,${(await logoPng()).toString('base64')}`;
  return html.replaceAll(LOGO_SRC, data);
}
