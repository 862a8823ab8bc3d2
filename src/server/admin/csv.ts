/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, a field quoted when it holds a comma, a
 * quote or a line break, quotes doubled), made safe to open in a spreadsheet.
 */

/** Excel reads a UTF-8 file as the machine's legacy code page unless it starts with a byte order mark. */
export const byteOrderMark = '\uFEFF';

// A cell starting with one of these is run as a formula by Excel, LibreOffice and Google Sheets
// (OWASP "CSV injection"): `=HYPERLINK(...)` in a guest's name would become a link in the office.
const formulaStart = /^[=+\-@\t\r]/;

// A sign followed only by digits, spaces, brackets, dots and hyphens (a phone number like
// +91 98470 12345, or a negative number) names no function, cell or other program, so the worst a
// spreadsheet can do with it is arithmetic: it is written as typed, since a `'` would show in the cell.
const numberLike = /^[+-][0-9 ().-]+$/;

export type CsvValue = string | number | boolean | null | undefined;

/** True when a spreadsheet could run `text` as a formula that does more than arithmetic on digits. */
function startsFormula(text: string): boolean {
  return formulaStart.test(text) && !numberLike.test(text);
}

/**
 * One field: a text that would start a formula gets a leading `'`, which spreadsheets show as text. So
 * does a text that already starts with one ("'=x", "'Tis"): a spreadsheet hides a leading `'`, and
 * without a second one the office would read "=x".
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && (startsFormula(text) || text.startsWith("'"))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its CRLF. */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
