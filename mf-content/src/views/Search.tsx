import { useEffect, useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useBusState, useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { readSearchHash, searchHash, type SearchState } from './search-hash';
import styles from './Search.module.css';

interface Result {
  total: number;
  page: number;
  pageSize: number;
  items: { id: string; type: string; title: string; excerpt: string; url: string; image: string | null }[];
  facets: { type?: Record<string, number> };
}

type Load = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; result: Result; for: SearchState } | { kind: 'failed' };

/** The search page: reads and writes SPEC's hash (`#all=1&allType=1&s=…`), results from the search API. */
export function Search(_props: ViewComponentProps<Record<string, never>>): ReactElement {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<SearchState>({ q: '', type: '', page: 1 });
  const [load, setLoad] = useState<Load>({ kind: 'idle' });
  // The shell announces every navigation; a search from the header while on this page changes the hash.
  const route = useBusState('route');

  useEffect(() => {
    const sync = () => {
      const next = readSearchHash(window.location.hash, window.location.search);
      setState(next);
      if (input.current) input.current.value = next.q;
    };
    sync();
    window.addEventListener('hashchange', sync);
    return () => window.removeEventListener('hashchange', sync);
  }, [route]);

  useEffect(() => {
    if (!state.q.trim()) {
      setLoad({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    setLoad({ kind: 'loading' });
    const params = new URLSearchParams({ q: state.q, lang, page: String(state.page) });
    if (state.type) params.set('type', state.type);
    fetch(`/api/content/search?${params.toString()}`, { signal: controller.signal })
      .then((r) => (r.ok ? (r.json() as Promise<Result>) : Promise.reject(new Error(String(r.status)))))
      .then((result) => setLoad({ kind: 'done', result, for: state }))
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') setLoad({ kind: 'failed' });
      });
    return () => controller.abort();
  }, [state, lang]);

  const go = (next: SearchState) => {
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${searchHash(next)}`);
    setState(next);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ q: input.current?.value.trim() ?? '', type: state.type, page: 1 });
  };

  const result = load.kind === 'done' ? load.result : null;
  const pages = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1;
  return (
    <div className={styles.search}>
      <h1 tabIndex={-1}>{t('search.title')}</h1>
      <form role="search" className={styles.form} onSubmit={onSubmit} action="" method="get">
        <label htmlFor={`${id}-q`} className={styles.label}>
          {t('search.label')}
        </label>
        <div className={styles.row}>
          <input ref={input} id={`${id}-q`} name="s" type="search" defaultValue={state.q} autoComplete="off" maxLength={200} />
          <button type="submit">{t('search.submit')}</button>
        </div>
      </form>
      <p className={styles.status} role="status" aria-live="polite">
        {load.kind === 'idle'
          ? t('search.prompt')
          : load.kind === 'loading'
            ? t('search.loading')
            : load.kind === 'failed'
              ? t('search.failed')
              : load.result.total === 0
                ? t('search.none', { q: load.for.q })
                : t('search.results', { count: load.result.total, q: load.for.q })}
      </p>
      {result && result.facets.type && Object.keys(result.facets.type).length > 0 ? (
        <nav aria-label={t('search.filter')} className={styles.facets}>
          <ul>
            <li>
              <button type="button" aria-pressed={!state.type} onClick={() => go({ ...state, type: '', page: 1 })}>
                {t('search.all')}
              </button>
            </li>
            {Object.entries(result.facets.type).map(([type, count]) => (
              <li key={type}>
                <button type="button" aria-pressed={state.type === type} onClick={() => go({ ...state, type, page: 1 })}>
                  {t(`search.types.${type}`)} <span className={styles.count}>({count})</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {result && result.items.length > 0 ? (
        <ol className={styles.results}>
          {result.items.map((item) => (
            <li key={`${item.type}:${item.id}`}>
              <p className={styles.type}>{t(`search.types.${item.type}`)}</p>
              <h2>
                <a href={item.url}>{item.title}</a>
              </h2>
              <p>{item.excerpt}</p>
            </li>
          ))}
        </ol>
      ) : null}
      {result && pages > 1 ? (
        <nav className={styles.pager} aria-label={t('search.page', { page: state.page, pages })}>
          <button type="button" disabled={state.page <= 1} onClick={() => go({ ...state, page: state.page - 1 })}>
            {t('search.previous')}
          </button>
          <span>{t('search.page', { page: state.page, pages })}</span>
          <button type="button" disabled={state.page >= pages} onClick={() => go({ ...state, page: state.page + 1 })}>
            {t('search.next')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
