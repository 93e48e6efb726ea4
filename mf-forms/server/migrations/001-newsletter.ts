import type { Migration } from './types';

export const migration: Migration = {
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
};
