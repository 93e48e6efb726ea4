import Fastify, { type FastifyInstance } from 'fastify';
import type { Registry } from '@qf/shared/contracts';
import { registerAnswerHeaders } from './answer-headers';
import { NONCE_PLACEHOLDER, SECURITY_HEADERS } from './security';

let registry: Registry = { remotes: { 'mf-events': { url: 'http://events.internal:3002', manifest: 'https://cdn.example.test/mf-events/mf-manifest.json' } } };
let app: FastifyInstance;
let htmlPolicy: (nonce: string) => Promise<string>;
beforeAll(async () => {
  app = Fastify();
  ({ htmlPolicy } = registerAnswerHeaders(app, { registry: async () => registry, imageHosts: ['https://images.example.test'], assistantScriptUrl: 'https://assistant.example.test/a.js', maps: false }));
  app.get('/page', async (_req, reply) => reply.type('text/html; charset=utf-8').send(`<script nonce="${NONCE_PLACEHOLDER}"></script><style nonce="${NONCE_PLACEHOLDER}"></style>`));
  app.get('/data', async () => ({ a: 1 }));
  // A page that reflects the visitor's path (the 404 page does, in its links and its state).
  app.get('/reflect/*', async (req, reply) =>
    reply.code(404).type('text/html; charset=utf-8').send(`<link rel="alternate" href="${req.url}"><script nonce="${NONCE_PLACEHOLDER}">{"path":"${req.url}"}</script>`),
  );
  app.get('/kept', async (_req, reply) => reply.type('text/html; charset=utf-8').send(Buffer.from('<p>kept</p>')));
  app.get('/missing', async (_req, reply) => reply.code(404).type('application/json').send('{"found":false}'));
  app.get('/away', async (_req, reply) => reply.redirect('//evil.example/x', 302));
  app.get('/away-backslash', async (_req, reply) => reply.redirect('/\\evil.example/x', 302));
  app.get('/file', async (_req, reply) => reply.type('text/css').send('p{}'));
  await app.ready();
});
afterAll(() => app.close());

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

it('fills a fresh nonce into each HTML page and its policy, which allows the registry’s origins and the assistant', async () => {
  const [a, b] = [await app.inject('/page'), await app.inject('/page')];
  const csp = String(a.headers['content-security-policy']);
  const nonce = nonceOf(csp)!;
  expect(a.body).toBe(`<script nonce="${nonce}"></script><style nonce="${nonce}"></style>`);
  expect(nonceOf(String(b.headers['content-security-policy']))).not.toBe(nonce);
  expect(csp).toContain('http://events.internal:3002');
  expect(csp).toContain('https://cdn.example.test');
  expect(csp).toContain('https://assistant.example.test');
  expect(csp).toContain('https://images.example.test');
  expect(csp).not.toContain('unsafe-eval');
});

it("never writes the nonce where a visitor's text spells its placeholder (issue 37, L2)", async () => {
  const res = await app.inject(`/reflect/${NONCE_PLACEHOLDER}`);
  const nonce = nonceOf(String(res.headers['content-security-policy']))!;
  expect(res.body).toBe(`<link rel="alternate" href="/reflect/${NONCE_PLACEHOLDER}"><script nonce="${nonce}">{"path":"/reflect/${NONCE_PLACEHOLDER}"}</script>`);
  expect(res.body.split(nonce)).toHaveLength(2);
});

it('makes the policy again when the registry document changes', async () => {
  registry = { remotes: { 'mf-idkt': { url: 'http://idkt.internal:3004' } } };
  const csp = await htmlPolicy('n0nce');
  expect(csp).toContain('http://idkt.internal:3004');
  expect(csp).not.toContain('events.internal');
  expect(csp).toContain("'nonce-n0nce'");
});

it('allows no section server where the registry pins the release in the browser-build store: browsers never load from there (issue 37, L6)', async () => {
  const cdn = 'https://cdn.example.test/mf-idkt/1.0.0+b1';
  registry = { remotes: { 'mf-idkt': { url: 'http://idkt.internal:3004', manifest: `${cdn}/browser/mf-manifest.b1.json`, buildInfo: `${cdn}/build-info.json`, canary: { url: 'http://idkt-canary.internal:3004', manifest: 'https://cdn2.example.test/m.json', buildInfo: 'https://cdn2.example.test/b.json', percent: 10 } } } };
  const csp = await htmlPolicy('n0nce');
  expect(csp).toContain('https://cdn.example.test');
  expect(csp).toContain('https://cdn2.example.test');
  expect(csp).not.toContain('internal');
});

it('tags HTML, JSON and XML answers with an ETag of the page before its nonce, and answers 304 to it', async () => {
  const first = await app.inject('/page');
  const etag = String(first.headers.etag);
  expect(etag).toMatch(/^W\/"/);
  expect((await app.inject('/page')).headers.etag).toBe(etag);
  const again = await app.inject({ url: '/page', headers: { 'if-none-match': etag } });
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe('');
  const data = await app.inject('/data');
  expect(data.headers.etag).toBeDefined();
  expect((await app.inject({ url: '/data', headers: { 'if-none-match': String(data.headers.etag) } })).statusCode).toBe(304);
  expect((await app.inject('/missing')).headers.etag).toBeUndefined();
  expect((await app.inject('/file')).headers.etag).toBeUndefined();
});

it('puts the security headers on every answer, and a policy on HTML passed through whole', async () => {
  for (const url of ['/page', '/data', '/kept', '/missing', '/file']) {
    const res = await app.inject(url);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect([url, name, res.headers[name.toLowerCase()]]).toEqual([url, name, value]);
  }
  const kept = await app.inject('/kept');
  expect(kept.body).toBe('<p>kept</p>');
  expect(kept.headers['content-security-policy']).toContain("'nonce-");
});

it('never lets a Location send the browser to another site', async () => {
  expect((await app.inject('/away')).headers.location).toBe('/evil.example/x');
  expect((await app.inject('/away-backslash')).headers.location).toBe('/evil.example/x');
});
