/**
 * One byte range of a `Range: bytes=…` header (RFC 9110, section 14): `a-b`, `a-` or `-n`.
 * 'ignore': no range, several ranges, or one that cannot be read (the whole file is sent, as the RFC
 * allows); 'unsatisfiable': a range that starts beyond the file (416); else the inclusive bounds.
 */
export type ByteRange = { start: number; end: number } | 'ignore' | 'unsatisfiable';

export function byteRange(header: string | undefined, size: number): ByteRange {
  if (!header) return 'ignore';
  const match = /^bytes=\s*(\d*)-(\d*)\s*$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'ignore';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return 'ignore';
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
