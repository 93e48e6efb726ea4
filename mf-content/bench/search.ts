// `npm run bench:search`: index build time and query latency (p50, p95) of mf-content's search over
// synthetic stores of 1,000 and 10,000 entries, with a fixed mix of English and Arabic queries
// (whole words, words being typed, diacritics, filters). The last line is the 10,000-entry figure.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { generate } from '../../scripts/content/generate';
import { searchDocuments } from '../server/search/documents';
import { SearchIndex, type SearchQuery } from '../server/search/engine';

const QUERIES: Omit<SearchQuery, 'page' | 'pageSize'>[] = [
  { q: 'education', lang: 'en', filters: {} },
  { q: 'research students', lang: 'en', filters: {} },
  { q: 'sustainab', lang: 'en', filters: {} },
  { q: 'qatar foundation', lang: 'en', filters: { type: ['article'] } },
  { q: 'health', lang: 'en', filters: { tags: ['Health'] } },
  { q: '', lang: 'en', filters: { type: ['article'], year: ['2024'] } },
  { q: 'جامعة', lang: 'ar', filters: {} },
  { q: 'الطلاب', lang: 'ar', filters: {} },
  { q: 'المدينة التعليمية', lang: 'ar', filters: {} },
  { q: 'اللُّغَةِ', lang: 'ar', filters: {} },
  { q: 'مؤسسة قط', lang: 'ar', filters: {} },
  { q: 'البحث', lang: 'ar', filters: { type: ['article'] } },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(entries: number): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qf-search-bench-'));
  try {
    await generate(entries, dir, path.join(__dirname, '..', '..', 'content'));
    const started = process.hrtime.bigint();
    const index = new SearchIndex(await searchDocuments(createFileStore(dir)));
    const build = Number(process.hrtime.bigint() - started) / 1e9;
    for (const q of QUERIES) index.search({ ...q, page: 1, pageSize: 10 });
    const times: number[] = [];
    for (let round = 0; round < 40; round++) {
      for (const q of QUERIES) {
        const t0 = process.hrtime.bigint();
        index.search({ ...q, page: 1 + (round % 3), pageSize: 10 });
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }
    times.sort((a, b) => a - b);
    return `search ${entries} entries: build ${build.toFixed(2)} s, p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms (${times.length} queries, ${index.size('en') + index.size('ar')} documents)`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  for (const n of [1000, 10000]) console.log(await measure(n));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
