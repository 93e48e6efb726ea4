import type { Migration } from './types';

export const migration: Migration = {
  version: 12,
  name: 'upload budget per form and hour',
  // The bytes each upload form was sent in each hour, by every instance (issue 37, M1): one row per
  // form and hour, raised by one conditional upsert that refuses what would pass the budget.
  sql: `
    CREATE TABLE upload_budget (
      form text NOT NULL,
      hour timestamptz NOT NULL,
      bytes bigint NOT NULL CHECK (bytes >= 0),
      PRIMARY KEY (form, hour)
    );`,
};
