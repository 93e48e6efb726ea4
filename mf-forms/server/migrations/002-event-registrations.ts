import type { Migration } from './types';

export const migration: Migration = {
  version: 2,
  name: 'event registrations, seats and idempotency keys',
  sql: `
    CREATE TABLE event_seats (
      event_id text PRIMARY KEY,
      capacity integer NOT NULL CHECK (capacity >= 0),
      taken integer NOT NULL DEFAULT 0 CHECK (taken >= 0)
    );
    CREATE TABLE event_registrations (
      id bigserial PRIMARY KEY,
      event_id text NOT NULL,
      email text NOT NULL,
      email_normalized text NOT NULL,
      name text NOT NULL,
      title text NOT NULL,
      company text NOT NULL,
      nationality text NOT NULL,
      country_of_residence text NOT NULL,
      heard_from text NOT NULL,
      attendance text NOT NULL CHECK (attendance IN ('online', 'in-person')),
      vaccinated boolean NOT NULL,
      lang text NOT NULL CHECK (lang IN ('en', 'ar')),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (event_id, email_normalized)
    );
    CREATE TABLE idempotency_keys (
      key text PRIMARY KEY,
      scope text NOT NULL,
      status integer NOT NULL,
      body jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );`,
};
