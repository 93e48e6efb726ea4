import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { buildFormsServer } from './app';
import type { Db } from './db';
import { signedUrl } from './ecss-forwarder';

jest.setTimeout(60_000);

/** A stand-in for the workflow: refuses the first delivery, accepts the rest, records what it got. */
let workflow: Server;
let workflowUrl: string;
const received: { url: string; body: Record<string, unknown> }[] = [];
let refusals = 1;
let app: FastifyInstance;
let db: Db;
let dir: string;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
  });

beforeAll(async () => {
  workflow = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    received.push({ url: req.url ?? '', body });
    if (refusals > 0) {
      refusals--;
      res.writeHead(502).end('bad gateway');
      return;
    }
    res.writeHead(202).end();
  });
  await new Promise<void>((resolve) => workflow.listen(0, '127.0.0.1', resolve));
  workflowUrl = `http://127.0.0.1:${(workflow.address() as AddressInfo).port}/workflows/ecss/triggers/manual/paths/invoke?api-version=2016-10-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0`;
  dir = mkdtempSync(path.join(os.tmpdir(), 'qf-ecss-'));
  ({ app, db } = await buildFormsServer({
    dir: path.resolve(__dirname, '..'),
    dataDir: dir,
    env: { ECSS_WORKFLOW_URL: workflowUrl, ECSS_WORKFLOW_TOKEN: 'test-signature', ECSS_RETRY_MS: '50' },
    content: createFileStore(path.resolve(__dirname, '../../content')),
    rateLimit: 1_000_000,
  }));
});

afterAll(async () => {
  await app.close();
  await new Promise((resolve) => workflow.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

it('puts the signature in the query string of the workflow URL', () => {
  expect(signedUrl('https://flow.example/invoke?sv=1.0', 'a/b+c')).toBe('https://flow.example/invoke?sv=1.0&sig=a%2Fb%2Bc');
  expect(signedUrl('https://flow.example/invoke?sv=1.0&sig=x', undefined)).toBe('https://flow.example/invoke?sv=1.0&sig=x');
});

it('answers the visitor at once, then forwards the stored question, retrying until the workflow accepts it', async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/forms/ecss/questions?lang=ar',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'ليلى حسن', email: 'layla@example.org', question: 'ما دور المعلم في عصر الذكاء الاصطناعي؟', eventId: 'ecss-education-city-speaker-series' }),
  });
  expect(res.statusCode).toBe(201);
  expect(res.json().message).toBe('شكراً لك. تم استلام سؤالك وستتم مشاركته مع المتحدثين.');

  const row = await until(async () => (await db.query<{ forwarded_at: Date | null; attempts: number; last_error: string | null }>('SELECT forwarded_at, attempts, last_error FROM ecss_questions'))
    .find((r) => r.forwarded_at !== null));
  expect(row.attempts).toBe(2);
  expect(row.last_error).toBeNull();
  expect(received).toHaveLength(2);
  for (const r of received) {
    const url = new URL(r.url, 'http://x');
    expect(url.pathname).toBe('/workflows/ecss/triggers/manual/paths/invoke');
    expect(url.searchParams.get('sig')).toBe('test-signature');
    expect(url.searchParams.get('sv')).toBe('1.0');
    expect(r.body).toMatchObject({ eventId: 'ecss-education-city-speaker-series', name: 'ليلى حسن', email: 'layla@example.org', question: 'ما دور المعلم في عصر الذكاء الاصطناعي؟', lang: 'ar' });
  }
  expect((await app.inject('/ops/ecss-questions')).json()).toEqual({ pending: 0, forwarded: 1, workflowConfigured: true });
});

it('never depends on the workflow: with it down, questions are stored and wait', async () => {
  await new Promise((resolve) => workflow.close(resolve));
  workflow.closeAllConnections?.();
  const res = await app.inject({
    method: 'POST',
    url: '/api/forms/ecss/questions',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'Omar Khalid', email: 'omar@example.org', question: 'What should every student learn about AI?', eventId: 'event-6' }),
  });
  expect(res.statusCode).toBe(201);
  const pending = await until(async () => {
    const rows = await db.query<{ attempts: number; last_error: string | null }>("SELECT attempts, last_error FROM ecss_questions WHERE email = 'omar@example.org' AND forwarded_at IS NULL");
    return rows[0]?.last_error ? rows[0] : undefined;
  });
  expect(pending.attempts).toBeGreaterThanOrEqual(1);
  expect((await app.inject('/ops/ecss-questions')).json()).toMatchObject({ pending: 1, forwarded: 1 });
});
