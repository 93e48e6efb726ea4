import { fieldOf, imageOf, plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { PagePathEntry } from '@qf/shared/contracts';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import { contentPath, localePath } from '@qf/shared/routing';
import type { PageAnswer, TemplatePages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { galleryDataSchema, mediaListDataSchema, pressReleaseDataSchema, type MediaListData } from '../src/views/media-data';

type ListPages = TemplatePages<Record<never, string>>;
type ItemPages = TemplatePages<{ readonly slug: string }>;
const i18n = i18nCache([translations]);
const tFor = (lang: Lang) => i18n(lang).getFixedT(null, translations.ns);
const PUBLISHER = { en: 'Qatar Foundation', ar: 'مؤسسة قطر' } as const;
const newestFirst = (a: Entry, b: Entry) => String(plainField(b, 'date')).localeCompare(String(plainField(a, 'date')));
const slugOf = (e: Entry) => plainField<string>(e, 'slug') ?? '';

/**
 * Media galleries (`/media-center/media-galleries`, `/…/:slug`), press releases (`/media-center/news`,
 * `/…/:slug`, the paths contentPath() gives) and the list of media mentions (`/media-center/media-mentions`).
 */
export function createMediaPages(content: ContentSource): { galleries: ListPages; gallery: ItemPages; news: ListPages; pressRelease: ItemPages; mentions: ListPages } {
  const asset = async (id: string | undefined, lang: Lang) => imageOf(id ? await content.entry(id) : undefined, lang);

  async function list(kind: MediaListData['kind'], path: string, lang: Lang): Promise<PageAnswer> {
    const t = tFor(lang);
    const type = kind === 'galleries' ? 'gallery' : kind === 'news' ? 'press_release' : 'press_media_mention';
    const entries = [...(await content.entries(type))].sort(newestFirst);
    const items = await Promise.all(
      entries.map(async (e) => {
        const images = plainField<Link[]>(e, 'images') ?? [];
        return {
          title: requiredField<string>(e, 'title', lang),
          href: kind === 'mentions' ? (plainField<string>(e, 'url') ?? '') : localePath(lang, contentPath(kind === 'galleries' ? 'gallery' : 'press_release', slugOf(e))),
          external: kind === 'mentions',
          date: plainField<string>(e, 'date') ?? '',
          excerpt: fieldOf<string>(e, kind === 'galleries' ? 'description' : 'excerpt', lang) ?? '',
          source: kind === 'news' ? fieldOf<string>(e, 'department', lang) : kind === 'mentions' ? fieldOf<string>(e, 'outlet', lang) : undefined,
          image: kind === 'galleries' ? await asset(images[0]?.sys.id, lang) : kind === 'news' ? await asset(plainField<Link>(e, 'heroImage')?.sys.id, lang) : undefined,
          count: kind === 'galleries' ? images.length : undefined,
        };
      }),
    );
    const data = mediaListDataSchema.parse({ kind, items });
    return {
      head: { title: t(`media.${kind}.title`), description: t(`media.${kind}.description`), alternatePath: localePath(otherLang(lang), path), kind: 'website' },
      data,
      widgets: [],
    };
  }

  async function gallery(slug: string, path: string, lang: Lang): Promise<PageAnswer | null> {
    const e = (await content.entries('gallery')).find((g) => slugOf(g) === slug);
    if (!e) return null;
    const images = (await Promise.all((plainField<Link[]>(e, 'images') ?? []).map((l) => asset(l.sys.id, lang)))).filter((i) => i !== undefined);
    const data = galleryDataSchema.parse({
      title: requiredField(e, 'title', lang),
      date: plainField(e, 'date'),
      description: requiredField(e, 'description', lang),
      images,
      list: routes.href(lang, 'galleries'),
    });
    return {
      head: {
        title: data.title,
        description: data.description,
        alternatePath: localePath(otherLang(lang), path),
        kind: 'website',
        ...(images[0] ? { image: images[0].src, imageAlt: images[0].alt } : {}),
        structuredData: [
          {
            '@context': 'https://schema.org',
            '@type': 'ImageGallery',
            name: data.title,
            description: data.description,
            datePublished: data.date,
            inLanguage: lang,
            image: images.map((i) => ({ '@type': 'ImageObject', contentUrl: i.src, caption: i.alt, width: i.width, height: i.height })),
          },
        ],
      },
      data,
      widgets: [],
    };
  }

  async function pressRelease(slug: string, path: string, lang: Lang): Promise<PageAnswer | null> {
    const e = (await content.entries('press_release')).find((p) => slugOf(p) === slug);
    if (!e) return null;
    const data = pressReleaseDataSchema.parse({
      title: requiredField(e, 'title', lang),
      date: plainField(e, 'date'),
      department: requiredField(e, 'department', lang),
      excerpt: requiredField(e, 'excerpt', lang),
      body: requiredField(e, 'body', lang),
      image: await asset(plainField<Link>(e, 'heroImage')?.sys.id, lang),
      list: routes.href(lang, 'news'),
    });
    return {
      head: {
        title: data.title,
        description: data.excerpt,
        alternatePath: localePath(otherLang(lang), path),
        kind: 'article',
        ...(data.image ? { image: data.image.src, imageAlt: data.image.alt } : {}),
        structuredData: [
          {
            '@context': 'https://schema.org',
            '@type': 'NewsArticle',
            headline: data.title,
            description: data.excerpt,
            datePublished: data.date,
            dateModified: e.sys.updatedAt ?? data.date,
            inLanguage: lang,
            ...(data.image ? { image: [data.image.src] } : {}),
            publisher: { '@type': 'Organization', name: PUBLISHER[lang] },
          },
        ],
      },
      data,
      widgets: [],
    };
  }

  const entry = (p: string, lastmod?: string): PagePathEntry => ({ en: p, ar: localePath('ar', p), ...(lastmod ? { lastmod } : {}) });
  /** A list is a listing page: search finds it by its head. */
  const listPages = (kind: MediaListData['kind']): ListPages => ({
    resolve: ({ path, lang }) => list(kind, path, lang),
    paths: () => [{ ...entry(routes.path(kind)), listing: true }],
  });
  return {
    galleries: listPages('galleries'),
    gallery: {
      resolve: ({ path, lang, params }) => gallery(params.slug, path, lang),
      paths: async () => (await content.entries('gallery')).map((e) => entry(contentPath('gallery', slugOf(e)), e.sys.updatedAt)),
    },
    news: listPages('news'),
    pressRelease: {
      resolve: ({ path, lang, params }) => pressRelease(params.slug, path, lang),
      paths: async () => (await content.entries('press_release')).map((e) => entry(contentPath('press_release', slugOf(e)), e.sys.updatedAt)),
    },
    mentions: listPages('mentions'),
  };
}
