import { routeManifestSchema } from '@qf/shared/contracts';
import { matchPattern } from '@qf/shared/routing';
import { routes } from './routes';
import { translations } from './translations';
import { translationProblems } from '@qf/shared/i18n';

describe('mf-content contract', () => {
  it('exposes a valid route manifest for this contract version', () => {
    expect(routeManifestSchema.parse(routes)).toEqual(routes);
    expect(matchPattern(routes.routes[0].pattern, '/stories/some-story')).toEqual({ slug: 'some-story' });
    expect(matchPattern(routes.routes[1].pattern, '/')).toEqual({});
  });

  it('has every string in English and Arabic', () => {
    expect(translationProblems(translations)).toEqual([]);
  });
});
