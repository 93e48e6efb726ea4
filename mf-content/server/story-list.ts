import { fieldOf, plainField, type ContentSource, type Entry } from '@qf/shared/content';
import type { PagePathEntry } from '@qf/shared/contracts';
import type { TemplatePages } from '@qf/shared/section';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import { localePath } from '@qf/shared/routing';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { storyListDataSchema, type StoryListData } from '../src/views/list-data';
import { parseStoryQuery, STORIES_PAGE_SIZE, tagKey, type StoryFilter } from '../src/views/story-filter';
import { itemList } from './item-list';
import { newestFirst, storyCard } from './story-cards';

const i18n = i18nCache([translations]);
const tFor = (lang: Lang) => i18n(lang).getFixedT(null, translations.ns);

/** A story's topics: the language-neutral key (from the English name) and the name in the page's language. */
export function topics(e: Entry, lang: Lang): { value: string; label: string }[] {
  const en = fieldOf<string[]>(e, 'tags', 'en') ?? [];
  const local = fieldOf<string[]>(e, 'tags', lang) ?? [];
  // Localised tag lists are parallel; a list of another length falls back to the English names.
  return en.map((tag, i) => ({ value: tagKey(tag), label: local.length === en.length ? (local[i] ?? tag) : tag }));
}

const matches = (e: Entry, filter: StoryFilter) =>
  (!filter.area || plainField(e, 'vertical') === filter.area) &&
  (!filter.type || plainField(e, 'storyType') === filter.type) &&
  (!filter.tag || topics(e, 'en').some((t) => t.value === filter.tag));

/**
 * What every request of the list needs from the stories, made once per list the content gives (a file
 * store gives a new one when the content changes; a source that gives a new list per read only loses
 * the reuse): the stories newest first and, per language, the topics sorted by name. Sorting by date
 * and collating the topics' names took a third of this server's time per uncached list.
 */
interface Prepared {
  articles: Entry[];
  topics: Partial<Record<Lang, { value: string; label: string }[]>>;
  /** The stories of each filter asked (area, type, topic): a scan of every story per request was this list's cost at 100,000 entries. */
  matching: Map<string, Entry[]>;
}
/** Filters kept per content (a few areas x types x topics are asked; a crafted set of valid ones is bounded too). */
const MATCHING_KEPT = 256;
const preparedFor = new WeakMap<readonly Entry[], Prepared>();
function prepared(all: readonly Entry[], lang: Lang): { articles: Entry[]; tags: { value: string; label: string }[]; matching: (filter: StoryFilter) => Entry[] } {
  let p = preparedFor.get(all);
  if (!p) preparedFor.set(all, (p = { articles: [...all].sort(newestFirst), topics: {}, matching: new Map() }));
  let tags = p.topics[lang];
  if (!tags) {
    const byKey = new Map<string, string>();
    for (const a of p.articles) for (const tag of topics(a, lang)) if (!byKey.has(tag.value)) byKey.set(tag.value, tag.label);
    tags = p.topics[lang] = [...byKey].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, lang));
  }
  const kept = p;
  const matching = (filter: StoryFilter): Entry[] => {
    if (!filter.area && !filter.type && !filter.tag) return kept.articles;
    const key = `${filter.area ?? ''}|${filter.type ?? ''}|${filter.tag ?? ''}`;
    let list = kept.matching.get(key);
    if (!list) {
      if (kept.matching.size >= MATCHING_KEPT) kept.matching.clear();
      kept.matching.set(key, (list = kept.articles.filter((a) => matches(a, filter))));
    }
    return list;
  };
  return { articles: p.articles, tags, matching };
}

/**
 * SPEC §2 "news and stories" template at `/stories`: every story, newest first, filtered by area, type and
 * topic through the query (`?area=…&type=…&tag=…`, a GET form, so a filtered list is a shareable URL) and
 * paged by `?page=N`: page N shows the first N pages, so the 'Load more' link works without JavaScript.
 */
export function createStoryList(content: ContentSource): TemplatePages<Record<never, string>> {
  return {
    async resolve({ path, lang, query }) {
      const t = tFor(lang);
      const { tags, matching: matchingOf } = prepared(await content.entries('article'), lang);
      const { filter, page: asked, invalid } = parseStoryQuery(query, tags.map((tag) => tag.value));
      const matching = matchingOf(filter);
      const pages = Math.max(1, Math.ceil(matching.length / STORIES_PAGE_SIZE));
      // A page past the end (the list got shorter since the link was shared) shows the whole list.
      const page = Math.min(asked, pages);
      const data: StoryListData = storyListDataSchema.parse({
        stories: await Promise.all(matching.slice(0, page * STORIES_PAGE_SIZE).map((e) => storyCard(content, e, lang))),
        total: matching.length,
        page,
        pageSize: STORIES_PAGE_SIZE,
        filter,
        tags,
        invalid,
      });
      return {
        head: {
          title: t('storyList.title'),
          description: t('storyList.description'),
          alternatePath: localePath(otherLang(lang), path),
          kind: 'website',
          ...(data.stories[0]?.image ? { image: data.stories[0].image.src, imageAlt: data.stories[0].image.alt } : {}),
          structuredData: [
            {
              '@context': 'https://schema.org',
              '@type': 'CollectionPage',
              name: t('storyList.title'),
              description: t('storyList.description'),
              inLanguage: lang,
              mainEntity: itemList(data.stories, { total: data.total }),
            },
          ],
        },
        data,
        widgets: [],
      };
    },
    paths(): PagePathEntry[] {
      return [{ en: routes.path('stories'), ar: routes.href('ar', 'stories') }];
    },
  };
}
