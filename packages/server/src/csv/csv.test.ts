import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('CSV export cells', () => {
  it.each([
    ['plain', '"plain"'],
    ['say "hi"', '"say ""hi"""'],
    ['a,b\r\nc', '"a,b\r\nc"'],
    ['=1+1', `"'=1+1"`],
    ['+SUM(A1)', `"'+SUM(A1)"`],
    ['-2', `"'-2"`],
    ['@cmd', `"'@cmd"`],
    ['\tx', `"'\tx"`],
    ['\rx', `"'\rx"`],
    [`=cmd|'/c calc'!A1`, `"'=cmd|'/c calc'!A1"`],
    ['', '""'],
  ])('%j becomes %s', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('writes a header, CRLF rows and a byte-order mark', () => {
    expect(
      toCsv(
        ['A', 'B'],
        [
          ['1', null],
          ['x"y', 2],
        ],
      ),
    ).toBe('\uFEFF"A","B"\r\n"1",""\r\n"x""y","2"\r\n');
  });
});
