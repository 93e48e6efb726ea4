import { fieldOf, imageOf, plainField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { PagePathEntry, ResolvedPage } from '@qf/shared/contracts';
import { otherLang, type Lang } from '@qf/shared/i18n';
import { contentPath, localePath, matchPattern } from '@qf/shared/routing';
import { routes } from '../src/routes';
import { pageDataSchema, type PageData } from '../src/views/page-data';
import { pageForm } from './page-forms';

const pageRoute = routes.routes.find((r) => r.template === 'page')!;

/** Root-level pages: content pages (about, audience pages, terms, hotline…) and entity pages. IDKT pages belong to mf-idkt. */
export function createContentPages(content: ContentSource) {
  async function find(slug: string): Promise<Entry | undefined> {
    const pages = (await content.entries('page')).filter((p) => plainField(p, 'pageType') !== 'idkt');
    return pages.find((p) => plainField(p, 'slug') === slug) ?? (await content.entries('entity')).find((e) => plainField(e, 'slug') === slug);
  }
  const linked = async (e: Entry, field: string) => {
    const id = plainField<Link>(e, field)?.sys.id;
    return id ? content.entry(id) : undefined;
  };

  return {
    async resolve(path: string, lang: Lang): Promise<ResolvedPage | null> {
      const params = matchPattern(pageRoute.pattern, path);
      if (!params?.slug) return null;
      const entry = await find(params.slug);
      if (!entry) return null;
      const isEntity = entry.sys.contentType === 'entity';
      const image = imageOf(await linked(entry, 'heroImage'), lang);
      const data: PageData = pageDataSchema.parse({
        title: fieldOf(entry, 'title', lang),
        intro: fieldOf(entry, isEntity ? 'subtitle' : 'intro', lang),
        paragraphs: isEntity ? (fieldOf<string[]>(entry, 'description', lang) ?? []) : [],
        sections: fieldOf(entry, 'sections', lang) ?? [],
        stats: fieldOf(entry, 'stats', lang) ?? [],
        image,
        contact: isEntity ? { phone: plainField(entry, 'phone'), email: plainField(entry, 'email'), website: plainField(entry, 'website') } : undefined,
        form: isEntity ? undefined : await pageForm(content, entry, lang),
      });
      return {
        template: pageRoute.template,
        hydration: pageRoute.hydration,
        head: {
          title: data.title,
          description: data.intro,
          alternatePath: localePath(otherLang(lang), path),
          kind: 'website',
          ...(image ? { image: image.src, imageAlt: image.alt } : {}),
          ...(isEntity ? { structuredData: [{ '@context': 'https://schema.org', '@type': 'Organization', name: data.title, description: data.intro, ...(data.contact?.website ? { url: data.contact.website } : {}) }] } : {}),
        },
        data,
        widgets: data.form ? [`mf-forms/${data.form.widget}`] : [],
      };
    },
    async paths(): Promise<PagePathEntry[]> {
      const pages = (await content.entries('page')).filter((p) => plainField(p, 'pageType') !== 'idkt');
      const entities = await content.entries('entity');
      return [...pages.map((p) => ['page', p] as const), ...entities.map((e) => ['entity', e] as const)].map(([type, e]) => {
        const p = contentPath(type, plainField<string>(e, 'slug') ?? '');
        return { en: p, ar: localePath('ar', p), lastmod: e.sys.updatedAt };
      });
    },
  };
}
