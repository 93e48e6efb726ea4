/** SPEC §2: the search page is reached by a hash with all=1, allType=1 and s={search text}. */
export interface SearchState {
  q: string;
  type: string;
  page: number;
}

export function readSearchHash(hash: string, search = ''): SearchState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search);
  const page = Number(params.get('page') ?? '1');
  return { q: params.get('s') ?? query.get('s') ?? '', type: params.get('type') ?? '', page: Number.isInteger(page) && page > 0 ? page : 1 };
}

export function searchHash(state: SearchState): string {
  const params = new URLSearchParams({ all: '1', allType: '1', s: state.q });
  if (state.type) params.set('type', state.type);
  if (state.page > 1) params.set('page', String(state.page));
  return `#${params.toString().replace(/\+/g, '%20')}`;
}
