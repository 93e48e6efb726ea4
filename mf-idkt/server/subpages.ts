import { fieldOf, imageOf, plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { PagePathEntry } from '@qf/shared/contracts';
import { otherLang } from '@qf/shared/i18n';
import { contentPath, localePath } from '@qf/shared/routing';
import type { TemplatePages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { subpageDataSchema, type SubpageData } from '../src/views/subpage-data';
import { firstSentence } from './landing';

const pathOf = (entry: Entry) => contentPath('page', plainField<string>(entry, 'slug') ?? '');

/** The IDKT pages of the content (pageType idkt), at /idkt/{name}: about, road to technology transfer, the audience pages, newsletter. */
export function createSubpages(content: ContentSource): TemplatePages<{ readonly slug: string }> {
  const idktPages = async () => (await content.entries('page')).filter((p) => plainField(p, 'pageType') === 'idkt' && pathOf(p) !== routes.path('landing'));

  return {
    async resolve({ path, lang }) {
      const entry = (await idktPages()).find((p) => pathOf(p) === path);
      if (!entry) return null;
      const heroId = plainField<Link>(entry, 'heroImage')?.sys.id;
      const newsletter = path === routes.path('subpage', { slug: 'newsletter' });
      const data: SubpageData = subpageDataSchema.parse({
        title: requiredField(entry, 'title', lang),
        intro: requiredField(entry, 'intro', lang),
        sections: fieldOf(entry, 'sections', lang) ?? [],
        image: imageOf(heroId ? await content.entry(heroId) : undefined, lang),
        newsletter,
      });
      return {
        head: { title: data.title, description: firstSentence(data.intro), alternatePath: localePath(otherLang(lang), path), ...(data.image ? { image: data.image.src } : {}) },
        data,
        widgets: newsletter ? ['mf-forms/NewsletterSignup', 'mf-forms/PushNotifications'] : [],
      };
    },
    async paths(): Promise<PagePathEntry[]> {
      return (await idktPages()).map((p) => ({ en: pathOf(p), ar: localePath('ar', pathOf(p)), lastmod: p.sys.updatedAt }));
    },
  };
}
