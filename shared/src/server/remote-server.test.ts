import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildInfoSchema } from '@qf/shared/contracts';
import { createRemoteServer, gracefulClose } from './remote-server';

describe('createRemoteServer', () => {
  const asked: [string, string, string][] = [];
  const start = () =>
    createRemoteServer({
      name: 'mf-content',
      dir: os.tmpdir(),
      env: { SHELL_ORIGINS: 'http://shell.test' },
      resolvePage: async (path, lang, query) => {
        asked.push([path, lang, query.toString()]);
        return path === '/program' ? { template: 'programs', head: { title: 'Programmes', description: '', alternatePath: '/ar/program' }, data: {}, widgets: [], hydration: 'idle' } : null;
      },
    });

  it('hands the page its query string, and answers 404 for a page it does not have', async () => {
    const { app } = await start();
    expect((await app.inject('/_qf/page?path=/program&lang=ar&query=school%3Dx%26degree%3Dphd')).statusCode).toBe(200);
    expect((await app.inject('/_qf/page?path=/program/&lang=en')).statusCode).toBe(200);
    expect((await app.inject('/_qf/page?path=/nope&lang=en')).json()).toEqual({ found: false });
    expect(asked).toEqual([
      ['/program', 'ar', 'school=x&degree=phd'],
      ['/program', 'en', ''],
      ['/nope', 'en', ''],
    ]);
    await app.close();
  });

  it('reports the version of its content in its build info, and a changed version when the content changes', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qf-remote-'));
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist', 'build-info.json'), JSON.stringify({ name: 'mf-events', version: '1.0.0', buildId: 'b1', builtAt: '2026-11-22T00:00:00Z' }));
    let version: string | undefined = 'files:1';
    const { app } = await createRemoteServer({ name: 'mf-events', dir, env: {}, contentVersion: async () => version });
    const first = buildInfoSchema.parse((await app.inject('/build-info.json')).json());
    expect(first).toMatchObject({ buildId: 'b1', contentVersion: expect.stringMatching(/^[\w-]{16}$/) });
    expect(buildInfoSchema.parse((await app.inject('/build-info.json')).json()).contentVersion).toBe(first.contentVersion);
    version = 'files:2';
    const second = buildInfoSchema.parse((await app.inject('/build-info.json')).json());
    expect(second.contentVersion).not.toBe(first.contentVersion);
    // A source without a version (or failing to say it) is reported without one.
    version = undefined;
    expect((await app.inject('/build-info.json')).json()).not.toHaveProperty('contentVersion');
    await app.close();
    const { app: plain } = await createRemoteServer({ name: 'mf-events', dir, env: {} });
    expect((await plain.inject('/build-info.json')).json()).toEqual({ name: 'mf-events', version: '1.0.0', buildId: 'b1', builtAt: '2026-11-22T00:00:00Z' });
    await plain.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('allows the shell origin only, and always varies on Origin so no cached answer leaks between the two', async () => {
    const { app } = await start();
    const plain = await app.inject('/healthz');
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/Origin/);
    expect((await app.inject({ url: '/healthz', headers: { origin: 'http://shell.test' } })).headers['access-control-allow-origin']).toBe('http://shell.test');
    expect((await app.inject({ url: '/healthz', headers: { origin: 'http://evil.test' } })).headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });
});

describe('gracefulClose', () => {
  /** A server on a free loopback port with one slow route, and a client that keeps its sockets alive. */
  async function serve(deadlineMs?: number) {
    const app = Fastify();
    let release: () => void = () => undefined;
    app.get('/slow', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { answered: 'whole' };
    });
    app.get('/fast', async () => ({ ok: true }));
    const stop = gracefulClose(app, deadlineMs);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    return { app, stop, url: `http://127.0.0.1:${port}`, release: () => release() };
  }

  it('answers a request in progress whole, then stops at once although the client keeps its sockets alive', async () => {
    const { stop, url, release } = await serve();
    // An idle pooled socket, and a busy one: Node would keep the busy one open for 72 s once it is idle.
    await (await fetch(`${url}/fast`)).text();
    const busy = fetch(`${url}/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const stopped = stop();
    expect(stop()).toBe(stopped);
    setTimeout(release, 200);
    const res = await busy;
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toEqual({ answered: 'whole' });
    await stopped;
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(fetch(`${url}/fast`)).rejects.toThrow();
  });

  it('closes a connection that never sent a request (a browser preconnect) instead of waiting for it', async () => {
    const { stop, url } = await serve();
    const { port } = new URL(url);
    const preconnect = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => preconnect.once('connect', r));
    const closed = new Promise((r) => preconnect.once('close', r));
    const started = Date.now();
    await stop();
    await closed;
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('cuts the connections still open at the deadline, and says which requests it cut', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { stop, url } = await serve(300);
    const busy = fetch(`${url}/slow`).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await stop();
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(busy).resolves.toBe('cut');
    expect(warn).toHaveBeenCalledWith('still open after 300 ms, cut: GET /slow');
    warn.mockRestore();
  });
});
