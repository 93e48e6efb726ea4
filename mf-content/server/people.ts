import { imageOf, plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { PagePathEntry, ResolvedPage } from '@qf/shared/contracts';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import { contentPath, localePath, matchPattern } from '@qf/shared/routing';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { itemList } from './item-list';
import { peopleListDataSchema, type PeopleListData } from '../src/views/list-data';

const route = routes.routes.find((r) => r.template === 'people')!;
const i18n = i18nCache([translations]);
const slugOf = (e: Entry) => plainField<string>(e, 'slug') ?? '';

/** `/people`: every person of the content (SPEC §1 "browse … people"), by name, linked to their page and entity. */
export function createPeopleList(content: ContentSource) {
  const linked = async (e: Entry, field: string) => {
    const id = plainField<Link>(e, field)?.sys.id;
    return id ? content.entry(id) : undefined;
  };
  return {
    async resolve(path: string, lang: Lang): Promise<ResolvedPage | null> {
      if (!matchPattern(route.pattern, path)) return null;
      const collator = new Intl.Collator(lang);
      const people: PeopleListData['people'] = await Promise.all(
        (await content.entries('people')).map(async (p) => {
          const entity = await linked(p, 'entity');
          const image = imageOf(await linked(p, 'image'), lang);
          return {
            title: requiredField<string>(p, 'name', lang),
            href: localePath(lang, contentPath('people', slugOf(p))),
            role: requiredField<string>(p, 'role', lang),
            ...(image ? { image } : {}),
            ...(entity ? { entity: { title: requiredField<string>(entity, 'title', lang), href: localePath(lang, contentPath('entity', slugOf(entity))) } } : {}),
          };
        }),
      );
      const data = peopleListDataSchema.parse({ people: people.sort((a, b) => collator.compare(a.title, b.title)) });
      const t = i18n(lang).getFixedT(null, translations.ns);
      const title = t('peopleList.title');
      const description = t('peopleList.intro');
      return {
        template: route.template,
        hydration: route.hydration,
        head: {
          title,
          description,
          alternatePath: localePath(otherLang(lang), path),
          kind: 'website',
          structuredData: [
            { '@context': 'https://schema.org', ...itemList(data.people, { name: title }) },
          ],
        },
        data,
        widgets: [],
      };
    },
    paths(): PagePathEntry[] {
      return [{ en: route.pattern, ar: localePath('ar', route.pattern) }];
    },
  };
}
