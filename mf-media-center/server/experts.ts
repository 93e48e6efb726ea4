import { plainField, requiredField, type ContentSource, type Entry } from '@qf/shared/content';
import { fillPattern, localePath, matchPattern } from '@qf/shared/routing';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import type { PagePathEntry, ResolvedPage } from '@qf/shared/contracts';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { expertsListDataSchema, type ExpertCard, type ExpertsListData } from '../src/views/experts-list-data';
import { expertProfileDataSchema, type ExpertProfileData } from '../src/views/expert-profile-data';

const CONTENT_TYPE = 'expert_profile';
const [listRoute, profileRoute] = routes.routes;
const i18n = i18nCache([translations]);
const tFor = (lang: Lang) => i18n(lang).getFixedT(null, translations.ns);

function card(entry: Entry, lang: Lang): ExpertCard {
  return {
    name: requiredField(entry, 'name', lang),
    slug: requiredField(entry, 'slug', 'en'),
    role: requiredField(entry, 'role', lang),
    affiliation: requiredField(entry, 'affiliation', lang),
    expertise: requiredField(entry, 'expertise', lang),
  };
}

function profileData(entry: Entry, lang: Lang): ExpertProfileData {
  return expertProfileDataSchema.parse({
    ...card(entry, lang),
    languages: requiredField(entry, 'languages', lang),
    bio: requiredField(entry, 'bio', lang),
    publications: requiredField(entry, 'publications', lang),
    projects: requiredField(entry, 'projects', lang),
    email: plainField(entry, 'email'),
  });
}

const alternate = (lang: Lang, path: string): string => localePath(otherLang(lang), path);

/** The experts list (`/media-center/experts`) and the expert profiles (`/media-center/experts/:slug`). */
export function createExpertPages(content: ContentSource) {
  const experts = (): Promise<Entry[]> => content.entries(CONTENT_TYPE);

  async function resolveList(path: string, lang: Lang): Promise<ResolvedPage> {
    const t = tFor(lang);
    const data: ExpertsListData = expertsListDataSchema.parse({ experts: (await experts()).map((e) => card(e, lang)) });
    return {
      template: listRoute.template,
      hydration: listRoute.hydration,
      head: { title: t('experts.title'), description: t('experts.description'), alternatePath: alternate(lang, path) },
      data,
      widgets: [],
    };
  }

  async function resolveProfile(slug: string, path: string, lang: Lang): Promise<ResolvedPage | null> {
    const entry = (await experts()).find((e) => plainField(e, 'slug') === slug);
    if (!entry) return null;
    const data = profileData(entry, lang);
    const t = tFor(lang);
    return {
      template: profileRoute.template,
      hydration: profileRoute.hydration,
      head: {
        title: data.name,
        description: t('expert.description', { role: data.role, affiliation: data.affiliation }),
        alternatePath: alternate(lang, path),
        kind: 'profile',
        structuredData: [
          {
            '@context': 'https://schema.org',
            '@type': 'Person',
            name: data.name,
            jobTitle: data.role,
            affiliation: { '@type': 'Organization', name: data.affiliation },
            knowsLanguage: data.languages,
            knowsAbout: data.expertise,
            email: `mailto:${data.email}`,
          },
        ],
      },
      data,
      widgets: [],
    };
  }

  return {
    async resolve(path: string, lang: Lang): Promise<ResolvedPage | null> {
      if (matchPattern(listRoute.pattern, path)) return resolveList(path, lang);
      const params = matchPattern(profileRoute.pattern, path);
      if (!params?.slug) return null;
      return resolveProfile(params.slug, path, lang);
    },
    async paths(): Promise<PagePathEntry[]> {
      const entries = await experts();
      const stamps = entries.map((e) => e.sys.updatedAt).filter((s): s is string => Boolean(s)).sort();
      const list = listRoute.pattern;
      const listLastmod = stamps[stamps.length - 1];
      return [
        { en: list, ar: localePath('ar', list), listing: true, ...(listLastmod ? { lastmod: listLastmod } : {}) },
        ...entries.map((e) => {
          const p = fillPattern(profileRoute.pattern, { slug: requiredField<string>(e, 'slug', 'en') });
          return { en: p, ar: localePath('ar', p), ...(e.sys.updatedAt ? { lastmod: e.sys.updatedAt } : {}) };
        }),
      ];
    },
  };
}
