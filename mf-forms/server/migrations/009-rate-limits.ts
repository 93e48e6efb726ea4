import type { Migration } from './types';

export const migration: Migration = {
  version: 9,
  name: 'rate limits shared by every server',
  // Submissions per client and endpoint in the current window, for servers that share one PostgreSQL
  // (a cluster): one row per key (a keyed hash of the client's address and the route, never the
  // address), raised by one upsert, so every instance counts the same hits.
  sql: `
    CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      hits integer NOT NULL CHECK (hits > 0),
      reset_at timestamptz NOT NULL
    );
    CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);`,
};
