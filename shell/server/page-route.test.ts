import Fastify, { type FastifyInstance } from 'fastify';
import { MAX_PAGE_URL } from './page-data';
import { registerPageRoute, type createPageAnswers, type PageView } from './page-route';

describe('the page route (GET /*)', () => {
  let app: FastifyInstance;
  const view = { name: 'live' } as unknown as PageView;
  const sent: unknown[][] = [];
  const rendered: unknown[][] = [];
  const answered: string[] = [];

  beforeAll(async () => {
    app = Fastify();
    const answers = {
      sendPage: async (reply: { send(body: string): unknown }, ...rest: unknown[]) => {
        sent.push(rest);
        return reply.send('the page');
      },
      renderPage: async (...args: unknown[]) => {
        rendered.push(args);
        return { status: 'not-found', html: '<html lang="ar">404</html>' };
      },
    } as unknown as ReturnType<typeof createPageAnswers<PageView>>;
    registerPageRoute(app, { viewFor: async () => view, answered: (_request, _view, sitePath) => answered.push(sitePath), answers });
    await app.ready();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    sent.length = 0;
    rendered.length = 0;
    answered.length = 0;
  });

  it('answers a page from the visitor’s composition with its query, and tells release health', async () => {
    const res = await app.inject('/ar/program?school=qatar-academy-doha');
    expect(res.body).toBe('the page');
    expect(sent).toEqual([['/ar/program', 'school=qatar-academy-doha', view, true]]);
    expect(answered).toEqual(['/ar/program']);
  });

  it('sends an address that is not the normal one to it, keeping the query; /index.html is the home page', async () => {
    const res = await app.inject('/stories/a/?x=1');
    expect([res.statusCode, res.headers.location]).toEqual([301, '/stories/a?x=1']);
    expect(sent).toEqual([]);
    await app.inject('/index.html');
    expect(sent.map((s) => s[0])).toEqual(['/']);
  });

  it('answers an address no page can have with the 404 page in its language, asking no section', async () => {
    for (const url of [`/ar/${'a'.repeat(MAX_PAGE_URL)}`, `/stories?q=${'x'.repeat(MAX_PAGE_URL + 1)}`]) {
      const res = await app.inject(url);
      expect([res.statusCode, res.headers['cache-control'], res.body]).toEqual([404, 'no-store', '<html lang="ar">404</html>']);
    }
    expect(rendered.map((r) => r.slice(0, 2))).toEqual([
      ['/ar', { status: 'not-found', lang: 'ar' }],
      ['/', { status: 'not-found', lang: 'en' }],
    ]);
    expect(sent).toEqual([]);
    expect(answered).toEqual([]);
  });
});
