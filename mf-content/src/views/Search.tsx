import { useEffect, useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { formatDate } from '@qf/shared/dates';
import { localDigits } from '@qf/shared/i18n';
import { useBusState, useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { readSearchHash, SEARCH_KINDS, searchHash, searchParams, toggleFilter, type SearchKind, type SearchState } from './search-hash';
import styles from './Search.module.css';

interface Result {
  total: number;
  page: number;
  pageSize: number;
  items: { id: string; type: string; title: string; excerpt: string; url: string; image: string | null }[];
  facets: Partial<Record<SearchKind, Record<string, number>>>;
  /** Titles of the values that are ids (campaign, program, school). */
  labels?: Partial<Record<SearchKind, Record<string, string>>>;
}

type Load = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; result: Result; for: SearchState } | { kind: 'failed' };

/** What a visitor reads for a filter value. */
function useValueLabel(result: Result): (kind: SearchKind, value: string) => string {
  const t = useT();
  const lang = useLang();
  return (kind, value) => {
    switch (kind) {
      case 'type':
        return t(`search.types.${value}`, { defaultValue: value });
      case 'part_of_qatar':
        return t(`search.values.${value === 'yes' ? 'yes' : 'no'}`);
      case 'month':
        return /^(0[1-9]|1[0-2])$/.test(value) ? formatDate(lang, Date.UTC(2000, Number(value) - 1, 15), 'month') : value;
      case 'year':
        return /^\d{4}$/.test(value) ? localDigits(lang, Number(value)) : value;
      case 'category':
        return t(`search.categories.${value}`, { defaultValue: value });
      case 'degree':
        return t(`directory.degrees.${value}`, { defaultValue: value });
      default:
        return result.labels?.[kind]?.[value] ?? value;
    }
  };
}

/** Kinds whose values read in calendar order, not by count: months January to December, the newest year first. */
const CALENDAR_ORDER: Partial<Record<SearchKind, (a: string, b: string) => number>> = {
  month: (a, b) => a.localeCompare(b),
  year: (a, b) => b.localeCompare(a),
};

/** From this width the filters stand beside the results; below it they fold into one disclosure above them. */
const WIDE = '(min-width: 64rem)';

/** Whether the screen is wide enough for the filters beside the results (they are only shown in the browser). */
function useWide(): boolean {
  const [wide, setWide] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(WIDE);
    const follow = () => setWide(query.matches);
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return wide;
}

/**
 * The filters of SPEC §3: every kind the results have values for, each value with its count (counted
 * as if that kind were not chosen, so choosing one type keeps the others in view), several at once,
 * kept in the address. Plain checkboxes in disclosures: Tab, Space and Enter are the whole keyboard path.
 * On a wide screen they stand beside the results; on a narrower one they are one disclosure, closed
 * until opened, so the first result is in view without scrolling (eleven kinds came first, issue 38).
 */
function Filters({ id, result, state, onChange }: { id: string; result: Result; state: SearchState; onChange: (next: SearchState) => void }): ReactElement | null {
  const t = useT();
  const lang = useLang();
  const labelOf = useValueLabel(result);
  const kinds = SEARCH_KINDS.map((kind) => {
    const counts = result.facets[kind] ?? {};
    const chosen = state.filters[kind] ?? [];
    // A chosen value the results no longer have stays, so it can be unchosen.
    const values: [string, number][] = [...Object.entries(counts), ...chosen.filter((v) => !(v in counts)).map((v): [string, number] => [v, 0])];
    const order = CALENDAR_ORDER[kind];
    if (order) values.sort(([a], [b]) => order(a, b));
    return { kind, chosen, values };
  }).filter((k) => k.values.length > 0);
  const wide = useWide();
  const [open, setOpen] = useState(false);
  if (!kinds.length) return null;
  const chosenCount = kinds.reduce((n, k) => n + k.chosen.length, 0);
  const anyChosen = chosenCount > 0;
  const heading = <h2 id={`${id}-filters`}>{t('search.filters')}</h2>;
  const groups = (
    <>
      {anyChosen ? (
        <button type="button" className={styles.clear} onClick={() => onChange({ ...state, filters: {}, page: 1 })}>
          {t('search.clearFilters')}
        </button>
      ) : null}
      {kinds.map(({ kind, chosen, values }) => (
        <details key={kind} className={styles.kind} open={kind === 'type' || chosen.length > 0}>
          <summary>
            {t(`search.kinds.${kind}`)}
            {chosen.length ? <span className={styles.count}> {t('search.chosen', { count: chosen.length })}</span> : null}
          </summary>
          <fieldset>
            <legend className="qf-visually-hidden">{t(`search.kinds.${kind}`)}</legend>
            <ul>
              {values.map(([value, count]) => (
                <li key={value}>
                  <label>
                    <input type="checkbox" checked={chosen.includes(value)} onChange={() => onChange(toggleFilter(state, kind, value))} /> {labelOf(kind, value)}{' '}
                    <span className={styles.count}>({localDigits(lang, count)})</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </details>
      ))}
    </>
  );
  return (
    <section className={styles.filters} aria-labelledby={`${id}-filters`}>
      {wide ? (
        <>
          {heading}
          {groups}
        </>
      ) : (
        <details className={styles.fold} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
          <summary>
            {heading}
            {anyChosen ? <span className={styles.count}> {t('search.chosen', { count: chosenCount })}</span> : null}
          </summary>
          <div className={styles.groups}>{groups}</div>
        </details>
      )}
    </section>
  );
}

/** The search page: reads and writes SPEC's hash (`#all=1&allType=1&s=…&type=…`), results from the search API. */
export function Search(_props: ViewComponentProps<Record<string, never>>): ReactElement {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<SearchState>({ q: '', filters: {}, page: 1 });
  const [load, setLoad] = useState<Load>({ kind: 'idle' });
  // What the last search showed stays on screen (filters included) while the next one loads.
  const [shown, setShown] = useState<Result | null>(null);
  // The shell announces every navigation; a search from the header while on this page changes the hash.
  const route = useBusState('route');

  useEffect(() => {
    const sync = () => {
      const next = readSearchHash(window.location.hash, window.location.search);
      // The same search (the shell announcing the page it just opened) is no new one: a new state
      // object would ask the API again and abort the request under way.
      setState((current) => (searchHash(current) === searchHash(next) ? current : next));
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
    fetch(`/api/content/search?${searchParams(state, lang).toString()}`, { signal: controller.signal })
      .then((r) => (r.ok ? (r.json() as Promise<Result>) : Promise.reject(new Error(String(r.status)))))
      .then((result) => {
        setLoad({ kind: 'done', result, for: state });
        setShown(result);
      })
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
    go({ q: input.current?.value.trim() ?? '', filters: state.filters, page: 1 });
  };

  const result = load.kind === 'done' ? load.result : load.kind === 'loading' ? shown : null;
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
      <div className={styles.body}>
      {result ? <Filters id={id} result={result} state={state} onChange={go} /> : null}
      {result && result.items.length > 0 ? (
        <ol className={styles.results} aria-busy={load.kind === 'loading' || undefined}>
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
    </div>
  );
}
