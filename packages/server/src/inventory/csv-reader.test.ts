import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-reader.js';

describe('readCsv', () => {
  it('reads quoted and plain fields, doubled quotes, CRLF and LF, and the line each record starts on', () => {
    const text = '\uFEFFSKU,Stock\r\n"A-1","4"\r\n\r\nB,"multi\nline ""note"""\nC,7';
    expect(readCsv(text)).toEqual([
      { line: 1, cells: ['SKU', 'Stock'] },
      { line: 2, cells: ['A-1', '4'] },
      { line: 4, cells: ['B', 'multi\nline "note"'] },
      { line: 6, cells: ['C', '7'] },
    ]);
  });

  it('keeps empty cells and ends an unterminated quote at the end', () => {
    expect(readCsv('a,,c\n"open,x')).toEqual([
      { line: 1, cells: ['a', '', 'c'] },
      { line: 2, cells: ['open,x'] },
    ]);
  });
});
