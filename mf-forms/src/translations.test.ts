import { translationProblems } from '@qf/shared/i18n';
import { translations } from './translations';

it('has every string in English and Arabic', () => {
  expect(translationProblems(translations)).toEqual([]);
});
