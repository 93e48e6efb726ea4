import { flatPosting, Layer, merged, oneEditApart, SearchIndex, topByScore, type Posting, type SearchDoc } from './engine';

describe('oneEditApart', () => {
  it('is true for one letter missing, extra, replaced, or two neighbours swapped', () => {
    expect(oneEditApart('university', 'universty')).toBe(true);
    expect(oneEditApart('learnig', 'learning')).toBe(true);
    expect(oneEditApart('research', 'reserach')).toBe(true);
    expect(oneEditApart('research', 'reaserch')).toBe(false); // letters moved two places
    expect(oneEditApart('research', 'reseacrh')).toBe(true);
    expect(oneEditApart('جامعه', 'جامغه')).toBe(true);
  });

  it('is false for the same word and for two edits or more', () => {
    expect(oneEditApart('doha', 'doha')).toBe(false);
    expect(oneEditApart('georgetown', 'gorgetwn')).toBe(false);
    expect(oneEditApart('abc', 'abcde')).toBe(false);
    expect(oneEditApart('abcd', 'badc')).toBe(false);
  });
});

describe('merged', () => {
  it('orders two ordered lists as one, the first list\'s item first on a tie, whatever their sizes', () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const byKey = (x: { key: number }, y: { key: number }) => x.key - y.key;
    for (const [sizeA, sizeB] of [[0, 0], [0, 5], [5, 0], [1000, 1], [1000, 3], [50, 50], [3, 1000]]) {
      const list = (n: number, from: string) => Array.from({ length: n }, (_, i) => ({ key: random(40), from, i })).sort(byKey);
      const [a, b] = [list(sizeA!, 'a'), list(sizeB!, 'b')];
      // What a stable sort of both, a's first, gives.
      expect(merged(a, b, byKey)).toEqual([...a, ...b].sort(byKey));
    }
  });
});

describe('topByScore', () => {
  it('gives the first k in order, as a full sort would, for small and large inputs', () => {
    const byValue = (a: number, b: number) => b - a;
    let seed = 7;
    const items = Array.from({ length: 5000 }, () => (seed = (seed * 48271) % 2147483647) % 1000);
    for (const k of [1, 10, 30, 2000, 6000]) expect(topByScore(items, k, byValue)).toEqual([...items].sort(byValue).slice(0, k));
    expect(topByScore([3, 1, 2], 10, byValue)).toEqual([3, 2, 1]);
    expect(topByScore([3, 1, 2], 0, byValue)).toEqual([]);
  });
});

describe('a page whose title is what was typed', () => {
  const doc = (id: string, lang: 'en' | 'ar', title: string, body: string): SearchDoc => ({
    id,
    type: 'page',
    lang,
    title,
    excerpt: '',
    url: `/${id}`,
    image: null,
    text: { title, tags: '', excerpt: body, body: `${body} ${body}` },
    facets: { type: ['page'] },
  });
  const index = new SearchIndex([
    doc('story-1', 'en', 'Events of the week in Education City', 'events events events in education city'),
    doc('story-2', 'en', 'Upcoming events', 'events and more events'),
    doc('events', 'en', 'Events', 'What is on'),
    doc('news-1', 'ar', 'الفعاليات في المدينة التعليمية', 'الفعاليات الفعاليات فعاليات'),
    doc('events-ar', 'ar', 'الفعاليات', 'ما يجري'),
  ]);
  const first = (q: string, lang: 'en' | 'ar' = 'en') => index.search({ q, lang, filters: {}, page: 1, pageSize: 10 }).items[0]?.id;

  it('comes first, typed with any case or spacing, while typing too', () => {
    expect(first('events ')).toBe('events');
    expect(first('Events')).toBe('events');
    expect(first('  EVENTS  ')).toBe('events');
  });

  it('comes first in Arabic with or without the article and with another spelling class', () => {
    expect(first('الفعاليات ', 'ar')).toBe('events-ar');
    expect(first('فعاليات ', 'ar')).toBe('events-ar');
    expect(first('الفعاليّات ', 'ar')).toBe('events-ar');
  });

  it('does not lift a page whose title only contains the words', () => {
    const ids = index.search({ q: 'upcoming events ', lang: 'en', filters: {}, page: 1, pageSize: 10 }).items.map((i) => i.id);
    // The page with both words first; then (fewer than ten have both) those with one of them.
    expect(ids[0]).toBe('story-2');
    expect(ids.slice(1).sort()).toEqual(['events', 'story-1']);
  });
});

/** A page to index in the tests below: its title, and a body only where one is given. */
const pageDoc = (id: string, title: string, { lang = 'en', type = 'page', body = '', date }: { lang?: 'en' | 'ar'; type?: string; body?: string; date?: string } = {}): SearchDoc => ({
  id,
  type,
  lang,
  title,
  excerpt: '',
  url: `/${id}`,
  image: null,
  ...(date ? { date } : {}),
  text: { title, tags: '', excerpt: '', body },
  facets: { type: [type] },
});

describe('what visitors type (issue 38: four searches of a browser audit found nothing or the wrong page first)', () => {
  const ids = (index: SearchIndex, q: string, lang: 'en' | 'ar' = 'en') => index.search({ q, lang, filters: {}, page: 1, pageSize: 10 }).items.map((i) => i.id);

  it('meets a compound however it is written: joined, hyphenated or apart', () => {
    const index = new SearchIndex([
      pageDoc('balagh', 'Balagh: QF whistle-blower hotline', { body: 'Report a concern in confidence.' }),
      pageDoc('stadium', 'The referee blows the whistle', { body: 'A match report.' }),
      pageDoc('symposium', 'Precision health symposium', { body: 'Genomics in everyday care.' }),
      pageDoc('startup', 'Guide to a spin-out', { body: 'From the lab to a startup.' }),
    ]);
    expect(ids(index, 'whistleblower hotline ')).toEqual(['balagh']);
    expect(ids(index, 'whistle-blower hotline ')).toEqual(['balagh']);
    expect(ids(index, 'whistleblow')).toEqual(['balagh']); // typed: the joined word by its start
    expect(ids(index, 'spinout ')).toEqual(['startup']);
    expect(ids(index, 'start-up ')).toEqual(['startup']); // the pages write it joined
    // A word the pages write apart: "healthcare" is health + care there.
    expect(ids(index, 'healthcare ')).toEqual(['symposium']);
    // Nothing invented: a word that matches nothing, whole or in halves, still finds nothing.
    expect(ids(index, 'xylophonequartz ')).toEqual([]);
  });

  it('puts a title with the word as typed before titles that only share its stem (a name that is also a word)', () => {
    const index = new SearchIndex([
      pageDoc('story-legacy', 'رأي: الإرث الحقيقي لكأس العالم', { lang: 'ar', body: 'الإرث الإرث الإرث إرث البطولة' }),
      pageDoc('story-legacy-2', 'إرث بطولة كأس العالم يتواصل', { lang: 'ar', body: 'الإرث والإرث' }),
      pageDoc('earthna', 'مركز إرثنا لمستقبل مستدام', { lang: 'ar', body: 'مركز للاستدامة' }),
    ]);
    expect(ids(index, 'إرثنا ', 'ar')[0]).toBe('earthna');
    expect(ids(index, 'ارثنا ', 'ar')[0]).toBe('earthna');
    // The stem still finds the others, after it.
    expect(ids(index, 'إرثنا ', 'ar').sort()).toEqual(['earthna', 'story-legacy', 'story-legacy-2']);
    expect(ids(index, 'الإرث ', 'ar')[0]).not.toBe('earthna');
  });

  it('gives the pages missing one word after those with every word, when fewer than ten have every word', () => {
    const index = new SearchIndex([
      pageDoc('press', 'Computer science graduates celebrate their degree'),
      pageDoc('bs-cs', 'Bachelor of Science in Computer Science', { body: 'Algorithms, systems and software.' }),
      pageDoc('music', 'Music degree recital'),
    ]);
    expect(ids(index, 'computer science degree ')).toEqual(['press', 'bs-cs']);
    // Only one word missing: a page with one word of three is not a result.
    expect(ids(index, 'computer science degree ')).not.toContain('music');
    const ar = new SearchIndex([
      pageDoc('fellowships', 'زمالات للدراسات العليا', { lang: 'ar', body: 'منحة دراسية للباحثين' }),
      pageDoc('pre-university', 'منحة ما قبل الجامعة', { lang: 'ar', body: 'للطلاب المتفوقين' }),
      pageDoc('study', 'دراسة عن الحرارة', { lang: 'ar', body: 'بحث' }),
    ]);
    expect(ids(ar, 'منحة دراسية ', 'ar').slice(0, 2)).toEqual(['fellowships', 'pre-university']);
  });

  it('gives only the pages with every word when there are a page of them', () => {
    const docs = Array.from({ length: 12 }, (_, i) => pageDoc(`both-${i}`, `Solar energy report ${i}`));
    const index = new SearchIndex([...docs, pageDoc('solar-only', 'Solar panels')]);
    const result = index.search({ q: 'solar energy ', lang: 'en', filters: {}, page: 1, pageSize: 20 });
    expect(result.total).toBe(12);
    expect(result.items.map((i) => i.id)).not.toContain('solar-only');
  });
});

describe('an index built in slices (issue 35: a large store is indexed while the server answers)', () => {
  const words = ['water', 'energy', 'health', 'education', 'research', 'desert', 'solar', 'genome', 'campus', 'robotics'];
  const docs: SearchDoc[] = Array.from({ length: 3000 }, (_, i) => {
    const title = `${words[i % 10]} ${words[(i * 7) % 10]} story ${i}`;
    const body = Array.from({ length: 40 }, (_, k) => `${words[(i + k) % 10]}${k % 3 ? '' : 's'}`).join(' ');
    return { id: `story-${i}`, type: 'story', lang: i % 2 ? 'ar' : 'en', title, excerpt: '', url: `/stories/${i}`, image: null, date: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`, text: { title, tags: '', excerpt: body, body }, facets: { type: ['story'] } };
  });

  it('answers every query as the index built at once does, and lets the event loop run while it is built', async () => {
    let turns = 0;
    const ticking = setInterval(() => turns++, 1);
    const sliced = await SearchIndex.build(docs);
    clearInterval(ticking);
    const whole = new SearchIndex(docs);
    for (const q of ['water', 'solar energ', 'robotic', 'genom campus', 'desert story 12', 'nothing here'])
      for (const lang of ['en', 'ar'] as const) {
        const query = { q, lang, filters: {}, page: 1, pageSize: 20 };
        expect([q, lang, sliced.search(query)]).toEqual([q, lang, whole.search(query)]);
      }
    expect(sliced.size('en') + sliced.size('ar')).toBe(3000);
    // Timers ran during the build: it was not one piece (how many depends on the machine's speed).
    expect(turns).toBeGreaterThan(0);
  });
});

/** An index's inside, each layered map as the one map its lookups see (how many layers it has is no matter). */
const inside = (index: SearchIndex): Record<string, Record<string, unknown>> => {
  const langs = (index as unknown as { langs: Record<string, Record<string, unknown>> }).langs;
  // A posting as its documents and weights (how many parts it has is no matter either).
  const seen = (k: string, v: unknown) => (k === 'postings' ? new Map([...(v as Layer<string, Posting>).entries()].map(([term, p]) => [term, flatPosting(p)])) : v instanceof Layer ? v.entries() : v);
  return Object.fromEntries(Object.entries(langs).map(([lang, l]) => [lang, Object.fromEntries(Object.entries(l).map(([k, v]) => [k, seen(k, v)]))]));
};

describe('an index with documents added (the other sections\' listing pages, issue 35)', () => {
  const words = ['solar', 'energy', 'water', 'desert', 'genome', 'campus', 'robotics', 'شمسية', 'طاقة', 'مياه'];
  const docs: SearchDoc[] = Array.from({ length: 400 }, (_, i) => {
    const title = `${words[i % 10]} ${words[(i * 7) % 10]} story ${i}`;
    const body = Array.from({ length: 30 }, (_, k) => `${words[(i + k) % 10]}${k % 3 ? '' : 's'} word${(i * k) % 97}`).join(' ');
    return { id: `story-${(i * 37) % 400}`, type: 'story', lang: i % 2 ? 'ar' : 'en', title, excerpt: '', url: `/stories/${i}`, image: null, date: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`, text: { title, tags: '', excerpt: body, body }, facets: { type: ['story'], campaign: [`campaign-${i % 3}`] }, labels: { campaign: { [`campaign-${i % 3}`]: `Campaign ${i % 3}` } } };
  });
  const listings: SearchDoc[] = [
    pageDoc('whistleblower', 'Whistle-blower hotline', { body: 'Report concerns to the e-learning desk' }),
    { ...pageDoc('events', 'Events'), facets: { type: ['page'], campaign: ['campaign-9'] }, labels: { campaign: { 'campaign-9': 'Campaign 9' } } },
    { ...docs[0]!, id: 'listing-same-title', url: '/same', date: '2026-01-05' },
    // the same id and date as a document of the base: ties keep the base's first, as a stable sort does
    { ...docs[2]!, id: 'story-0', url: '/same-id', date: docs[0]!.date },
  ];

  it('is the index built over all of them, field by field, and leaves the one it was made from as it was', async () => {
    const base = await SearchIndex.build(docs);
    const before = JSON.stringify(base.search({ q: 'solar', lang: 'en', filters: {}, page: 1, pageSize: 50 }));
    const added = await base.replaced(new Set(), listings);
    const whole = new SearchIndex([...docs, ...listings]);
    for (const lang of ['en', 'ar']) expect(inside(added)[lang]).toEqual(inside(whole)[lang]);
    expect(JSON.stringify(base.search({ q: 'solar', lang: 'en', filters: {}, page: 1, pageSize: 50 }))).toBe(before);
    expect(base.size('en') + base.size('ar')).toBe(400);
    expect(added.search({ q: 'whistleblower', lang: 'en', filters: {}, page: 1, pageSize: 5 }).items[0]?.id).toBe('whistleblower');
  });
});

describe('an index updated many times over common words (postings chained, not copied)', () => {
  it('is the index built over all the documents at once, and finds the same', async () => {
    const doc = (i: number): SearchDoc => {
      const title = `solar campus note ${i}`;
      return { id: `note-${i}`, type: 'story', lang: 'en', title, excerpt: '', url: `/notes/${i}`, image: null, date: '2026-03-01', text: { title, tags: '', excerpt: '', body: `energy water ${i % 7}` }, facets: { type: ['story'] } };
    };
    const all = Array.from({ length: 1540 }, (_, i) => doc(i));
    let index = await SearchIndex.build(all.slice(0, 1500));
    // 40 updates of one document each: more than a chain holds, so chains are made and copied into one.
    for (let i = 1500; i < 1540; i++) index = await index.replaced(new Set(), [all[i]!]);
    const whole = new SearchIndex(all);
    expect(inside(index).en).toEqual(inside(whole).en);
    const query = { q: 'solar energy', lang: 'en' as const, filters: {}, page: 1, pageSize: 20 };
    expect(index.search(query)).toEqual(whole.search(query));
  });
});

describe('an index updated for the entries that changed (a publish, issue 35)', () => {
  const words = ['solar', 'energy', 'water', 'desert', 'genome', 'campus', 'robotics', 'شمسية', 'طاقة', 'مياه'];
  const story = (i: number, title = `${words[i % 10]} ${words[(i * 3) % 10]} story ${i}`): SearchDoc => {
    const body = Array.from({ length: 20 }, (_, k) => `${words[(i + k) % 10]} word${(i * k) % 53}`).join(' ');
    return { id: `story-${i}`, type: 'story', lang: i % 2 ? 'ar' : 'en', title, excerpt: '', url: `/stories/${i}`, image: null, date: `2026-02-${String((i % 28) + 1).padStart(2, '0')}`, text: { title, tags: '', excerpt: body, body }, facets: { type: ['story'], campaign: [`campaign-${i % 4}`] } };
  };
  const docs = Array.from({ length: 300 }, (_, i) => story(i));
  // story-10 gets a new title, story-12 is removed, story-300 is published.
  const edited = story(10, 'Mangrove census of the northern shore');
  const after = [...docs.filter((d) => d.id !== 'story-10' && d.id !== 'story-12'), edited, story(300)];
  const query = (q: string, lang: 'en' | 'ar' = 'en', filters = {}) => ({ q, lang, filters, page: 1, pageSize: 50 });
  const ids = (result: { items: { id: string }[] }) => result.items.map((i) => i.id).sort();

  it('finds what an index built over the new documents finds, and nothing of the old versions', async () => {
    const base = await SearchIndex.build(docs);
    const updated = await base.replaced(new Set(['story-10', 'story-12', 'story-300']), [edited, story(300)]);
    const whole = new SearchIndex(after);
    for (const q of ['solar', 'water energy', 'mangrove', 'mangrove census', 'story 12', 'story 10', 'story 300', 'شمسية', 'robot'])
      for (const lang of ['en', 'ar'] as const) {
        const [u, w] = [updated.search(query(q, lang)), whole.search(query(q, lang))];
        expect([q, lang, ids(u), u.total, u.facets]).toEqual([q, lang, ids(w), w.total, w.facets]);
      }
    // Browsing without words: the same pages, newest first, and the same counts.
    for (const lang of ['en', 'ar'] as const) expect(updated.search(query('', lang))).toEqual(whole.search(query('', lang)));
    expect(updated.search(query('mangrove')).items.map((i) => i.title)).toEqual(['Mangrove census of the northern shore']);
    expect(updated.search(query('story', 'en', { campaign: ['campaign-0'] })).items.map((i) => i.id)).not.toContain('story-12');
    expect(updated.size('en') + updated.size('ar')).toBe(300);
    expect(updated.removedShare()).toBeCloseTo(2 / 302);
    // The index it was made from is as it was.
    expect(base.search(query('mangrove')).total).toBe(0);
    expect(base.search(query('story 12')).items.map((i) => i.id)).toContain('story-12');
  });

  it('stays a few maps deep over many updates, and each answers as a full build over its documents does', async () => {
    let index = await SearchIndex.build(docs);
    let current = docs;
    for (let k = 0; k < 60; k++) {
      const next = story(k, `Update ${k} heron${k} census`);
      index = await index.replaced(new Set([next.id]), [next]);
      current = [...current.filter((d) => d.id !== next.id), next];
    }
    const whole = new SearchIndex(current);
    for (const q of ['heron7 census', 'heron59', 'update census', 'solar water', 'heronn7'])
      for (const lang of ['en', 'ar'] as const) {
        const [u, w] = [index.search(query(q, lang)), whole.search(query(q, lang))];
        expect([q, lang, ids(u), u.total, u.facets]).toEqual([q, lang, ids(w), w.total, w.facets]);
      }
    const layers = (index as unknown as { langs: Record<string, Record<string, Layer<string, unknown>>> }).langs.en!;
    for (const map of ['words', 'deleted', 'postings', 'titles']) expect([map, layers[map]!.depth]).toEqual([map, expect.any(Number)]);
    expect(Math.max(...['words', 'deleted', 'postings', 'titles'].map((m) => layers[m]!.depth))).toBeLessThanOrEqual(8);
  });

  it('keeps what an update removed out of a later update and of added documents', async () => {
    const named = docs.map((d) => (d.id === 'story-12' ? story(12, 'Falcon hospital') : d.id === 'story-14' ? story(14, 'Heron hospital') : d));
    const once = await (await SearchIndex.build(named)).replaced(new Set(['story-12']), []);
    const twice = await once.replaced(new Set(['story-14']), []);
    const added = await twice.replaced(new Set(), [{ ...story(12, 'Falcon hospital'), id: 'listing:/twelve', url: '/twelve' }]);
    expect(ids(added.search(query('falcon hospital')))).toEqual(['listing:/twelve']);
    expect(ids(added.search(query('heron')))).toEqual([]);
    expect(ids(once.search(query('heron')))).toEqual(['story-14']);
    expect(added.upcoming('en', 'story', new Date('2026-01-01'), 400).map((i) => i.id)).not.toContain('story-14');
    expect(added.size('en') + added.size('ar')).toBe(299);
  });
});

describe('browsing without words', () => {
  it('is answered once per query by an index (the search page as it opens, at 100,000 entries a count over every document)', () => {
    const index = new SearchIndex([pageDoc('a', 'Alpha'), pageDoc('b', 'Beta', { type: 'place' })]);
    const all = { q: '', lang: 'en' as const, filters: {}, page: 1, pageSize: 10 };
    expect(index.search(all)).toBe(index.search({ ...all, q: '  ' }));
    expect(index.search(all).total).toBe(2);
    expect(index.search({ ...all, filters: { type: ['place'] } }).items.map((i) => i.id)).toEqual(['b']);
    expect(index.search({ ...all, filters: { type: ['place'] } })).not.toBe(index.search(all));
    expect(index.search({ ...all, q: 'alpha' })).not.toBe(index.search({ ...all, q: 'alpha' }));
  });
});

describe('answering a question (ask: the assistant, issue 38)', () => {
  const index = new SearchIndex([
    pageDoc('scholarship', 'Pre-university scholarship', { body: 'Students apply in the autumn. The scholarship covers tuition.' }),
    pageDoc('story', 'A university student’s year', { type: 'article', body: 'University life, scholarship stories and exams at the university.' }),
    pageDoc('metro', 'Metro station', { type: 'place', body: 'A Green Line station of the Doha Metro.' }),
    pageDoc('metro-story', 'Metro opens new station', { type: 'article', body: 'The metro station opened today; the metro carries thousands.' }),
    pageDoc('open-a', 'Open day', { body: 'Visit the campus and its schools.' }),
    pageDoc('open-b', 'Open day', { body: 'Visit the campus and apply online.' }),
    pageDoc('event-past', 'Spring lecture', { type: 'event', body: 'A lecture.', date: '2020-03-01T10:00:00Z' }),
    pageDoc('event-soon', 'Autumn lecture', { type: 'event', body: 'A lecture.', date: '2030-10-01T10:00:00Z' }),
    pageDoc('event-later', 'Winter lecture', { type: 'event', body: 'A lecture.', date: '2031-01-01T10:00:00Z' }),
  ]);
  const ask = (words: string[], lift: Record<string, number> = {}, hints: string[] = []) => index.ask({ words, hints, lang: 'en', lift, size: 3 });

  it('answers with the pages covering the most of the question, not only those with every word, and says which words each has', () => {
    const answer = ask(['pre-university', 'scholarship', 'nonsense']);
    expect(answer[0]).toMatchObject({ id: 'scholarship', url: '/scholarship', matched: ['pre-university', 'scholarship'] });
    // A page with one common word of the question comes after it.
    expect(answer.map((a) => a.id)).toContain('story');
    expect(ask(['zzzz'])).toEqual([]);
  });

  it('lifts the type the question asks for (a place for "where"), and a hint adds to a page that already fits', () => {
    expect(ask(['metro', 'station'], { article: 3 })[0]!.id).toBe('metro-story');
    expect(ask(['metro', 'station'], { place: 3 })[0]!.id).toBe('metro');
    // Two open days alike but for "apply": equal without the hint, the one that says it first with it.
    expect(ask(['open', 'day'])[0]!.id).toBe('open-a');
    expect(ask(['open', 'day'], {}, ['apply'])[0]!.id).toBe('open-b');
    // A hint alone answers nothing.
    expect(ask([], {}, ['apply'])).toEqual([]);
  });

  it('gives the next events from a date, soonest first, with their dates', () => {
    expect(index.upcoming('en', 'event', new Date('2026-12-06T00:00:00Z'), 3)).toEqual([
      { id: 'event-soon', type: 'event', title: 'Autumn lecture', excerpt: '', url: '/event-soon', matched: [], date: '2030-10-01T10:00:00Z' },
      { id: 'event-later', type: 'event', title: 'Winter lecture', excerpt: '', url: '/event-later', matched: [], date: '2031-01-01T10:00:00Z' },
    ]);
    expect(index.upcoming('en', 'event', new Date('2032-01-01T00:00:00Z'), 3)).toEqual([]);
  });
});
