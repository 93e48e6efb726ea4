import type { Lang } from '@qf/shared/i18n';
import { analyze, normalize, queryTokens } from './analyze';

/** The filter kinds of SPEC §3. */
export const FACETS = ['type', 'part_of_qatar', 'department', 'category', 'tags', 'month', 'year', 'campaign', 'program', 'school', 'degree'] as const;
export type FacetName = (typeof FACETS)[number];

export interface SearchDoc {
  id: string;
  type: string;
  lang: Lang;
  title: string;
  excerpt: string;
  url: string;
  image: string | null;
  /** ISO date, for ordering when there is no query. */
  date?: string;
  text: { title: string; tags: string; excerpt: string; body: string };
  facets: Partial<Record<FacetName, string[]>>;
}

export interface SearchQuery {
  q: string;
  lang: Lang;
  filters: Partial<Record<FacetName, string[]>>;
  page: number;
  pageSize: number;
}

export interface SearchResult {
  total: number;
  page: number;
  pageSize: number;
  items: { id: string; type: string; title: string; excerpt: string; url: string; image: string | null }[];
  facets: Record<FacetName, Record<string, number>>;
}

const BOOSTS = { title: 4, tags: 3, excerpt: 2, body: 1 } as const;
const PREFIX_FACTOR = 0.6;
const MAX_PREFIX_TERMS = 60;
const AR_PREFIXES = /^(وال|بال|كال|فال|لل|ال)/;

interface LangIndex {
  docs: SearchDoc[];
  postings: Map<string, { doc: Int32Array; weight: Float32Array }>;
  /** Sorted terms, for prefix lookups by binary search. */
  terms: string[];
  /** Documents ordered for an empty query: newest first, then by id. */
  byDate: number[];
}

function buildLang(docs: SearchDoc[]): LangIndex {
  const acc = new Map<string, Map<number, number>>();
  docs.forEach((d, i) => {
    for (const field of Object.keys(BOOSTS) as (keyof typeof BOOSTS)[]) {
      for (const term of analyze(d.text[field])) {
        let m = acc.get(term);
        if (!m) acc.set(term, (m = new Map()));
        m.set(i, (m.get(i) ?? 0) + BOOSTS[field]);
      }
    }
  });
  const postings = new Map<string, { doc: Int32Array; weight: Float32Array }>();
  for (const [term, m] of acc) {
    const doc = new Int32Array(m.size);
    const weight = new Float32Array(m.size);
    let k = 0;
    for (const [i, w] of m) {
      doc[k] = i;
      // Saturating term frequency: repeating a word helps, but less and less.
      weight[k++] = w / (w + 2);
    }
    postings.set(term, { doc, weight });
  }
  const byDate = docs.map((_, i) => i).sort((a, b) => (docs[b]!.date ?? '').localeCompare(docs[a]!.date ?? '') || docs[a]!.id.localeCompare(docs[b]!.id));
  return { docs, postings, terms: [...postings.keys()].sort(), byDate };
}

function prefixTerms(index: LangIndex, prefix: string): string[] {
  let lo = 0;
  let hi = index.terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (index.terms[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < index.terms.length && index.terms[i]!.startsWith(prefix) && out.length < MAX_PREFIX_TERMS; i++) out.push(index.terms[i]!);
  return out;
}

/**
 * An in-memory inverted index per language over every searchable entry: analysed terms with field
 * boosts, idf weighting, every word required, prefix matching for the word being typed, filters of
 * SPEC §3 and counts per filter value over the results.
 */
export class SearchIndex {
  private readonly langs: Record<Lang, LangIndex>;

  constructor(docs: readonly SearchDoc[]) {
    this.langs = { en: buildLang(docs.filter((d) => d.lang === 'en')), ar: buildLang(docs.filter((d) => d.lang === 'ar')) };
  }

  size(lang: Lang): number {
    return this.langs[lang].docs.length;
  }

  search(query: SearchQuery): SearchResult {
    const index = this.langs[query.lang];
    const n = index.docs.length;
    const words = queryTokens(query.q);
    const typing = words.length > 0 && !/\s$/.test(query.q);
    let scores: Map<number, number> | null = null;

    words.forEach((word, w) => {
      const variants = new Map<string, number>();
      for (const term of analyze(word)) variants.set(term, 1);
      const last = w === words.length - 1;
      if (last && typing && word.length >= 2) {
        const bare = normalize(word).replace(AR_PREFIXES, '');
        for (const prefix of new Set([normalize(word), bare])) {
          if (prefix.length < 2) continue;
          for (const term of prefixTerms(index, prefix)) if (!variants.has(term)) variants.set(term, PREFIX_FACTOR);
        }
      }
      if (variants.size === 0) return; // a stop word alone constrains nothing
      const wordScores = new Map<number, number>();
      for (const [term, factor] of variants) {
        const p = index.postings.get(term);
        if (!p) continue;
        const idf = Math.log(1 + n / p.doc.length);
        for (let k = 0; k < p.doc.length; k++) {
          const d = p.doc[k]!;
          if (scores && !scores.has(d)) continue;
          const s = p.weight[k]! * idf * factor;
          if (s > (wordScores.get(d) ?? 0)) wordScores.set(d, s);
        }
      }
      if (!scores) scores = wordScores;
      else {
        const next = new Map<number, number>();
        for (const [d, s] of wordScores) next.set(d, s + scores.get(d)!);
        scores = next;
      }
    });

    const filters = Object.entries(query.filters).filter(([, v]) => v && v.length > 0) as [FacetName, string[]][];
    const keep = (d: number) => filters.every(([name, values]) => index.docs[d]!.facets[name]?.some((v) => values.includes(v)) ?? false);

    let ordered: number[];
    if (scores) {
      const s = scores as Map<number, number>;
      ordered = [...s.keys()].filter(keep).sort((a, b) => s.get(b)! - s.get(a)! || index.docs[a]!.id.localeCompare(index.docs[b]!.id));
    } else if (words.length > 0) ordered = [];
    else ordered = index.byDate.filter(keep);

    const facets = Object.fromEntries(FACETS.map((f) => [f, {} as Record<string, number>])) as Record<FacetName, Record<string, number>>;
    for (const d of ordered) {
      const doc = index.docs[d]!;
      for (const f of FACETS) for (const v of doc.facets[f] ?? []) facets[f][v] = (facets[f][v] ?? 0) + 1;
    }
    const start = (query.page - 1) * query.pageSize;
    return {
      total: ordered.length,
      page: query.page,
      pageSize: query.pageSize,
      items: ordered.slice(start, start + query.pageSize).map((d) => {
        const { id, type, title, excerpt, url, image } = index.docs[d]!;
        return { id, type, title, excerpt, url, image };
      }),
      facets,
    };
  }
}
