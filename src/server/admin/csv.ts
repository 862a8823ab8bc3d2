/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, quotes doubled), with every field quoted,
 * made safe to open in a spreadsheet whatever separator its locale uses.
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

// Where a spreadsheet may start a new cell inside our field: Excel in a locale whose list separator is
// `;` splits a line there when a file is opened without its quotes being honoured, "Text to columns"
// splits on tabs, commas and semicolons, and a line break starts a row. `x;=cmd|' /C calc'!A0` was
// one harmless field here and a running formula there.
const cellBreak = /([,;\t\r\n])( *)([^,;\t\r\n]*)/g;

export type CsvValue = string | number | boolean | null | undefined;

/** True when a spreadsheet could run `text` as a formula that does more than arithmetic on digits. */
function startsFormula(text: string): boolean {
  return formulaStart.test(text) && !numberLike.test(text);
}

/** `text` with a `'` before each piece that could start a cell and a formula. */
function guardFormulas(text: string): string {
  const first = startsFormula(text) || text.startsWith("'") ? `'${text}` : text;
  return first.replace(cellBreak, (whole, separator: string, spaces: string, piece: string) =>
    // Only the first piece gets the guard for a leading `'`: inside a text, "it's" is not a cell.
    startsFormula(piece) ? `${separator}${spaces}'${piece}` : whole,
  );
}

/**
 * One field, always in quotes: a text that would start a formula gets a leading `'`, which spreadsheets
 * show as text, and so does every piece after a separator that would. So does a text that already
 * starts with one ("'=x", "'Tis"): a spreadsheet hides a leading `'`, and without a second one the
 * office would read "=x".
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '""';
  const text = typeof value === 'string' ? guardFormulas(value) : String(value);
  return `"${text.replaceAll('"', '""')}"`;
}

/** One record, with its CRLF. */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
