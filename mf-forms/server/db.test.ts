import { migrations, openDb } from './db';
import { testBackends, type TestDatabase } from './test-databases';

const postgres = testBackends().find((b) => b.kind === 'postgres')!;

/** Several servers of a cluster start at once against one PostgreSQL: the migrations run once. */
(postgres.enabled ? describe : describe.skip)(`migrations with several servers starting at once (${postgres.label})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await postgres.create();
  });
  afterAll(() => database.drop());

  it('four servers opening a fresh database together all start, and each migration is applied once', async () => {
    const dbs = await Promise.all(Array.from({ length: 4 }, () => openDb({ databaseUrl: database.databaseUrl, dataDir: database.dataDir })));
    try {
      const rows = await dbs[0]!.query<{ version: number; n: string }>('SELECT version, count(*) AS n FROM schema_migrations GROUP BY version ORDER BY version');
      expect(rows.map((r) => [Number(r.version), Number(r.n)])).toEqual(migrations.map((m) => [m.version, 1]));
      // The schema is whole: the last migration's table answers.
      await expect(dbs[3]!.query('SELECT count(*) FROM poll_addresses')).resolves.toHaveLength(1);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
    }
  });
});
