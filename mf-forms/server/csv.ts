/**
 * CSV for the teams that read submissions in a spreadsheet: RFC 4180 (CRLF line ends, a field quoted when
 * it holds a quote, comma or line break, quotes doubled), a UTF-8 byte order mark so spreadsheet programs
 * read Arabic as UTF-8, and no formulas: a cell a visitor could make start with = + - @ (or a tab or
 * carriage return, which some programs skip before looking) gets a leading apostrophe, so it is shown as
 * text and never evaluated (CSV injection).
 */
export const BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One value as text: instants in ISO 8601 (UTC), booleans and numbers as written, objects as JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function csvCell(value: unknown): string {
  let text = cellText(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A whole file: BOM, header row, one row per record. */
export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return BOM + csvRow(headers) + rows.map(csvRow).join('');
}
