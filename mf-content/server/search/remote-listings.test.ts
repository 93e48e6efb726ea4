import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ContentSource } from '@qf/shared/content';
import { listingDocument } from './documents';
import { createRemoteListings, LISTINGS_RETRY_MS, LISTINGS_TTL_MS, type RemoteListings } from './remote-listings';
import { createSearch } from './service';

const head = (en: string, ar: string) => ({ en: { title: en, description: `${en} page` }, ar: { title: ar, description: `صفحة ${ar}` } });
const MENTIONS = { en: '/media-center/media-mentions', ar: '/ar/media-center/media-mentions', listing: true, head: head('Media mentions', 'التغطيات الإعلامية') };
const TECHNOLOGIES = { en: '/idkt/technologies', ar: '/ar/idkt/technologies', listing: true, head: head('Technology database', 'قاعدة بيانات التقنيات') };

describe('the other sections’ listing pages', () => {
  let dir: string;
  let registry: string;
  let clock = 0;
  let answers: Record<string, unknown>;
  const asked: string[] = [];
  const getJson = async (url: string) => {
    asked.push(url);
    const answer = answers[url];
    if (answer === undefined) throw new Error('connection refused');
    return answer;
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-listings-'));
    registry = path.join(dir, 'registry.json');
    writeFileSync(
      registry,
      JSON.stringify({ remotes: { 'mf-content': { url: 'http://content.test' }, 'mf-media-center': { url: 'http://media.test/' }, 'mf-idkt': { url: 'http://idkt.test' } } }),
    );
    clock = 0;
    asked.length = 0;
    answers = {
      'http://media.test/_qf/paths?listing=1': [MENTIONS, { en: '/media-center/news/a', ar: '/ar/media-center/news/a' }],
      'http://idkt.test/_qf/paths?listing=1': [TECHNOLOGIES],
    };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('are the listing entries of every other section, with their heads, in both languages', async () => {
    const listings = createRemoteListings({ registry, now: () => clock, getJson });
    await listings.refresh();
    expect(asked.sort()).toEqual(['http://idkt.test/_qf/paths?listing=1', 'http://media.test/_qf/paths?listing=1']);
    expect(listings.docs().map((d) => [d.lang, d.url, d.title, d.type])).toEqual(
      expect.arrayContaining([
        ['en', '/media-center/media-mentions', 'Media mentions', 'page'],
        ['ar', '/ar/media-center/media-mentions', 'التغطيات الإعلامية', 'page'],
        ['en', '/idkt/technologies', 'Technology database', 'page'],
        ['ar', '/ar/idkt/technologies', 'قاعدة بيانات التقنيات', 'page'],
      ]),
    );
    expect(listings.docs()).toHaveLength(4);
  });

  it('asks again soon while a section has not answered, keeps what a section said last, and then asks every minute', async () => {
    delete answers['http://idkt.test/_qf/paths?listing=1'];
    const listings = createRemoteListings({ registry, now: () => clock, getJson });
    await listings.refresh();
    expect(listings.docs().map((d) => d.url)).not.toContain('/idkt/technologies');
    const before = listings.version();
    clock += LISTINGS_RETRY_MS - 1;
    await listings.refresh();
    expect(asked).toHaveLength(2);
    clock += 1;
    answers['http://idkt.test/_qf/paths?listing=1'] = [TECHNOLOGIES];
    await listings.refresh();
    expect(asked).toHaveLength(4);
    expect(listings.docs().map((d) => d.url)).toContain('/idkt/technologies');
    expect(listings.version()).not.toBe(before);
    // Everyone answered: the next round is a minute later; a section down then keeps its pages.
    delete answers['http://media.test/_qf/paths?listing=1'];
    clock += LISTINGS_RETRY_MS;
    await listings.refresh();
    expect(asked).toHaveLength(4);
    clock += LISTINGS_TTL_MS;
    await listings.refresh();
    expect(asked).toHaveLength(6);
    expect(listings.docs().map((d) => d.url)).toContain('/media-center/media-mentions');
  });

  it('has nothing, and says so once, when the registry cannot be read', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const listings = createRemoteListings({ registry: path.join(dir, 'missing.json'), now: () => clock, getJson });
    await listings.refresh();
    clock += LISTINGS_RETRY_MS;
    await listings.refresh();
    expect(listings.docs()).toEqual([]);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(/registry .*missing\.json could not be read/);
    error.mockRestore();
  });

  it('are found by search once the sections answered, without a visitor waiting for them', async () => {
    const content = { entries: async () => [], entry: async () => undefined, version: async () => 'v1' } as unknown as ContentSource;
    const search = createSearch(content, { remoteListings: createRemoteListings({ registry, now: () => clock, getJson }) });
    const query = async (q: string, lang: 'en' | 'ar') => (await search.index()).search({ q, lang, filters: {}, page: 1, pageSize: 10 }).items.map((i) => i.url);
    // The first index is built at once, without the sections' pages; their answer arrives meanwhile
    // and the index is rebuilt (queries answered by the previous one until then).
    expect(await query('media mentions', 'en')).toEqual([]);
    for (let i = 0; i < 100 && (await query('media mentions', 'en')).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await query('media mentions', 'en')).toEqual(['/media-center/media-mentions']);
    expect(await query('التغطيات الإعلامية', 'ar')).toEqual(['/ar/media-center/media-mentions']);
    expect(await query('technology database', 'en')).toEqual(['/idkt/technologies']);
  });

  it('rebuild the index once when they change, while reading the content takes the event loop (no endless loop)', async () => {
    // Content read from files: every read waits for the event loop (as the file store's checks do).
    const later = <T>(value: T) => new Promise<T>((resolve) => setImmediate(() => resolve(value)));
    const content = { entries: () => later([]), entry: () => later(undefined), version: () => later('c1') } as unknown as ContentSource;
    // The other sections answer a moment after the first index is built; asked again, too soon, resolves at once.
    let version = '';
    let docs: ReturnType<RemoteListings['docs']> = [];
    let refreshes = 0;
    const remote: RemoteListings = {
      docs: () => docs,
      version: () => version,
      refresh: () => {
        refreshes++;
        // Before the fix each early answer asked again: a chain of promises that never let the event loop
        // run, so the content (and every request, and SIGTERM) waited forever. Cut here so the test ends.
        if (refreshes > 1000) return new Promise<void>(() => undefined);
        if (refreshes > 1) return Promise.resolve();
        return new Promise<void>((resolve) =>
          setTimeout(() => {
            docs = [listingDocument(MENTIONS, 'en', MENTIONS.head.en)];
            version = 'v2';
            resolve();
          }, 10),
        );
      },
    };
    const builds: string[] = [];
    const search = createSearch(content, { remoteListings: remote, onBuilt: ({ kind, documents }) => builds.push(`${kind} ${documents}`) });
    const found = async () => (await search.index()).search({ q: 'media mentions', lang: 'en', filters: {}, page: 1, pageSize: 10 }).items.map((i) => i.url);
    expect(await found()).toEqual([]);
    for (let i = 0; i < 100 && (await found()).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await found()).toEqual(['/media-center/media-mentions']);
    expect(refreshes).toBeLessThan(20);
    // The content was indexed once; the sections' pages were added to that index (issue 35: at 100,000
    // entries each section coming up cost a full build).
    expect(builds).toEqual(['content 0', 'listings 1']);
  });
});
