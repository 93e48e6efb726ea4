import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import type { RequestTrace } from '@qf/shared/server';
import { buildFormsServer } from './app';
import { withTraceComment, type Db } from './db';
import { testBackends, type TestDatabase } from './test-databases';

/**
 * Issue 32: every statement run for a request carries the request's trace, sqlcommenter style, so
 * PostgreSQL's view of a slow statement (pg_stat_activity, its log) names the request; statements run
 * outside a request carry nothing.
 */
jest.setTimeout(60_000);

const TRACE: RequestTrace = { requestId: 'r-1', traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', flags: '01' };
const COMMENT = "/*traceparent='00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'*/";

describe('withTraceComment', () => {
  it.each([
    ['SELECT 1', `SELECT 1 ${COMMENT}`],
    ['SELECT 1;', `SELECT 1 ${COMMENT};`],
    ['SELECT 1 ;  \n', `SELECT 1 ${COMMENT};`],
    // Multi-statement: the comment goes into the last statement, so their number stays the same.
    ['BEGIN; SELECT 1; COMMIT;', `BEGIN; SELECT 1; COMMIT ${COMMENT};`],
    // A line comment on the last line would swallow it: a line of its own.
    ['SELECT 1 -- the answer', `SELECT 1 -- the answer\n${COMMENT}`],
    ["SELECT '--' AS dashes;", `SELECT '--' AS dashes\n${COMMENT};`],
  ])('tags %j', (sql, tagged) => {
    expect(withTraceComment(sql, TRACE)).toBe(tagged);
  });

  it('leaves a statement with a comment of its own, and every statement outside a request, as it is', () => {
    expect(withTraceComment('SELECT /* mine */ 1', TRACE)).toBe('SELECT /* mine */ 1');
    expect(withTraceComment('SELECT 1', undefined)).toBe('SELECT 1');
    expect(withTraceComment('SELECT 1')).toBe('SELECT 1');
  });

  it('keeps the flags the trace has', () => {
    expect(withTraceComment('SELECT 1', { ...TRACE, flags: '00' })).toBe("SELECT 1 /*traceparent='00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00'*/");
  });
});

for (const backend of testBackends()) {
  (backend.enabled ? describe : describe.skip)(`statements of a request, in the database (${backend.label})`, () => {
    let app: FastifyInstance;
    let db: Db;
    let store: TestDatabase;

    beforeAll(async () => {
      store = await backend.create();
      ({ app, db } = await buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir: store.dataDir, databaseUrl: store.databaseUrl, env: { LOG_LEVEL: 'silent' }, content: createFileStore(path.resolve(__dirname, '../../content')) }));
      // What the database sees of the statements a request runs: their text, as it runs them.
      app.get('/test/statements', async () => {
        const [plain] = await db.query<{ q: string }>('SELECT current_query() AS q');
        const [withParams] = await db.query<{ q: string }>('SELECT current_query() AS q WHERE $1::int = 1', [1]);
        const [ended] = await db.query<{ q: string }>('SELECT current_query() AS q;');
        const inTransaction = await db.transaction(async (tx) => (await tx.query<{ q: string }>('SELECT current_query() AS q WHERE $1::int = 1', [1]))[0]);
        return { plain: plain!.q, withParams: withParams!.q, ended: ended!.q, inTransaction: inTransaction!.q };
      });
    });
    afterAll(async () => {
      await app.close();
      await store.drop();
    });

    it('carry the trace of the request, continued from the caller', async () => {
      const traceId = '0af7651916cd43dd8448eb211c80319c';
      const res = await app.inject({ method: 'GET', url: '/test/statements', headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` } });
      expect(res.statusCode).toBe(200);
      const seen = res.json<Record<string, string>>();
      const tag = new RegExp(`/\\*traceparent='00-${traceId}-([0-9a-f]{16})-01'\\*/;?$`);
      for (const text of Object.values(seen)) expect(text).toMatch(tag);
      // The span is this server's (the caller's is the parent), the same for every statement of the request.
      const spans = new Set(Object.values(seen).map((text) => tag.exec(text)![1]));
      expect(spans.size).toBe(1);
      expect([...spans][0]).not.toBe('b7ad6b7169203331');
      expect(seen.plain).toBe(`SELECT current_query() AS q /*traceparent='00-${traceId}-${[...spans][0]}-01'*/`);
      expect(seen.ended).toBe(`SELECT current_query() AS q /*traceparent='00-${traceId}-${[...spans][0]}-01'*/;`);
    });

    it('carry a new trace when the request came with none', async () => {
      const seen = (await app.inject({ method: 'GET', url: '/test/statements' })).json<Record<string, string>>();
      expect(seen.plain).toMatch(/ \/\*traceparent='00-[0-9a-f]{32}-[0-9a-f]{16}-01'\*\/$/);
    });

    it('a form’s statements run, and answer, the same with their comment', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/forms/newsletter', headers: { 'content-type': 'application/json', traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }, payload: JSON.stringify({ email: 'traced@example.org' }) });
      expect(res.statusCode).toBe(201);
      expect(await db.query('SELECT email FROM newsletter_subscriptions WHERE email_normalized = $1', ['traced@example.org'])).toEqual([{ email: 'traced@example.org' }]);
    });

    it('outside a request carry nothing', async () => {
      const [row] = await db.query<{ q: string }>('SELECT current_query() AS q');
      expect(row!.q).toBe('SELECT current_query() AS q');
    });

    if (backend.kind === 'postgres') {
      it('come from a session named mf-forms', async () => {
        const [row] = await db.query<{ name: string }>("SELECT current_setting('application_name') AS name");
        expect(row!.name).toBe('mf-forms');
      });
    }
  });
}
