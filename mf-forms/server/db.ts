import { mkdirSync } from 'node:fs';
import { currentTrace, type RequestTrace } from '@qf/shared/server';
import { migrations } from './migrations';
import { lockDataDir } from './data-dir-lock';

export { migrations };

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  /** Run `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

/**
 * A statement run for a request, tagged with the request's trace the way sqlcommenter does
 * (https://google.github.io/sqlcommenter/spec/): a trailing comment `/*traceparent='00-<trace>-<span>-01'*\/`,
 * so PostgreSQL's logs, `pg_stat_activity` and slow-query reports name the visitor's request. Outside a
 * request (migrations, the outbox, the forwarder, metrics) the statement is left as it is. Its meaning
 * never changes: the comment goes before a trailing `;` (after the last statement of a multi-statement
 * string, so their number is the same), on a line of its own when the last line holds `--` (it would
 * otherwise be part of that line comment), and a statement that already has a comment of its own is left
 * alone, as the specification asks. Neither driver caches statements by their text here (no named
 * prepared statements), so a text that differs by request costs nothing.
 */
export function withTraceComment(sql: string, trace: RequestTrace | undefined = currentTrace()): string {
  if (!trace || sql.includes('/*')) return sql;
  const comment = `/*traceparent='00-${trace.traceId}-${trace.spanId}-${trace.flags}'*/`;
  const body = sql.replace(/\s+$/, '');
  const semicolon = body.endsWith(';');
  const statement = semicolon ? body.slice(0, -1).replace(/\s+$/, '') : body;
  const lastLine = statement.slice(statement.lastIndexOf('\n') + 1);
  return `${statement}${lastLine.includes('--') ? '\n' : ' '}${comment}${semicolon ? ';' : ''}`;
}

async function migrate(db: Queryable): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied = new Set((await db.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => Number(r.version)));
  for (const m of migrations) {
    if (applied.has(m.version)) continue;
    await db.query(`BEGIN; ${m.sql} INSERT INTO schema_migrations (version, name) VALUES (${m.version}, '${m.name.replace(/'/g, "''")}'); COMMIT;`).catch(async (error: unknown) => {
      await db.query('ROLLBACK').catch(() => undefined);
      throw error;
    });
  }
}

/**
 * The forms database: PostgreSQL when DATABASE_URL is set, otherwise PGlite (PostgreSQL compiled to
 * WebAssembly) in a data folder. Same SQL, same migrations either way.
 */
export async function openDb({ databaseUrl, dataDir }: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  let db: Db;
  if (databaseUrl) {
    const { Pool } = await import('pg');
    // Its sessions say who they are (pg_stat_activity, the server's log), unless the URL names another.
    const pool = new Pool({ connectionString: databaseUrl, max: 10, application_name: 'mf-forms' });
    db = {
      kind: 'postgres',
      async query(sql, params) {
        const tagged = withTraceComment(sql);
        const res = params && params.length ? await pool.query(tagged, params) : await pool.query(tagged);
        const last = Array.isArray(res) ? res[res.length - 1] : res;
        return (last?.rows ?? []) as never[];
      },
      async transaction(fn) {
        const client = await pool.connect();
        try {
          await client.query(withTraceComment('BEGIN'));
          const result = await fn({ query: async (sql, params) => (await client.query(withTraceComment(sql), params)).rows as never[] });
          await client.query(withTraceComment('COMMIT'));
          return result;
        } catch (error) {
          await client.query(withTraceComment('ROLLBACK')).catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  } else {
    mkdirSync(dataDir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const unlock = lockDataDir(dataDir);
    const lite = await PGlite.create(dataDir).catch((error: unknown) => {
      unlock();
      throw error;
    });
    db = {
      kind: 'pglite',
      async query(sql, params) {
        const tagged = withTraceComment(sql);
        if (params && params.length) return (await lite.query(tagged, params)).rows as never[];
        const results = await lite.exec(tagged);
        return (results[results.length - 1]?.rows ?? []) as never[];
      },
      async transaction(fn) {
        const result = await lite.transaction((tx) => fn({ query: async (sql, params) => (await tx.query(withTraceComment(sql), params)).rows as never[] }));
        // PGlite's transaction() can resolve before its data folder is synced; a top-level query waits
        // for the sync, so what the API acknowledges is on disk.
        await lite.query(withTraceComment('SELECT 1'));
        return result;
      },
      close: () => lite.close().finally(unlock),
    };
  }
  await (db.kind === 'postgres' ? migrateAlone(db) : migrate(db)).catch(async (error: unknown) => {
    await db.close().catch(() => undefined);
    throw error;
  });
  return db;
}

/**
 * Several servers start against one PostgreSQL (a cluster): each runs the migrations while holding an
 * advisory lock of the schema, on one connection, so the second waits and then finds them applied
 * instead of racing the first into a duplicate key or a half-created table.
 */
async function migrateAlone(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext(current_schema()))');
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => Number(r.version)));
    for (const m of migrations) {
      if (applied.has(m.version)) continue;
      await tx.query(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
    }
  });
}
