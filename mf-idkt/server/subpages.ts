import { fieldOf, imageOf, plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { PagePathEntry, ResolvedPage } from '@qf/shared/contracts';
import { otherLang, type Lang } from '@qf/shared/i18n';
import { contentPath, localePath, matchPattern } from '@qf/shared/routing';
import { routes } from '../src/routes';
import { subpageDataSchema, type SubpageData } from '../src/views/subpage-data';
import { firstSentence } from './landing';

const subpageRoute = routes.routes.find((r) => r.template === 'subpage')!;
const pathOf = (entry: Entry) => contentPath('page', plainField<string>(entry, 'slug') ?? '');

/** The IDKT pages of the content (pageType idkt), at /idkt/{name}: about, road to technology transfer, the audience pages, newsletter. */
export function createSubpages(content: ContentSource) {
  const idktPages = async () => (await content.entries('page')).filter((p) => plainField(p, 'pageType') === 'idkt' && pathOf(p) !== '/idkt');

  return {
    async resolve(path: string, lang: Lang): Promise<ResolvedPage | null> {
      if (!matchPattern(subpageRoute.pattern, path)) return null;
      const entry = (await idktPages()).find((p) => pathOf(p) === path);
      if (!entry) return null;
      const heroId = plainField<Link>(entry, 'heroImage')?.sys.id;
      const newsletter = path === '/idkt/newsletter';
      const data: SubpageData = subpageDataSchema.parse({
        title: requiredField(entry, 'title', lang),
        intro: requiredField(entry, 'intro', lang),
        sections: fieldOf(entry, 'sections', lang) ?? [],
        image: imageOf(heroId ? await content.entry(heroId) : undefined, lang),
        newsletter,
      });
      return {
        template: subpageRoute.template,
        hydration: subpageRoute.hydration,
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
