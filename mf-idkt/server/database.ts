import { fieldOf, plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { PagePathEntry } from '@qf/shared/contracts';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import { contentPath, localePath } from '@qf/shared/routing';
import type { PageAnswer, TemplatePages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { DOC_TYPES, idktItemDataSchema, infoBankDataSchema, technologiesDataSchema, type IdktItemData } from '../src/views/technology-data';
import { parseTechnologyFilter } from '../src/views/technology-filter';

const i18n = i18nCache([translations]);
const tFor = (lang: Lang) => i18n(lang).getFixedT(null, translations.ns);
const slugOf = (e: Entry) => plainField<string>(e, 'slug') ?? '';

/**
 * The technology database (`/idkt/technologies`, filtered by `?field=&status=`; each technology at
 * `/idkt/technologies/:slug`) and the info bank (`/idkt/info-bank`, each document at `/idkt/info-bank/:slug`).
 */
type Pages = TemplatePages<Record<never, string>>;
type ItemPages = TemplatePages<{ readonly slug: string }>;

export function createDatabasePages(content: ContentSource): { technologies: Pages; technology: ItemPages; infoBank: Pages; document: ItemPages } {
  const entityTitle = async (e: Entry, lang: Lang) => {
    const id = plainField<Link>(e, 'entity')?.sys.id;
    const entity = id ? await content.entry(id) : undefined;
    return entity ? { title: fieldOf<string>(entity, 'title', lang) ?? '', href: localePath(lang, contentPath('entity', slugOf(entity))) } : undefined;
  };
  const page = (path: string, lang: Lang, title: string, description: string, data: unknown, structured?: Record<string, unknown>): PageAnswer => {
    return {
      head: { title, description, alternatePath: localePath(otherLang(lang), path), kind: 'website', ...(structured ? { structuredData: [{ '@context': 'https://schema.org', inLanguage: lang, ...structured }] } : {}) },
      data,
      widgets: [],
    };
  };

  async function technologies(path: string, lang: Lang, query: URLSearchParams) {
    const t = tFor(lang);
    const { filter, invalid } = parseTechnologyFilter(query);
    const data = technologiesDataSchema.parse({
      technologies: await Promise.all(
        (await content.entries('idkt_technology')).map(async (e) => ({
          title: requiredField(e, 'title', lang),
          href: localePath(lang, contentPath('idkt_technology', slugOf(e))),
          summary: requiredField(e, 'summary', lang),
          field: plainField(e, 'field'),
          status: plainField(e, 'status'),
          readinessLevel: plainField(e, 'readinessLevel'),
          entity: (await entityTitle(e, lang))?.title,
        })),
      ),
      filter,
      invalid,
    });
    return page(path, lang, t('database.title'), t('database.description'), data, { '@type': 'CollectionPage', name: t('database.title') });
  }

  async function item(kind: IdktItemData['kind'], slug: string, path: string, lang: Lang) {
    const t = tFor(lang);
    const e = (await content.entries(kind === 'technology' ? 'idkt_technology' : 'idkt_info_bank')).find((x) => slugOf(x) === slug);
    if (!e) return null;
    const entity = kind === 'technology' ? await entityTitle(e, lang) : undefined;
    const facts: IdktItemData['facts'] =
      kind === 'technology'
        ? [
            { key: 'field', value: t(`database.fields.${plainField<string>(e, 'field')}`), href: `${routes.href(lang, 'technologies')}?field=${plainField<string>(e, 'field')}` },
            { key: 'status', value: t(`database.statuses.${plainField<string>(e, 'status')}`), href: `${routes.href(lang, 'technologies')}?status=${plainField<string>(e, 'status')}` },
            { key: 'readiness', value: t('database.readiness', { level: plainField<number>(e, 'readinessLevel') }) },
            ...(entity ? [{ key: 'entity' as const, value: entity.title, href: entity.href }] : []),
          ]
        : [{ key: 'docType', value: t(`infoBank.type.${plainField<string>(e, 'docType')}`) }];
    const data = idktItemDataSchema.parse({
      kind,
      title: requiredField(e, 'title', lang),
      summary: requiredField(e, 'summary', lang),
      body: requiredField(e, 'body', lang),
      facts,
      list: routes.href(lang, kind === 'technology' ? 'technologies' : 'infoBank'),
      ...(kind === 'technology' ? { licensing: `${routes.href(lang, 'subpage', { slug: 'for-industry' })}#section-3` } : {}),
    });
    return page(path, lang, data.title, data.summary, data, {
      '@type': kind === 'technology' ? 'CreativeWork' : 'DigitalDocument',
      name: data.title,
      description: data.summary,
      ...(e.sys.updatedAt ? { dateModified: e.sys.updatedAt } : {}),
      ...(entity ? { creator: { '@type': 'Organization', name: entity.title } } : {}),
    });
  }

  async function infoBank(path: string, lang: Lang) {
    const t = tFor(lang);
    const docs = await content.entries('idkt_info_bank');
    const data = infoBankDataSchema.parse({
      groups: DOC_TYPES.map((docType) => ({
        docType,
        items: docs.filter((d) => plainField(d, 'docType') === docType).map((d) => ({ title: requiredField(d, 'title', lang), href: localePath(lang, contentPath('idkt_info_bank', slugOf(d))), summary: requiredField(d, 'summary', lang) })),
      })).filter((g) => g.items.length > 0),
    });
    return page(path, lang, t('infoBank.title'), t('infoBank.description'), data, { '@type': 'CollectionPage', name: t('infoBank.title') });
  }

  const entry = (p: string, lastmod?: string): PagePathEntry => ({ en: p, ar: localePath('ar', p), ...(lastmod ? { lastmod } : {}) });
  const list = (p: string): PagePathEntry => ({ ...entry(p), listing: true });
  return {
    technologies: { resolve: ({ path, lang, query }) => technologies(path, lang, query), paths: () => [list(routes.path('technologies'))] },
    technology: {
      resolve: ({ path, lang, params }) => item('technology', params.slug, path, lang),
      paths: async () => (await content.entries('idkt_technology')).map((e) => entry(contentPath('idkt_technology', slugOf(e)), e.sys.updatedAt)),
    },
    infoBank: { resolve: ({ path, lang }) => infoBank(path, lang), paths: () => [list(routes.path('infoBank'))] },
    document: {
      resolve: ({ path, lang, params }) => item('document', params.slug, path, lang),
      paths: async () => (await content.entries('idkt_info_bank')).map((e) => entry(contentPath('idkt_info_bank', slugOf(e)), e.sys.updatedAt)),
    },
  };
}
