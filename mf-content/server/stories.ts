import { fieldOf, imageOf, plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import { localePath } from '@qf/shared/routing';
import type { Lang } from '@qf/shared/i18n';
import type { PagePathEntry } from '@qf/shared/contracts';
import type { TemplatePages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { storyDataSchema, type StoryData } from '../src/views/story-data';
import { topics } from './story-list';


function storyData(entry: Entry, lang: Lang, hero: Entry | undefined): StoryData {
  return storyDataSchema.parse({
    image: imageOf(hero, lang),
    title: requiredField(entry, 'title', lang),
    excerpt: requiredField(entry, 'excerpt', lang),
    date: plainField(entry, 'date'),
    author: fieldOf(entry, 'author', lang),
    vertical: plainField(entry, 'vertical'),
    // Each topic links to the stories of that topic (the list's `?tag=` filter, a shareable URL).
    tags: topics(entry, lang).map((tag) => ({ label: tag.label, href: `${routes.href(lang, 'stories')}?${new URLSearchParams({ tag: tag.value })}` })),
    body: requiredField(entry, 'body', lang),
  });
}

export function createStoryPages(content: ContentSource): TemplatePages<{ readonly slug: string }> {
  async function findBySlug(slug: string): Promise<Entry | undefined> {
    return (await content.entries('article')).find((e) => plainField(e, 'slug') === slug);
  }

  return {
    async resolve({ path, lang, params }) {
      const entry = await findBySlug(params.slug);
      if (!entry) return null;
      const heroId = plainField<Link>(entry, 'heroImage')?.sys.id;
      const data = storyData(entry, lang, heroId ? await content.entry(heroId) : undefined);
      return {
        head: {
          title: data.title,
          description: data.excerpt,
          alternatePath: localePath(lang === 'en' ? 'ar' : 'en', path),
          kind: 'article',
          ...(data.image ? { image: data.image.src, imageAlt: data.image.alt } : {}),
          structuredData: [
            {
              '@context': 'https://schema.org',
              '@type': 'NewsArticle',
              headline: data.title,
              description: data.excerpt,
              datePublished: data.date,
              dateModified: entry.sys.updatedAt ?? data.date,
              inLanguage: lang === 'en' ? 'en' : 'ar',
              ...(data.image ? { image: [data.image.src] } : {}),
              ...(data.author ? { author: { '@type': 'Person', name: data.author } } : {}),
              publisher: { '@type': 'Organization', name: lang === 'en' ? 'Qatar Foundation' : 'مؤسسة قطر' },
            },
          ],
        },
        data,
        widgets: ['mf-forms/NewsletterSignup', 'mf-forms/SurveyPopup'],
      };
    },
    async paths(): Promise<PagePathEntry[]> {
      return (await content.entries('article')).flatMap((e) => {
        const slug = plainField<string>(e, 'slug');
        if (!slug) return [];
        const p = routes.path('story', { slug });
        return [{ en: p, ar: localePath('ar', p), lastmod: e.sys.updatedAt }];
      });
    },
  };
}
