import type { Migration } from './types';

export const migration: Migration = {
  version: 6,
  name: 'push subscriptions',
  sql: `
    CREATE TABLE push_subscriptions (
      id bigserial PRIMARY KEY,
      endpoint text NOT NULL UNIQUE,
      p256dh text NOT NULL,
      auth text NOT NULL,
      lang text NOT NULL CHECK (lang IN ('en', 'ar')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );`,
};
