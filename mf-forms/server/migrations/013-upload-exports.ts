import type { Migration } from './types';

export const migration: Migration = {
  version: 13,
  name: 'exports of upload forms with their files',
  // Each whole export of an upload form with its files (`forms:export --files`, no --since): what
  // `forms:retention` requires before it deletes anything older (issue 37, M1: nothing ever deleted
  // accepted files).
  sql: `
    CREATE TABLE upload_exports (
      id bigserial PRIMARY KEY,
      form text NOT NULL,
      exported_until timestamptz NOT NULL,
      rows integer NOT NULL,
      files integer NOT NULL
    );
    CREATE INDEX upload_exports_form ON upload_exports (form, exported_until);`,
};
