import type { Migration } from './types';

export const migration: Migration = {
  version: 5,
  name: 'alumni sign-ups, poll votes, survey responses and speaker-series questions',
  // One vote per poll per voter and one sign-up per email are unique constraints: the database decides
  // between two simultaneous requests. A speaker-series question is stored before it is forwarded to the
  // workflow; forwarded_at stays NULL until the workflow accepted it, and next_attempt_at is both the
  // retry schedule and the forwarder's lease on a row it is sending.
  sql: `
    CREATE TABLE alumni_signups (
      id bigserial PRIMARY KEY,
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text NOT NULL,
      email_normalized text NOT NULL UNIQUE,
      institution text NOT NULL,
      graduation_year integer NOT NULL CHECK (graduation_year BETWEEN 1900 AND 2200),
      consent boolean NOT NULL CHECK (consent),
      lang text NOT NULL CHECK (lang IN ('en', 'ar')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE poll_votes (
      id bigserial PRIMARY KEY,
      poll_id text NOT NULL,
      option_id text NOT NULL,
      voter_id text NOT NULL,
      lang text NOT NULL CHECK (lang IN ('en', 'ar')),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (poll_id, voter_id)
    );
    CREATE TABLE survey_responses (
      id bigserial PRIMARY KEY,
      survey_id text NOT NULL,
      satisfaction smallint NOT NULL CHECK (satisfaction BETWEEN 1 AND 5),
      comment text,
      lang text NOT NULL CHECK (lang IN ('en', 'ar')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE ecss_questions (
      id bigserial PRIMARY KEY,
      event_id text NOT NULL,
      name text NOT NULL,
      email text NOT NULL,
      question text NOT NULL,
      lang text NOT NULL CHECK (lang IN ('en', 'ar')),
      created_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      forwarded_at timestamptz,
      last_error text
    );
    CREATE INDEX ecss_questions_pending ON ecss_questions (next_attempt_at) WHERE forwarded_at IS NULL;`,
};
