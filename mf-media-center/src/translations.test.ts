import { translationProblems } from '@qf/shared/i18n';
import { translations } from './translations';

describe('translations', () => {
  it('has every key in both languages, with real Arabic', () => {
    expect(translationProblems(translations)).toEqual([]);
  });
});
