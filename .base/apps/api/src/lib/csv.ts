/**
 * CSV for spreadsheets (RFC 4180: comma-separated, CRLF line ends, fields quoted when they hold a
 * comma, quote or line break, quotes doubled). A cell that a spreadsheet would read as a formula
 * (starting with =, +, -, @, a tab or a carriage return) is prefixed with an apostrophe, so text that
 * strangers typed, such as a newsletter address, can never run as one (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], lines: (string | number | null | undefined)[][]): string {
  return [header, ...lines].map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
