/**
 * The address of a stored media file. Stored references are paths relative to the media folder
 * ("covers/x.svg") and are served from /media; a value that is already an address ("/media/..",
 * "//cdn..", "https://..") is kept as it is.
 */
export function mediaUrl(stored: string | null | undefined): string | null {
  if (!stored) return null;
  if (stored.startsWith('/') || /^https?:\/\//.test(stored)) return stored;
  return `/media/${stored}`;
}
