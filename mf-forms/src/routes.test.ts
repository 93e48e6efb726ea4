import { routeManifestSchema } from '@qf/shared/contracts';
import { translationProblems } from '@qf/shared/i18n';
import { routes } from './routes';
import { translations } from './translations';

describe('mf-forms contract', () => {
  it('exposes a valid route manifest: no pages, the newsletter widget hydrating when visible', () => {
    expect(routeManifestSchema.parse(routes)).toEqual(routes);
    expect(routes.widgets).toContainEqual({ name: 'NewsletterSignup', hydration: 'visible' });
  });

  it('has every string in English and Arabic', () => {
    expect(translationProblems(translations)).toEqual([]);
  });
});
