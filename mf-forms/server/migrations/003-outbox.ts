import type { Migration } from './types';

export const migration: Migration = {
  version: 3,
  name: 'email outbox',
  // A message is written here in the same transaction as the submission it confirms, and delivered
  // later by the outbox worker: a rolled-back submission never mails, and an SMTP outage loses nothing.
  // next_attempt_at is also the worker's lease: a claimed row is pushed into the future, so a worker that
  // dies mid-send leaves it to be retried rather than stuck. NULL with no sent_at means given up.
  sql: `
    CREATE TABLE email_outbox (
      id bigserial PRIMARY KEY,
      kind text NOT NULL,
      to_address text NOT NULL,
      lang text NOT NULL CHECK (lang IN ('en', 'ar')),
      subject text NOT NULL,
      text text NOT NULL,
      html text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz DEFAULT now(),
      sent_at timestamptz,
      last_error text
    );
    CREATE INDEX email_outbox_pending ON email_outbox (next_attempt_at) WHERE sent_at IS NULL;`,
};
