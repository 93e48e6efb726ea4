import { fieldOf, imageOf, plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { PagePathEntry } from '@qf/shared/contracts';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import { contentPath, localePath } from '@qf/shared/routing';
import type { TemplatePages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { tapStoriesDataSchema, tapStoryDataSchema } from '../src/views/directory-data';

const i18n = i18nCache([translations]);
const tFor = (lang: Lang) => i18n(lang).getFixedT(null, translations.ns);

/** SPEC §2 tap stories: the overview at `/stories/tap` and each story at `/stories/tap/:slug`, read one step per tap. */
export function createTapStories(content: ContentSource): { tapStories: TemplatePages<Record<never, string>>; tapStory: TemplatePages<{ readonly slug: string }> } {
  const slugOf = (e: Entry) => plainField<string>(e, 'slug') ?? '';
  const hero = async (e: Entry, lang: Lang) => {
    const id = plainField<Link>(e, 'heroImage')?.sys.id;
    return imageOf(id ? await content.entry(id) : undefined, lang);
  };

  return {
    tapStories: {
      async resolve({ path, lang }) {
        const t = tFor(lang);
        const stories = await content.entries('tap_story');
        const data = tapStoriesDataSchema.parse({
          stories: await Promise.all(
            stories.map(async (e) => ({ title: requiredField(e, 'title', lang), href: localePath(lang, contentPath('tap_story', slugOf(e))), steps: (fieldOf<unknown[]>(e, 'steps', lang) ?? []).length, image: await hero(e, lang) })),
          ),
        });
        return {
          head: { title: t('tap.title'), description: t('tap.description'), alternatePath: localePath(otherLang(lang), path), kind: 'website' },
          data,
          widgets: [],
        };
      },
      paths: () => [{ en: routes.path('tapStories'), ar: routes.href('ar', 'tapStories') }],
    },
    tapStory: {
      async resolve({ path, lang, params }) {
        const e = (await content.entries('tap_story')).find((s) => slugOf(s) === params.slug);
        if (!e) return null;
        const data = tapStoryDataSchema.parse({ title: requiredField(e, 'title', lang), steps: requiredField(e, 'steps', lang), image: await hero(e, lang), overview: routes.href(lang, 'tapStories') });
        const description = data.steps[0]!.body;
        return {
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
        return (await content.entries('tap_story')).map((e) => {
          const p = contentPath('tap_story', slugOf(e));
          return { en: p, ar: localePath('ar', p), ...(e.sys.updatedAt ? { lastmod: e.sys.updatedAt } : {}) };
        });
      },
    },
  };
}
