/**
 * Reads CSV as RFC 4180 defines it (quoted fields, doubled quotes, line breaks inside quotes), so a test
 * sees the cells a spreadsheet shows rather than splitting on commas. A leading byte order mark is
 * skipped; the records end with CRLF, the last one too.
 */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let position = text.startsWith('\uFEFF') ? 1 : 0;
  for (; position < text.length; position++) {
    const char = text[position] as string;
    if (quoted) {
      if (char === '"' && text[position + 1] === '"') {
        field += '"';
        position++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[position + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      position++;
    } else field += char;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}
