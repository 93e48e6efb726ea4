import { translationProblems } from '@qf/shared/i18n';
import { translations } from './translations';

describe('translations', () => {
  it('has Arabic for every English key and no empty values', () => {
    expect(translationProblems(translations)).toEqual([]);
  });
});
