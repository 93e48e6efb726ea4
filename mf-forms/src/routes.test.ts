import { routeManifestSchema } from '@qf/shared/contracts';
import { translationProblems } from '@qf/shared/i18n';
import { routes } from './routes';
import { translations } from './translations';

describe('mf-forms contract', () => {
  it('exposes a valid route manifest: no pages, the newsletter (it posts without JavaScript) hydrating on interaction', () => {
    expect(routeManifestSchema.parse(routes)).toEqual(routes);
    expect(routes.widgets).toContainEqual({ name: 'NewsletterSignup', hydration: 'interaction' });
  });

  it('has every string in English and Arabic', () => {
    expect(translationProblems(translations)).toEqual([]);
  });
});
