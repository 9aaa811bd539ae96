import { Fragment } from 'react';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * `text` with every word that starts with one of `words` marked (case and accents ignored, as the
 * search does). Without words it is the plain text.
 */
export function Highlight({ text, words }: { text: string; words?: string[] }) {
  const wanted = (words ?? []).map(fold).filter((w) => w.length > 0);
  if (wanted.length === 0) return <>{text}</>;
  const parts: { text: string; mark: boolean }[] = [];
  // Walk the words of the text; a folded letter maps back to one original character, so positions match.
  const pattern = /[\p{L}\p{N}]+/gu;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const word = fold(match[0]);
    const hit = wanted.find((w) => word.startsWith(w));
    if (!hit || match[0].length !== match[0].normalize('NFD').replace(/\p{M}/gu, '').length) continue;
    const start = match.index;
    const end = start + Math.min(hit.length, match[0].length);
    if (start > last) parts.push({ text: text.slice(last, start), mark: false });
    parts.push({ text: text.slice(start, end), mark: true });
    last = end;
  }
  if (last < text.length) parts.push({ text: text.slice(last), mark: false });
  return (
    <>
      {parts.map((part, i) =>
        part.mark ? (
          <mark key={i} className="rounded-sm bg-yellow-200 px-0.5 text-inherit dark:bg-yellow-700 dark:text-white">
            {part.text}
          </mark>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
