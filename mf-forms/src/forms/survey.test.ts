import { surveyErrors, surveyFromForm, surveyMessages, surveyResponseSchema } from '.';

describe('survey response', () => {
  it('accepts a score from 1 to 5 with or without a comment', () => {
    expect(surveyResponseSchema.parse({ satisfaction: 4 })).toEqual({ satisfaction: 4 });
    expect(surveyResponseSchema.parse({ satisfaction: 5, comment: ' Great ' })).toEqual({ satisfaction: 5, comment: 'Great' });
  });

  it('takes the score as a number: text is a form value, read by surveyFromForm and nowhere else', () => {
    expect(surveyErrors({ satisfaction: '5' }, 'en')).toEqual({ satisfaction: 'Select an option' });
    expect(surveyFromForm({ satisfaction: ' 4 ', comment: 'Fine' })).toEqual({ satisfaction: 4, comment: 'Fine' });
    for (const text of ['', '0', '6', '4.0', '0x4', '٤', 'five']) expect(surveyFromForm({ satisfaction: text })).toEqual({ satisfaction: text });
    expect(surveyResponseSchema.parse(surveyFromForm({ satisfaction: '2' }))).toEqual({ satisfaction: 2 });
  });

  it.each([[{}], [{ satisfaction: '' }], [{ satisfaction: 0 }], [{ satisfaction: '6' }], [{ satisfaction: 2.5 }], [{ satisfaction: 'five' }]])('asks to select an option for %p', (input) => {
    expect(surveyErrors(input, 'en')).toEqual({ satisfaction: 'Select an option' });
  });

  it('limits the comment to 1,000 characters', () => {
    expect(surveyErrors({ satisfaction: 3, comment: 'x'.repeat(1000) }, 'en')).toEqual({});
    expect(surveyErrors({ satisfaction: 3, comment: 'x'.repeat(10_000) }, 'ar')).toEqual({ comment: 'يُرجى ألا يتجاوز تعليقك ١٠٠٠ حرف.' });
  });

  it('has a real Arabic message for every English one', () => {
    expect(Object.keys(surveyMessages.ar).sort()).toEqual(Object.keys(surveyMessages.en).sort());
    for (const text of Object.values(surveyMessages.ar)) expect(text).toMatch(/[\u0600-\u06FF]/);
  });
});
