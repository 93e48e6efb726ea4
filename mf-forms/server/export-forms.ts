/**
 * The forms `npm run forms:export -- --form <name>` knows: each name maps to one SELECT and the CSV
 * columns it fills. Every form that stores submissions adds its entry here (one entry per form, kebab-case
 * name); uploads are exported as file references (the stored file's name), never as their bytes.
 */
export interface ExportColumn {
  /** The CSV header, read by the teams that open the file. */
  header: string;
  /** The row key (column alias) in the query's result. */
  key: string;
}

export interface ExportForm {
  /** One line, shown in the list of valid names. */
  description: string;
  /**
   * One SELECT, ordered, with `$1` the `--since` instant (timestamptz) or NULL for every row:
   * `WHERE ($1::timestamptz IS NULL OR created_at >= $1)`.
   */
  sql: string;
  columns: readonly ExportColumn[];
}

const since = '($1::timestamptz IS NULL OR created_at >= $1::timestamptz)';

export const exportForms: Record<string, ExportForm> = {
  newsletter: {
    description: 'newsletter subscriptions (the list: general, the monthly one, or idkt-quarterly)',
    sql: `SELECT id, email, list, lang, created_at FROM newsletter_subscriptions WHERE ${since} ORDER BY id`,
    columns: [
      { header: 'id', key: 'id' },
      { header: 'email', key: 'email' },
      { header: 'list', key: 'list' },
      { header: 'language', key: 'lang' },
      { header: 'subscribed at', key: 'created_at' },
    ],
  },
  'event-registrations': {
    description: 'event registrations (every event; the event id is a column)',
    sql: `SELECT id, event_id, name, email, title, company, nationality, country_of_residence, heard_from, attendance, vaccinated, lang, created_at
          FROM event_registrations WHERE ${since} ORDER BY event_id, id`,
    columns: [
      { header: 'id', key: 'id' },
      { header: 'event id', key: 'event_id' },
      { header: 'name', key: 'name' },
      { header: 'email', key: 'email' },
      { header: 'job title', key: 'title' },
      { header: 'company', key: 'company' },
      { header: 'nationality', key: 'nationality' },
      { header: 'country of residence', key: 'country_of_residence' },
      { header: 'heard from', key: 'heard_from' },
      { header: 'attendance', key: 'attendance' },
      { header: 'vaccinated', key: 'vaccinated' },
      { header: 'language', key: 'lang' },
      { header: 'registered at', key: 'created_at' },
    ],
  },
  'email-outbox': {
    description: 'confirmation emails: sent, waiting (with the last error) or given up (no next attempt)',
    sql: `SELECT id, kind, to_address, lang, subject, created_at, attempts, next_attempt_at, sent_at, last_error
          FROM email_outbox WHERE ${since} ORDER BY id`,
    columns: [
      { header: 'id', key: 'id' },
      { header: 'kind', key: 'kind' },
      { header: 'to', key: 'to_address' },
      { header: 'language', key: 'lang' },
      { header: 'subject', key: 'subject' },
      { header: 'queued at', key: 'created_at' },
      { header: 'attempts', key: 'attempts' },
      { header: 'next attempt at', key: 'next_attempt_at' },
      { header: 'sent at', key: 'sent_at' },
      { header: 'last error', key: 'last_error' },
    ],
  },
  'alumni-signups': {
    description: 'alumni-portal launch sign-ups',
    sql: `SELECT id, first_name, last_name, email, institution, graduation_year, consent, lang, created_at FROM alumni_signups WHERE ${since} ORDER BY id`,
    columns: [
      { header: 'id', key: 'id' },
      { header: 'first name', key: 'first_name' },
      { header: 'last name', key: 'last_name' },
      { header: 'email', key: 'email' },
      { header: 'graduating institution', key: 'institution' },
      { header: 'graduation year', key: 'graduation_year' },
      { header: 'consent', key: 'consent' },
      { header: 'language', key: 'lang' },
      { header: 'signed up at', key: 'created_at' },
    ],
  },
  'poll-votes': {
    description: 'poll votes (every poll; the poll id is a column; voters are random browser ids)',
    sql: `SELECT id, poll_id, option_id, voter_id, lang, created_at FROM poll_votes WHERE ${since} ORDER BY poll_id, id`,
    columns: [
      { header: 'id', key: 'id' },
      { header: 'poll id', key: 'poll_id' },
      { header: 'option id', key: 'option_id' },
      { header: 'voter id', key: 'voter_id' },
      { header: 'language', key: 'lang' },
      { header: 'voted at', key: 'created_at' },
    ],
  },
  'survey-responses': {
    description: 'survey answers (every survey; the survey id is a column)',
    sql: `SELECT id, survey_id, satisfaction, comment, lang, created_at FROM survey_responses WHERE ${since} ORDER BY survey_id, id`,
    columns: [
      { header: 'id', key: 'id' },
      { header: 'survey id', key: 'survey_id' },
      { header: 'satisfaction (1-5)', key: 'satisfaction' },
      { header: 'comment', key: 'comment' },
      { header: 'language', key: 'lang' },
      { header: 'answered at', key: 'created_at' },
    ],
  },
  'ecss-questions': {
    description: 'speaker-series questions, with when (or whether) the workflow accepted each',
    sql: `SELECT id, event_id, name, email, question, lang, created_at, forwarded_at, attempts, last_error FROM ecss_questions WHERE ${since} ORDER BY id`,
    columns: [
      { header: 'id', key: 'id' },
      { header: 'series or session id', key: 'event_id' },
      { header: 'name', key: 'name' },
      { header: 'email', key: 'email' },
      { header: 'question', key: 'question' },
      { header: 'language', key: 'lang' },
      { header: 'asked at', key: 'created_at' },
      { header: 'forwarded at', key: 'forwarded_at' },
      { header: 'forwarding attempts', key: 'attempts' },
      { header: 'last forwarding error', key: 'last_error' },
    ],
  },  // Uploads are named by the file under the uploads folder (UPLOADS_DIR, default data/uploads/); the
  // original name the visitor gave is a column of its own, never a path.
  'art-entries': {
    description: 'art contest entries (every contest; the contest id is a column), the artwork as a file reference',
    sql: `SELECT e.id, e.contest_id, e.name, e.email, e.phone, e.title, e.statement, e.biography, e.dimensions, e.material, e.link, e.lang, e.created_at,
            f.id::text AS image_file, f.original_name AS image_name, f.kind AS image_kind, f.size_bytes AS image_bytes
          FROM art_entries e LEFT JOIN art_entry_files f ON f.entry_id = e.id AND f.field = 'image'
          WHERE ($1::timestamptz IS NULL OR e.created_at >= $1::timestamptz) ORDER BY e.contest_id, e.id`,
    columns: [
      { header: 'id', key: 'id' },
      { header: 'contest id', key: 'contest_id' },
      { header: 'name', key: 'name' },
      { header: 'email', key: 'email' },
      { header: 'phone', key: 'phone' },
      { header: 'title of artwork', key: 'title' },
      { header: 'artist statement', key: 'statement' },
      { header: 'artist biography', key: 'biography' },
      { header: 'dimensions', key: 'dimensions' },
      { header: 'material', key: 'material' },
      { header: 'link', key: 'link' },
      { header: 'artwork file', key: 'image_file' },
      { header: 'artwork original name', key: 'image_name' },
      { header: 'artwork type', key: 'image_kind' },
      { header: 'artwork bytes', key: 'image_bytes' },
      { header: 'language', key: 'lang' },
      { header: 'submitted at', key: 'created_at' },
    ],
  },
  scholarships: {
    description: 'pre-university scholarship applications (every cycle; the cycle id is a column), documents as file references',
    sql: `SELECT a.id, a.cycle_id, a.first_name, a.last_name, a.national_id, a.date_of_birth::text AS date_of_birth, a.gender, a.gpa::text AS gpa, a.current_school,
            a.student_phone, a.student_email, a.parent_phone, a.parent_email, a.choice_1, a.choice_2, a.choice_3, a.lang, a.created_at,
            (SELECT id::text FROM scholarship_files f WHERE f.application_id = a.id AND f.field = 'transcript') AS transcript_file,
            (SELECT id::text FROM scholarship_files f WHERE f.application_id = a.id AND f.field = 'recommendation1') AS recommendation1_file,
            (SELECT id::text FROM scholarship_files f WHERE f.application_id = a.id AND f.field = 'recommendation2') AS recommendation2_file,
            (SELECT id::text FROM scholarship_files f WHERE f.application_id = a.id AND f.field = 'recommendation3') AS recommendation3_file,
            (SELECT id::text FROM scholarship_files f WHERE f.application_id = a.id AND f.field = 'essay') AS essay_file
          FROM scholarship_applications a WHERE ($1::timestamptz IS NULL OR a.created_at >= $1::timestamptz) ORDER BY a.cycle_id, a.id`,
    columns: [
      { header: 'id', key: 'id' },
      { header: 'cycle id', key: 'cycle_id' },
      { header: 'first name', key: 'first_name' },
      { header: 'last name', key: 'last_name' },
      { header: 'national id', key: 'national_id' },
      { header: 'date of birth', key: 'date_of_birth' },
      { header: 'gender', key: 'gender' },
      { header: 'gpa', key: 'gpa' },
      { header: 'current school', key: 'current_school' },
      { header: 'student phone', key: 'student_phone' },
      { header: 'student email', key: 'student_email' },
      { header: 'parent phone', key: 'parent_phone' },
      { header: 'parent email', key: 'parent_email' },
      { header: 'first school choice', key: 'choice_1' },
      { header: 'second school choice', key: 'choice_2' },
      { header: 'third school choice', key: 'choice_3' },
      { header: 'transcript file', key: 'transcript_file' },
      { header: 'recommendation1 file', key: 'recommendation1_file' },
      { header: 'recommendation2 file', key: 'recommendation2_file' },
      { header: 'recommendation3 file', key: 'recommendation3_file' },
      { header: 'essay file', key: 'essay_file' },
      { header: 'language', key: 'lang' },
      { header: 'applied at', key: 'created_at' },
    ],
  },
};
