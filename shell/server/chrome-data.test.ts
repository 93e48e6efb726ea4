import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { createFileStore, type ContentSource } from '@qf/shared/content';
import { registerChromeData } from './chrome-data';
import { createGlobalsReader } from './globals';
import { createMenuReader, pageMenu } from './menu';
import { createStatementReader } from './statement';

const store = createFileStore(path.resolve(__dirname, '../../content'));

async function serve(content: ContentSource): Promise<FastifyInstance> {
  const app = Fastify();
  const menus = createMenuReader(content);
  registerChromeData(app, { content, menus: async (lang) => pageMenu(await menus(lang)), places: async (lang) => ({ lang, places: (await menus(lang)).places }), globals: createGlobalsReader(content), statement: createStatementReader(content) });
  await app.ready();
  return app;
}

describe('what the chrome reads in the browser', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await serve(store);
  });
  afterAll(() => app.close());

  it('gives the menu and the site globals of the language asked, for a client-side language change', async () => {
    const menu = await app.inject('/menu.json?lang=ar');
    expect(menu.statusCode).toBe(200);
    expect(menu.headers['cache-control']).toBe('public, max-age=60');
    expect(menu.body).toMatch(/[\u0600-\u06FF]/);
    const globals = await app.inject('/globals.json?lang=en');
    expect(globals.statusCode).toBe(200);
    expect(globals.json()).toEqual(expect.any(Object));
  });

  it('gives the map\'s places apart from the menu, which names them by id only: pages do not carry every place (issue 35)', async () => {
    const menu = (await app.inject('/menu.json?lang=en')).json() as { places: unknown[]; areas: { map: boolean; categories: { places?: string[] }[] }[] };
    expect(menu.places).toEqual([]);
    const named = new Set(menu.areas.filter((a) => a.map).flatMap((a) => a.categories.flatMap((c) => c.places ?? [])));
    expect(named.size).toBeGreaterThan(0);
    const res = await app.inject('/menuplaces.json?lang=ar');
    expect([res.statusCode, res.headers['cache-control']]).toEqual([200, 'public, max-age=60']);
    const { lang, places } = res.json() as { lang: string; places: { id: string; title: string; lat: number }[] };
    expect(lang).toBe('ar');
    for (const id of named) expect(places.find((p) => p.id === id)?.title).toMatch(/[\u0600-\u06FF]/);
  });

  it('refuses a language it does not have', async () => {
    for (const url of ['/menu.json', '/menu.json?lang=fr', '/menuplaces.json?lang=de', '/globals.json?lang=', '/globals.json?lang[]=en']) {
      const res = await app.inject(url);
      expect([url, res.statusCode, res.json()]).toEqual([url, 400, { error: 'lang must be en or ar' }]);
    }
  });

  it('serves the menu previews, kept five minutes, and the statement notification, never kept', async () => {
    const previews = await app.inject('/menupreviews.json');
    expect(previews.statusCode).toBe(200);
    expect(previews.headers['cache-control']).toBe('public, max-age=300');
    expect(previews.json()).toEqual(expect.any(Object));
    const statement = await app.inject('/statement-notification.json');
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['cache-control']).toBe('no-cache');
  });
});

it('answers 503 while the previews cannot be made, and tries again on the next request', async () => {
  let failing = true;
  const flaky: ContentSource = { ...store, entries: async (type: string) => (failing ? Promise.reject(new Error('content down')) : store.entries(type)) };
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const app = await serve(flaky);
  try {
    expect((await app.inject('/menupreviews.json')).statusCode).toBe(503);
    failing = false;
    expect((await app.inject('/menupreviews.json')).statusCode).toBe(200);
    expect(error).toHaveBeenCalledTimes(1);
  } finally {
    error.mockRestore();
    await app.close();
  }
});
