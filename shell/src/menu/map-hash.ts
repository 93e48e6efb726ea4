/**
 * The map's address in the URL (SPEC §2): `#map` opens the menu on the map, `#map-{content id}` also
 * selects that place. Pure, so every rule is unit-tested.
 */
export interface MapTarget {
  place: string | null;
}

const PREFIX = '#map';

export function parseMapHash(hash: string): MapTarget | null {
  if (hash === PREFIX) return { place: null };
  if (!hash.startsWith(`${PREFIX}-`)) return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(PREFIX.length + 1));
  } catch {
    return null;
  }
  return id.trim() ? { place: id } : { place: null };
}

export const mapHash = (place: string | null): string => (place ? `${PREFIX}-${encodeURIComponent(place)}` : PREFIX);

export const isMapHash = (hash: string): boolean => parseMapHash(hash) !== null;

/** The URL after the menu closes: a map hash goes, any other hash (a page anchor) stays. */
export function urlWithoutMapHash(url: { pathname: string; search: string; hash: string }): string {
  return `${url.pathname}${url.search}${isMapHash(url.hash) ? '' : url.hash}`;
}

/** The URL once a place is chosen: the same page, with the place's map hash. */
export const urlWithMapHash = (url: { pathname: string; search: string }, place: string | null): string => `${url.pathname}${url.search}${mapHash(place)}`;

/** A maps service's directions to a place, found by its address (no key needed). */
export const directionsUrl = (address: string): string => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;

/**
 * The hash the page should have once the menu's map state changed from `before` to `after`, or null
 * to leave it: a chosen place is `#map-{id}`; no place while the map shows keeps `#map`; leaving the
 * map (closing the menu, another area) clears a map hash and leaves any other hash alone.
 */
export function nextMapHash(before: MapShown, after: MapShown, currentHash: string): string | null {
  if (before.showing === after.showing && before.place === after.place) return null;
  if (after.showing) {
    if (after.place) return mapHash(after.place) === currentHash ? null : mapHash(after.place);
    return parseMapHash(currentHash)?.place ? mapHash(null) : null;
  }
  return isMapHash(currentHash) ? '' : null;
}

export interface MapShown {
  showing: boolean;
  place: string | null;
}
