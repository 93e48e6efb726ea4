import { dateLocale, dohaDay, formatDate, SITE_TIME_ZONE } from '@qf/shared/dates';

// 21:30 UTC on 12 March is already 13 March in Doha (UTC+3): every style shows Doha's day.
const AT = '2026-03-12T21:30:00Z';

describe('the site’s dates', () => {
  it('writes each style on Doha’s calendar and clock, in both languages', () => {
    const styles = ['long', 'full', 'short', 'time', 'fullDateTime', 'month'] as const;
    expect(Object.fromEntries(styles.map((s) => [s, formatDate('en', AT, s)]))).toEqual({
      long: '13 March 2026',
      full: 'Friday, 13 March 2026',
      short: '13 Mar 2026',
      time: '00:30',
      fullDateTime: 'Friday, 13 March 2026 at 00:30',
      month: 'March',
    });
    expect(Object.fromEntries(styles.map((s) => [s, formatDate('ar', AT, s)]))).toEqual({
      long: '١٣ مارس ٢٠٢٦',
      full: 'الجمعة، ١٣ مارس ٢٠٢٦',
      short: '١٣ مارس ٢٠٢٦',
      time: '١٢:٣٠ ص',
      fullDateTime: 'الجمعة، ١٣ مارس ٢٠٢٦ في ١٢:٣٠ ص',
      month: 'مارس',
    });
  });

  it('takes a Date, milliseconds or an ISO string alike, and long by default', () => {
    expect(formatDate('en', new Date(AT))).toBe('13 March 2026');
    expect(formatDate('en', Date.parse(AT))).toBe('13 March 2026');
  });

  it('writes another time zone’s day and time when asked (a visitor abroad)', () => {
    expect(formatDate('en', AT, 'fullDateTime', 'Europe/London')).toBe('Thursday, 12 March 2026 at 21:30');
  });

  it('gives the Doha day of an instant as YYYY-MM-DD', () => {
    expect(dohaDay(AT)).toBe('2026-03-13');
    expect(dohaDay('2026-03-12T20:59:59Z')).toBe('2026-03-12');
  });

  it('is Asia/Qatar, en-GB and ar-QA', () => {
    expect([SITE_TIME_ZONE, dateLocale('en'), dateLocale('ar')]).toEqual(['Asia/Qatar', 'en-GB', 'ar-QA']);
  });
});
