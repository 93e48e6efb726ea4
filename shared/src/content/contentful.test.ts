import { contentTypes, createContentfulSource, fieldOf, imageOf, plainField, previewSourceFromEnv, PREVIEW_CACHE_MS, type ContentfulSourceOptions } from '@qf/shared/content';

/**
 * Recorded Content Delivery API responses, written by hand in the API's exact JSON shape, answered through the
 * SDK's axios `adapter` option: no network.
 */

type Adapter = Extract<NonNullable<ContentfulSourceOptions['adapter']>, (...args: never[]) => unknown>;
type RequestConfig = Parameters<Adapter>[0];
type Json = Record<string, unknown>;

interface Recorded {
  path: string;
  params: Json;
  authorization: unknown;
}
interface Reply {
  status?: number;
  body: unknown;
}

const SPACE = 'qf7space';
const spaceLink = { sys: { type: 'Link', linkType: 'Space', id: SPACE } };
const envLink = { sys: { id: 'master', type: 'Link', linkType: 'Environment' } };

/** An adapter answering each request with `respond(path, params)`, like axios's own: statuses outside 2xx reject. */
function recordedApi(respond: (path: string, params: Json) => Reply) {
  const requests: Recorded[] = [];
  const adapter: Adapter = async (config: RequestConfig) => {
    const url = new URL(config.url ?? '', 'https://cdn.contentful.com');
    const path = url.pathname.replace(`/spaces/${SPACE}/environments/master/`, '');
    const params = { ...(config.params as Json) };
    requests.push({ path, params, authorization: config.headers?.Authorization });
    const { status = 200, body } = respond(path, params);
    const response = { data: JSON.stringify(body), status, statusText: statusTexts[status] ?? '', headers: { 'content-type': 'application/vnd.contentful.delivery.v1+json' }, config, request: {} };
    if (config.validateStatus && !config.validateStatus(status)) {
      throw Object.assign(new Error(`Request failed with status code ${status}`), { isAxiosError: true, code: 'ERR_BAD_REQUEST', config, response });
    }
    return response;
  };
  return { adapter, requests };
}
const statusTexts: Record<number, string> = { 200: 'OK', 401: 'Unauthorized', 404: 'Not Found' };

const collection = (items: unknown[], { total = items.length, skip = 0, limit = 1000 } = {}) => ({ sys: { type: 'Array' }, total, skip, limit, items });

const sys = (type: 'Entry' | 'Asset', id: string, contentType?: string) => ({
  space: spaceLink,
  id,
  type,
  createdAt: '2024-04-30T08:00:00.000Z',
  updatedAt: '2024-05-02T09:30:00.000Z',
  environment: envLink,
  publishedVersion: 7,
  revision: 3,
  ...(contentType ? { contentType: { sys: { type: 'Link', linkType: 'ContentType', id: contentType } } } : {}),
});

const text = (value: string, marks: string[] = []) => ({ nodeType: 'text', value, marks: marks.map((type) => ({ type })), data: {} });
const block = (nodeType: string, ...content: unknown[]) => ({ nodeType, data: {}, content });
const richText = (...content: unknown[]) => ({ nodeType: 'document', data: {}, content });

const article = (id: string, extra: Json = {}) => ({
  metadata: { tags: [], concepts: [] },
  sys: sys('Entry', id, 'article'),
  fields: {
    title: { 'en-US': `Story ${id}`, 'ar-QA': `قصة ${id}` },
    slug: { 'en-US': id },
    date: { 'en-US': '2024-05-01T10:00:00.000+03:00' },
    vertical: { 'en-US': 'education' },
    excerpt: { 'en-US': 'A short excerpt.', 'ar-QA': 'مقتطف قصير.' },
    body: {
      'en-US': richText(block('paragraph', text('First paragraph.'))),
      'ar-QA': richText(block('paragraph', text('الفقرة الأولى.'))),
    },
    tags: { 'en-US': ['campus'], 'ar-QA': ['الحرم'] },
    ...extra,
  },
});

const campaign = {
  metadata: { tags: [], concepts: [] },
  sys: sys('Entry', 'campaign-2024', 'campaign'),
  fields: {
    title: { 'en-US': 'Spring campaign', 'ar-QA': 'حملة الربيع' },
    slug: { 'en-US': 'spring' },
    description: { 'en-US': 'The spring campaign.', 'ar-QA': 'حملة الربيع.' },
    year: { 'en-US': 2024 },
  },
};

const asset = (id: string, fields: Json) => ({ metadata: { tags: [], concepts: [] }, sys: sys('Asset', id), fields });
const imageFile = (fileName: string, width: number, height: number) => ({
  'en-US': {
    url: `//images.ctfassets.net/${SPACE}/${fileName}-token/0a1b2c3d/${fileName}.jpg`,
    details: { size: 183_221, image: { width, height } },
    fileName: `${fileName}.jpg`,
    contentType: 'image/jpeg',
  },
});

const notFound = (params: Json) => collection([], { limit: Number(params.limit ?? 100) });

describe('the Contentful source', () => {
  it('maps entries with every locale, asking for all locales of the content type', async () => {
    const api = recordedApi((path, params) => (path === 'entries' && params.content_type === 'article' ? { body: collection([article('campus-opens')]) } : { body: notFound(params) }));
    const source = createContentfulSource({ space: SPACE, accessToken: 'cda-token', adapter: api.adapter });

    const [entry, ...rest] = await source.entries('article');
    expect(rest).toEqual([]);
    expect(entry?.sys).toEqual({ id: 'campus-opens', contentType: 'article', updatedAt: '2024-05-02T09:30:00.000Z' });
    expect(entry?.fields.title).toEqual({ 'en-US': 'Story campus-opens', 'ar-QA': 'قصة campus-opens' });
    expect(entry && fieldOf(entry, 'excerpt', 'ar')).toBe('مقتطف قصير.');
    expect(entry && plainField(entry, 'slug')).toBe('campus-opens');
    expect(contentTypes.article.schema.safeParse(entry).success).toBe(true);

    expect(api.requests).toEqual([
      { path: 'entries', params: expect.objectContaining({ content_type: 'article', locale: '*', limit: 1000, skip: 0, include: 0 }), authorization: 'Bearer cda-token' },
    ]);
  });

  it('follows pagination until it has every entry', async () => {
    const firstPage = Array.from({ length: 1000 }, (_, i) => article(`story-${String(i).padStart(4, '0')}`));
    const api = recordedApi((path, params) => {
      if (path !== 'entries') return { body: notFound(params) };
      if (params.skip === 0) return { body: collection(firstPage, { total: 1001, skip: 0 }) };
      return { body: collection([article('story-1000')], { total: 1001, skip: 1000 }) };
    });
    const entries = await createContentfulSource({ space: SPACE, accessToken: 'cda-token', adapter: api.adapter }).entries('article');

    expect(entries).toHaveLength(1001);
    expect(new Set(entries.map((e) => e.sys.id)).size).toBe(1001);
    expect(entries.at(-1)?.sys.id).toBe('story-1000');
    expect(api.requests.map((r) => [r.params.skip, r.params.limit])).toEqual([
      [0, 1000],
      [1000, 1000],
    ]);
  });

  it('maps assets (dimensions, CMS url, titles) and imageOf serves them through the Images API', async () => {
    const api = recordedApi((path, params) =>
      path === 'assets'
        ? {
            body: collection([
              asset('Hero_Image.1', { title: { 'en-US': 'Students on the lawn', 'ar-QA': 'طلاب في الحديقة' }, file: imageFile('hero', 1600, 900) }),
              asset('logo7', { title: { 'en-US': 'Logo' }, file: imageFile('logo', 400, 400) }),
              asset('report-pdf', {
                title: { 'en-US': 'Annual report' },
                file: { 'en-US': { url: `//assets.ctfassets.net/${SPACE}/report/0f/report.pdf`, details: { size: 90_000 }, fileName: 'report.pdf', contentType: 'application/pdf' } },
              }),
            ]),
          }
        : { body: notFound(params) },
    );
    const [hero, logo, report] = await createContentfulSource({ space: SPACE, accessToken: 'cda-token', adapter: api.adapter }).entries('asset');

    expect(api.requests).toEqual([{ path: 'assets', params: expect.objectContaining({ locale: '*', limit: 1000, skip: 0 }), authorization: 'Bearer cda-token' }]);
    expect(hero).toEqual({
      sys: { id: 'Hero_Image.1', contentType: 'asset', updatedAt: '2024-05-02T09:30:00.000Z' },
      fields: {
        title: { 'en-US': 'Students on the lawn', 'ar-QA': 'طلاب في الحديقة' },
        file: { 'en-US': { fileName: 'hero-image-1', width: 1600, height: 900, url: `https://images.ctfassets.net/${SPACE}/hero-token/0a1b2c3d/hero.jpg` } },
      },
    });
    expect(contentTypes.asset.schema.safeParse(hero).success).toBe(true);
    expect(logo?.fields.title).toEqual({ 'en-US': 'Logo', 'ar-QA': 'Logo' });
    // Not an image: no dimensions, so no file and no responsive image.
    expect(report?.fields.file).toBeUndefined();
    expect(imageOf(report, 'en')).toBeUndefined();

    const base = `https://images.ctfassets.net/${SPACE}/hero-token/0a1b2c3d/hero.jpg`;
    expect(imageOf(hero, 'ar')).toEqual({
      src: `${base}?w=800&fm=webp`,
      srcSet: `${base}?w=626&fm=webp 626w, ${base}?w=672&fm=webp 672w, ${base}?w=800&fm=webp 800w`,
      width: 1600,
      height: 900,
      alt: 'طلاب في الحديقة',
    });
    // Assets of the file store keep their generated files.
    expect(imageOf({ sys: { id: 'a', contentType: 'asset' }, fields: { title: { 'en-US': 'A' }, file: { 'en-US': { fileName: 'a', width: 10, height: 5 } } } }, 'en')?.src).toBe('/media/a-800.webp');
  });

  it('flattens rich text to the text of its paragraphs and headings', async () => {
    const body = richText(
      block('heading-2', text('A new term')),
      block('paragraph', text('Classes start on '), text('Sunday', ['bold']), text(', see the '), { nodeType: 'hyperlink', data: { uri: 'https://example.org' }, content: [text('calendar')] }, text('.')),
      block('paragraph', text('  ')),
      { nodeType: 'embedded-entry-block', data: { target: { sys: { type: 'Link', linkType: 'Entry', id: 'campaign-2024' } } }, content: [] },
      block('unordered-list', block('list-item', block('paragraph', text('Bring your ID'))), block('list-item', block('paragraph', text('Arrive early')))),
      block('blockquote', block('paragraph', text('Welcome back.'))),
      block('hr'),
    );
    const api = recordedApi((path, params) => (path === 'entries' ? { body: collection([article('term', { body: { 'en-US': body, 'ar-QA': richText(block('paragraph', text('فصل جديد'))) } })]) } : { body: notFound(params) }));
    const [entry] = await createContentfulSource({ space: SPACE, accessToken: 'cda-token', adapter: api.adapter }).entries('article');

    expect(entry?.fields.body).toEqual({
      'en-US': ['A new term', 'Classes start on Sunday, see the calendar.', 'Bring your ID', 'Arrive early', 'Welcome back.'],
      'ar-QA': ['فصل جديد'],
    });
  });

  it('keeps links as links; entry(id) resolves a linked entry and gives undefined for a missing one', async () => {
    const withLinks = article('campus-opens', {
      campaign: { 'en-US': { sys: { type: 'Link', linkType: 'Entry', id: 'campaign-2024' } } },
      heroImage: { 'en-US': { sys: { type: 'Link', linkType: 'Asset', id: 'gone-asset', urn: 'crn:contentful:::content:spaces/x/assets/gone-asset' } } },
    });
    const api = recordedApi((path, params) => {
      if (path === 'entries' && params.content_type === 'article') return { body: collection([withLinks]) };
      if (path === 'entries' && params['sys.id'] === 'campaign-2024') return { body: collection([campaign], { limit: 1 }) };
      return { body: notFound(params) };
    });
    const source = createContentfulSource({ space: SPACE, accessToken: 'cda-token', adapter: api.adapter });

    const [story] = await source.entries('article');
    expect(story?.fields.campaign).toEqual({ 'en-US': { sys: { type: 'Link', linkType: 'Entry', id: 'campaign-2024' } } });
    expect(story?.fields.heroImage).toEqual({ 'en-US': { sys: { type: 'Link', linkType: 'Asset', id: 'gone-asset' } } });
    expect(contentTypes.article.schema.safeParse(story).success).toBe(true);

    // From the cached collection: no request.
    expect((await source.entry('campus-opens'))?.sys.id).toBe('campus-opens');
    expect(api.requests).toHaveLength(1);

    const linked = await source.entry('campaign-2024');
    expect(linked).toEqual({
      sys: { id: 'campaign-2024', contentType: 'campaign', updatedAt: '2024-05-02T09:30:00.000Z' },
      fields: campaign.fields,
    });
    expect(api.requests.slice(1).map((r) => [r.path, r.params['sys.id'], r.params.locale])).toEqual(
      expect.arrayContaining([
        ['entries', 'campaign-2024', '*'],
        ['assets', 'campaign-2024', '*'],
      ]),
    );

    expect(await source.entry('gone-asset')).toBeUndefined();
  });

  it('caches results for the TTL and fetches again after it', async () => {
    const api = recordedApi((path, params) => (path === 'entries' ? { body: collection([article('cached')]) } : { body: notFound(params) }));
    const source = createContentfulSource({ space: SPACE, accessToken: 'cda-token', adapter: api.adapter, cacheTtlMs: 40 });

    await Promise.all([source.entries('article'), source.entries('article')]);
    expect((await source.entries('article'))[0]?.sys.id).toBe('cached');
    expect(api.requests).toHaveLength(1);

    await new Promise((resolve) => setTimeout(resolve, 80));
    await source.entries('article');
    expect(api.requests).toHaveLength(2);
  });

  it('rejects with the content type and HTTP status when the API refuses, and tries again next time', async () => {
    let status = 401;
    const api = recordedApi((_path, params) =>
      status === 401
        ? { status, body: { sys: { type: 'Error', id: 'AccessTokenInvalid' }, message: 'The access token you sent could not be found or is invalid.', requestId: 'a1b2c3d4-0000-4000-8000-000000000001' } }
        : { body: notFound(params) },
    );
    const source = createContentfulSource({ space: SPACE, accessToken: 'wrong-token', adapter: api.adapter });

    const failure = source.entries('article');
    await expect(failure).rejects.toThrow(/content type "article".*HTTP 401 Unauthorized/);
    await expect(failure).rejects.toThrow('The access token you sent could not be found or is invalid.');
    await expect(failure).rejects.not.toThrow('wrong-token');

    status = 200;
    await expect(source.entries('article')).resolves.toEqual([]);
    expect(api.requests).toHaveLength(2);
  });

  it('names the status of a missing space or environment', async () => {
    const api = recordedApi(() => ({ status: 404, body: { sys: { type: 'Error', id: 'NotFound' }, message: 'The resource could not be found.', details: { type: 'Environment', space: SPACE, id: 'staging' }, requestId: 'x' } }));
    const source = createContentfulSource({ space: SPACE, accessToken: 'cda-token', environment: 'staging', adapter: api.adapter });
    await expect(source.entries('event')).rejects.toThrow(/content type "event".*HTTP 404 Not Found/);
    await expect(source.entry('some-id')).rejects.toThrow(/entry "some-id".*HTTP 404/);
  });
});

describe('the Contentful source kept through the Sync API (issue 35: a publish live in seconds)', () => {
  const at = (entry: Json, updatedAt: string) => ({ ...entry, sys: { ...(entry.sys as Json), updatedAt } });
  const deletedEntry = (id: string) => ({ sys: { type: 'DeletedEntry', id, space: spaceLink, environment: envLink, createdAt: '2024-06-01T00:00:00.000Z', updatedAt: '2024-06-01T00:00:00.000Z', deletedAt: '2024-06-01T00:00:00.000Z' } });
  const hero = asset('hero', { title: { 'en-US': 'Hero' }, file: { 'en-US': { url: '//images.ctfassets.net/x/hero.jpg', details: { image: { width: 1600, height: 900 } } } } });
  const syncPage = (items: unknown[], token: string) => ({ sys: { type: 'Array' }, items, nextSyncUrl: `https://cdn.contentful.com/spaces/${SPACE}/environments/master/sync?sync_token=${token}` });

  /** A space whose Sync API answers the initial sync with `first` (over two pages) and each later token with the changes queued for it. */
  function space(first: unknown[]) {
    const queued: unknown[][] = [];
    let fail = false;
    const api = recordedApi((path, params) => {
      expect(path.replace(/^\//, '')).toBe('sync');
      if (fail) return { status: 401, body: { sys: { type: 'Error', id: 'AccessTokenInvalid' }, message: 'The access token you sent could not be found or is invalid.' } };
      if (params.initial) return { body: { sys: { type: 'Array' }, items: first.slice(0, 2), nextPageUrl: `https://cdn.contentful.com/spaces/${SPACE}/environments/master/sync?sync_token=page2` } };
      if (params.sync_token === 'page2') return { body: syncPage(first.slice(2), 't0') };
      const n = Number(String(params.sync_token).slice(1));
      return { body: syncPage(queued[n] ?? [], `t${queued[n] ? n + 1 : n}`) };
    });
    return { api, publish: (...items: unknown[]) => queued.push(items), failing: (on: boolean) => (fail = on) };
  }

  it('holds every entry and asset after the initial sync (all its pages), with a version that does not depend on the order it came in', async () => {
    const items = [article('b-story'), hero, article('a-story'), article('c-story')];
    const one = space(items);
    const source = createContentfulSource({ space: SPACE, accessToken: 'cda-token', adapter: one.api.adapter, syncIntervalMs: 60_000 });
    expect((await source.entries('article')).map((e) => e.sys.id)).toEqual(['a-story', 'b-story', 'c-story']);
    expect(fieldOf((await source.entry('a-story'))!, 'title', 'ar')).toBe('قصة a-story');
    expect((await source.entries('asset'))[0]!.fields.file?.['en-US']).toMatchObject({ width: 1600, height: 900 });
    expect(one.api.requests.map((r) => r.params)).toEqual([{ initial: true }, { sync_token: 'page2' }]);
    const other = createContentfulSource({ space: SPACE, accessToken: 'cda-token', adapter: space([...items].reverse()).api.adapter, syncIntervalMs: 60_000 });
    expect(await other.version!()).toBe(await source.version!());
  });

  it('takes in what a publish changed when refreshed (the webhook): new titles, deletions, a new version, which entries changed; the lists of other types stay the same arrays', async () => {
    const s = space([article('a-story'), article('b-story'), hero]);
    const source = createContentfulSource({ space: SPACE, accessToken: 'cda-token', adapter: s.api.adapter, syncIntervalMs: 60_000 });
    const [before, assets] = [await source.version!(), await source.entries('asset')];
    await source.refresh!();
    expect(await source.version!()).toBe(before);

    s.publish(at(article('b-story', { title: { 'en-US': 'Edited', 'ar-QA': 'معدل' } }), '2024-06-02T10:00:00.000Z'), article('d-story'), deletedEntry('a-story'));
    await source.refresh!();
    const after = await source.version!();
    expect(after).not.toBe(before);
    expect((await source.entries('article')).map((e) => e.sys.id)).toEqual(['b-story', 'd-story']);
    expect(fieldOf((await source.entry('b-story'))!, 'title', 'en')).toBe('Edited');
    expect(await source.entry('a-story')).toBeUndefined();
    expect(await source.changedSince!(before)).toEqual(new Set(['a-story', 'b-story', 'd-story']));
    expect(await source.changedSince!('a version it never had')).toBeUndefined();
    expect(await source.entries('asset')).toBe(assets);
    // Each sync asked from the token of the one before.
    expect(s.api.requests.slice(2).map((r) => r.params)).toEqual([{ sync_token: 't0' }, { sync_token: 't0' }]);
  });

  it('syncs again in the background once the interval has passed, answering from the copy it has meanwhile', async () => {
    const s = space([article('a-story')]);
    const source = createContentfulSource({ space: SPACE, accessToken: 'cda-token', adapter: s.api.adapter, syncIntervalMs: 30 });
    expect(await source.entries('article')).toHaveLength(1);
    s.publish(article('b-story'));
    await new Promise((r) => setTimeout(r, 40));
    expect(await source.entries('article')).toHaveLength(1);
    for (const started = Date.now(); (await source.entries('article')).length < 2; await new Promise((r) => setTimeout(r, 10))) {
      if (Date.now() - started > 2000) throw new Error('the new story never came');
    }
  });

  it('keeps the copy it has when a sync fails, says why once, and takes the changes in once the API answers again', async () => {
    const s = space([article('a-story')]);
    const warn = jest.fn();
    const source = createContentfulSource({ space: SPACE, accessToken: 'cda-token', adapter: s.api.adapter, syncIntervalMs: 60_000, warn });
    await source.entries('article');
    s.failing(true);
    await source.refresh!();
    await source.refresh!();
    expect((await source.entries('article')).map((e) => e.sys.id)).toEqual(['a-story']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/^content not synced, the content synced before is kept: Contentful: fetching the changes \(Sync API\) failed: HTTP 401/);
    s.failing(false);
    s.publish(article('b-story'));
    await source.refresh!();
    expect((await source.entries('article')).map((e) => e.sys.id)).toEqual(['a-story', 'b-story']);
  });

  it('fails the first read with the status when the initial sync is refused', async () => {
    const s = space([]);
    s.failing(true);
    await expect(createContentfulSource({ space: SPACE, accessToken: 'wrong', adapter: s.api.adapter, syncIntervalMs: 1000 }).entries('article')).rejects.toThrow(/the changes \(Sync API\).*HTTP 401/);
  });
});

describe('the preview source (drafts, issue 35)', () => {
  afterEach(() => jest.useRealTimers());

  it('asks the Content Preview API with the preview token, and reuses its answers for a second only', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-12-07T20:00:00Z'), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { adapter, requests } = recordedApi(() => ({ body: collection([article('draft-1', { title: { 'en-US': 'A draft', 'ar-QA': 'مسودة' } })]) }));
    const hosts: string[] = [];
    const asked: Adapter = (config) => (hosts.push(new URL(config.baseURL ?? '').host), adapter(config));
    const source = previewSourceFromEnv({ CONTENT_SOURCE: 'contentful', CONTENTFUL_SPACE_ID: SPACE, CONTENTFUL_ACCESS_TOKEN: 'delivery-token', CONTENTFUL_PREVIEW_TOKEN: 'preview-token' }, { adapter: asked })!;
    expect(fieldOf((await source.entries('article'))[0]!, 'title', 'en')).toBe('A draft');
    expect(hosts).toEqual(['preview.contentful.com']);
    expect(requests.map((r) => r.authorization)).toEqual(['Bearer preview-token']);
    await source.entries('article');
    expect(requests).toHaveLength(1);
    jest.setSystemTime(Date.now() + PREVIEW_CACHE_MS);
    await source.entries('article');
    expect(requests).toHaveLength(2);
  });
});
