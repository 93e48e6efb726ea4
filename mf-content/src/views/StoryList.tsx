import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type MouseEvent, type ReactElement } from 'react';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import type { StoryListData } from './list-data';
import { STORIES_MAX_PAGES, STORY_AREAS, STORY_TYPES, storyQuery, type StoryArea, type StoryFilter, type StoryType } from './story-filter';
import { fetchStoryList } from './stories-fetch';
import { StoryCards } from './StoryCards';
import styles from './Directory.module.css';
import { routes } from '../routes';

/**
 * SPEC §2 "news and stories": the stories, newest first, filtered by area, type and topic. Without
 * JavaScript the filter is a GET form and 'Load more' a link to the next page (`?page=N` shows pages 1 to
 * N); once hydrated a filter change or 'Load more' loads the list in place, writes the query into the
 * address (shareable, and a reload shows the same list) and, after 'Load more', focuses the first new story.
 */
export function StoryList({ data }: ViewComponentProps<StoryListData>): ReactElement {
  const t = useT();
  const lang = useLang();
  const [source, setSource] = useState(data);
  const [shown, setShown] = useState(data);
  const [filter, setFilter] = useState<StoryFilter>(data.filter);
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('idle');
  const request = useRef(0);
  const list = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);
  // New page data (a link to another filter, a back navigation) replaces what is shown.
  if (source !== data) {
    setSource(data);
    setShown(data);
    setFilter(data.filter);
    setStatus('idle');
  }
  useEffect(() => {
    if (focusIndex.current === null) return;
    list.current?.querySelectorAll<HTMLAnchorElement>('li h2 a')[focusIndex.current]?.focus();
    focusIndex.current = null;
  }, [shown]);

  const action = routes.href(lang, 'stories');
  const load = async (next: StoryFilter, page: number, focusFrom?: number) => {
    const id = ++request.current;
    setStatus('loading');
    try {
      const result = await fetchStoryList(lang, storyQuery(next, page));
      if (id !== request.current) return;
      focusIndex.current = focusFrom ?? null;
      setShown(result);
      setStatus('idle');
      window.history.replaceState(window.history.state, '', `${action}${storyQuery(result.filter, result.page)}`);
    } catch {
      if (id === request.current) setStatus('failed');
    }
  };
  const change = (next: StoryFilter) => {
    setFilter(next);
    void load(next, 1);
  };
  const onSelect = (key: keyof StoryFilter) => (e: ChangeEvent<HTMLSelectElement>) => change({ ...filter, [key]: e.target.value || undefined });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void load(filter, 1);
  };
  const onMore = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (status !== 'loading') void load(shown.filter, shown.page + 1, shown.stories.length);
  };
  const partial = shown.stories.length < shown.total;
  // Past the most pages one list shows, the count stays and the link goes: the filters narrow the list.
  const more = partial && shown.page < STORIES_MAX_PAGES;
  // Notices about a bad query stay until the visitor picks another filter.
  const invalid = shown === data ? data.invalid : [];

  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <header className={styles.header}>
        <h1 tabIndex={-1}>{t('storyList.title')}</h1>
        <p className={styles.subtitle}>{t('storyList.description')}</p>
      </header>
      <form method="get" action={action} className={styles.filters} aria-label={t('storyList.filters')} onSubmit={onSubmit}>
        <div className={styles.field}>
          <label htmlFor="stories-area">{t('storyList.area')}</label>
          <select id="stories-area" name="area" value={filter.area ?? ''} onChange={onSelect('area')}>
            <option value="">{t('storyList.any')}</option>
            {STORY_AREAS.map((a: StoryArea) => (
              <option key={a} value={a}>
                {t(`story.verticals.${a}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="stories-type">{t('storyList.type')}</label>
          <select id="stories-type" name="type" value={filter.type ?? ''} onChange={onSelect('type')}>
            <option value="">{t('storyList.any')}</option>
            {STORY_TYPES.map((type: StoryType) => (
              <option key={type} value={type}>
                {t(`storyList.types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="stories-tag">{t('storyList.tag')}</label>
          <select id="stories-tag" name="tag" value={filter.tag ?? ''} onChange={onSelect('tag')}>
            <option value="">{t('storyList.any')}</option>
            {data.tags.map((tag) => (
              <option key={tag.value} value={tag.value}>
                {tag.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.actions}>
          <button type="submit">{t('storyList.apply')}</button>
          {filter.area || filter.type || filter.tag ? (
            <a
              href={action}
              onClick={(e) => {
                e.preventDefault();
                change({});
              }}
            >
              {t('storyList.clear')}
            </a>
          ) : null}
        </div>
      </form>
      {invalid.map((key) => (
        <p key={key} className={styles.notice}>
          {t(`storyList.invalid.${key}`)}
        </p>
      ))}
      <p role="status" className={styles.count}>
        {status === 'loading' ? t('storyList.loading') : t('storyList.count', { count: shown.total })}
      </p>
      {status === 'failed' ? (
        <p role="alert" className={styles.notice}>
          {t('storyList.failed')}
        </p>
      ) : null}
      {shown.total === 0 ? <p>{t('storyList.none')}</p> : null}
      <StoryCards stories={shown.stories} listRef={list} />
      {partial ? (
        <div className={styles.more}>
          <p className={styles.meta}>{t('storyList.shown', { shown: shown.stories.length, total: shown.total })}</p>
          {more ? (
            <a href={`${action}${storyQuery(shown.filter, shown.page + 1)}`} onClick={onMore} aria-disabled={status === 'loading' ? true : undefined} className={styles.moreLink}>
              {t('storyList.loadMore')}
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
