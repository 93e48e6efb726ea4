import type { Lang } from '@qf/shared/i18n';
import { analyze, eachWord, normalize, queryTokens, type AnalysedWord } from './analyze';
import { SYNONYMS } from './synonyms';

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
  /** What a visitor reads for a filter value that is an id (a campaign's, programme's or school's slug): its title. */
  labels?: Partial<Record<FacetName, Record<string, string>>>;
}

export interface SearchQuery {
  q: string;
  lang: Lang;
  filters: Partial<Record<FacetName, string[]>>;
  page: number;
  pageSize: number;
}

/** A question to the assistant, understood (question.ts): the words it is about, the lift of each page type. */
export interface AskQuery {
  words: string[];
  /** Words that only hint at the answer (apply, contact…): half a word's score, no part of the coverage. */
  hints?: string[];
  lang: Lang;
  /** Factor per page type (1 when absent): what the question asks for. */
  lift: Record<string, number>;
  size: number;
}

/** A page that answers a question, and which of its words it has (the "why" a visitor reads). */
export interface AskItem {
  id: string;
  type: string;
  title: string;
  excerpt: string;
  url: string;
  matched: string[];
  /** For the next events: when each starts (ISO). */
  date?: string;
}

export interface SearchResult {
  total: number;
  page: number;
  pageSize: number;
  items: { id: string; type: string; title: string; excerpt: string; url: string; image: string | null }[];
  /**
   * Counts per filter value, each kind's values most frequent first. A kind that is filtered on is
   * counted as if it were not (the other kinds' filters still apply): choosing one type shows how many
   * results each other type would give, never hides them.
   */
  facets: Record<FacetName, Record<string, number>>;
  /** The title of the values in `facets` that are ids (campaign, program, school), by kind. */
  labels: Partial<Record<FacetName, Record<string, string>>>;
}

const BOOSTS = { title: 4, tags: 3, excerpt: 2, body: 1 } as const;
const PREFIX_FACTOR = 0.6;
const MAX_PREFIX_TERMS = 60;
const AR_PREFIXES = /^(وال|بال|كال|فال|لل|ال)/;
/** A word this long that matches nothing is looked for with one typo (a letter missing, extra, wrong or two swapped). */
const FUZZY_MIN_LENGTH = 5;
const FUZZY_FACTOR = 0.5;
/**
 * Added to the score of a page whose whole title is what was typed (the same words in the same order,
 * spelling classes and the Arabic article aside): a listing page called "Events" or "التعليم" comes
 * before the stories that use the word many times. Far above any sum of word scores.
 */
const EXACT_TITLE_BONUS = 1000;
/** What makes two titles the same for EXACT_TITLE_BONUS: normalised words without the Arabic article or its prefixes. */
const exactKey = (text: string) =>
  queryTokens(text)
    .map((w) => w.replace(AR_PREFIXES, ''))
    .filter(Boolean)
    .join(' ');
/** A synonym counts a little less than the word itself, so pages using the visitor's own word come first. */
const SYNONYM_FACTOR = 0.8;
/**
 * A word of the query written in a title as typed (normalised, not stemmed) counts this much more than
 * a title word it only shares a stem with: "إرثنا" (Earthna, a name) and "الإرث" (the legacy) share the
 * light stem ارث, and two stories about the World Cup's legacy came before the Earthna centre.
 */
const SURFACE_FACTOR = 1.25;
/** Marks a title's surface word in the postings (never the first letter of a stem). */
const SURFACE = '=';
/**
 * Added to the pages that have every word of the query, so they all come before the pages that miss
 * one. Those are given only when fewer than a page of results has every word: "computer science degree"
 * found three pages that mention all three, none the BS in Computer Science (it never says "degree"),
 * and "منحة دراسية" missed منحة ما قبل الجامعة. Above any sum of word scores, below EXACT_TITLE_BONUS.
 */
const EVERY_WORD_BONUS = 500;
/** The assistant: a hint word counts this much of a word; a title with every word, or the words exactly, this much more. */
const HINT_FACTOR = 0.5;
const TITLE_FACTOR = 1.5;
const EXACT_TITLE_FACTOR = 3;
/** Answers to queries without words an index keeps (filters and pages browsed). */
const BROWSING_KEPT = 256;
/** Fewer pages than this with every word: the pages missing one word come after them. */
const FEW_RESULTS = 10;
/** A query's words, a hyphenated compound as one. */
const HYPHENATED_OR_WORD = /[\p{L}\p{N}]+(?:[-\u2010\u2011][\p{L}\p{N}]+)*/gu;
const ARABIC = /[\u0600-\u06FF]/;
/** A word split in two for a compound the pages write apart: each half has at least this many letters. */
const SPLIT_MIN = 3;

/** Per language, each term of a synonym group with the terms of the group's other words. */
const synonymTerms: Record<Lang, Map<string, Set<string>>> = { en: synonymMap('en'), ar: synonymMap('ar') };
function synonymMap(lang: Lang): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const group of SYNONYMS[lang]) {
    const terms = [...new Set(group.flatMap((word) => analyze(word)))];
    for (const term of terms) {
      const others = map.get(term) ?? new Set<string>();
      for (const other of terms) if (other !== term) others.add(other);
      map.set(term, others);
    }
  }
  return map;
}

/** The word with one letter removed, at every position. */
function deletions(term: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < term.length; i++) out.push(term.slice(0, i) + term.slice(i + 1));
  return out;
}

/** Whether two different words are one edit apart: one letter inserted, deleted, replaced, or two neighbours swapped. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  const restA = a.length - i - j;
  const restB = b.length - i - j;
  if (restA <= 1 && restB <= 1) return true;
  return restA === 2 && restB === 2 && a[i] === b[i + 1] && a[i + 1] === b[i];
}

/**
 * A map over the one an index was made from, which it leaves as it is: what it sets is its own, the
 * rest is read through. An update of a large index copied its maps (millions of typo deletions at
 * 100,000 entries: 7.8 s in pieces the event loop could not cut). Layers are kept few as an LSM tree
 * keeps its levels: a new one takes in the one below while that is not more than twice its size, so a
 * lookup asks a handful of maps (the full build's at the bottom, smaller ones above).
 */
export class Layer<K, V> {
  private readonly own = new Map<K, V>();
  private under: Layer<K, V> | undefined;

  constructor(under?: Layer<K, V>) {
    this.under = under;
  }

  get(key: K): V | undefined {
    const value = this.own.get(key);
    if (value !== undefined || !this.under) return value;
    return this.under.get(key);
  }

  has(key: K): boolean {
    return this.own.has(key) || (this.under?.has(key) ?? false);
  }

  set(key: K, value: V): this {
    this.own.set(key, value);
    return this;
  }

  /** Takes in the layers below while they are small beside this one (they stay as they are for the index below). */
  settle(): this {
    while (this.under?.under !== undefined && this.under.own.size <= 2 * this.own.size) {
      for (const [key, value] of this.under.own) if (!this.own.has(key)) this.own.set(key, value);
      this.under = this.under.under;
    }
    return this;
  }

  /** How many maps a lookup may ask. */
  get depth(): number {
    return 1 + (this.under?.depth ?? 0);
  }

  /** Every key once with its value as `get` gives it (tests). */
  entries(): Map<K, V> {
    const all = this.under ? this.under.entries() : new Map<K, V>();
    for (const [key, value] of this.own) all.set(key, value);
    return all;
  }
}

/**
 * A term's documents (in order) and weights. An update's documents come as a posting of their own in
 * front of the ones before (`rest`): copying a common term's list of 100,000 documents for each term of
 * an edited story made an update at 100,000 entries allocate hundreds of MB, and mf-content's heap
 * collect for seconds. A chain of MAX_POSTING_CHAIN, or a list shorter than COPY_POSTINGS_BELOW, is
 * copied into one.
 */
export interface Posting {
  doc: Int32Array;
  weight: Float32Array;
  rest?: Posting;
  /** The documents of this posting and its rest. */
  count: number;
  /** This posting and its rest. */
  depth: number;
}

const MAX_POSTING_CHAIN = 16;
const COPY_POSTINGS_BELOW = 1024;

/** `had`'s documents, then `doc`'s (`weight` theirs). */
function extendedPosting(had: Posting | undefined, doc: Int32Array, weight: Float32Array): Posting {
  if (!had) return { doc, weight, count: doc.length, depth: 1 };
  if (had.depth < MAX_POSTING_CHAIN && had.count >= COPY_POSTINGS_BELOW) return { doc, weight, rest: had, count: had.count + doc.length, depth: had.depth + 1 };
  const all = flatPosting(had);
  return { doc: concatenated(all.doc, doc), weight: concatenated(all.weight, weight), count: had.count + doc.length, depth: 1 };
}

/** A posting's parts, the oldest first. */
function postingParts(p: Posting): Posting[] {
  const parts: Posting[] = [];
  for (let part: Posting | undefined = p; part; part = part.rest) parts.unshift(part);
  return parts;
}

/** A posting's documents and weights as one list each. */
export function flatPosting(p: Posting): { doc: Int32Array; weight: Float32Array } {
  if (!p.rest) return { doc: p.doc, weight: p.weight };
  const doc = new Int32Array(p.count);
  const weight = new Float32Array(p.count);
  let at = 0;
  for (const part of postingParts(p)) {
    doc.set(part.doc, at);
    weight.set(part.weight, at);
    at += part.doc.length;
  }
  return { doc, weight };
}

interface LangIndex {
  docs: SearchDoc[];
  postings: Layer<string, Posting>;
  /** Sorted terms, for prefix lookups by binary search. */
  terms: string[];
  /** Documents ordered for an empty query: newest first, then by id. */
  byDate: number[];
  /** Each document's place in id order, for ties between equal scores without comparing strings. */
  idRank: Int32Array;
  /** Every filter value of the index once (`[facet, value]`), and each document's values by number. */
  facetValues: [FacetName, string][];
  valueIds: Map<string, number>;
  /** The title of a value that is an id, by its number. */
  valueLabels: Map<number, string>;
  docFacets: Int32Array[];
  /** Every word of the index as written (normalised, not stemmed), with its terms: typos are made in words, not stems. */
  words: Layer<string, string[]>;
  /** For typo tolerance: each word of at least FUZZY_MIN_LENGTH - 1 letters under every one-letter deletion of it. */
  deleted: Layer<string, string[]>;
  /** The documents of each title (by `exactKey`). */
  titles: Layer<string, number[]>;
  /**
   * Documents replaced or removed since the index was built (1), left in place as Lucene leaves deleted
   * documents in a segment: no search finds them; a full build drops them (SearchIndex.replaced).
   */
  removed?: Uint8Array;
  removedCount?: number;
}

interface Accumulator {
  doc: number[];
  weight: number[];
}

/** `a` then `b`, as one array of a's kind. */
function concatenated<T extends Int32Array | Float32Array>(a: T, b: T): T {
  const out = new (a.constructor as new (n: number) => T)(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * The items of two lists each in `compare` order, in that order; on a tie, `a`'s first. Each of `b`'s
 * items finds its place in `a` by binary search and `a`'s runs between them are copied: an update adds
 * a few items to lists of 100,000 documents or a million terms, and comparing along all of `a` (dates
 * and ids by localeCompare) took mf-content a second of each publish at 100,000 entries.
 */
export function merged<T>(a: ArrayLike<T>, b: readonly T[], compare: (x: T, y: T) => number): T[] {
  const out: T[] = [];
  let i = 0;
  for (const item of b) {
    // The first of a's items from i on that comes after `item` (a's equal items stay before it).
    let lo = i;
    let hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(a[mid]!, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    while (i < lo) out.push(a[i++]!);
    out.push(item);
  }
  while (i < a.length) out.push(a[i++]!);
  return out;
}

/** A language's index of `docs`, built from nothing. */
const buildLang = (docs: SearchDoc[]): Generator<void, LangIndex> => extendLang(undefined, docs);

/**
 * One language's index, as steps: the generator yields between slices of the work (every 100 documents
 * analysed, every 2,000 words' deletions), so that `runSliced` can give the event loop a turn while a
 * large store is indexed (issue 35: 14,000 stories took 4.7 s of one core in one piece) and `runAll` can
 * build it at once.
 *
 * `base` (none: an empty index) with `extra` documents after its own: only they are analysed, and what
 * `base` has is shared or copied, never changed. The same index as one built over all the documents
 * (`search.test.ts` compares them): the other sections' listing pages, a few hundred documents that
 * change as those sections come up, are added to the content's index instead of indexing 200,000
 * documents again each time (issue 35: four full builds at start).
 */
function* extendLang(base: LangIndex | undefined, extra: SearchDoc[], gone?: ReadonlySet<string>): Generator<void, LangIndex> {
  const offset = base?.docs.length ?? 0;
  const docs = base ? [...base.docs, ...extra] : extra;
  // The base's documents with an id in `gone` are marked removed (their new versions, if any, are in `extra`).
  let removed: Uint8Array | undefined;
  let removedCount = base?.removedCount ?? 0;
  if (base && (base.removed || gone?.size)) {
    removed = new Uint8Array(docs.length);
    if (base.removed) removed.set(base.removed);
    if (gone?.size) {
      for (let d = 0; d < offset; d++) {
        if (removed[d] === 0 && gone.has(base.docs[d]!.id)) {
          removed[d] = 1;
          removedCount++;
        }
      }
    }
  }
  // Each term's documents and weights as they come: documents are read in order, so a term met again in
  // the same document adds to its last entry. Each word (analysed once, analyze.ts) is given its terms'
  // accumulators the first time this build meets it: a map per term, looked up for every term of every
  // word, cost most of the build and its garbage.
  const met = new WeakMap<AnalysedWord, Accumulator[]>();
  const acc = new Map<string, Accumulator>();
  const accumulator = (term: string) => {
    let p = acc.get(term);
    if (!p) acc.set(term, (p = { doc: [], weight: [] }));
    return p;
  };
  const words = new Layer(base?.words);
  const newWords: string[] = [];
  for (let i = offset; i < docs.length; i++) {
    const d = docs[i]!;
    const add = (p: Accumulator, weight: number) => {
      const last = p.doc.length - 1;
      if (p.doc[last] === i) p.weight[last]! += weight;
      else {
        p.doc.push(i);
        p.weight.push(weight);
      }
    };
    const visit = (word: AnalysedWord, boost: number) => {
      let postings = met.get(word);
      if (!postings) {
        met.set(word, (postings = word.terms.map(accumulator)));
        for (const token of word.tokens) {
          if (token.length >= FUZZY_MIN_LENGTH - 1 && !words.has(token) && !/^\d+$/.test(token)) {
            words.set(token, analyze(token));
            newWords.push(token);
          }
        }
      }
      for (const p of postings) add(p, boost);
    };
    for (const field of Object.keys(BOOSTS) as (keyof typeof BOOSTS)[]) {
      const boost = BOOSTS[field];
      eachWord(d.text[field], (word) => visit(word, boost));
    }
    // The title's words as written (normalised, the Arabic article aside), for SURFACE_FACTOR.
    for (const word of new Set(queryTokens(d.text.title))) {
      const bare = word.replace(AR_PREFIXES, '');
      if (analyze(word).length > 0 && bare.length >= 2) add(accumulator(SURFACE + bare), BOOSTS.title);
    }
    if (i % 100 === 99) yield;
  }
  const postings = new Layer(base?.postings);
  const newTerms: string[] = [];
  for (const [term, p] of acc) {
    const doc = Int32Array.from(p.doc);
    // Saturating term frequency: repeating a word helps, but less and less.
    const weight = Float32Array.from(p.weight, (w) => w / (w + 2));
    const had = postings.get(term);
    if (!had) newTerms.push(term);
    postings.set(term, extendedPosting(had, doc, weight));
  }
  acc.clear();
  // In code-unit order, as sort() without a comparison orders them.
  const terms = base ? merged(base.terms, newTerms.sort(), (x, y) => (x < y ? -1 : x > y ? 1 : 0)) : newTerms.sort();
  const extraIds = docs.map((_, i) => i).slice(offset);
  const byDateOrder = (a: number, b: number) => (docs[b]!.date ?? '').localeCompare(docs[a]!.date ?? '') || docs[a]!.id.localeCompare(docs[b]!.id);
  const byDate = merged(base?.byDate ?? [], [...extraIds].sort(byDateOrder), byDateOrder).filter((d) => removed?.[d] !== 1);
  yield;
  // The typo dictionary: the new words under their deletions (a list of the base is copied before it grows).
  const deleted = new Layer(base?.deleted);
  const copied = new Set<string>();
  let seen = 0;
  for (const word of newWords) {
    for (const d of new Set(deletions(word))) {
      const list = deleted.get(d);
      if (!list) {
        deleted.set(d, [word]);
        copied.add(d);
      } else if (copied.has(d) || !base) list.push(word);
      else {
        deleted.set(d, [...list, word]);
        copied.add(d);
      }
    }
    if (++seen % 2000 === 0) yield;
  }
  yield;
  const byIdOrder = (a: number, b: number) => docs[a]!.id.localeCompare(docs[b]!.id);
  const baseIdOrder: number[] = [];
  if (base) base.idRank.forEach((rank, d) => (baseIdOrder[rank] = d));
  const idRank = new Int32Array(docs.length);
  merged(baseIdOrder, [...extraIds].sort(byIdOrder), byIdOrder).forEach((d, rank) => (idRank[d] = rank));
  const facetValues: [FacetName, string][] = [...(base?.facetValues ?? [])];
  const valueIds = new Map(base?.valueIds);
  const valueLabels = new Map(base?.valueLabels);
  const docFacets = [
    ...(base?.docFacets ?? []),
    ...extra.map((doc) => {
      const ids: number[] = [];
      for (const f of FACETS) {
        for (const v of doc.facets[f] ?? []) {
          const key = facetKey(f, v);
          let id = valueIds.get(key);
          if (id === undefined) {
            id = facetValues.push([f, v]) - 1;
            valueIds.set(key, id);
          }
          // A value's title: the first a build meets; a document added later (an entry that changed) brings the newer one.
          const label = doc.labels?.[f]?.[v];
          if (label && (base !== undefined || !valueLabels.has(id))) valueLabels.set(id, label);
          ids.push(id);
        }
      }
      return Int32Array.from(ids);
    }),
  ];
  const titles = new Layer(base?.titles);
  for (const i of extraIds) {
    const key = exactKey(docs[i]!.text.title);
    if (key) titles.set(key, [...(titles.get(key) ?? []), i]);
  }
  yield;
  for (const layer of [words, postings, deleted, titles]) {
    layer.settle();
    yield;
  }
  return { docs, postings, terms, byDate, idRank, facetValues, valueIds, valueLabels, docFacets, words, deleted, titles, ...(removed ? { removed, removedCount } : {}) };
}

/** Runs a build's steps to the end at once. */
function runAll<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Runs a build's steps, giving the event loop a turn whenever a slice has taken `sliceMs`. */
async function runSliced<T>(steps: Generator<void, T>, sliceMs = 10): Promise<T> {
  let since = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - since >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
}

const facetKey = (facet: FacetName, value: string) => `${facet}\u0000${value}`;

/** The first `k` of `items` in `compare` order, without sorting the rest (a bounded max-heap). */
export function topByScore(items: readonly number[], k: number, compare: (a: number, b: number) => number): number[] {
  if (k <= 0) return [];
  if (items.length <= k * 4) return [...items].sort(compare).slice(0, k);
  // heap[0] is the worst of the best k so far.
  const heap: number[] = [];
  const worse = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(l, m)) m = l;
      if (r < heap.length && worse(r, m)) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!worse(i, parent)) break;
        swap(i, parent);
        i = parent;
      }
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(compare);
}

/**
 * The terms of the words of the index one typo away from `word` (symmetric deletion: a word and the
 * typo share a deletion, or one is a deletion of the other), checked by an exact edit distance.
 */
function nearTerms(index: LangIndex, word: string): string[] {
  const found = new Set<string>();
  const consider = (candidates: readonly string[] | undefined) => candidates?.forEach((c) => oneEditApart(word, c) && found.add(c));
  consider(index.deleted.get(word));
  for (const d of new Set(deletions(word))) {
    if (index.words.has(d)) consider([d]);
    consider(index.deleted.get(d));
  }
  return [...found].flatMap((w) => index.words.get(w) ?? []);
}

/**
 * A word's score in each page that has it: the best of its variants (term weight x idf x the variant's
 * factor x `scale`), written into `scores` for the pages returned in `touched` (the caller reads and
 * resets them), and the word's weight: the idf x factor of its most specific variant in the pages (0
 * when none has it). `keep` limits the pages looked at. search(), ask() and ask()'s hints share it.
 */
function scoreWord(index: LangIndex, variants: Map<string, number>, scores: Float64Array, scale = 1, keep?: (doc: number) => boolean): { touched: number[]; weight: number } {
  const n = index.docs.length;
  const removed = index.removed;
  const touched: number[] = [];
  let weight = 0;
  for (const [term, factor] of variants) {
    const p = index.postings.get(term);
    if (!p) continue;
    const idf = Math.log(1 + n / p.count) * factor;
    weight = Math.max(weight, idf);
    for (const part of p.rest ? postingParts(p) : [p]) {
      for (let k = 0; k < part.doc.length; k++) {
        const d = part.doc[k]!;
        if ((removed !== undefined && removed[d] === 1) || (keep && !keep(d))) continue;
        const s = part.weight[k]! * idf * scale;
        if (s > scores[d]!) {
          if (scores[d] === 0) touched.push(d);
          scores[d] = s;
        }
      }
    }
  }
  return { touched, weight };
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
 * boosts, idf weighting, every word required (or one of its synonyms, `synonyms.ts`), prefix matching for the word being typed, one typo
 * forgiven in a word of five letters or more that matches nothing, filters of SPEC §3 and counts per
 * filter value over the results (most frequent first).
 */
export class SearchIndex {
  private readonly langs: Record<Lang, LangIndex>;
  /** Answers to queries without words, by query (BROWSING_KEPT at most). */
  private readonly browsing = new Map<string, SearchResult>();

  /** The index of `docs`, built at once (tests, small stores); a server builds it with `build`. */
  constructor(docs: readonly SearchDoc[], built?: Record<Lang, LangIndex>) {
    this.langs = built ?? { en: runAll(buildLang(docs.filter((d) => d.lang === 'en'))), ar: runAll(buildLang(docs.filter((d) => d.lang === 'ar'))) };
  }

  /** The same index, built in slices of about 10 ms: the server answers (its health, its pages) while it is built. */
  static async build(docs: readonly SearchDoc[]): Promise<SearchIndex> {
    const en = await runSliced(buildLang(docs.filter((d) => d.lang === 'en')));
    const ar = await runSliced(buildLang(docs.filter((d) => d.lang === 'ar')));
    return new SearchIndex(docs, { en, ar });
  }

  /**
   * This index without the documents of the ids in `gone` and with `extra` after its own, in slices:
   * an update of the entries that changed (only they are analysed) instead of a build of all. The
   * documents of `gone` stay in the postings, marked removed: no search finds them, but the terms' rarity
   * still counts them until the next full build (`removedShare` says how many there are).
   */
  async replaced(gone: ReadonlySet<string>, extra: readonly SearchDoc[]): Promise<SearchIndex> {
    const en = await runSliced(extendLang(this.langs.en, extra.filter((d) => d.lang === 'en'), gone));
    const ar = await runSliced(extendLang(this.langs.ar, extra.filter((d) => d.lang === 'ar'), gone));
    return new SearchIndex([], { en, ar });
  }

  /** The documents a search can find in a language. */
  size(lang: Lang): number {
    return this.langs[lang].docs.length - (this.langs[lang].removedCount ?? 0);
  }

  /** The share of the index's documents that are removed ones still in its postings (0 to 1). */
  removedShare(): number {
    const all = this.langs.en.docs.length + this.langs.ar.docs.length;
    return all === 0 ? 0 : ((this.langs.en.removedCount ?? 0) + (this.langs.ar.removedCount ?? 0)) / all;
  }

  /**
   * The words of a query as the index knows them: a hyphenated compound is one word when the pages have
   * it joined ("whistle-blower" meets "whistleblower"), and a word that matches nothing, even with one
   * typo, is two when the pages write it apart ("whistleblower" meets "whistle blower").
   */
  private queryWords(index: LangIndex, lang: Lang, q: string): string[] {
    const known = (word: string) => analyze(word).some((term) => index.postings.has(term) || [...(synonymTerms[lang].get(term) ?? [])].some((other) => index.postings.has(other)));
    const out: string[] = [];
    for (const group of normalize(q).match(HYPHENATED_OR_WORD) ?? []) {
      const parts = group.split(/[-\u2010\u2011]/).filter(Boolean);
      const joined = parts.join('');
      if (parts.length > 1 && known(joined)) out.push(joined);
      else out.push(...parts);
    }
    const typingLast = out.length > 0 && !/\s$/.test(q);
    return out.flatMap((word, w) => {
      if (word.length < 2 * SPLIT_MIN || ARABIC.test(word) || analyze(word).length === 0 || known(word)) return [word];
      if (typingLast && w === out.length - 1 && prefixTerms(index, word).length > 0) return [word];
      if (word.length >= FUZZY_MIN_LENGTH && nearTerms(index, word).length > 0) return [word];
      let best: string[] | null = null;
      for (let i = SPLIT_MIN; i <= word.length - SPLIT_MIN; i++) {
        const [left, right] = [word.slice(0, i), word.slice(i)];
        if (known(left) && known(right) && (!best || Math.min(left.length, right.length) > Math.min(best[0]!.length, best[1]!.length))) best = [left, right];
      }
      return best ?? [word];
    });
  }

  /** A word's terms with their factors: its stems, its surface form in titles, synonyms, prefixes while typed, one typo. */
  private variants(index: LangIndex, lang: Lang, word: string, typed: boolean): Map<string, number> {
    const variants = new Map<string, number>();
    for (const term of analyze(word)) variants.set(term, 1);
    if (variants.size === 0 && !typed) return variants;
    for (const term of [...variants.keys()]) for (const other of synonymTerms[lang].get(term) ?? []) if (!variants.has(other)) variants.set(other, SYNONYM_FACTOR);
    const bare = normalize(word).replace(AR_PREFIXES, '');
    if (variants.size > 0 && bare.length >= 2) variants.set(SURFACE + bare, SURFACE_FACTOR);
    if (typed && word.length >= 2) {
      for (const prefix of new Set([normalize(word), bare])) {
        if (prefix.length < 2) continue;
        for (const term of prefixTerms(index, prefix)) if (!variants.has(term)) variants.set(term, PREFIX_FACTOR);
      }
    }
    // A word that matches nothing, long enough to be a misspelling: its terms one typo away.
    if (word.length >= FUZZY_MIN_LENGTH && ![...variants.keys()].some((term) => index.postings.has(term))) {
      for (const near of nearTerms(index, word)) if (!variants.has(near)) variants.set(near, FUZZY_FACTOR);
    }
    return variants;
  }

  /**
   * The pages that best answer a question's words: not every word required but ranked by how much of
   * the question a page covers (each word weighted by how rare it is, squared, so a page with the rare
   * words beats one with many common ones) times its score and its type's lift. At most 32 words.
   */
  ask(query: AskQuery): AskItem[] {
    const index = this.langs[query.lang];
    const n = index.docs.length;
    // Each word as the index knows it (a compound joined or split), kept with the visitor's own word.
    const parts = query.words.flatMap((own) => this.queryWords(index, query.lang, `${own} `).map((word) => ({ word, own }))).slice(0, 32);
    const words = parts.map((p) => p.word);
    const total = new Float64Array(n);
    const covered = new Float64Array(n);
    const mask = new Uint32Array(n);
    const wordScore = new Float64Array(n);
    const any: number[] = [];
    let weights = 0;
    words.forEach((word, w) => {
      const { touched, weight } = scoreWord(index, this.variants(index, query.lang, word, false), wordScore);
      weights += weight;
      for (const d of touched) {
        if (mask[d] === 0) any.push(d);
        mask[d] = mask[d]! | (1 << w);
        total[d] = total[d]! + wordScore[d]!;
        covered[d] = covered[d]! + weight;
        wordScore[d] = 0;
      }
    });
    if (!any.length || weights === 0) return [];
    // Hints add to the pages that already have a word of the question.
    for (const hint of this.queryWords(index, query.lang, `${(query.hints ?? []).join(' ')} `)) {
      const { touched } = scoreWord(index, this.variants(index, query.lang, hint, false), wordScore, HINT_FACTOR, (d) => mask[d] !== 0);
      for (const d of touched) {
        total[d] = total[d]! + wordScore[d]!;
        wordScore[d] = 0;
      }
    }
    const rank = new Float64Array(n);
    for (const d of any) rank[d] = total[d]! * (covered[d]! / weights) ** 2 * (query.lift[index.docs[d]!.type] ?? 1);
    const byRank = (a: number, b: number) => rank[b]! - rank[a]! || index.idRank[a]! - index.idRank[b]!;
    // A title that is the question's words (or has them all) is most likely what was asked for: looked
    // at in the best candidates only (the factors are at most 3x; a common word may touch most pages).
    const candidates = topByScore(any, Math.max(query.size * 20, 60), byRank);
    const exact = index.titles.get(exactKey(query.words.join(' '))) ?? [];
    const askedTerms = words.map((w) => new Set(analyze(w)));
    for (const d of candidates) {
      const titleTerms = new Set(analyze(index.docs[d]!.text.title));
      const inTitle = askedTerms.every((terms) => terms.size === 0 || [...terms].some((t) => titleTerms.has(t)));
      rank[d] = rank[d]! * (exact.includes(d) ? EXACT_TITLE_FACTOR : inTitle ? TITLE_FACTOR : 1);
    }
    return topByScore(candidates, query.size, byRank).map((d) => {
      const { id, type, title, excerpt, url } = index.docs[d]!;
      return { id, type, title, excerpt, url, matched: [...new Set(parts.filter((_, w) => mask[d]! & (1 << w)).map((p) => p.own))] };
    });
  }

  /** The next `size` pages of a type by their date (an event's start) from `now`, soonest first. */
  upcoming(lang: Lang, type: string, now: Date, size: number): AskItem[] {
    const from = now.toISOString();
    const { removed } = this.langs[lang];
    return this.langs[lang].docs
      .filter((d, i) => d.type === type && d.date !== undefined && d.date >= from && removed?.[i] !== 1)
      .sort((a, b) => a.date!.localeCompare(b.date!) || a.id.localeCompare(b.id))
      .slice(0, size)
      .map(({ id, type: t, title, excerpt, url, date }) => ({ id, type: t, title, excerpt, url, matched: [], ...(date ? { date } : {}) }));
  }

  search(query: SearchQuery): SearchResult {
    // Browsing without words (the search page as it opens, its filters) is the same answer every time for
    // this index: kept. At 100,000 entries its counts over every document took most of an uncached page.
    if (!query.q.trim()) {
      const key = JSON.stringify([query.lang, query.page, query.pageSize, Object.entries(query.filters).filter(([, v]) => v?.length).sort(([a], [b]) => a.localeCompare(b))]);
      let kept = this.browsing.get(key);
      if (!kept) {
        if (this.browsing.size >= BROWSING_KEPT) this.browsing.clear();
        this.browsing.set(key, (kept = this.answer(query)));
      }
      return kept;
    }
    return this.answer(query);
  }

  private answer(query: SearchQuery): SearchResult {
    const index = this.langs[query.lang];
    const n = index.docs.length;
    const words = this.queryWords(index, query.lang, query.q);
    const typing = words.length > 0 && !/\s$/.test(query.q);
    // Scores by document number in flat arrays: each document's sum over the words and how many it has.
    const total = new Float64Array(n);
    const hits = new Uint16Array(n);
    const wordScore = new Float64Array(n);
    /** Every document that has at least one word. */
    const any: number[] = [];
    /** The words that ask for something (a stop word alone constrains nothing). */
    let asked = 0;

    words.forEach((word, w) => {
      const variants = this.variants(index, query.lang, word, typing && w === words.length - 1);
      if (variants.size === 0) return;
      asked++;
      // The word's best variant per document.
      const { touched } = scoreWord(index, variants, wordScore);
      for (const d of touched) {
        if (hits[d] === 0) any.push(d);
        hits[d] = hits[d]! + 1;
        total[d] = total[d]! + wordScore[d]!;
        wordScore[d] = 0;
      }
    });

    // The pages with every word; when they are few, then those missing one (EVERY_WORD_BONUS).
    let matched: number[] | null = null;
    if (asked > 0) {
      matched = any.filter((d) => hits[d] === asked);
      if (asked >= 2 && matched.length < FEW_RESULTS) {
        for (const d of matched) total[d] = total[d]! + EVERY_WORD_BONUS;
        matched = any.filter((d) => hits[d]! >= asked - 1);
      }
    }
    // A page whose title is exactly what was typed comes first (it has every word, so it has a score).
    for (const d of index.titles.get(exactKey(query.q)) ?? []) if (hits[d] === asked && asked > 0) total[d] = total[d]! + EXACT_TITLE_BONUS;

    // Each filter kind as the numbers of its values: a document is kept when it has one of each kind.
    const filters = (Object.entries(query.filters) as [FacetName, string[] | undefined][])
      .filter(([, values]) => values && values.length > 0)
      .map(([name, values]) => ({ name, wanted: new Set(values!.map((v) => index.valueIds.get(facetKey(name, v))).filter((id) => id !== undefined)) }));
    /** The filter a document fails: -1 for none, -2 for more than one. */
    const failing = (d: number): number => {
      const own = index.docFacets[d]!;
      let failed = -1;
      for (let i = 0; i < filters.length; i++) {
        if (own.some((v) => filters[i]!.wanted.has(v))) continue;
        if (failed !== -1) return -2;
        failed = i;
      }
      return failed;
    };

    const byScore = (a: number, b: number) => total[b]! - total[a]! || index.idRank[a]! - index.idRank[b]!;
    const start = (query.page - 1) * query.pageSize;
    const found = matched as number[] | null;
    // Before the filters: what the words found (or, without words, everything, newest first).
    const base = found ?? (words.length > 0 ? [] : index.byDate);
    const counts = new Int32Array(index.facetValues.length);
    const seen: number[] = [];
    const count = (v: number) => {
      if (counts[v] === 0) seen.push(v);
      counts[v] = counts[v]! + 1;
    };
    let results: number[];
    if (!filters.length) {
      results = base;
      for (const d of results) for (const v of index.docFacets[d]!) count(v);
    } else {
      // A result counts for every kind; a document that fails one filter only counts for that kind.
      results = [];
      for (const d of base) {
        const failed = failing(d);
        if (failed === -1) {
          results.push(d);
          for (const v of index.docFacets[d]!) count(v);
        } else if (failed >= 0) {
          const kind = filters[failed]!.name;
          for (const v of index.docFacets[d]!) if (index.facetValues[v]![0] === kind) count(v);
        }
      }
    }
    // With words, only the pages up to the one asked are put in order (a heap of that many).
    const page = found ? topByScore(results, start + query.pageSize, byScore).slice(start) : results.slice(start, start + query.pageSize);

    seen.sort((a, b) => counts[b]! - counts[a]! || (index.facetValues[a]![1] < index.facetValues[b]![1] ? -1 : 1));
    const facets = Object.fromEntries(FACETS.map((f) => [f, {} as Record<string, number>])) as Record<FacetName, Record<string, number>>;
    const labels: Partial<Record<FacetName, Record<string, string>>> = {};
    for (const v of seen) {
      const [f, value] = index.facetValues[v]!;
      facets[f][value] = counts[v]!;
      const label = index.valueLabels.get(v);
      if (label) (labels[f] ??= {})[value] = label;
    }
    return {
      total: results.length,
      page: query.page,
      pageSize: query.pageSize,
      items: page.map((d) => {
        const { id, type, title, excerpt, url, image } = index.docs[d]!;
        return { id, type, title, excerpt, url, image };
      }),
      facets,
      labels,
    };
  }
}
