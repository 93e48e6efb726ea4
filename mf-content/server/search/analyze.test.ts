import { analyze, normalize, stemArabic, stemEnglish, stemsArabic } from './analyze';

describe('Arabic analysis', () => {
  it('removes diacritics and tatweel', () => {
    expect(normalize('مَدْرَسَةٌ')).toBe(normalize('مدرسة'));
    expect(normalize('جـــامعة')).toBe(normalize('جامعة'));
  });

  it('folds alef and hamza forms, alef maqsura and taa marbuta', () => {
    expect(normalize('أإآٱ')).toBe('اااا');
    expect(normalize('مؤسسة')).toBe('موسسه');
    expect(normalize('مستشفى')).toBe('مستشفي');
    expect(normalize('رئيس')).toBe('رييس');
  });

  it('turns Arabic-Indic and Persian digits into ASCII', () => {
    expect(normalize('٢٠٢٦ و ۲۰۲۲')).toBe('2026 و 2022');
  });

  it('finds جامعة, جامعه and الجامعة the same', () => {
    expect(new Set([analyze('جامعة')[0], analyze('جامعه')[0], analyze('الجامعة')[0], analyze('والجامعة')[0]]).size).toBe(1);
  });

  it('strips one prefix and one suffix, never below three letters', () => {
    expect(stemArabic('بالمدارس')).toBe('مدارس');
    expect(stemArabic('طلابها')).toBe('طلاب');
    expect(stemArabic('ولد')).toBe('ولد');
  });

  it('keeps both readings of a one-letter proclitic that may be the root’s first letter', () => {
    // وطنية (national, root وطن) is not و + طنية: it must meet الوطنية, and والوطنية too.
    expect(analyze('وطنية')).toEqual(expect.arrayContaining(analyze('الوطنية')));
    expect(analyze('وزارة')).toEqual(expect.arrayContaining(analyze('الوزارة')));
    expect(analyze('بحوث')).toEqual(expect.arrayContaining(analyze('البحوث')));
    // A real conjunction is still taken off.
    expect(analyze('والطلاب')).toEqual(analyze('الطلاب'));
    expect(analyze('وطلاب')).toEqual(expect.arrayContaining(analyze('طلاب')));
    // Two-letter and longer prefixes have one reading.
    expect(stemsArabic('المدارس')).toEqual(['مدارس']);
  });

  it('keeps a lone hamza: ماء (water) is not ما (what)', () => {
    expect(analyze('ماء')).toEqual(['ماء']);
    expect(analyze('الماء')).toEqual(['ماء']);
    expect(analyze('ما')).toEqual([]);
  });

  it('drops stop words', () => {
    expect(analyze('في المدينة التعليمية')).toEqual(analyze('المدينة التعليمية'));
  });

  it('meets a nisba word (صحفي) in its plurals (الصحفيون, صحفيين), where the ي alone read as "my" (issue 38)', () => {
    expect(analyze('صحفي')).toEqual(expect.arrayContaining(analyze('الصحفيون')));
    expect(analyze('صحفي')).toEqual(expect.arrayContaining(analyze('صحفيين')));
    // "my book" still meets "book".
    expect(analyze('كتابي')).toEqual(expect.arrayContaining(analyze('كتاب')));
  });

  it('drops the alef of an accusative tanween, in either typed order (مورداً, موردًا → مورد; issue 38)', () => {
    expect(analyze('مورداً')).toEqual(analyze('مورد'));
    expect(analyze('موردًا')).toEqual(analyze('مورد'));
    expect(normalize('جداً كثيراً')).toBe('جد كثير');
    // An alef without tanween is a letter of the word.
    expect(normalize('دنيا')).toBe('دنيا');
  });
});

describe('English analysis', () => {
  it('stems plurals and verb forms to one term', () => {
    expect(stemEnglish('universities')).toBe(stemEnglish('university'));
    expect(stemEnglish('researchers')).toBe(stemEnglish('researcher'));
    expect(stemEnglish('learning')).toBe(stemEnglish('learn'));
  });

  it('lower-cases, removes accents and stop words', () => {
    expect(analyze('The Café of Doha')).toEqual(['cafe', 'doha']);
  });
});
