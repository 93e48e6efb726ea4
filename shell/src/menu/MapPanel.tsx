import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import type { Theme } from '@qf/shared/bus';
import { localDigitsIn, type Lang } from '@qf/shared/i18n';
import { useShellT } from '../i18n';
import { onLevelKeyDown } from './focus';
import { directionsUrl } from './map-hash';
import type { MapPlace, MenuCategory } from './menu-data';
import type { MapView } from './menu-state';
import { PlacesMap } from './PlacesMap';
import { previewKey } from './previews';
import type { PreviewsState } from './use-previews';
import styles from './Menu.module.css';

interface MapPanelProps {
  lang: Lang;
  theme: Theme;
  category: MenuCategory;
  places: readonly MapPlace[];
  selected: string | null;
  view: MapView;
  mapsApiKey?: string;
  previews: PreviewsState;
  /** Distinguishes the ids of the desktop and the mobile copy. */
  idPrefix: string;
  onSelect: (id: string) => void;
  onView: (view: MapView) => void;
  loadMaps?: Parameters<typeof PlacesMap>[0]['load'];
}

/**
 * Map mode (SPEC §2): a map/list toggle when a maps key is configured, the map with its markers, and
 * the accessible list of places that is the only view without a key. Both select the same way.
 */
export function MapPanel({ lang, theme, category, places, selected, view, mapsApiKey, previews, idPrefix, onSelect, onView, loadMaps }: MapPanelProps): ReactElement {
  const t = useShellT();
  const [failed, setFailed] = useState(false);
  const onError = useCallback(() => setFailed(true), []);
  const list = useRef<HTMLUListElement>(null);
  const showMap = Boolean(mapsApiKey) && !failed && view === 'map';
  const chosen = places.find((p) => p.id === selected);

  // The chosen place comes into view in the list, wherever it was chosen (a hash, a marker, a click).
  useEffect(() => {
    if (!selected || showMap) return;
    const item = [...(list.current?.querySelectorAll<HTMLElement>('[data-place]') ?? [])].find((el) => el.dataset.place === selected);
    item?.scrollIntoView?.({ block: 'nearest' });
  }, [selected, showMap]);

  return (
    <section className={styles.mapPanel} aria-labelledby={`${idPrefix}-places-heading`}>
      <h3 id={`${idPrefix}-places-heading`} className={styles.levelHeading}>
        {t('menu.map.list', { category: category.title })}
      </h3>
      {mapsApiKey && !failed ? (
        <div role="group" aria-label={t('menu.map.view')} className={styles.toggle}>
          <button type="button" aria-pressed={view === 'map'} onClick={() => onView('map')}>
            {t('menu.map.mapView')}
          </button>
          <button type="button" aria-pressed={view === 'list'} onClick={() => onView('list')}>
            {t('menu.map.listView')}
          </button>
        </div>
      ) : null}
      {failed ? <p role="status">{t('menu.map.failed')}</p> : null}
      {showMap && mapsApiKey ? (
        <PlacesMap apiKey={mapsApiKey} lang={lang} theme={theme} places={places} selected={selected} label={t('menu.map.label', { category: category.title })} onSelect={onSelect} onError={onError} load={loadMaps} />
      ) : null}
      {places.length === 0 ? <p>{t('menu.map.empty')}</p> : null}
      <ul ref={list} className={styles.places} hidden={showMap} aria-labelledby={`${idPrefix}-places-heading`} data-menu-level="places" onKeyDown={(e) => onLevelKeyDown(e)}>
        {places.map((place) => {
          const isSelected = place.id === selected;
          const detailsId = `${idPrefix}-place-${place.id}`;
          const record = previews.status === 'ready' ? previews.previews[previewKey(place.id, lang)] : undefined;
          return (
            <li key={place.id} data-place={place.id} data-selected={isSelected ? '' : undefined} className={styles.place}>
              <button type="button" data-menu-item aria-expanded={isSelected} aria-controls={detailsId} onClick={() => onSelect(place.id)}>
                {place.title}
              </button>
              <div id={detailsId} className={styles.placeDetails} hidden={!isSelected}>
                {isSelected ? (
                  <>
                    <p>{localDigitsIn(lang, place.address)}</p>
                    {record?.openingHours ? (
                      <p>
                        <span className={styles.term}>{t('menu.openingHours')}: </span>
                        {localDigitsIn(lang, record.openingHours)}
                      </p>
                    ) : null}
                    {record?.phone ? (
                      <p>
                        <span className={styles.term}>{t('menu.phone')}: </span>
                        <a href={`tel:${record.phone.replace(/\s+/g, '')}`} dir="ltr">
                          {record.phone}
                        </a>
                      </p>
                    ) : null}
                    <a href={directionsUrl(place.address)} target="_blank" rel="noopener noreferrer">
                      {t('menu.map.directions', { title: place.title })} <span className="qf-visually-hidden">{t('menu.map.newTab')}</span>
                    </a>
                  </>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <p className="qf-visually-hidden" aria-live="polite">
        {chosen ? t('menu.map.selected', { title: chosen.title }) : ''}
      </p>
    </section>
  );
}
