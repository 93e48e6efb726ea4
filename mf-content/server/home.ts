import { fieldOf, imageOf, plainField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { TemplatePages } from '@qf/shared/section';
import { i18nCache, otherLang } from '@qf/shared/i18n';
import { contentPath, localePath } from '@qf/shared/routing';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { homeDataSchema, type HomeData } from '../src/views/home-data';

/** One i18next instance per language for the process (making one costs about a millisecond). */
const i18n = i18nCache([translations]);

const AUDIENCES = ['community-members', 'prospective-students', 'researchers-and-entrepreneurs', 'journalists-and-media', 'job-seekers', 'new-to-qatar-foundation'];
const LATEST = 6;

/** The home page: the latest stories, the area links and the six audience pages. */
export function createHomePage(content: ContentSource): TemplatePages<Record<never, string>> {
  return {
    async resolve({ lang }) {
      const t = i18n(lang).getFixedT(null, translations.ns);
      const [articles, pages] = await Promise.all([content.entries('article'), content.entries('page')]);
      const latest = [...articles].sort((a, b) => String(plainField(b, 'date')).localeCompare(String(plainField(a, 'date')))).slice(0, LATEST);
      const stories = await Promise.all(
        latest.map(async (e: Entry) => {
          const hero = plainField<Link>(e, 'heroImage')?.sys.id;
          return {
            title: fieldOf<string>(e, 'title', lang) ?? '',
            excerpt: fieldOf<string>(e, 'excerpt', lang) ?? '',
            date: plainField<string>(e, 'date') ?? '',
            vertical: plainField<string>(e, 'vertical'),
            href: localePath(lang, contentPath('article', plainField<string>(e, 'slug') ?? '')),
            image: imageOf(hero ? await content.entry(hero) : undefined, lang),
          };
        }),
      );
      const audiences = AUDIENCES.flatMap((slug) => {
        const page = pages.find((p) => plainField(p, 'slug') === slug);
        const title = page && fieldOf<string>(page, 'title', lang);
        return title ? [{ title, href: localePath(lang, contentPath('page', slug)) }] : [];
      });
      const data: HomeData = homeDataSchema.parse({
        stories,
        audiences,
        // Each area's own page (the World Cup's is /world-cup: it linked to the stories list).
        areas: (['education', 'research', 'community', 'worldcup'] as const).map((v) => ({ vertical: v, href: localePath(lang, routes.templates.area.pattern[v === 'worldcup' ? 'worldCup' : v]) })),
      });
      return {
        head: { title: t('home.title'), description: t('home.description'), alternatePath: routes.href(otherLang(lang), 'home'), kind: 'website', ...(stories[0]?.image ? { image: stories[0].image.src } : {}) },
        data,
        widgets: ['mf-forms/NewsletterSignup', 'mf-forms/PushNotifications', 'mf-forms/BrandSurveyPrompt'],
      };
    },
    /** The home page is a listing: search finds it by its head. */
    paths: () => [{ en: routes.href('en', 'home'), ar: routes.href('ar', 'home') }],
  };
}
