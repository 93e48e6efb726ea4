import Fastify from 'fastify';
import { registerContentHook } from './content-hook';

const SECRET = 'a-webhook-secret-of-at-least-32-chars';

describe('POST /hooks/content (the CMS\'s webhook, issue 35)', () => {
  async function shell(answers: Record<string, number | 'down'>) {
    const asked: { url: string; secret: string | null }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      asked.push({ url, secret: new Headers(init.headers).get('x-qf-webhook-secret') });
      const answer = answers[new URL(url).hostname]!;
      if (answer === 'down') throw new TypeError('fetch failed');
      return new Response('{}', { status: answer });
    }) as typeof fetch;
    const refreshOwn = jest.fn(async () => undefined);
    const app = Fastify({ logger: false });
    await registerContentHook(app, {
      secret: SECRET,
      sections: async () => Object.keys(answers).map((name) => ({ name, url: `http://${name}:3000/` })),
      refreshOwn,
      fetchImpl,
    });
    await app.ready();
    return { app, asked, refreshOwn };
  }

  it('has the shell and every section look at their content, with the secret, and says who did not', async () => {
    const { app, asked, refreshOwn } = await shell({ 'mf-content': 200, 'mf-events': 200, 'mf-idkt': 503, 'mf-forms': 'down' });
    const res = await app.inject({ method: 'POST', url: '/hooks/content', headers: { 'x-qf-webhook-secret': SECRET, 'content-type': 'application/vnd.contentful.management.v1+json' }, payload: '{"sys":{"id":"story-1"}}' });
    expect([res.statusCode, res.json()]).toEqual([200, { refreshed: ['shell', 'mf-content', 'mf-events'], failed: ['mf-idkt', 'mf-forms'] }]);
    expect(refreshOwn).toHaveBeenCalledTimes(1);
    expect(asked).toEqual(['mf-content', 'mf-events', 'mf-idkt', 'mf-forms'].map((name) => ({ url: `http://${name}:3000/_qf/content/refresh`, secret: SECRET })));
    await app.close();
  });

  it('asks no one without the secret', async () => {
    const { app, asked, refreshOwn } = await shell({ 'mf-content': 200 });
    expect((await app.inject({ method: 'POST', url: '/hooks/content', headers: { 'x-qf-webhook-secret': 'guess' } })).statusCode).toBe(401);
    expect([asked, refreshOwn.mock.calls]).toEqual([[], []]);
    await app.close();
  });
});
