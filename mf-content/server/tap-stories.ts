import { fieldOf, imageOf, plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { PagePathEntry, ResolvedPage } from '@qf/shared/contracts';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import { contentPath, localePath, matchPattern } from '@qf/shared/routing';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { tapStoriesDataSchema, tapStoryDataSchema } from '../src/views/directory-data';

const overviewRoute = routes.routes.find((r) => r.template === 'tapStories')!;
const storyRoute = routes.routes.find((r) => r.template === 'tapStory')!;
const i18n = i18nCache([translations]);
const tFor = (lang: Lang) => i18n(lang).getFixedT(null, translations.ns);

/** SPEC §2 tap stories: the overview at `/stories/tap` and each story at `/stories/tap/:slug`, read one step per tap. */
export function createTapStories(content: ContentSource) {
  const slugOf = (e: Entry) => plainField<string>(e, 'slug') ?? '';
  const hero = async (e: Entry, lang: Lang) => {
    const id = plainField<Link>(e, 'heroImage')?.sys.id;
    return imageOf(id ? await content.entry(id) : undefined, lang);
  };

  return {
    async resolve(path: string, lang: Lang): Promise<ResolvedPage | null> {
      const params = matchPattern(storyRoute.pattern, path);
      if (path !== overviewRoute.pattern && !params?.slug) return null;
      const t = tFor(lang);
      const stories = await content.entries('tap_story');
      if (path === overviewRoute.pattern) {
        const data = tapStoriesDataSchema.parse({
          stories: await Promise.all(
            stories.map(async (e) => ({ title: requiredField(e, 'title', lang), href: localePath(lang, contentPath('tap_story', slugOf(e))), steps: (fieldOf<unknown[]>(e, 'steps', lang) ?? []).length, image: await hero(e, lang) })),
          ),
        });
        return {
          template: overviewRoute.template,
          hydration: overviewRoute.hydration,
          head: { title: t('tap.title'), description: t('tap.description'), alternatePath: localePath(otherLang(lang), path), kind: 'website' },
          data,
          widgets: [],
        };
      }
      const e = stories.find((s) => slugOf(s) === params?.slug);
      if (!e) return null;
      const data = tapStoryDataSchema.parse({ title: requiredField(e, 'title', lang), steps: requiredField(e, 'steps', lang), image: await hero(e, lang), overview: localePath(lang, overviewRoute.pattern) });
      const description = data.steps[0]!.body;
      return {
        template: storyRoute.template,
        hydration: storyRoute.hydration,
        head: {
          title: data.title,
          description,
          alternatePath: localePath(otherLang(lang), path),
          kind: 'article',
          ...(data.image ? { image: data.image.src, imageAlt: data.image.alt } : {}),
          structuredData: [
            {
              '@context': 'https://schema.org',
              '@type': 'Article',
              headline: data.title,
              description,
              inLanguage: lang,
              ...(e.sys.updatedAt ? { dateModified: e.sys.updatedAt } : {}),
              ...(data.image ? { image: [data.image.src] } : {}),
              publisher: { '@type': 'Organization', name: lang === 'en' ? 'Qatar Foundation' : 'مؤسسة قطر' },
            },
          ],
        },
        data,
        widgets: [],
      };
    },
    async paths(): Promise<PagePathEntry[]> {
      const stories = await content.entries('tap_story');
      return [
        { en: overviewRoute.pattern, ar: localePath('ar', overviewRoute.pattern) },
        ...stories.map((e) => {
          const p = contentPath('tap_story', slugOf(e));
          return { en: p, ar: localePath('ar', p), ...(e.sys.updatedAt ? { lastmod: e.sys.updatedAt } : {}) };
        }),
      ];
    },
  };
}
