/**
 * Artwork for the demo catalogue, drawn as SVG on the spot: no network, no fonts to fetch (system
 * serif and sans-serif stacks), and each picture carries its own background, so it reads the same on a
 * light or a dark page.
 */

const SERIF = "Georgia, 'Times New Roman', 'DejaVu Serif', serif";
const SANS = "'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif";

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small stable hash, so a book always gets the same pattern. */
export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >>> 16) & 255, (n >>> 8) & 255, n & 255];
}

/** Mixes a colour towards black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  const [r, g, b] = hexToRgb(hex).map((c) => Math.round(c + (target - c) * t));
  return `#${[r, g, b].map((c) => c!.toString(16).padStart(2, '0')).join('')}`;
}

/** Greedy word wrap by an estimate of glyph width; long words are kept whole. */
export function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest font size (down to a floor) at which the text fits in `maxLines` lines of `width`. */
function fitText(text: string, width: number, maxLines: number, start: number, floor: number, glyph = 0.56) {
  for (let size = start; size > floor; size -= 2) {
    const lines = wrap(text, Math.floor(width / (size * glyph)));
    if (lines.length <= maxLines && lines.every((l) => l.length * size * glyph <= width * 1.08)) {
      return { size, lines };
    }
  }
  return { size: floor, lines: wrap(text, Math.floor(width / (floor * glyph))) };
}

function textLines(lines: string[], x: number, y: number, size: number, lineHeight: number, attrs: string) {
  return lines
    .map((line, i) => `<text x="${x}" y="${(y + i * size * lineHeight).toFixed(1)}" ${attrs}>${escapeXml(line)}</text>`)
    .join('');
}

function coverPattern(kind: number, light: string): string {
  switch (kind) {
    case 0: // concentric rings rising from the bottom
      return Array.from(
        { length: 7 },
        (_, i) =>
          `<circle cx="200" cy="640" r="${90 + i * 55}" fill="none" stroke="${light}" stroke-opacity="${(0.16 - i * 0.018).toFixed(3)}" stroke-width="2"/>`,
      ).join('');
    case 1: // diagonal stripes
      return `<g stroke="${light}" stroke-opacity="0.07" stroke-width="14">${Array.from(
        { length: 16 },
        (_, i) => `<line x1="${-200 + i * 50}" y1="600" x2="${100 + i * 50}" y2="0"/>`,
      ).join('')}</g>`;
    case 2: // a large diamond
      return `<path d="M200 70 L350 300 L200 530 L50 300 Z" fill="none" stroke="${light}" stroke-opacity="0.14" stroke-width="2"/>
<path d="M200 110 L324 300 L200 490 L76 300 Z" fill="${light}" fill-opacity="0.05"/>`;
    default: // scattered stars
      return Array.from({ length: 28 }, (_, i) => {
        const x = ((i * 97) % 380) + 10;
        const y = ((i * 53) % 560) + 20;
        return `<circle cx="${x}" cy="${y}" r="${1 + (i % 3)}" fill="${light}" fill-opacity="${0.12 + (i % 4) * 0.05}"/>`;
      }).join('');
  }
}

export interface CoverInput {
  slug: string;
  title: string;
  author: string;
  year: number;
  category: string;
  palette: [string, string];
}

/** A 400x600 book cover: gradient, a pattern chosen by the slug, the title, a rule and the author. */
export function coverSvg(book: CoverInput): string {
  const h = hash(book.slug);
  // Each book shifts its category's colours a little so a shelf is not a wall of one colour.
  const tint = ((h % 7) - 3) * 0.05;
  const top = shade(book.palette[0], tint);
  const bottom = shade(book.palette[1], tint - 0.1);
  const id = `c${h.toString(36)}`;
  const title = fitText(book.title, 300, 4, 46, 22);
  const titleBlock = title.lines.length * title.size * 1.15;
  const titleTop = 250 - titleBlock / 2 + title.size * 0.8;
  const ruleY = titleTop + titleBlock - title.size * 0.55 + 18;
  const author = fitText(book.author.toUpperCase(), 300, 1, 20, 12, 0.7);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 600" width="400" height="600" role="img" aria-label="${escapeXml(`${book.title} by ${book.author}`)}">
<defs>
<linearGradient id="${id}g" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<linearGradient id="${id}s" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="0.06" stop-color="#fff" stop-opacity="0.12"/><stop offset="0.1" stop-color="#000" stop-opacity="0"/></linearGradient>
</defs>
<rect width="400" height="600" fill="url(#${id}g)"/>
${coverPattern(h % 4, '#ffffff')}
<rect x="22" y="22" width="356" height="556" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="1.5"/>
<text x="200" y="66" text-anchor="middle" font-family="${SANS}" font-size="13" letter-spacing="4" fill="#ffffff" fill-opacity="0.75">${escapeXml(book.category.toUpperCase())}</text>
${textLines(title.lines, 200, titleTop, title.size, 1.15, `text-anchor="middle" font-family="${SERIF}" font-size="${title.size}" font-weight="bold" fill="#ffffff"`)}
<line x1="150" y1="${ruleY.toFixed(1)}" x2="250" y2="${ruleY.toFixed(1)}" stroke="#ffffff" stroke-opacity="0.7" stroke-width="2"/>
<circle cx="200" cy="${ruleY.toFixed(1)}" r="4" fill="${top}" stroke="#ffffff" stroke-opacity="0.8" stroke-width="1.5"/>
${textLines(author.lines, 200, 520, author.size, 1.2, `text-anchor="middle" font-family="${SANS}" font-size="${author.size}" letter-spacing="3" fill="#ffffff"`)}
<text x="200" y="552" text-anchor="middle" font-family="${SERIF}" font-size="14" font-style="italic" fill="#ffffff" fill-opacity="0.7">${book.year}</text>
<rect width="400" height="600" fill="url(#${id}s)"/>
</svg>
`;
}

export interface PortraitInput {
  slug: string;
  name: string;
  born: number;
  died: number;
}

const PORTRAIT_PALETTES: [string, string][] = [
  ['#3b2f63', '#8f7fd1'],
  ['#0f4c5c', '#5fb3b3'],
  ['#6a2c2c', '#d98870'],
  ['#2d4a22', '#8fbf6a'],
  ['#4a3b12', '#d1ac4f'],
  ['#1d3557', '#6d9dc5'],
];

/** A 400x400 author medallion: initials and the author's years. */
export function portraitSvg(author: PortraitInput): string {
  const h = hash(author.slug);
  const [dark, light] = PORTRAIT_PALETTES[h % PORTRAIT_PALETTES.length]!;
  const id = `p${h.toString(36)}`;
  const initials = author.name
    .split(/\s+/)
    .filter((part) => /^[A-Z]/.test(part) && !/^(de|da|von|van)$/i.test(part))
    .map((part) => part[0])
    .filter((_, i, all) => i === 0 || i === all.length - 1)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(author.name)}">
<defs>
<radialGradient id="${id}g" cx="0.35" cy="0.3" r="0.9"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient>
<linearGradient id="${id}b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.08"/></linearGradient>
</defs>
<rect width="400" height="400" fill="url(#${id}g)"/>
<circle cx="200" cy="200" r="176" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="2"/>
<circle cx="200" cy="200" r="164" fill="none" stroke="#ffffff" stroke-opacity="0.12" stroke-width="8" stroke-dasharray="2 10"/>
<circle cx="200" cy="200" r="128" fill="url(#${id}b)"/>
<text x="200" y="228" text-anchor="middle" font-family="${SERIF}" font-size="96" font-weight="bold" fill="#ffffff">${escapeXml(initials)}</text>
<line x1="150" y1="256" x2="250" y2="256" stroke="#ffffff" stroke-opacity="0.6" stroke-width="2"/>
<text x="200" y="286" text-anchor="middle" font-family="${SANS}" font-size="18" letter-spacing="3" fill="#ffffff" fill-opacity="0.9">${author.born}–${author.died}</text>
</svg>
`;
}

export interface BannerInput {
  slug: string;
  name: string;
  palette: [string, string];
}

/** An 800x450 category banner: a shelf of book spines under the category's name. */
export function bannerSvg(category: BannerInput): string {
  const h = hash(category.slug);
  const id = `b${h.toString(36)}`;
  const [dark, light] = category.palette;
  let x = 40;
  let spines = '';
  for (let i = 0; x < 760; i++) {
    const width = 26 + ((h >>> (i % 24)) % 5) * 8;
    const height = 150 + ((h * (i + 3)) % 7) * 18;
    const leaning = i % 9 === 4;
    const fill = i % 3 === 0 ? '#ffffff' : i % 3 === 1 ? light : shade(light, 0.35);
    const opacity = i % 3 === 0 ? 0.22 : 0.55;
    const transform = leaning ? ` transform="rotate(-8 ${x} 400)"` : '';
    spines += `<rect x="${x}" y="${400 - height}" width="${width}" height="${height}" rx="3" fill="${fill}" fill-opacity="${opacity}"${transform}/>`;
    spines += `<rect x="${x + 4}" y="${400 - height + 18}" width="${width - 8}" height="3" fill="#ffffff" fill-opacity="0.35"${transform}/>`;
    x += width + (leaning ? 16 : 4);
  }
  const title = fitText(category.name, 640, 1, 60, 32, 0.58);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450" width="800" height="450" role="img" aria-label="${escapeXml(category.name)}">
<defs>
<linearGradient id="${id}g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(dark, -0.15)}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
<linearGradient id="${id}f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000000" stop-opacity="0.45"/><stop offset="0.5" stop-color="#000000" stop-opacity="0"/></linearGradient>
</defs>
<rect width="800" height="450" fill="url(#${id}g)"/>
<circle cx="680" cy="90" r="150" fill="${light}" fill-opacity="0.18"/>
<circle cx="120" cy="60" r="90" fill="#ffffff" fill-opacity="0.06"/>
${spines}
<rect x="0" y="400" width="800" height="50" fill="${shade(dark, -0.35)}"/>
<rect x="0" y="400" width="800" height="4" fill="#ffffff" fill-opacity="0.25"/>
<rect width="800" height="450" fill="url(#${id}f)"/>
<text x="400" y="${(112 + title.size * 0.35).toFixed(0)}" text-anchor="middle" font-family="${SERIF}" font-size="${title.size}" font-weight="bold" fill="#ffffff">${escapeXml(title.lines[0] ?? category.name)}</text>
</svg>
`;
}
