import { fieldOf, plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { PagePathEntry } from '@qf/shared/contracts';
import type { TemplatePages } from '@qf/shared/section';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import { contentPath, localePath } from '@qf/shared/routing';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { parseProgramFilter } from '../src/views/program-filter';
import { itemList } from './item-list';
import { programListDataSchema, type ProgramListData } from '../src/views/program-list-data';

const i18n = i18nCache([translations]);
const tFor = (lang: Lang) => i18n(lang).getFixedT(null, translations.ns);

/**
 * The programme list at `/program`, filtered by school and degree through the query (`?school=…&degree=…`),
 * so a filtered list is a shareable URL and the filter form works as a plain GET form without JavaScript.
 * The page carries every programme: the browser re-filters in place without asking the server again.
 */
export function createProgramList(content: ContentSource): TemplatePages<Record<never, string>> {
  return {
    async resolve({ path, lang, query }) {
      const t = tFor(lang);
      const [programs, schools, universities] = await Promise.all([content.entries('program'), content.entries('school'), content.entries('university')]);
      const byId = new Map<string, { type: 'school' | 'university'; e: Entry }>([...schools.map((e) => [e.sys.id, { type: 'school' as const, e }] as const), ...universities.map((e) => [e.sys.id, { type: 'university' as const, e }] as const)]);
      const option = (e: Entry) => ({ slug: plainField<string>(e, 'slug') ?? '', title: requiredField<string>(e, 'title', lang) });
      const { filter, invalid } = parseProgramFilter(query, [...schools, ...universities].map((e) => plainField<string>(e, 'slug') ?? ''));
      const data: ProgramListData = programListDataSchema.parse({
        programs: programs.map((p) => {
          const id = plainField<Link>(p, 'school')?.sys.id ?? plainField<Link>(p, 'university')?.sys.id;
          const provider = id ? byId.get(id) : undefined;
          return {
            title: requiredField(p, 'title', lang),
            href: localePath(lang, contentPath('program', plainField<string>(p, 'slug') ?? '')),
            degree: plainField(p, 'degree'),
            department: fieldOf(p, 'department', lang) ?? '',
            ...(provider ? { provider: { ...option(provider.e), href: localePath(lang, contentPath(provider.type, plainField<string>(provider.e, 'slug') ?? '')) } } : {}),
          };
        }),
        schools: schools.map(option),
        universities: universities.map(option),
        filter,
        invalid,
      });
      return {
        head: {
          title: t('programs.title'),
          description: t('programs.description'),
          alternatePath: localePath(otherLang(lang), path),
          kind: 'website',
          structuredData: [
            { '@context': 'https://schema.org', ...itemList(data.programs, { name: t('programs.title') }) },
          ],
        },
        data,
        widgets: [],
      };
    },
    paths(): PagePathEntry[] {
      return [{ en: routes.path('programs'), ar: routes.href('ar', 'programs') }];
    },
  };
}
