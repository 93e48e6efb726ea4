import type { TemplatePages } from '@qf/shared/section';
import { i18nCache, otherLang } from '@qf/shared/i18n';
import { localePath } from '@qf/shared/routing';
import { routes } from '../src/routes';
import { translations } from '../src/translations';

/** One i18next instance per language for the process (making one costs about a millisecond). */
const i18n = i18nCache([translations]);

/** The search page: its results come from the search API in the browser (the query is in the hash). */
export const searchPage: TemplatePages<Record<never, string>> = {
  resolve({ path, lang }) {
    const t = i18n(lang).getFixedT(null, translations.ns);
    return {
      head: { title: t('search.title'), description: t('search.description'), alternatePath: localePath(otherLang(lang), path) },
      data: {},
      widgets: [],
    };
  },
  paths: () => [{ en: routes.path('search'), ar: localePath('ar', routes.path('search')) }],
};
