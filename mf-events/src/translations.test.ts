import { translationProblems } from '@qf/shared/i18n';
import { translations } from './translations';

describe('translations', () => {
  it('has every key in both languages, really translated', () => {
    expect(translationProblems(translations)).toEqual([]);
  });

  it('uses the SPEC wording for closed registration', () => {
    expect(translations.en.event.registrationClosed).toBe('Registration Closed');
  });
});
