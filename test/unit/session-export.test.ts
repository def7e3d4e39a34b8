/** The session export's CSV quoting: RFC 4180 cells, and no formula a spreadsheet would run. */
import { describe, expect, it } from 'vitest';
import { csvCell, csvLines } from '../../src/discord/messages/session-export.js';

describe('session CSV', () => {
  it('quotes what needs quoting, doubles quotes, and leaves plain cells alone', () => {
    expect(csvCell('Ann')).toBe('Ann');
    expect(csvCell('Table 2 · seat 3')).toBe('Table 2 · seat 3');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('neutralises formulas in names', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@me')).toBe("'@me");
  });

  it('writes CRLF lines', () => {
    expect(csvLines([['a', 1], ['b,c', null]])).toBe('a,1\r\n"b,c",\r\n');
  });
});
