import { translationProblems } from '@qf/shared/i18n';
import { translations } from './translations';

it('has every shell string in English and Arabic', () => {
  expect(translationProblems(translations, ['language.switchTo'])).toEqual([]);
});
