import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('CSV', () => {
  it('quotes cells holding commas, quotes or line breaks, doubling the quotes', () => {
    expect(csvCell('plain@example.com')).toBe('plain@example.com');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('turns anything a spreadsheet would run as a formula into text', () => {
    for (const formula of ['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCell(formula).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });

  it('writes a header and CRLF-ended lines', () => {
    expect(
      toCsv(
        ['email', 'since'],
        [
          ['a@x.io', '2025-01-01'],
          ['b@x.io', null],
        ],
      ),
    ).toBe('email,since\r\na@x.io,2025-01-01\r\nb@x.io,\r\n');
  });
});
