import { fieldOf, plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { PagePathEntry, ResolvedPage } from '@qf/shared/contracts';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import { contentPath, localePath, matchPattern } from '@qf/shared/routing';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { DOC_TYPES, idktItemDataSchema, infoBankDataSchema, technologiesDataSchema, type IdktItemData } from '../src/views/technology-data';
import { parseTechnologyFilter } from '../src/views/technology-filter';

const route = (template: string) => routes.routes.find((r) => r.template === template)!;
const i18n = i18nCache([translations]);
const tFor = (lang: Lang) => i18n(lang).getFixedT(null, translations.ns);
const slugOf = (e: Entry) => plainField<string>(e, 'slug') ?? '';

/**
 * The technology database (`/idkt/technologies`, filtered by `?field=&status=`; each technology at
 * `/idkt/technologies/:slug`) and the info bank (`/idkt/info-bank`, each document at `/idkt/info-bank/:slug`).
 */
export function createDatabasePages(content: ContentSource) {
  const entityTitle = async (e: Entry, lang: Lang) => {
    const id = plainField<Link>(e, 'entity')?.sys.id;
    const entity = id ? await content.entry(id) : undefined;
    return entity ? { title: fieldOf<string>(entity, 'title', lang) ?? '', href: localePath(lang, contentPath('entity', slugOf(entity))) } : undefined;
  };
  const page = (template: string, path: string, lang: Lang, title: string, description: string, data: unknown, structured?: Record<string, unknown>): ResolvedPage => {
    const r = route(template);
    return {
      template: r.template,
      hydration: r.hydration,
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
    return page('technologies', path, lang, t('database.title'), t('database.description'), data, { '@type': 'CollectionPage', name: t('database.title') });
  }

  async function item(kind: IdktItemData['kind'], slug: string, path: string, lang: Lang) {
    const t = tFor(lang);
    const e = (await content.entries(kind === 'technology' ? 'idkt_technology' : 'idkt_info_bank')).find((x) => slugOf(x) === slug);
    if (!e) return null;
    const entity = kind === 'technology' ? await entityTitle(e, lang) : undefined;
    const facts: IdktItemData['facts'] =
      kind === 'technology'
        ? [
            { key: 'field', value: t(`database.fields.${plainField<string>(e, 'field')}`), href: `${localePath(lang, route('technologies').pattern)}?field=${plainField<string>(e, 'field')}` },
            { key: 'status', value: t(`database.statuses.${plainField<string>(e, 'status')}`), href: `${localePath(lang, route('technologies').pattern)}?status=${plainField<string>(e, 'status')}` },
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
      list: localePath(lang, route(kind === 'technology' ? 'technologies' : 'infoBank').pattern),
      ...(kind === 'technology' ? { licensing: `${localePath(lang, '/idkt/for-industry')}#section-3` } : {}),
    });
    return page(kind, path, lang, data.title, data.summary, data, {
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
    return page('infoBank', path, lang, t('infoBank.title'), t('infoBank.description'), data, { '@type': 'CollectionPage', name: t('infoBank.title') });
  }

  return {
    async resolve(path: string, lang: Lang, query: URLSearchParams = new URLSearchParams()): Promise<ResolvedPage | null> {
      if (path === route('technologies').pattern) return technologies(path, lang, query);
      if (path === route('infoBank').pattern) return infoBank(path, lang);
      const tech = matchPattern(route('technology').pattern, path);
      if (tech?.slug) return item('technology', tech.slug, path, lang);
      const doc = matchPattern(route('document').pattern, path);
      if (doc?.slug) return item('document', doc.slug, path, lang);
      return null;
    },
    async paths(): Promise<PagePathEntry[]> {
      const [techs, docs] = await Promise.all([content.entries('idkt_technology'), content.entries('idkt_info_bank')]);
      const entry = (p: string, lastmod?: string): PagePathEntry => ({ en: p, ar: localePath('ar', p), ...(lastmod ? { lastmod } : {}) });
      const list = (p: string): PagePathEntry => ({ ...entry(p), listing: true });
      return [
        list(route('technologies').pattern),
        ...techs.map((e) => entry(contentPath('idkt_technology', slugOf(e)), e.sys.updatedAt)),
        list(route('infoBank').pattern),
        ...docs.map((e) => entry(contentPath('idkt_info_bank', slugOf(e)), e.sys.updatedAt)),
      ];
    },
  };
}
