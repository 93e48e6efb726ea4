import type { ResolvedPage } from '@qf/shared/contracts';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import { localePath } from '@qf/shared/routing';
import { routes } from '../src/routes';
import { translations } from '../src/translations';

/** One i18next instance per language for the process (making one costs about a millisecond). */
const i18n = i18nCache([translations]);

const searchRoute = routes.routes.find((r) => r.template === 'search')!;

/** The search page: its results come from the search API in the browser (the query is in the hash). */
export function resolveSearchPage(path: string, lang: Lang): ResolvedPage | null {
  if (path !== searchRoute.pattern) return null;
  const t = i18n(lang).getFixedT(null, translations.ns);
  return {
    template: searchRoute.template,
    hydration: searchRoute.hydration,
    head: { title: t('search.title'), description: t('search.description'), alternatePath: localePath(otherLang(lang), path) },
    data: {},
    widgets: [],
  };
}
