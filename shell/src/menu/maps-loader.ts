/// <reference types="google.maps" />
import type { Lang } from '@qf/shared/i18n';

export interface MapsApi {
  Map: typeof google.maps.Map;
  InfoWindow: typeof google.maps.InfoWindow;
  Marker: typeof google.maps.Marker;
  Animation: typeof google.maps.Animation;
}

let configured: string | null = null;

/**
 * The Maps JavaScript API, loaded on first use through `@googlemaps/js-api-loader` (its own chunk, so
 * a page without the map downloads none of it). Called only when a key is configured.
 */
export async function loadMapsApi(key: string, lang: Lang): Promise<MapsApi> {
  const loader = await import('@googlemaps/js-api-loader');
  if (configured === null) {
    loader.setOptions({ key, v: 'weekly', language: lang });
    configured = key;
  }
  const [maps, marker] = await Promise.all([loader.importLibrary('maps'), loader.importLibrary('marker')]);
  return { Map: maps.Map, InfoWindow: maps.InfoWindow, Marker: marker.Marker, Animation: marker.Animation };
}

/** SPEC §9 map constants. */
export const MAP_CENTRE = { lat: 25.313964, lng: 51.4394043 } as const;
export const MAP_ZOOM = 15;
export const MAP_SELECTED_ZOOM = 16;
export const INFO_MAX_WIDTH = 300;
/** The marker bounces as long as the wobble animation lasts (SPEC §9: 700 ms). */
export const BOUNCE_MS = 700;

/** A dark map style, so the map follows the site's dark theme (the light theme uses the default style). */
export const DARK_MAP_STYLE: google.maps.MapTypeStyle[] = [
  { elementType: 'geometry', stylers: [{ color: '#17201e' }] },
  { elementType: 'labels.text.fill', stylers: [{ color: '#b5c2bf' }] },
  { elementType: 'labels.text.stroke', stylers: [{ color: '#0f1514' }] },
  { featureType: 'road', elementType: 'geometry', stylers: [{ color: '#33413e' }] },
  { featureType: 'water', elementType: 'geometry', stylers: [{ color: '#0b100f' }] },
  { featureType: 'poi', elementType: 'geometry', stylers: [{ color: '#1d2a27' }] },
];
export const mapStyleFor = (theme: 'dark' | 'light'): google.maps.MapTypeStyle[] => (theme === 'dark' ? DARK_MAP_STYLE : []);
