import type { Migration } from './types';

export const migration: Migration = {
  version: 10,
  name: 'uploads in the shared database',
  // Uploaded files kept where every instance reads them (PostgreSQL): a file is its rows in `seq` order,
  // written as the bytes arrive. Its id is the one the submission's file row names (art_entry_files,
  // scholarship_files); rows no submission names are deleted by the sweep once an hour old.
  sql: `
    CREATE TABLE upload_chunks (
      file_id uuid NOT NULL,
      seq integer NOT NULL CHECK (seq >= 0),
      data bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (file_id, seq)
    );
    CREATE INDEX upload_chunks_created_at ON upload_chunks (created_at);`,
};
