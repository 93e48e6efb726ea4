import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where one test file keeps its data: a PGlite folder, or a schema of its own on a PostgreSQL server. */
export interface TestDatabase {
  databaseUrl?: string;
  dataDir: string;
  /** Remove the folder or drop the schema. */
  drop(): Promise<void>;
}

export interface TestBackend {
  kind: 'pglite' | 'postgres';
  /** For the describe title; says why PostgreSQL is skipped when it is. */
  label: string;
  /** False for PostgreSQL when DATABASE_URL is not set: the suite is declared with describe.skip. */
  enabled: boolean;
  create(): Promise<TestDatabase>;
}

/**
 * The databases every db-level test runs against: PGlite always, and PostgreSQL once more when
 * `DATABASE_URL` is set (`npm run test:pg` starts a throw-away server and sets it). Each PostgreSQL run
 * gets a fresh schema (`search_path` set through the URL), so runs never see each other's rows.
 */
export function testBackends(env: NodeJS.ProcessEnv = process.env): TestBackend[] {
  const url = env.DATABASE_URL?.trim();
  return [
    {
      kind: 'pglite',
      label: 'PGlite',
      enabled: true,
      async create() {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qf-forms-db-'));
        return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
      },
    },
    {
      kind: 'postgres',
      label: url ? 'PostgreSQL' : 'PostgreSQL — skipped: DATABASE_URL is not set (npm run test:pg runs it)',
      enabled: Boolean(url),
      async create() {
        if (!url) throw new Error('DATABASE_URL is not set');
        const schema = `qf_test_${process.pid}_${randomBytes(4).toString('hex')}`;
        const { Client } = await import('pg');
        const admin = new Client({ connectionString: url });
        await admin.connect();
        await admin.query(`CREATE SCHEMA ${schema}`);
        await admin.end();
        const scoped = new URL(url);
        scoped.searchParams.set('options', `-c search_path=${schema}`);
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qf-forms-pg-'));
        return {
          databaseUrl: scoped.toString(),
          dataDir,
          async drop() {
            rmSync(dataDir, { recursive: true, force: true });
            const client = new Client({ connectionString: url });
            await client.connect();
            await client.query(`DROP SCHEMA ${schema} CASCADE`);
            await client.end();
          },
        };
      },
    },
  ];
}
