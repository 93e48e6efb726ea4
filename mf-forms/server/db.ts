import { mkdirSync } from 'node:fs';

export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

/** Versioned migrations: each runs once, in order, inside its own transaction. */
export const migrations: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'newsletter subscriptions',
    sql: `
      CREATE TABLE newsletter_subscriptions (
        id bigserial PRIMARY KEY,
        email text NOT NULL,
        email_normalized text NOT NULL UNIQUE,
        lang text NOT NULL CHECK (lang IN ('en', 'ar')),
        created_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
];

async function migrate(db: Db): Promise<void> {
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
    const pool = new Pool({ connectionString: databaseUrl, max: 10 });
    db = {
      kind: 'postgres',
      async query(sql, params) {
        const res = params && params.length ? await pool.query(sql, params) : await pool.query(sql);
        const last = Array.isArray(res) ? res[res.length - 1] : res;
        return (last?.rows ?? []) as never[];
      },
      close: () => pool.end(),
    };
  } else {
    mkdirSync(dataDir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const lite = await PGlite.create(dataDir);
    db = {
      kind: 'pglite',
      async query(sql, params) {
        if (params && params.length) return (await lite.query(sql, params)).rows as never[];
        const results = await lite.exec(sql);
        return (results[results.length - 1]?.rows ?? []) as never[];
      },
      close: () => lite.close(),
    };
  }
  await migrate(db);
  return db;
}
