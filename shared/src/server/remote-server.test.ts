import os from 'node:os';
import { createRemoteServer } from './remote-server';

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
