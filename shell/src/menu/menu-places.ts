import * as z from '@qf/shared/zod';
import type { Lang } from '@qf/shared/i18n';
import { mapPlaceSchema, type MapPlace } from './menu-data';

/**
 * The map's places, fetched with the open menu (`/menuplaces.json?lang=`): a page's menu names each map
 * category's places by id only, since a page that carried every place grew with the content (179 KB of
 * a 236 KB page at 20,000 entries). Asked when the menu's chunk is (the first hover, focus or press of
 * a menu button), once per language; a failed fetch is forgotten and asked again next time.
 */
const placesAnswerSchema = z.object({ places: z.array(mapPlaceSchema) });
const loaded = new Map<Lang, MapPlace[]>();
const pending = new Map<Lang, Promise<MapPlace[]>>();

/** The places of `lang` once they have arrived, else undefined. */
export const loadedMenuPlaces = (lang: Lang): MapPlace[] | undefined => loaded.get(lang);

export function loadMenuPlaces(lang: Lang, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Promise<MapPlace[]> {
  const known = loaded.get(lang);
  if (known) return Promise.resolve(known);
  let asked = pending.get(lang);
  if (!asked) {
    asked = fetchImpl(`/menuplaces.json?lang=${lang}`, { headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`/menuplaces.json answered ${res.status}`);
        const { places } = placesAnswerSchema.parse(await res.json());
        loaded.set(lang, places);
        return places;
      })
      .finally(() => pending.delete(lang));
    pending.set(lang, asked);
  }
  return asked;
}

/** Tests start from a page that has fetched no places. */
export const forgetMenuPlaces = (): void => {
  loaded.clear();
  pending.clear();
};
