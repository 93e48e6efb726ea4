import type { Migration } from './types';

/**
 * Art-contest entries and scholarship applications with their uploaded files. One artwork per
 * participant and contest (the normalised email), one application per student and cycle (the national
 * ID, and the student's email); a file row names the stored file (a random UUID under the uploads
 * folder) and is written in the same transaction as its submission.
 */
export const migration: Migration = {
  version: 4,
  name: 'art entries and scholarship applications with their uploads',
  sql: `
    CREATE TABLE art_entries (
      id bigserial PRIMARY KEY,
      contest_id text NOT NULL,
      name text NOT NULL,
      email text NOT NULL,
      email_normalized text NOT NULL,
      phone text NOT NULL,
      title text NOT NULL,
      statement text NOT NULL,
      biography text NOT NULL,
      dimensions text NOT NULL,
      material text NOT NULL,
      link text,
      terms_accepted boolean NOT NULL CHECK (terms_accepted),
      lang text NOT NULL CHECK (lang IN ('en', 'ar')),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (contest_id, email_normalized)
    );
    CREATE TABLE art_entry_files (
      id uuid PRIMARY KEY,
      entry_id bigint NOT NULL REFERENCES art_entries (id) ON DELETE CASCADE,
      field text NOT NULL,
      original_name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('png', 'jpeg', 'pdf', 'zip')),
      size_bytes integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 10485760),
      sha256 text NOT NULL,
      UNIQUE (entry_id, field)
    );
    CREATE TABLE scholarship_applications (
      id bigserial PRIMARY KEY,
      cycle_id text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      national_id text NOT NULL,
      date_of_birth date NOT NULL,
      gender text NOT NULL CHECK (gender IN ('female', 'male')),
      gpa numeric(5, 2) NOT NULL CHECK (gpa > 0 AND gpa <= 100),
      current_school text NOT NULL,
      student_phone text NOT NULL,
      student_email text NOT NULL,
      student_email_normalized text NOT NULL,
      parent_phone text NOT NULL,
      parent_email text NOT NULL,
      choice_1 text NOT NULL,
      choice_2 text NOT NULL,
      choice_3 text NOT NULL,
      terms_accepted boolean NOT NULL CHECK (terms_accepted),
      lang text NOT NULL CHECK (lang IN ('en', 'ar')),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (choice_1 <> choice_2 AND choice_1 <> choice_3 AND choice_2 <> choice_3),
      UNIQUE (cycle_id, national_id),
      UNIQUE (cycle_id, student_email_normalized)
    );
    CREATE TABLE scholarship_files (
      id uuid PRIMARY KEY,
      application_id bigint NOT NULL REFERENCES scholarship_applications (id) ON DELETE CASCADE,
      field text NOT NULL CHECK (field IN ('transcript', 'recommendation1', 'recommendation2', 'recommendation3', 'essay')),
      original_name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('png', 'jpeg', 'pdf', 'zip')),
      size_bytes integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 10485760),
      sha256 text NOT NULL,
      UNIQUE (application_id, field)
    );`,
};
