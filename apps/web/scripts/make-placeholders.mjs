#!/usr/bin/env node
// Draws the fallback images the app shows when a cover or a profile picture is missing or broken:
// public/book-placeholder.png (300x400) and public/avatar.png (128x128). Run once; the PNGs are committed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const pub = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');

const book = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e0e7ff"/><stop offset="1" stop-color="#c7d2fe"/></linearGradient></defs>
  <rect width="300" height="400" fill="url(#g)"/>
  <rect x="24" y="0" width="10" height="400" fill="#a5b4fc"/>
  <g fill="none" stroke="#4f46e5" stroke-width="10" stroke-linecap="round" stroke-linejoin="round" transform="translate(110 140)">
    <path d="M0 90V10A10 10 0 0 1 10 0h70v80H10A10 10 0 0 0 0 90a10 10 0 0 0 10 10h70"/>
  </g>
  <text x="150" y="300" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#3730a3">No cover</text>
</svg>`;

const avatar = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
  <rect width="128" height="128" fill="#e5e7eb"/>
  <circle cx="64" cy="50" r="24" fill="#9ca3af"/>
  <path d="M20 124c4-26 22-40 44-40s40 14 44 40z" fill="#9ca3af"/>
</svg>`;

await sharp(Buffer.from(book))
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(pub, 'book-placeholder.png'));
await sharp(Buffer.from(avatar)).png({ compressionLevel: 9, palette: true }).toFile(path.join(pub, 'avatar.png'));
console.log('wrote public/book-placeholder.png and public/avatar.png');
