import type { Lang } from '@qf/shared/i18n';
import { pageDataUrl } from '@qf/shared/routing';
import { routes } from '../routes';
import type { EventsListData } from './events-list-data';

/**
 * The events list for another query, read from the list's own page data (the query string is kept), so
 * 'Load more events' shows exactly what the server renders for that URL. Rejects on any failure; the view
 * says so and leaves the list as it was.
 */
export async function fetchEventsList(lang: Lang, query: string, fetchImpl: typeof fetch = fetch): Promise<EventsListData> {
  const res = await fetchImpl(pageDataUrl(routes.href(lang, 'events'), query), { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`events: ${res.status}`);
  const body = (await res.json()) as { result?: { page?: { template?: string; data?: Partial<EventsListData> } } };
  const page = body.result?.page;
  // A light check instead of the zod schema: the browser should not download zod for this list.
  if (page?.template !== 'events' || !Array.isArray(page.data?.upcoming) || !Array.isArray(page.data.past)) throw new Error('events: unexpected answer');
  return page.data as EventsListData;
}
