import { plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { PagePathEntry } from '@qf/shared/contracts';
import { otherLang } from '@qf/shared/i18n';
import { contentPath, localePath } from '@qf/shared/routing';
import type { TemplatePages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { campaignDataSchema } from '../src/views/list-data';
import { newestFirst, storyCard } from './story-cards';

const slugOf = (e: Entry) => plainField<string>(e, 'slug') ?? '';

/** A campaign at `/campaign/:slug` (the path contentPath() gives): its description and its stories, newest first. */
export function createCampaignPages(content: ContentSource): TemplatePages<{ readonly slug: string }> {
  return {
    async resolve({ path, lang, params }) {
      const campaign = (await content.entries('campaign')).find((c) => slugOf(c) === params.slug);
      if (!campaign) return null;
      const stories = (await content.entries('article')).filter((a) => plainField<Link>(a, 'campaign')?.sys.id === campaign.sys.id).sort(newestFirst);
      const data = campaignDataSchema.parse({
        title: requiredField(campaign, 'title', lang),
        year: plainField(campaign, 'year'),
        description: requiredField(campaign, 'description', lang),
        stories: await Promise.all(stories.map((s) => storyCard(content, s, lang))),
        all: routes.href(lang, 'stories'),
      });
      return {
        head: {
          title: data.title,
          description: data.description,
          alternatePath: localePath(otherLang(lang), path),
          kind: 'website',
          ...(data.stories[0]?.image ? { image: data.stories[0].image.src, imageAlt: data.stories[0].image.alt } : {}),
          structuredData: [
            {
              '@context': 'https://schema.org',
              '@type': 'CollectionPage',
              name: data.title,
              description: data.description,
              inLanguage: lang,
              hasPart: data.stories.map((s) => ({ '@type': 'NewsArticle', headline: s.title, url: s.href, datePublished: s.date })),
            },
          ],
        },
        data,
        widgets: [],
      };
    },
    async paths(): Promise<PagePathEntry[]> {
      return (await content.entries('campaign')).map((c) => {
        const p = contentPath('campaign', slugOf(c));
        return { en: p, ar: localePath('ar', p), ...(c.sys.updatedAt ? { lastmod: c.sys.updatedAt } : {}) };
      });
    },
  };
}
