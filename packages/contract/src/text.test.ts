import { describe, expect, it } from 'vitest';
import { isPlainLine, isPlainMultiline } from './text.js';

describe('text that renders as typed', () => {
  it('a line holds letters of every script and the direction marks, nothing that breaks or reorders it', () => {
    for (const ok of ['Dune', 'Émile Zola', 'Война и мир', 'שלום\u200f עולם', 'عربي\u200e 2', '三体', 'A\u00a0B']) {
      expect(isPlainLine(ok), ok).toBe(true);
    }
    for (const bad of [
      'a\nb',
      'a\rb',
      'a\tb',
      'a\u0085b',
      'a\u2028b',
      'a\u2029b',
      'a\u007fb',
      'a\u202ab',
      'a\u202eb',
      'a\u2066b',
      'a\u2069b',
    ]) {
      expect(isPlainLine(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('many lines may break with \\n, \\r\\n and tabs, but hold no other control and no direction control', () => {
    expect(isPlainMultiline('One.\r\n\r\nTwo,\tthree.\n')).toBe(true);
    for (const bad of ['a\u0007b', 'a\u001bb', 'a\u202eb', 'a\u2067b', 'a\u0000b']) {
      expect(isPlainMultiline(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
