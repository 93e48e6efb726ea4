import { imageOf, plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { PagePathEntry } from '@qf/shared/contracts';
import { i18nCache, otherLang } from '@qf/shared/i18n';
import { contentPath, localePath } from '@qf/shared/routing';
import type { TemplatePages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { itemList } from './item-list';
import { peopleListDataSchema, type PeopleListData } from '../src/views/list-data';

const i18n = i18nCache([translations]);
const slugOf = (e: Entry) => plainField<string>(e, 'slug') ?? '';

/** `/people`: every person of the content (SPEC §1 "browse … people"), by name, linked to their page and entity. */
export function createPeopleList(content: ContentSource): TemplatePages<Record<never, string>> {
  const linked = async (e: Entry, field: string) => {
    const id = plainField<Link>(e, field)?.sys.id;
    return id ? content.entry(id) : undefined;
  };
  return {
    async resolve({ path, lang }) {
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
      return [{ en: routes.path('people'), ar: routes.href('ar', 'people') }];
    },
  };
}
