import { oneEditApart, SearchIndex, topByScore, type SearchDoc } from './engine';

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
    expect(ids).toEqual(['story-2']);
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
