/**
 * A small RFC 4180 CSV reader and writer. The market data files are ours and simple, but the KRX
 * listing has quoted fields with commas (company products), so a split on ',' is not enough.
 */

/** Parses CSV text into rows of fields. Lines starting with '#' are comments (used by tick files). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let atLineStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
      continue;
    }
    if (atLineStart && c === '#') {
      // Comment line: skip to its end.
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    atLineStart = false;
    if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
      field = '';
      atLineStart = true;
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Parses CSV with a header row into records keyed by column name. */
export function parseCsvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows.map((fields) => {
    const record: Record<string, string> = {};
    header.forEach((name, i) => {
      record[name] = fields[i] ?? '';
    });
    return record;
  });
}

function quoteField(value: string | number): string {
  const s = String(value);
  return /[",\n\r]/.test(s) || s.startsWith('#') ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Formats rows as CSV with '\n' line ends and a trailing newline. */
export function formatCsv(header: readonly string[], rows: readonly (string | number)[][]): string {
  return [header, ...rows].map((r) => r.map(quoteField).join(',')).join('\n') + '\n';
}
