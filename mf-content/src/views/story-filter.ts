// No zod here: the stories list view imports these helpers, and the browser should not pay for zod.

export const STORY_AREAS = ['education', 'research', 'community', 'worldcup'] as const;
export type StoryArea = (typeof STORY_AREAS)[number];
export const STORY_TYPES = ['news', 'feature', 'opinion', 'video', 'interview'] as const;
export type StoryType = (typeof STORY_TYPES)[number];
/** Stories a page adds: the first page shows this many, each 'Load more' (or `?page=N`) this many more. */
export const STORIES_PAGE_SIZE = 9;
/**
 * The most pages one list shows (360 stories): `?page=N` renders the first N pages, and with up to 9999
 * a crafted address rendered every story of a large store in one answer (18,000 cards at 100,000
 * entries), each page number a new render. Past it a visitor narrows the list (area, type, topic) or searches.
 */
export const STORIES_MAX_PAGES = 40;

export interface StoryFilter {
  area?: StoryArea;
  type?: StoryType;
  /** A topic's key: its English name in lower-case words joined by hyphens, the same in both languages. */
  tag?: string;
}
export type StoryQueryProblem = 'area' | 'type' | 'tag' | 'page';

/** The language-neutral key of a topic, so a filtered list is the same URL under `/ar`. */
export const tagKey = (englishTag: string): string =>
  englishTag
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Read the filter and the page from the query; unknown values are reported, never trusted. */
export function parseStoryQuery(query: URLSearchParams, tags: readonly string[]): { filter: StoryFilter; page: number; invalid: StoryQueryProblem[] } {
  const filter: StoryFilter = {};
  const invalid: StoryQueryProblem[] = [];
  const area = query.get('area')?.trim();
  const type = query.get('type')?.trim();
  const tag = query.get('tag')?.trim();
  const page = query.get('page')?.trim();
  if (area) {
    if ((STORY_AREAS as readonly string[]).includes(area)) filter.area = area as StoryArea;
    else invalid.push('area');
  }
  if (type) {
    if ((STORY_TYPES as readonly string[]).includes(type)) filter.type = type as StoryType;
    else invalid.push('type');
  }
  if (tag) {
    if (tags.includes(tag)) filter.tag = tag;
    else invalid.push('tag');
  }
  let n = 1;
  if (page) {
    if (/^[1-9]\d{0,1}$/.test(page) && Number(page) <= STORIES_MAX_PAGES) n = Number(page);
    else invalid.push('page');
  }
  return { filter, page: n, invalid };
}

/** The query string of a filter and page (`?area=…&type=…&tag=…&page=N`; page 1 is left out), or ''. */
export function storyQuery(filter: StoryFilter, page = 1): string {
  const q = new URLSearchParams();
  if (filter.area) q.set('area', filter.area);
  if (filter.type) q.set('type', filter.type);
  if (filter.tag) q.set('tag', filter.tag);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `?${s}` : '';
}
