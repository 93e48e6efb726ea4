import type { Migration } from './types';

export const migration: Migration = {
  version: 7,
  name: 'outbox headers',
  // Extra headers an email is sent with, written with the message (List-Unsubscribe on newsletter
  // emails): the worker sends what the form wrote and never has to know what kind of email it is.
  sql: `ALTER TABLE email_outbox ADD COLUMN headers jsonb NOT NULL DEFAULT '{}'::jsonb;`,
};
