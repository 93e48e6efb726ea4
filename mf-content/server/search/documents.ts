import { fieldOf, imageOf, plainField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import { langs, type Lang } from '@qf/shared/i18n';
import { contentPath, localePath, type RoutedContentType } from '@qf/shared/routing';
import type { FacetName, SearchDoc } from './engine';

/** The content types a visitor can find through search, with the field that holds their title. */
export const SEARCHABLE: Partial<Record<RoutedContentType | 'press_media_mention', { title: string; excerpt: string; body?: string }>> = {
  article: { title: 'title', excerpt: 'excerpt', body: 'body' },
  press_release: { title: 'title', excerpt: 'excerpt', body: 'body' },
  press_media_mention: { title: 'title', excerpt: 'excerpt' },
  event: { title: 'title', excerpt: 'summary', body: 'body' },
  expert_profile: { title: 'name', excerpt: 'role', body: 'bio' },
  people: { title: 'name', excerpt: 'role', body: 'bio' },
  entity: { title: 'title', excerpt: 'subtitle', body: 'description' },
  place: { title: 'title', excerpt: 'description' },
  program: { title: 'title', excerpt: 'description' },
  university: { title: 'title', excerpt: 'description', body: 'description' },
  school: { title: 'title', excerpt: 'description', body: 'description' },
  page: { title: 'title', excerpt: 'intro' },
  idkt_technology: { title: 'title', excerpt: 'summary', body: 'body' },
  idkt_info_bank: { title: 'title', excerpt: 'summary', body: 'body' },
  gallery: { title: 'title', excerpt: 'description' },
  campaign: { title: 'title', excerpt: 'description' },
  tap_story: { title: 'title', excerpt: 'steps', body: 'steps' },
  spokes_people: { title: 'name', excerpt: 'role', body: 'bio' },
};

/**
 * A listing page (an area, a category, a list) as a search document of type `page`, from the head its
 * resolver gives in each language: findable by its title and description words like any page.
 */
export function listingDocuments(paths: readonly { en: string; ar: string }[], head: (neutralPath: string, lang: Lang) => Promise<{ title: string; description: string } | undefined>): Promise<SearchDoc[]> {
  return Promise.all(
    paths.flatMap((p) =>
      langs.map(async (lang): Promise<SearchDoc | undefined> => {
        const h = await head(p.en, lang);
        return h ? listingDocument(p, lang, h) : undefined;
      }),
    ),
  ).then((docs) => docs.filter((d): d is SearchDoc => d !== undefined));
}

/** One listing page in one language as a search document of type `page`. */
export function listingDocument(p: { en: string; ar: string }, lang: Lang, head: { title: string; description: string }): SearchDoc {
  return { id: `listing:${p.en}`, type: 'page', lang, title: head.title, excerpt: clip(head.description), url: p[lang], image: null, text: { title: head.title, tags: '', excerpt: head.description, body: '' }, facets: { type: ['page'] } };
}

/** The words of a field: a string, a list, or structured parts (a tap story's steps) by their texts. */
const text = (value: unknown): string =>
  Array.isArray(value) ? value.map(text).join(' ') : typeof value === 'string' ? value : value && typeof value === 'object' ? Object.values(value).map(text).join(' ') : '';
const firstText = (value: unknown): string => (Array.isArray(value) ? text(value[0] ?? '') : text(value));
const clip = (s: string, max = 220) => (s.length <= max ? s : `${s.slice(0, max).replace(/\s+\S*$/, '')}…`);

/** The fields by which a document shows another entry (its campaign, school, image): a change of that entry changes the document. */
const LINKS = ['campaign', 'school', 'heroImage', 'image', 'logo'] as const;

/**
 * Every searchable entry as one document per language. Entries missing a title in a language are
 * skipped. With `only`, the documents of those entries and of the entries that show one of them
 * (through LINKS): what an update of the index for those changed entries needs.
 */
export async function searchDocuments(content: ContentSource, only?: ReadonlySet<string>): Promise<SearchDoc[]> {
  const docs: SearchDoc[] = [];
  const byId = new Map<string, Entry>();
  const types = Object.keys(SEARCHABLE) as (keyof typeof SEARCHABLE)[];
  const lists = await Promise.all([...types, 'school', 'asset'].map((t) => content.entries(t)));
  for (const list of lists) for (const e of list) byId.set(e.sys.id, e);
  const linked = (e: Entry, field: string): Entry | undefined => byId.get((plainField<Link>(e, field)?.sys.id) ?? '');

  types.forEach((type, t) => {
    const spec = SEARCHABLE[type]!;
    for (const entry of lists[t]!) {
      if (only && !only.has(entry.sys.id) && !LINKS.some((field) => only.has(plainField<Link>(entry, field)?.sys.id ?? ''))) continue;
      const slug = plainField<string>(entry, 'slug') ?? entry.sys.id;
      const date = plainField<string>(entry, 'date') ?? plainField<string>(entry, 'startDate');
      for (const lang of langs) {
        const title = fieldOf<string>(entry, spec.title, lang);
        if (!title) continue;
        const facets: Partial<Record<FacetName, string[]>> = { type: [type] };
        const add = (name: FacetName, value: unknown) => {
          if (value === undefined || value === null || value === '') return;
          (facets[name] ??= []).push(String(value));
        };
        if (date) {
          add('year', date.slice(0, 4));
          add('month', date.slice(5, 7));
        }
        for (const tag of fieldOf<string[]>(entry, 'tags', lang) ?? []) add('tags', tag);
        add('department', fieldOf(entry, 'department', lang));
        add('category', plainField(entry, 'category') ?? plainField(entry, 'vertical') ?? plainField(entry, 'field'));
        if (type === 'entity') add('part_of_qatar', plainField<boolean>(entry, 'partOfQatar') ? 'yes' : 'no');
        const labels: Partial<Record<FacetName, Record<string, string>>> = {};
        /** A filter value that is another entry's slug, with that entry's title as its label. */
        const addEntry = (name: FacetName, other: Entry | undefined) => {
          const value = other && plainField<string>(other, 'slug');
          if (!value) return;
          add(name, value);
          const label = fieldOf<string>(other, 'title', lang) ?? fieldOf<string>(other, 'name', lang);
          if (label) (labels[name] ??= {})[value] = label;
        };
        addEntry('campaign', linked(entry, 'campaign'));
        if (type === 'program') {
          addEntry('program', entry);
          add('degree', plainField(entry, 'degree'));
          addEntry('school', linked(entry, 'school'));
        }
        const hero = linked(entry, 'heroImage') ?? linked(entry, 'image') ?? linked(entry, 'logo');
        const url =
          type === 'press_media_mention' ? (plainField<string>(entry, 'url') ?? '/') : localePath(lang, contentPath(type as RoutedContentType, slug, plainField<string>(entry, 'parent')));
        docs.push({
          id: entry.sys.id,
          type,
          lang,
          title,
          excerpt: clip(firstText(fieldOf(entry, spec.excerpt, lang))),
          url,
          image: imageOf(hero, lang)?.src ?? null,
          date,
          text: {
            title,
            tags: text(fieldOf(entry, 'tags', lang)),
            excerpt: text(fieldOf(entry, spec.excerpt, lang)),
            body: spec.body ? text(fieldOf(entry, spec.body, lang)) : '',
          },
          facets,
          labels,
        });
      }
    }
  });
  return docs;
}
