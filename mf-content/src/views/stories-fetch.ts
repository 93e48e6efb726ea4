import type { Lang } from '@qf/shared/i18n';
import { pageDataUrl } from '@qf/shared/routing';
import type { StoryListData } from './list-data';
import { routes } from '../routes';

/**
 * The stories list for another filter or page, read from the list's own page data (SPEC §7: the query
 * string is kept), so 'Load more' and the filters show exactly what the server renders for that URL.
 * Rejects on any failure; the view says so and leaves the list as it was.
 */
export async function fetchStoryList(lang: Lang, query: string, fetchImpl: typeof fetch = fetch): Promise<StoryListData> {
  const res = await fetchImpl(pageDataUrl(routes.href(lang, 'stories'), query), { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`stories: ${res.status}`);
  const body = (await res.json()) as { result?: { page?: { template?: string; data?: Partial<StoryListData> } } };
  const page = body.result?.page;
  // A light check instead of the zod schema: the browser should not download zod for this list.
  if (page?.template !== 'stories' || !Array.isArray(page.data?.stories) || typeof page.data.total !== 'number') throw new Error('stories: unexpected answer');
  return page.data as StoryListData;
}
