import { BOM, csvCell, toCsv } from './csv';

describe('CSV for spreadsheets', () => {
  it('follows RFC 4180: CRLF rows, quoted fields with commas, quotes and line breaks', () => {
    expect(toCsv(['name', 'note'], [['Hassan, Layla', 'said "hello"'], ['two\nlines', 'plain'], ['cr\r', '']])).toBe(
      `${BOM}name,note\r\n"Hassan, Layla","said ""hello"""\r\n"two\nlines",plain\r\n"cr\r",\r\n`,
    );
  });

  it('starts with a UTF-8 byte order mark and keeps Arabic as UTF-8', () => {
    const bytes = Buffer.from(toCsv(['الاسم'], [['ليلى حسن']]), 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('الاسم\r\nليلى حسن\r\n');
  });

  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+971 5555', "'+971 5555"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\t=1', "'\t=1"],
    ['=HYPERLINK("http://x.example","click"),1', `"'=HYPERLINK(""http://x.example"",""click""),1"`],
    ['a=b', 'a=b'],
    ['Layla', 'Layla'],
  ])('never lets %p be read as a formula', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes instants in ISO 8601, nothing for null, booleans and numbers as written, objects as JSON', () => {
    expect(csvCell(new Date('2026-11-22T09:00:00Z'))).toBe('2026-11-22T09:00:00.000Z');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(42)).toBe('42');
    expect(csvCell({ file: 'a.png', size: 3 })).toBe('"{""file"":""a.png"",""size"":3}"');
  });
});
