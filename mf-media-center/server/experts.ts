import { plainField, requiredField, type ContentSource, type Entry } from '@qf/shared/content';
import { localePath } from '@qf/shared/routing';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import type { PagePathEntry } from '@qf/shared/contracts';
import type { PageAnswer, TemplatePages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { expertsListDataSchema, type ExpertCard, type ExpertsListData } from '../src/views/experts-list-data';
import { expertProfileDataSchema, type ExpertProfileData } from '../src/views/expert-profile-data';

const CONTENT_TYPE = 'expert_profile';
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
export function createExpertPages(content: ContentSource): { experts: TemplatePages<Record<never, string>>; expert: TemplatePages<{ readonly slug: string }> } {
  const experts = (): Promise<Entry[]> => content.entries(CONTENT_TYPE);

  async function resolveList(path: string, lang: Lang): Promise<PageAnswer> {
    const t = tFor(lang);
    const data: ExpertsListData = expertsListDataSchema.parse({ experts: (await experts()).map((e) => card(e, lang)) });
    return {
      head: { title: t('experts.title'), description: t('experts.description'), alternatePath: alternate(lang, path) },
      data,
      widgets: [],
    };
  }

  async function resolveProfile(slug: string, path: string, lang: Lang): Promise<PageAnswer | null> {
    const entry = (await experts()).find((e) => plainField(e, 'slug') === slug);
    if (!entry) return null;
    const data = profileData(entry, lang);
    const t = tFor(lang);
    return {
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
    experts: {
      resolve: ({ path, lang }) => resolveList(path, lang),
      /** The list, dated by its newest expert. */
      async paths(): Promise<PagePathEntry[]> {
        const stamps = (await experts()).map((e) => e.sys.updatedAt).filter((s): s is string => Boolean(s)).sort();
        const list = routes.path('experts');
        const lastmod = stamps[stamps.length - 1];
        return [{ en: list, ar: localePath('ar', list), listing: true, ...(lastmod ? { lastmod } : {}) }];
      },
    },
    expert: {
      resolve: ({ path, lang, params }) => resolveProfile(params.slug, path, lang),
      async paths(): Promise<PagePathEntry[]> {
        return (await experts()).map((e) => {
          const p = routes.path('expert', { slug: requiredField<string>(e, 'slug', 'en') });
          return { en: p, ar: localePath('ar', p), ...(e.sys.updatedAt ? { lastmod: e.sys.updatedAt } : {}) };
        });
      },
    },
  };
}
