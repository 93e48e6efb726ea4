/** The filter kinds of SPEC §3, in the order the search page offers them. */
export const SEARCH_KINDS = ['type', 'part_of_qatar', 'department', 'category', 'tags', 'month', 'year', 'campaign', 'program', 'school', 'degree'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** SPEC §2: the search page is reached by a hash with all=1, allType=1 and s={search text}; filters follow, one parameter per value. */
export interface SearchState {
  q: string;
  /** The chosen values of each kind (several at once: a result has one of them). */
  filters: Partial<Record<SearchKind, string[]>>;
  page: number;
}

const MAX_VALUES = 20;
const MAX_VALUE_LENGTH = 100;

export function readSearchHash(hash: string, search = ''): SearchState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search);
  const page = Number(params.get('page') ?? '1');
  const filters: SearchState['filters'] = {};
  for (const kind of SEARCH_KINDS) {
    // A value with a comma cannot be asked for (the API lists values with commas); nor can a huge one.
    const values = [...new Set(params.getAll(kind))].filter((v) => v && !v.includes(',') && v.length <= MAX_VALUE_LENGTH).slice(0, MAX_VALUES);
    if (values.length) filters[kind] = values;
  }
  return { q: params.get('s') ?? query.get('s') ?? '', filters, page: Number.isInteger(page) && page > 0 ? page : 1 };
}

export function searchHash(state: SearchState): string {
  const params = new URLSearchParams({ all: '1', allType: '1', s: state.q });
  for (const kind of SEARCH_KINDS) for (const value of state.filters[kind] ?? []) params.append(kind, value);
  if (state.page > 1) params.set('page', String(state.page));
  return `#${params.toString().replace(/\+/g, '%20')}`;
}

/** The same search with `value` of `kind` chosen or no longer chosen, from its first page. */
export function toggleFilter(state: SearchState, kind: SearchKind, value: string): SearchState {
  const chosen = state.filters[kind] ?? [];
  const next = chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value];
  const filters = { ...state.filters };
  if (next.length) filters[kind] = next;
  else delete filters[kind];
  return { ...state, filters, page: 1 };
}

/** The search API's parameters for a state: the filters as `kind=a,b`. */
export function searchParams(state: SearchState, lang: string): URLSearchParams {
  const params = new URLSearchParams({ q: state.q, lang, page: String(state.page) });
  for (const kind of SEARCH_KINDS) if (state.filters[kind]?.length) params.set(kind, state.filters[kind].join(','));
  return params;
}
