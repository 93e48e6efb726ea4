import { formatDate, formatNumber, formatTime } from './EventTime';

describe('event dates', () => {
  afterEach(() => jest.restoreAllMocks());

  it('formats with one Intl formatter per language and style, not one per date (a list renders hundreds)', () => {
    const iso = (day: number) => new Date(Date.UTC(2027, 0, day, 15)).toISOString();
    const first = [formatDate('en', iso(1)), formatDate('ar', iso(1), 'long'), formatTime('en', iso(1)), formatNumber('ar', 7, 2)];
    const dates = jest.spyOn(Intl, 'DateTimeFormat');
    const numbers = jest.spyOn(Intl, 'NumberFormat');
    for (let day = 1; day <= 50; day++) {
      formatDate('en', iso(day));
      formatDate('ar', iso(day), 'long');
      formatTime('en', iso(day));
      formatNumber('ar', day, 2);
    }
    expect(dates).not.toHaveBeenCalled();
    expect(numbers).not.toHaveBeenCalled();
    // The same words as a formatter made for the occasion.
    expect(first).toEqual([
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'Asia/Qatar' }).format(new Date(iso(1))),
      new Intl.DateTimeFormat('ar-QA', { dateStyle: 'long', timeZone: 'Asia/Qatar' }).format(new Date(iso(1))),
      new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: 'Asia/Qatar' }).format(new Date(iso(1))),
      new Intl.NumberFormat('ar-QA', { minimumIntegerDigits: 2, useGrouping: false }).format(7),
    ]);
  });

  it('words an instant once per language and style: a list and its event pages word the same instants on every render', () => {
    // `format` is a getter returning the bound formatting function: each wording reads it once.
    const format = jest.spyOn(Intl.DateTimeFormat.prototype as unknown as { readonly format: unknown }, 'format', 'get');
    const at = '2031-03-04T15:30:00.000Z';
    const first = [formatDate('ar', at), formatTime('ar', at)];
    for (let i = 0; i < 20; i++) expect([formatDate('ar', at), formatTime('ar', at)]).toEqual(first);
    expect(format).toHaveBeenCalledTimes(2);
    expect(formatDate('en', at)).not.toBe(first[0]);
    expect(format).toHaveBeenCalledTimes(3);
  });
});

