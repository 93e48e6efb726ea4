import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getJson } from './http-get';

describe('getJson', () => {
  let server: http.Server;
  let url: string;
  const seen: (string | undefined)[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.headers['accept-encoding']);
      if (req.url === '/slow') return; // never answers
      if (req.url === '/missing') return res.writeHead(404, { 'content-type': 'application/json' }).end('{"found":false}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ found: true, path: req.url }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers the status and the JSON, with the headers asked for', async () => {
    const ok = await getJson(`${url}/a?x=1`, { timeoutMs: 1000, headers: { 'accept-encoding': 'identity' } });
    expect(ok.status).toBe(200);
    expect(ok.ok).toBe(true);
    expect(await ok.json()).toEqual({ found: true, path: '/a?x=1' });
    const missing = await getJson(`${url}/missing`, { timeoutMs: 1000 });
    expect(missing).toMatchObject({ status: 404, ok: false });
    expect(seen[0]).toBe('identity');
  });

  it('gives up after timeoutMs, and fails on a port nobody listens on', async () => {
    const started = Date.now();
    await expect(getJson(`${url}/slow`, { timeoutMs: 200 })).rejects.toThrow('no answer within 200 ms');
    expect(Date.now() - started).toBeLessThan(1500);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(getJson(`http://127.0.0.1:${port}/`, { timeoutMs: 1000 })).rejects.toThrow();
  });
});
