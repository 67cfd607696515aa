/** First characters that make spreadsheet programs read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): always quoted, quotes doubled; a text that a spreadsheet would run as
 * a formula (starting with = + - @, tab or carriage return) is prefixed with an apostrophe.
 */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One CSV row with its CRLF line end: for exports streamed a page at a time. */
export function csvLine(cells: ReadonlyArray<unknown>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A CSV document: header row then data rows, CRLF line ends, with a UTF-8 byte-order mark. */
export function toCsv(header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<unknown>>): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
