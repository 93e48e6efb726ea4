import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { askAnswerSchema } from '@qf/shared/contracts';
import { buildContentServer } from '../app';
import { createSearch, type IndexBuild } from './service';

jest.setTimeout(30_000);

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildContentServer({ dir: path.resolve(__dirname, '../..'), content: createFileStore(path.resolve(__dirname, '../../../content')), env: {} }));
  await app.ready();
});
afterAll(() => app.close());

interface Result {
  total: number;
  page: number;
  items: { id: string; type: string; title: string; excerpt: string; url: string; image: string | null }[];
  facets: Record<string, Record<string, number>>;
  labels: Record<string, Record<string, string>>;
}
const search = async (query: string): Promise<Result> => {
  const res = await app.inject(`/api/content/search?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const ids = (r: Result) => r.items.map((i) => i.id).sort();
const all = async (query: string) => ids(await search(`${query}&pageSize=50`));

describe('GET /api/content/search', () => {
  it('finds stories, events, experts and entities in English, most relevant first', async () => {
    const r = await search('q=Learning%20Commons&lang=en');
    expect(r.items[0]).toMatchObject({ id: 'story-1', type: 'article', url: '/stories/qatar-foundation-opens-new-learning-commons' });
    expect(r.items[0]?.image).toMatch(/^\/media\/img-story-qatar-foundation-opens-new-learning-commons-800\.webp$/);
    expect((await search('q=Sidra%20Medicine&lang=en')).items.map((i) => i.type)).toEqual(expect.arrayContaining(['entity', 'article']));
    expect((await search('q=Noor&lang=en')).items.map((i) => i.id)).toContain('expert-1');
  });

  it('keeps every other type with its count when one type is chosen, and names what is an id', async () => {
    const everything = await search('q=education&lang=en');
    const stories = await search('q=education&lang=en&type=article');
    expect(stories.total).toBe(everything.facets.type!.article);
    expect(stories.facets.type).toEqual(everything.facets.type);
    expect(Object.keys(stories.facets.type!).length).toBeGreaterThan(3);
    // Two types at once: the results of both.
    const two = await search('q=education&lang=en&type=article,event');
    expect(two.total).toBe(everything.facets.type!.article! + everything.facets.type!.event!);
    // Values that are slugs come with their titles, in the visitor's language.
    const programmes = await search('lang=ar&type=program&pageSize=1');
    expect(programmes.labels.school?.['qatar-academy-doha']).toBe('أكاديمية قطر - الدوحة');
    expect(Object.keys(programmes.labels.program ?? {}).length).toBe(Object.keys(programmes.facets.program ?? {}).length);
  });

  it('finds campaign pages and tap stories by their title words, in both languages', async () => {
    const campaign = await search('q=book%20every%20home&lang=en');
    expect(campaign.items[0]).toMatchObject({ type: 'campaign', title: 'A Book in Every Home', url: '/campaign/a-book-in-every-home' });
    expect((await search(`q=${encodeURIComponent('كتاب في كل بيت')}&lang=ar`)).items.map((i) => i.url)).toContain('/ar/campaign/a-book-in-every-home');
    const tap = await search('q=day%20in%20Education%20City&lang=en&type=tap_story');
    expect(tap.items[0]).toMatchObject({ type: 'tap_story', title: 'A day in Education City', url: '/stories/tap/a-day-in-education-city' });
    expect(tap.items[0]?.excerpt).toMatch(/^7:30 – The campus wakes up/);
    expect((await search(`q=${encodeURIComponent('يوم في المدينة التعليمية')}&lang=ar&type=tap_story`)).items[0]?.url).toBe('/ar/stories/tap/a-day-in-education-city');
  });

  it('finds every listing page of the sitemap (areas, categories, lists) and the pages under a parent, by their title words', async () => {
    const urls = async (q: string, lang: 'en' | 'ar') => (await search(`q=${encodeURIComponent(q)}&lang=${lang}&type=page&pageSize=50`)).items.map((i) => i.url);
    expect(await urls('Research entities', 'en')).toContain('/research/entities');
    expect(await urls('Universities in Education City', 'en')).toContain('/education/education-city');
    expect(await urls('People', 'en')).toContain('/people');
    expect(await urls('Programmes', 'en')).toContain('/program');
    expect(await urls('الأشخاص', 'ar')).toContain('/ar/people');
    expect(await urls('المجتمع', 'ar')).toContain('/ar/community');
    expect(await urls('Qatar Foundation profile', 'en')).toContain('/about/profile');
    expect(await urls('Qatar National Convention Centre', 'en')).toContain('/community/qatar-national-convention-centre');
    expect(await urls('أكاديمية قطر للموسيقى', 'ar')).toContain('/ar/education/qatar-music-academy');
    // The World Cup's map categories, in both languages.
    const sport = (await search('q=sport&lang=en&type=page&pageSize=50')).items.find((i) => i.url === '/world-cup/sport');
    expect(sport?.title).toBeTruthy();
  });

  it('finds the speaker series\' speakers', async () => {
    const r = await search('q=Layla%20Al-Mansouri&lang=en&type=spokes_people');
    expect(r.items[0]).toMatchObject({ type: 'spokes_people', url: '/education-city-speaker-series/experts/layla-al-mansouri' });
  });

  it('finds the same Arabic pages with and without the article, whatever the word’s first letter', async () => {
    // الوطنية found 28 pages and وطنية 7: the و of وطنية was taken for "and".
    const withArticle = await all('q=%D8%A7%D9%84%D9%88%D8%B7%D9%86%D9%8A%D8%A9&lang=ar');
    expect(withArticle.length).toBeGreaterThan(10);
    expect(await all(`q=${encodeURIComponent('وطنية')}&lang=ar`)).toEqual(withArticle);
    expect(await all(`q=${encodeURIComponent('الوطنيه')}&lang=ar`)).toEqual(withArticle);
  });

  it('forgives one typo in a word of five letters or more that matches nothing', async () => {
    expect((await search('q=Georgtown&lang=en')).items.map((i) => i.title)).toContain('Georgetown University in Qatar');
    expect((await search('q=learnig%20commons&lang=en')).items[0]?.id).toBe('story-1');
    expect((await search(`q=${encodeURIComponent('جامغة حمد')}&lang=ar`)).items.map((i) => i.title)).toContain('جامعة حمد بن خليفة');
    // Short words are not guessed at, and a word that exists is taken as written.
    expect((await search('q=Doah&lang=en')).total).toBe(0);
    expect((await search('q=zzzzzzzz&lang=en')).total).toBe(0);
  });

  it('stems English: singular and plural find the same', async () => {
    expect(await all('q=universities&lang=en')).toEqual(await all('q=university&lang=en'));
  });

  it('finds Arabic with or without diacritics', async () => {
    const plain = await all('q=' + encodeURIComponent('اللغة العربية') + '&lang=ar');
    expect(plain.length).toBeGreaterThan(0);
    expect(await all('q=' + encodeURIComponent('اللُّغَةِ العَرَبِيَّةِ') + '&lang=ar')).toEqual(plain);
  });

  it('finds the same university entries for جامعة, جامعه and الجامعة', async () => {
    const universities = async (q: string) => all(`q=${encodeURIComponent(q)}&lang=ar&type=university`);
    const base = await universities('جامعة');
    expect(base.length).toBeGreaterThanOrEqual(5);
    expect(await universities('جامعه')).toEqual(base);
    expect(await universities('الجامعة')).toEqual(base);
  });

  it('matches the word being typed by its prefix, for search-as-you-type', async () => {
    expect((await search('q=Commo&lang=en')).items.map((i) => i.id)).toContain('story-1');
    expect((await search('q=' + encodeURIComponent('مساحة التعل') + '&lang=ar')).items.map((i) => i.id)).toContain('story-1');
  });

  it('gives counts per filter value that add up to the total', async () => {
    const r = await search('q=qatar&lang=en&pageSize=5');
    const byType = Object.values(r.facets.type ?? {}).reduce((a, b) => a + b, 0);
    expect(byType).toBe(r.total);
    expect(r.items).toHaveLength(5);
    const stories = await search('q=qatar&lang=en&type=article');
    expect(stories.total).toBe(r.facets.type?.article);
  });

  it('filters by the SPEC filter kinds', async () => {
    const masters = await search('lang=en&type=program&degree=master&pageSize=50');
    expect(masters.total).toBeGreaterThan(0);
    // The degree kind is counted as if it were not filtered (the type filter still applies): every degree of a programme.
    expect(masters.facets.degree?.master).toBe(masters.total);
    expect(Object.keys(masters.facets.degree ?? {}).sort()).toEqual(['bachelor', 'certificate', 'diploma', 'master', 'phd', 'pre-university']);
    expect(masters.facets.type).toEqual({ program: masters.total });
    const tagged = await search('lang=en&tags=Sustainability&pageSize=50');
    expect(tagged.items.every((i) => i.type === 'article')).toBe(true);
    const year = await search('lang=ar&type=article&year=2026');
    expect(year.items.length).toBeGreaterThan(0);
    expect(year.total).toBe(year.facets.year?.['2026']);
    expect(Object.keys(year.facets.year ?? {})).toContain('2025');
    expect((await search('lang=en&type=entity&part_of_qatar=yes')).total).toBeGreaterThan(0);
  });

  it('pages stably: pages do not overlap and together give every result once', async () => {
    const first = await search('q=education&lang=en&page=1&pageSize=7');
    const pages = [first];
    for (let p = 2; p <= Math.ceil(first.total / 7); p++) pages.push(await search(`q=education&lang=en&page=${p}&pageSize=7`));
    const seen = pages.flatMap((p) => p.items.map((i) => i.id));
    expect(new Set(seen).size).toBe(first.total);
    expect((await search('q=education&lang=en&page=2&pageSize=7')).items).toEqual(pages[1]?.items);
  });

  it('answers an empty page past the end, and nothing for a word nobody wrote', async () => {
    expect((await search('q=education&lang=en&page=999')).items).toEqual([]);
    expect((await search('q=xylophonequartz&lang=en')).total).toBe(0);
  });

  it.each([
    ['page=0', 'page: page must be a whole number from 1 to 1000'],
    ['page=abc', 'page: page must be a whole number from 1 to 1000'],
    ['page=0x10', 'page: page must be a whole number from 1 to 1000'],
    ['page=1e2', 'page: page must be a whole number from 1 to 1000'],
    ['pageSize=0x10', 'pageSize: pageSize must be a whole number from 1 to 50'],
    ['type=podcast', 'type: unknown content type'],
    ['lang=fr', 'lang: lang must be en or ar'],
    ['colour=red', 'colour: unknown parameter'],
    [`q=${'a'.repeat(201)}`, 'q: the search text is longer than 200 characters'],
  ])('answers 400 with a clear message for %s', async (query, detail) => {
    const res = await app.inject(`/api/content/search?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Invalid search request: ${detail}`);
  });

  it('says it in Arabic for an Arabic request', async () => {
    const res = await app.inject('/api/content/search?lang=ar&page=-1');
    expect(res.json().message).toBe('طلب بحث غير صالح: page: يجب أن يكون رقم الصفحة عدداً صحيحاً من 1 إلى 1000');
  });
});

describe('GET /api/content/ask (the "Ask" assistant, issue 38)', () => {
  interface Answer {
    items: { id: string; type: string; title: string; url: string; matched: string[]; date?: string }[];
    words: string[];
    intents: string[];
  }
  const ask = async (q: string, lang: 'en' | 'ar'): Promise<Answer> => {
    const res = await app.inject(`/api/content/ask?lang=${lang}&q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=5');
    // The contract the shell reads it by.
    expect(askAnswerSchema.safeParse(res.json()).error).toBeUndefined();
    return res.json();
  };
  const first3 = async (q: string, lang: 'en' | 'ar') => (await ask(q, lang)).items.map((i) => i.id);

  // The questions of the browser audit that got "I could not find anything on this site about that".
  it.each([
    ['en', 'How do I apply for the pre-university scholarship?', 'page-pre-university-scholarship'],
    ['en', 'Who can I contact for media inquiries?', 'page-journalists-and-media'],
    ['ar', 'كيف أتقدم للمنحة الدراسية لما قبل الجامعة؟', 'page-pre-university-scholarship'],
    ['ar', 'أين تقع محطة المترو؟', 'place-education-city-metro-station'],
    ['ar', 'بمن أتصل للاستفسارات الإعلامية؟', 'page-journalists-and-media'],
    ['ar', 'ما الجامعات التي تدرّس الهندسة؟', 'university-texas-am-university-at-qatar'],
  ] as const)('answers "%s: %s" with the right page among three', async (lang, q, id) => {
    const answer = await ask(q, lang);
    expect(answer.items.length).toBeLessThanOrEqual(3);
    expect(answer.items.map((i) => i.id)).toContain(id);
    // Each answer says which of the question's words it has, as the visitor wrote them.
    const right = answer.items.find((i) => i.id === id)!;
    expect(right.matched.length).toBeGreaterThan(0);
    for (const word of right.matched) expect(q).toContain(word);
  });

  it('answers "What events are coming up?" with the next events, soonest first', async () => {
    for (const [q, lang] of [['What events are coming up?', 'en'], ['ما الفعاليات القادمة؟', 'ar']] as const) {
      const { items } = await ask(q, lang);
      expect(items.length).toBe(3);
      expect(items.every((i) => i.type === 'event' && i.date! >= new Date().toISOString())).toBe(true);
      expect(items.map((i) => i.date)).toEqual([...items.map((i) => i.date)].sort());
    }
  });

  it('says what it understood: the words for the full search, and what was asked for', async () => {
    expect(await ask('Where is the metro station?', 'en')).toMatchObject({ words: ['metro', 'station'], intents: ['places'] });
    expect(await first3('Where is the metro station?', 'en')).toContain('place-education-city-metro-station');
    // Nothing to look for: no answer, no error.
    expect(await ask('How can I?', 'en')).toEqual({ items: [], words: [], intents: [] });
  });

  it('counts questions by language and outcome for Prometheus (qf_assistant_questions_total)', async () => {
    const value = async (labels: string) => {
      const metric = await app.observability!.registry.getSingleMetric('qf_assistant_questions_total')!.get();
      return metric.values.find((v) => Object.entries(v.labels).map(([k, l]) => `${k}=${String(l)}`).sort().join(',') === labels)?.value ?? 0;
    };
    const before = [await value('lang=ar,outcome=answered'), await value('lang=en,outcome=none'), await value('lang=en,outcome=invalid')];
    await ask('أين تقع محطة المترو؟', 'ar');
    await ask('How can I?', 'en');
    await app.inject('/api/content/ask?lang=en&q=');
    expect([await value('lang=ar,outcome=answered'), await value('lang=en,outcome=none'), await value('lang=en,outcome=invalid')]).toEqual(before.map((v) => v + 1));
  });

  it.each([
    ['q=', 'en', 'Invalid search request: q: the question must have from 1 to 200 characters'],
    ['q=%20%20', 'en', 'Invalid search request: q: the question must have from 1 to 200 characters'],
    [`q=${'a'.repeat(201)}`, 'en', 'Invalid search request: q: the question must have from 1 to 200 characters'],
    ['', 'en', 'Invalid search request: q: the question must have from 1 to 200 characters'],
    ['q=hi&page=2', 'en', 'Invalid search request: page: unknown parameter'],
    ['q=', 'ar', 'طلب بحث غير صالح: q: يجب أن يكون السؤال من حرف واحد إلى 200 حرف'],
  ])('answers 400 with a clear, translated message for %s (%s)', async (query, lang, message) => {
    const res = await app.inject(`/api/content/ask?lang=${lang}&${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('search after a publish (issue 35: an update of the entries that changed, not a build of all)', () => {
  let dir: string;
  let live: FastifyInstance;
  let builds: IndexBuild[];
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-search-publish-'));
    cpSync(path.resolve(__dirname, '../../../content/entries'), path.join(dir, 'entries'), { recursive: true });
    builds = [];
    live = Fastify();
    createSearch(createFileStore(dir, { checkIntervalMs: 20 }), { onBuilt: (b) => builds.push(b) }).register(live);
    await live.ready();
  });
  afterAll(async () => {
    await live.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const ask = async (query: string, on = live, headers: Record<string, string> = {}) => on.inject({ url: `/api/content/search?${query}`, headers });
  /** Edits entries of a file of the store as an editor's publish does (a new modification time). */
  const edit = (file: string, change: (entries: { sys: { id: string }; fields: Record<string, Record<string, unknown>> }[]) => void) => {
    const p = path.join(dir, 'entries', file);
    const entries = JSON.parse(readFileSync(p, 'utf8'));
    change(entries);
    writeFileSync(p, JSON.stringify(entries));
    utimesSync(p, new Date(), new Date(Date.now() + 60_000 * (builds.length + 1)));
  };
  /** Searches until `check` holds for the answer (the index follows the content within its update); fails after five seconds. */
  async function until(query: string, check: (r: Result) => boolean): Promise<Result> {
    for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 20))) {
      const r = (await ask(query)).json() as Result;
      if (check(r)) return r;
      if (Date.now() - started > 5000) throw new Error(`search for ${query} never answered as expected: ${JSON.stringify(r.items.map((i) => i.title))}`);
    }
  }

  it('finds a new title and forgets the old one, in both languages, updating the index for that entry and those showing it only', async () => {
    const before = await ask('q=Learning%20Commons&lang=en');
    expect(before.json().items[0].id).toBe('story-1');
    expect(before.headers['cache-control']).toBe('public, max-age=5');
    const etag = before.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    // Asked again with its validator: nothing changed, a 304 without a search.
    expect((await ask('q=Learning%20Commons&lang=en', live, { 'if-none-match': etag })).statusCode).toBe(304);
    expect(builds.map((b) => b.kind)).toEqual(['content']);

    edit('article.json', (entries) => {
      entries.find((e) => e.sys.id === 'story-1')!.fields.title = { 'en-US': 'Zephyrine garden opens beside the commons', 'ar-QA': 'حديقة زفيرين تفتتح' };
    });
    const found = await until('q=zephyrine&lang=en', (r) => r.items[0]?.id === 'story-1');
    expect(found.items[0]!.title).toBe('Zephyrine garden opens beside the commons');
    expect((await search(`q=${encodeURIComponent('زفيرين')}&lang=ar`)).items).toEqual([]);
    expect(((await ask(`q=${encodeURIComponent('زفيرين')}&lang=ar`)).json() as Result).items[0]?.id).toBe('story-1');
    const commons = (await ask('q=Learning%20Commons&lang=en&pageSize=50')).json() as Result;
    expect(commons.items.find((i) => i.id === 'story-1')?.title).toBe('Zephyrine garden opens beside the commons');
    expect(commons.items.map((i) => i.title)).not.toContain('Qatar Foundation opens new Learning Commons in Education City');
    expect(builds.map((b) => b.kind)).toEqual(['content', 'update']);
    // The old validator is stale now: a full answer.
    expect((await ask('q=Learning%20Commons&lang=en', live, { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('gives the pages showing a changed entry its new title (a campaign renamed), as a build over all the content does', async () => {
    edit('campaign.json', (entries) => {
      entries.find((e) => e.sys.id === 'campaign-sport-for-all')!.fields.title = { 'en-US': 'Sport for Everyone', 'ar-QA': 'الرياضة للجميع دائماً' };
    });
    const renamed = await until('q=sport&lang=en&pageSize=50', (r) => r.labels.campaign?.['sport-for-all'] === 'Sport for Everyone');
    expect(builds.at(-1)!.kind).toBe('update');
    // A server started on the edited content answers every query as the updated index does.
    const fresh = Fastify();
    createSearch(createFileStore(dir)).register(fresh);
    await fresh.ready();
    try {
      for (const query of ['q=sport&lang=en&pageSize=50', 'q=everyone&lang=en&pageSize=50', `q=${encodeURIComponent('الرياضة')}&lang=ar&pageSize=50`, 'q=zephyrine&lang=en', 'lang=en&campaign=sport-for-all&pageSize=50', 'lang=ar&pageSize=50']) {
        const [u, f] = [(await ask(query)).json() as Result, (await ask(query, fresh)).json() as Result];
        expect([query, ids(u), u.total, u.facets, u.labels]).toEqual([query, ids(f), f.total, f.facets, f.labels]);
      }
      expect(renamed.total).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });
});
