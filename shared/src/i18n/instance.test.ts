import { createI18n, translationProblems } from '@qf/shared/i18n';

const bundle = { ns: 'demo', en: { hello: 'Hello {{name}}', nested: { bye: 'Goodbye' } }, ar: { hello: 'مرحباً {{name}}', nested: { bye: 'مع السلامة' } } };

describe('i18n', () => {
  it('translates synchronously in the requested language', () => {
    expect(createI18n('ar', [bundle]).getFixedT(null, 'demo')('hello', { name: 'ليلى' })).toBe('مرحباً ليلى');
    expect(createI18n('en', [bundle]).getFixedT(null, 'demo')('nested.bye')).toBe('Goodbye');
  });

  it('makes each fixed t once and keeps the text of a key asked without options, still interpolating with them', () => {
    const i18n = createI18n('ar', [bundle]);
    const t = i18n.getFixedT(null, 'demo');
    expect(i18n.getFixedT(null, 'demo')).toBe(t);
    expect(i18n.getFixedT('ar', 'demo')).not.toBe(t);
    const translate = jest.spyOn((i18n as unknown as { translator: { translate: () => unknown } }).translator, 'translate');
    expect(t('nested.bye')).toBe('مع السلامة');
    expect(t('nested.bye')).toBe('مع السلامة');
    expect(translate).toHaveBeenCalledTimes(1);
    expect(t('hello', { name: 'ليلى' })).toBe('مرحباً ليلى');
    expect(t('hello', { name: 'سارة' })).toBe('مرحباً سارة');
    expect(t('hello', { name: 'ليلى' })).toBe('مرحباً ليلى');
    expect(translate).toHaveBeenCalledTimes(3);
    // Options that are not plain values always go through i18next.
    expect(t('hello', { name: 'ليلى', replace: { name: 'هدى' } })).toBe('مرحباً هدى');
    expect(t('hello', { name: 'ليلى', replace: { name: 'هدى' } })).toBe('مرحباً هدى');
    expect(translate).toHaveBeenCalledTimes(5);
    expect(createI18n('en', [bundle]).getFixedT(null, 'demo')('nested.bye')).toBe('Goodbye');
  });

  it('writes interpolated numbers in the language’s digits, and still chooses the plural form by the number', () => {
    const counts = { ns: 'n', en: { photos_one: 'one photo', photos_other: '{{count}} photos', step: 'Step {{current}} of {{total}}', year: '© {{year}} QF' }, ar: { photos_zero: 'لا توجد صور', photos_one: 'صورة واحدة', photos_two: 'صورتان', photos_few: '{{count}} صور', photos_many: '{{count}} صورة', photos_other: '{{count}} صورة', step: 'الخطوة {{current}} من {{total}}', year: '© {{year}} مؤسسة قطر' } };
    const ar = createI18n('ar', [counts]).getFixedT(null, 'n');
    const en = createI18n('en', [counts]).getFixedT(null, 'n');
    expect(ar('photos', { count: 5 })).toBe('٥ صور');
    expect(ar('photos', { count: 11 })).toBe('١١ صورة');
    expect(ar('photos', { count: 2 })).toBe('صورتان');
    expect(ar('step', { current: 1, total: 5 })).toBe('الخطوة ١ من ٥');
    expect(ar('year', { year: 2026 })).toBe('© ٢٠٢٦ مؤسسة قطر');
    expect(en('photos', { count: 5 })).toBe('5 photos');
    expect(en('step', { current: 1, total: 5 })).toBe('Step 1 of 5');
    expect(en('year', { year: 2026 })).toBe('© 2026 QF');
    // A string is left as written (an id, a phone number).
    expect(createI18n('ar', [bundle]).getFixedT(null, 'demo')('hello', { name: '12' })).toBe('مرحباً 12');
  });

  it('finds nothing wrong with a complete set', () => {
    expect(translationProblems(bundle)).toEqual([]);
  });

  it('reports missing, empty and untranslated Arabic', () => {
    const broken = { ns: 'demo', en: { a: 'One', b: 'Two', c: 'Three', d: 'Four' }, ar: { a: 'واحد', b: 'Two', c: '', e: 'خمسة' } };
    expect(translationProblems(broken)).toEqual([
      'demo:d has no Arabic translation',
      'demo:e has no English text',
      'demo:b is not translated into Arabic',
      'demo:c is empty in Arabic',
    ]);
  });

  it('asks every Arabic plural form of a count, and i18next picks each by the number (issue 38: "٥ نتيجة")', () => {
    const en = { results_one: '{{count}} result', results_other: '{{count}} results' };
    expect(translationProblems({ ns: 'demo', en, ar: { results_one: 'نتيجة واحدة', results_other: '{{count}} نتيجة' } })).toEqual(['demo:results lacks the Arabic plural forms results_two, results_few, results_many']);
    const ar = { results_one: 'نتيجة واحدة', results_two: 'نتيجتان', results_few: '{{count}} نتائج', results_many: '{{count}} نتيجة', results_other: '{{count}} نتيجة' };
    expect(translationProblems({ ns: 'demo', en, ar })).toEqual([]);
    const t = createI18n('ar', [{ ns: 'demo', en, ar }]).getFixedT(null, 'demo');
    expect([1, 2, 5, 11, 100].map((count) => t('results', { count }))).toEqual(['نتيجة واحدة', 'نتيجتان', '٥ نتائج', '١١ نتيجة', '١٠٠ نتيجة']);
  });

  it('accepts values declared identical on purpose', () => {
    expect(translationProblems({ ns: 'x', en: { brand: 'IDKT' }, ar: { brand: 'IDKT' } }, ['brand'])).toEqual([]);
  });
});
