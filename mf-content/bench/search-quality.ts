// `npm run bench:search-quality [-- --json FILE] [-- --misses]`: how well mf-content's search finds
// pages, in English and Arabic, against the labelled queries of bench/search-quality/queries.{en,ar}.json
// (made by bench/search-quality/generate.ts from the real titles and reviewed by eye) and of
// visitors.{en,ar}.json (the `visitor` class: searches people type, kept by hand). Compares the
// site's engine (server/search/engine.ts) with MiniSearch over the same documents and the same text
// analysis (server/search/analyze.ts). Per language and query class: recall@10 (share of queries whose
// every expected page is in the first ten results) and MRR@10 (mean reciprocal rank of the first
// expected page, 0 when none is in the first ten); then query latency at 10,000 entries per language
// over a synthetic store made like bench/search.ts does. Exit code 0 whatever the figures (they are a
// measurement, not a test); 2 when it cannot run.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import MiniSearch, { type Query } from 'minisearch';
import { SYNONYMS } from '../server/search/synonyms';
import { createFileStore } from '@qf/shared/content';
import type { Lang } from '@qf/shared/i18n';
import { generate } from '../../scripts/content/generate';
import { analyze, normalize, queryTokens } from '../server/search/analyze';
import { searchDocuments } from '../server/search/documents';
import { SearchIndex, type SearchDoc } from '../server/search/engine';
import { CLASSES, type LabelledQuery } from './search-quality/generate';

const LANGS: Lang[] = ['en', 'ar'];
const CONTENT = path.resolve(__dirname, '../../content');
const GOAL = { recall: 0.95, p95Ms: 5, entries: 10_000 };
/**
 * The class of visitors.{en,ar}.json: what people type (a phrase, a compound written another way, a word
 * the page does not use, a name that is also a word), each checked by hand against the page it wants.
 */
const VISITOR = 'visitor';
const BOOSTS = { title: 4, tags: 3, excerpt: 2, body: 1 } as const;
const FIELDS = Object.keys(BOOSTS) as (keyof typeof BOOSTS)[];
const AR_ARTICLE = /^(وال|بال|كال|فال|لل|ال)/;

/** The MiniSearch options, printed with the results. */
const MINISEARCH_OPTIONS =
  'fields title/tags/excerpt/body boosted 4/3/2/1 (as engine.ts); indexing: tokenize = analyze() (normalised, stop words dropped, stemmed), processTerm = identity; ' +
  'query: each word of queryTokens() becomes the OR of its analyze() terms and those of its synonyms (synonyms.ts, as engine.ts), words combined with AND; the last word also as a prefix (unless the query ends with a space), with its unstemmed normalised form (and that without ال) added to its terms as engine.ts does; ' +
  'fuzzy 0.2 (edit distance round(0.2 × term length), so 1 for terms of 5-7 letters, 2 from 8) for words of 5 letters or more; BM25 ranking and prefix/fuzzy weights are MiniSearch defaults';

interface Engine {
  name: string;
  /** Build seconds per language. */
  build: number;
  top10(q: string, lang: Lang): string[];
}

function siteEngine(docs: SearchDoc[]): Engine {
  const t0 = process.hrtime.bigint();
  const index = new SearchIndex(docs);
  const build = Number(process.hrtime.bigint() - t0) / 1e9;
  return { name: 'engine.ts', build, top10: (q, lang) => index.search({ q, lang, filters: {}, page: 1, pageSize: 10 }).items.map((i) => i.id) };
}

function miniSearchEngine(docs: SearchDoc[]): Engine {
  const t0 = process.hrtime.bigint();
  const indexes = {} as Record<Lang, MiniSearch<SearchDoc>>;
  for (const lang of LANGS) {
    const ms = new MiniSearch<SearchDoc>({
      fields: FIELDS,
      extractField: (doc, field) => (field === 'id' ? doc.id : doc.text[field as keyof SearchDoc['text']]),
      tokenize: (text) => analyze(text),
      processTerm: (term) => term,
      // Queries below are given as terms already analysed.
      searchOptions: { boost: { ...BOOSTS }, combineWith: 'AND', tokenize: (text) => [text], processTerm: (term) => term },
    });
    ms.addAll(docs.filter((d) => d.lang === lang));
    indexes[lang] = ms;
  }
  const build = Number(process.hrtime.bigint() - t0) / 1e9;
  return {
    name: 'MiniSearch',
    build,
    top10: (q, lang) => {
      const words = queryTokens(q);
      const typing = !/\s$/.test(q);
      const queries: Query[] = [];
      words.forEach((word, i) => {
        const terms = new Set(analyze(word));
        const prefix = typing && i === words.length - 1;
        // As engine.ts: the word being typed also matches by its unstemmed form, with and without the
        // Arabic article, even when it is a stop word so far ("for" on the way to "forum").
        if (prefix) for (const p of [normalize(word), normalize(word).replace(AR_ARTICLE, '')]) if (p.length >= 2) terms.add(p);
        // The same synonyms as engine.ts (synonyms.ts): the terms of the other words of the word's groups.
        for (const term of [...terms]) for (const group of SYNONYMS[lang]) if (group.some((w) => analyze(w).includes(term))) for (const w of group) for (const t of analyze(w)) terms.add(t);
        if (terms.size === 0) return; // a stop word constrains nothing, as in engine.ts
        queries.push({ queries: [...terms], combineWith: 'OR', prefix, fuzzy: word.length >= 5 ? 0.2 : false });
      });
      if (queries.length === 0) return [];
      return indexes[lang]
        .search({ queries, combineWith: 'AND' })
        .slice(0, 10)
        .map((r) => String(r.id));
    },
  };
}

interface Cell {
  queries: number;
  recall: number;
  mrr: number;
  misses: { q: string; expect: string[]; got: string[] }[];
}

function score(engine: Engine, lang: Lang, items: LabelledQuery[]): Cell {
  let hits = 0;
  let rr = 0;
  const misses: Cell['misses'] = [];
  for (const item of items) {
    const got = engine.top10(item.q, lang);
    if (item.expect.every((id) => got.includes(id))) hits++;
    else misses.push({ q: item.q, expect: item.expect, got });
    const first = got.findIndex((id) => item.expect.includes(id));
    if (first >= 0) rr += 1 / (first + 1);
  }
  return { queries: items.length, recall: items.length ? hits / items.length : 0, mrr: items.length ? rr / items.length : 0, misses };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

interface Latency {
  lang: Lang;
  engine: string;
  documents: number;
  build: number;
  p50: number;
  p95: number;
  samples: number;
}

/** Latency at `entries` entries: a synthetic store like bench/search.ts's, queried with the labelled queries. */
async function latency(entries: number, sets: Record<Lang, LabelledQuery[]>): Promise<Latency[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qf-search-quality-'));
  try {
    await generate(entries, dir, CONTENT);
    const docs = await searchDocuments(createFileStore(dir));
    const out: Latency[] = [];
    for (const make of [siteEngine, miniSearchEngine]) {
      const engine = make(docs);
      for (const lang of LANGS) {
        const queries = sets[lang].map((i) => i.q);
        for (const q of queries) engine.top10(q, lang); // warm-up
        const times: number[] = [];
        for (let round = 0; round < 3; round++) {
          for (const q of queries) {
            const t0 = process.hrtime.bigint();
            engine.top10(q, lang);
            times.push(Number(process.hrtime.bigint() - t0) / 1e6);
          }
        }
        times.sort((a, b) => a - b);
        const documents = docs.filter((d) => d.lang === lang).length;
        out.push({ lang, engine: engine.name, documents, build: engine.build, p50: percentile(times, 50), p95: percentile(times, 95), samples: times.length });
      }
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const miniSearchVersion = () => (JSON.parse(readFileSync(path.join(path.dirname(require.resolve('minisearch')), '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

async function main(): Promise<number> {
  const jsonAt = process.argv.indexOf('--json');
  const jsonFile = jsonAt > 0 ? process.argv[jsonAt + 1] : undefined;
  if (jsonAt > 0 && !jsonFile) throw new Error('--json needs a file name');
  const showMisses = process.argv.includes('--misses');

  // The generated sets, and the visitors' own queries (kept by hand: searches a browser audit typed, issue 38).
  const read = (file: string) => JSON.parse(readFileSync(path.join(__dirname, 'search-quality', file), 'utf8')) as LabelledQuery[];
  const sets = Object.fromEntries(LANGS.map((lang) => [lang, [...read(`queries.${lang}.json`), ...read(`visitors.${lang}.json`)]])) as Record<Lang, LabelledQuery[]>;
  const classes = (lang: Lang) => [...CLASSES[lang], VISITOR];
  const docs = await searchDocuments(createFileStore(CONTENT));
  const known = new Set(docs.map((d) => `${d.lang}:${d.id}`));
  for (const lang of LANGS) {
    const unknown = sets[lang].flatMap((i) => i.expect).filter((id) => !known.has(`${lang}:${id}`));
    if (unknown.length > 0) throw new Error(`queries.${lang}.json or visitors.${lang}.json expects pages the content does not have: ${[...new Set(unknown)].join(', ')} (regenerate the first with bench/search-quality/generate.ts; the second is kept by hand)`);
  }
  const engines = [siteEngine(docs), miniSearchEngine(docs)];

  console.log(`# Search quality: ${sets.en.length} English and ${sets.ar.length} Arabic labelled queries over ${docs.length / 2} pages per language\n`);
  console.log(`MiniSearch options: ${MINISEARCH_OPTIONS}.\n`);
  console.log(`| lang | class | queries | ${engines.map((e) => `${e.name} recall@10 | ${e.name} MRR@10`).join(' | ')} |`);
  console.log(`|---|---|--:|${engines.map(() => '--:|--:').join('|')}|`);
  const quality: { lang: Lang; class: string; queries: number; engines: Record<string, { recall: number; mrr: number }> }[] = [];
  const misses: string[] = [];
  const missedQueries: Record<string, Cell['misses']> = {};
  for (const lang of LANGS) {
    for (const cls of [...classes(lang), 'all']) {
      const items = cls === 'all' ? sets[lang] : sets[lang].filter((i) => i.class === cls);
      const cells = engines.map((e) => score(e, lang, items));
      quality.push({ lang, class: cls, queries: items.length, engines: Object.fromEntries(engines.map((e, k) => [e.name, { recall: cells[k]!.recall, mrr: cells[k]!.mrr }])) });
      const row = cells.map((c) => `${pct(c.recall)} | ${c.mrr.toFixed(3)}`).join(' | ');
      console.log(`| ${lang} | ${cls === 'all' ? '**all**' : cls} | ${items.length} | ${row} |`);
      if (cls !== 'all')
        engines.forEach((e, k) => {
          if (cells[k]!.recall < GOAL.recall) misses.push(`${e.name} ${lang} ${cls} recall@10 ${pct(cells[k]!.recall)}`);
          missedQueries[`${e.name} ${lang} ${cls}`] = cells[k]!.misses;
        });
    }
  }
  const arDigits = docs.filter((d) => d.lang === 'ar' && /\d/.test(d.title));
  const digitTitles = new Set(arDigits.map((d) => d.title)).size;
  const short = LANGS.flatMap((lang) => classes(lang).filter((c) => sets[lang].filter((i) => i.class === c).length < 15).map((c) => `${lang} ${c}`));
  console.log(
    `\nAll classes have at least 15 queries${short.length ? `, except ${short.join(', ')}` : ''}. Arabic digits: only ${arDigits.length} Arabic pages (${digitTitles} distinct titles) have a number in the title, all in ASCII digits (none in Arabic-Indic), so the class has ${sets.ar.filter((i) => i.class === 'digits').length} queries, one a title, written with Arabic-Indic digits.`,
  );

  console.log(`\n## Latency at ${GOAL.entries.toLocaleString('en')} entries (synthetic store as bench/search.ts; the labelled queries, 3 rounds after a warm-up)\n`);
  const lat = await latency(GOAL.entries, sets);
  console.log('| lang | engine | documents | build (s, both languages) | p50 (ms) | p95 (ms) | queries timed |');
  console.log('|---|---|--:|--:|--:|--:|--:|');
  for (const l of lat) {
    console.log(`| ${l.lang} | ${l.engine} | ${l.documents} | ${l.build.toFixed(2)} | ${l.p50.toFixed(2)} | ${l.p95.toFixed(2)} | ${l.samples} |`);
    if (l.p95 > GOAL.p95Ms) misses.push(`${l.engine} ${l.lang} p95 ${l.p95.toFixed(2)} ms`);
  }

  console.log(`\nGoal: recall@10 >= 95 % in every class, p95 <= 5 ms at 10,000 entries.`);
  console.log(misses.length ? `Misses (${misses.length}):\n${misses.map((m) => `- ${m}`).join('\n')}` : 'Every cell meets it.');

  if (showMisses) {
    console.log('\n## Queries missed (expected page not in the first ten)');
    for (const [cell, list] of Object.entries(missedQueries)) {
      if (list.length === 0) continue;
      console.log(`\n${cell}:`);
      for (const m of list) console.log(`- "${m.q}" expects ${m.expect.join(', ')}; got ${m.got.slice(0, 3).join(', ') || 'nothing'}${m.got.length > 3 ? ', …' : ''}`);
    }
  }

  if (jsonFile) {
    writeFileSync(jsonFile, `${JSON.stringify({ goal: GOAL, minisearch: { version: miniSearchVersion(), options: MINISEARCH_OPTIONS }, quality, latency: lat, misses, missedQueries }, null, 2)}\n`);
    console.log(`\nFigures written to ${jsonFile}`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
