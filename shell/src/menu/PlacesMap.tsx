/// <reference types="google.maps" />
import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { Theme } from '@qf/shared/bus';
import type { Lang } from '@qf/shared/i18n';
import { useShellT } from '../i18n';
import { directionsUrl } from './map-hash';
import { BOUNCE_MS, INFO_MAX_WIDTH, loadMapsApi, MAP_CENTRE, MAP_SELECTED_ZOOM, MAP_ZOOM, mapStyleFor, type MapsApi } from './maps-loader';
import type { MapPlace } from './menu-data';
import styles from './Menu.module.css';

interface PlacesMapProps {
  apiKey: string;
  lang: Lang;
  theme: Theme;
  places: readonly MapPlace[];
  selected: string | null;
  label: string;
  onSelect: (id: string) => void;
  onError: () => void;
  load?: typeof loadMapsApi;
}

interface Live {
  api: MapsApi;
  map: google.maps.Map;
  markers: Map<string, google.maps.Marker>;
  info: google.maps.InfoWindow;
}

/**
 * The Google map of a category's places: centred on the campus at zoom 15; a chosen marker bounces,
 * gets an info window (at most 300 px wide) and the map zooms to 16 on it. Its style follows the theme.
 */
export function PlacesMap({ apiKey, lang, theme, places, selected, label, onSelect, onError, load = loadMapsApi }: PlacesMapProps): ReactElement {
  const t = useShellT();
  const element = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState<Live | null>(null);
  const select = useRef(onSelect);
  select.current = onSelect;
  const themeRef = useRef(theme);
  themeRef.current = theme;

  // A new language or a new set of places builds the markers again (SPEC §4: language resets markers).
  useEffect(() => {
    let cancelled = false;
    let built: Live | null = null;
    load(apiKey, lang)
      .then((api) => {
        if (cancelled || !element.current) return;
        const map = new api.Map(element.current, { center: MAP_CENTRE, zoom: MAP_ZOOM, styles: mapStyleFor(themeRef.current), clickableIcons: false });
        const markers = new Map<string, google.maps.Marker>();
        for (const place of places) {
          const marker = new api.Marker({ map, position: { lat: place.lat, lng: place.lon }, title: place.title });
          marker.addListener('click', () => select.current(place.id));
          markers.set(place.id, marker);
        }
        built = { api, map, markers, info: new api.InfoWindow({ maxWidth: INFO_MAX_WIDTH }) };
        setLive(built);
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) onError();
      });
    return () => {
      cancelled = true;
      if (built) {
        built.info.close();
        for (const marker of built.markers.values()) marker.setMap(null);
      }
      setLive(null);
    };
    // onError is a stable callback of the panel; places change only with the category or language.
  }, [apiKey, lang, places, load]);

  useEffect(() => {
    live?.map.setOptions({ styles: mapStyleFor(theme) });
  }, [theme, live]);

  useEffect(() => {
    const current = live;
    if (!current) return;
    const place = places.find((p) => p.id === selected);
    const marker = place ? current.markers.get(place.id) : undefined;
    if (!place || !marker) {
      current.info.close();
      current.map.setZoom(MAP_ZOOM);
      current.map.panTo(MAP_CENTRE);
      return;
    }
    marker.setAnimation(current.api.Animation.BOUNCE);
    const stop = setTimeout(() => marker.setAnimation(null), BOUNCE_MS);
    current.info.setContent(infoContent(place, t('menu.map.directions', { title: place.title }), t('menu.map.newTab')));
    current.info.open({ map: current.map, anchor: marker });
    current.map.setZoom(MAP_SELECTED_ZOOM);
    current.map.panTo(marker.getPosition() ?? { lat: place.lat, lng: place.lon });
    return () => clearTimeout(stop);
  }, [selected, places, live, t]);

  return <div ref={element} className={styles.mapCanvas} role="region" aria-label={label} />;
}

/** The info window's content, built as DOM (never as HTML), so content text cannot inject markup. */
function infoContent(place: MapPlace, directions: string, newTab: string): HTMLElement {
  const root = document.createElement('div');
  root.className = styles.info ?? '';
  const title = document.createElement('strong');
  title.textContent = place.title;
  const address = document.createElement('p');
  address.textContent = place.address;
  const link = document.createElement('a');
  link.href = directionsUrl(place.address);
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  link.textContent = `${directions} ${newTab}`;
  root.append(title, address, link);
  return root;
}
