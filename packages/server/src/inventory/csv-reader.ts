/** One record of a CSV document and the line it starts on (1-based). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * Reads a CSV document (RFC 4180: comma-separated, fields optionally in double quotes with
 * doubled quotes inside, quoted fields may span lines, CRLF or LF line ends; a leading UTF-8
 * byte-order mark is skipped). Blank lines are skipped. An unterminated quote ends the record
 * at the end of the text.
 */
export function readCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  let line = 1;
  while (at < text.length) {
    const start = line;
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    let endOfRecord = false;
    while (at < text.length && !endOfRecord) {
      const c = text[at]!;
      if (quoted) {
        if (c === '"' && text[at + 1] === '"') {
          cell += '"';
          at += 2;
          continue;
        }
        if (c === '"') quoted = false;
        else {
          if (c === '\n') line += 1;
          cell += c;
        }
        at += 1;
      } else if (c === '"' && cell === '') {
        quoted = true;
        at += 1;
      } else if (c === ',') {
        cells.push(cell);
        cell = '';
        at += 1;
      } else if (c === '\r' || c === '\n') {
        at += c === '\r' && text[at + 1] === '\n' ? 2 : 1;
        line += 1;
        endOfRecord = true;
      } else {
        cell += c;
        at += 1;
      }
    }
    cells.push(cell);
    if (!(cells.length === 1 && cells[0]!.trim() === '')) records.push({ line: start, cells });
  }
  return records;
}
