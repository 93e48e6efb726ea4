import { dateTimeFormat, localDigits, localDigitsIn, numberFormat } from '@qf/shared/i18n';

describe('kept Intl formatters', () => {
  it('gives the same formatter for the same locale and options, another for others, with the same words as a new one', () => {
    const options = { dateStyle: 'long', timeZone: 'Asia/Qatar' } as const;
    const f = dateTimeFormat('ar-QA', options);
    expect(dateTimeFormat('ar-QA', { ...options })).toBe(f);
    expect(dateTimeFormat('en-GB', options)).not.toBe(f);
    expect(dateTimeFormat('ar-QA', { dateStyle: 'medium', timeZone: 'Asia/Qatar' })).not.toBe(f);
    const at = new Date('2027-01-20T16:00:00Z');
    expect(f.format(at)).toBe(new Intl.DateTimeFormat('ar-QA', options).format(at));
    expect(numberFormat('ar-QA', { minimumIntegerDigits: 2 })).toBe(numberFormat('ar-QA', { minimumIntegerDigits: 2 }));
    expect(numberFormat('ar-QA', { minimumIntegerDigits: 2 }).format(7)).toBe(new Intl.NumberFormat('ar-QA', { minimumIntegerDigits: 2 }).format(7));
  });
});

describe('numbers as the language writes them', () => {
  it('writes the digits of free text in Arabic-Indic on Arabic pages, as numbers, and leaves English alone', () => {
    expect(localDigitsIn('ar', 'يوميًا من 10:00 صباحًا حتى 8:00 مساءً')).toBe('يوميًا من ١٠:٠٠ صباحًا حتى ٨:٠٠ مساءً');
    expect(localDigitsIn('ar', '2027')).toBe(localDigits('ar', 2027));
    expect(localDigitsIn('en', 'daily 10:00 to 20:00')).toBe('daily 10:00 to 20:00');
    expect(localDigitsIn('ar', 'بلا أرقام')).toBe('بلا أرقام');
  });
});
