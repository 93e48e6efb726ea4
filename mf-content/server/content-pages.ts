import { fieldOf, imageOf, plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { PagePathEntry } from '@qf/shared/contracts';
import { otherLang, type Lang } from '@qf/shared/i18n';
import { contentPath, directionsUrl, localePath, type RoutedContentType } from '@qf/shared/routing';
import type { TemplatePages } from '@qf/shared/section';
import { pageDataSchema, type PageData } from '../src/views/page-data';
import { pageForm } from './page-forms';

const slugOf = (e: Entry) => plainField<string>(e, 'slug') ?? '';
const parentOf = (e: Entry) => plainField<string>(e, 'parent');

/**
 * Root-level pages: content pages (about, audience pages, terms, hotline…) and entity pages, plus the
 * pages that name a parent segment (SPEC §2 route builder): `/about/profile` and the areas' specific
 * pages (`/community/qatar-national-convention-centre`…), which present a subject (an entity, a school or
 * a place) with its contact details, address and people. IDKT pages belong to mf-idkt.
 */
export function createContentPages(content: ContentSource): TemplatePages<{ readonly slug?: string }> {
  const pages = async () => (await content.entries('page')).filter((p) => plainField(p, 'pageType') !== 'idkt');
  /** The page (or, at the root, the entity) a pattern's slug names; the pattern's first segment is the parent, when it has one (`/education/:slug`). */
  async function find(pattern: string, slug: string): Promise<Entry | undefined> {
    const parent = /^\/([^/:]+)\/:slug$/.exec(pattern)?.[1];
    const page = (await pages()).find((p) => slugOf(p) === slug && parentOf(p) === parent);
    if (page) return page;
    return parent ? undefined : (await content.entries('entity')).find((e) => slugOf(e) === slug);
  }
  const linked = async (e: Entry | undefined, field: string) => {
    const id = e && plainField<Link>(e, field)?.sys.id;
    return id ? content.entry(id) : undefined;
  };
  const peopleOf = async (entity: Entry, lang: Lang) =>
    (await content.entries('people'))
      .filter((p) => plainField<Link>(p, 'entity')?.sys.id === entity.sys.id)
      .map((p) => ({ name: requiredField<string>(p, 'name', lang), role: requiredField<string>(p, 'role', lang), href: localePath(lang, contentPath('people', slugOf(p))) }));

  /** What a page shows of the entry it presents (an entity page presents itself). */
  async function subjectParts(subject: Entry | undefined, lang: Lang): Promise<Pick<PageData, 'contact' | 'address' | 'people' | 'more'>> {
    if (!subject) return { people: [] };
    const type = subject.sys.contentType as RoutedContentType;
    const place = type === 'place' ? subject : await linked(subject, 'place');
    const name = requiredField<string>(subject, 'title', lang);
    const contact = { phone: plainField<string>(subject, 'phone'), email: plainField<string>(subject, 'email'), website: plainField<string>(subject, 'website') };
    const street = place ? requiredField<string>(place, 'address', lang) : undefined;
    const address = street ? { text: street, directions: directionsUrl({ name, address: street }) } : undefined;
    return {
      contact: contact.phone || contact.email || contact.website ? contact : undefined,
      ...(address ? { address } : {}),
      people: type === 'entity' ? await peopleOf(subject, lang) : [],
      more: { title: name, href: localePath(lang, contentPath(type, slugOf(subject))) },
    };
  }

  return {
    async resolve({ path, lang, params, pattern }) {
      const entry = params.slug ? await find(pattern, params.slug) : undefined;
      if (!entry) return null;
      const isEntity = entry.sys.contentType === 'entity';
      const subject = isEntity ? entry : await linked(entry, 'subject');
      const { more, ...parts } = await subjectParts(subject, lang);
      const image = imageOf(await linked(entry, 'heroImage'), lang);
      const data: PageData = pageDataSchema.parse({
        title: fieldOf(entry, 'title', lang),
        intro: fieldOf(entry, isEntity ? 'subtitle' : 'intro', lang),
        paragraphs: isEntity ? (fieldOf<string[]>(entry, 'description', lang) ?? []) : [],
        sections: fieldOf(entry, 'sections', lang) ?? [],
        stats: fieldOf(entry, 'stats', lang) ?? [],
        image,
        ...parts,
        ...(isEntity ? {} : { more }),
        form: isEntity ? undefined : await pageForm(content, entry, lang),
      });
      const organization = subject && subject.sys.contentType !== 'place';
      return {
        head: {
          title: data.title,
          description: data.intro,
          alternatePath: localePath(otherLang(lang), path),
          kind: 'website',
          ...(image ? { image: image.src, imageAlt: image.alt } : {}),
          ...(subject
            ? {
                structuredData: [
                  {
                    '@context': 'https://schema.org',
                    '@type': organization ? (subject.sys.contentType === 'school' ? 'School' : 'Organization') : 'Place',
                    name: data.title,
                    description: data.intro,
                    ...(data.contact?.website ? { url: data.contact.website } : {}),
                    ...(data.contact?.phone ? { telephone: data.contact.phone } : {}),
                    ...(data.address ? { address: { '@type': 'PostalAddress', streetAddress: data.address.text, addressCountry: 'QA' } } : {}),
                  },
                ],
              }
            : {}),
        },
        data,
        widgets: data.form ? [`mf-forms/${data.form.widget}`] : [],
      };
    },
    async paths(): Promise<PagePathEntry[]> {
      const entities = await content.entries('entity');
      return [...(await pages()).map((p) => ['page', p] as const), ...entities.map((e) => ['entity', e] as const)].map(([type, e]) => {
        const p = contentPath(type, slugOf(e), parentOf(e));
        return { en: p, ar: localePath('ar', p), lastmod: e.sys.updatedAt };
      });
    },
  };
}
