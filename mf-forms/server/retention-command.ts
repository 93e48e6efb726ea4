import { parseArgs } from 'node:util';
import { openCommandDb } from './command-db';
import { EXIT, parseSince, UsageError, type ExportIo } from './export-command';
import { uploadStoreFor } from './upload-forms';

/**
 * `npm run forms:retention -- --form <art-entries|scholarships> --before DATE [--delete]`: the retention
 * rule of uploaded files (issue 37, M1; mf-forms/README.md, "Retention"). Submissions made before DATE
 * are deleted with their files, and only once a whole export of the form with its files
 * (`forms:export --files`, no `--since`) has covered them: a team never loses what it has not taken.
 * Without `--delete` it says what it would delete and deletes nothing.
 */
const FORMS = {
  'art-entries': { submissions: 'art_entries', files: 'art_entry_files', owner: 'entry_id' },
  scholarships: { submissions: 'scholarship_applications', files: 'scholarship_files', owner: 'application_id' },
} as const;
type RetentionForm = keyof typeof FORMS;

const usage = () =>
  [
    'Usage: npm run forms:retention -- --form <art-entries|scholarships> --before DATE [--delete]',
    '  --before  YYYY-MM-DD (midnight, Doha time) or an ISO 8601 instant: submissions made before it go, with their files',
    '  --delete  delete them (without it: say what would be deleted, delete nothing)',
    'Only what a whole export with its files covered can be deleted: run first',
    '  npm run forms:export -- --form <name> --out <file.csv> --files <folder>',
  ].join('\n');

export function parseRetentionArgs(argv: readonly string[]): { form: RetentionForm; before: string; delete: boolean } {
  let values: { form?: string; before?: string; delete?: boolean };
  try {
    ({ values } = parseArgs({ args: [...argv], options: { form: { type: 'string' }, before: { type: 'string' }, delete: { type: 'boolean' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!values.form || !Object.hasOwn(FORMS, values.form)) throw new UsageError(`--form must be one of ${Object.keys(FORMS).join(', ')}${values.form ? ` (got "${values.form}")` : ''}.`);
  if (!values.before) throw new UsageError('--before is required.');
  let before: string;
  try {
    before = parseSince(values.before);
  } catch (error) {
    throw new UsageError((error as Error).message.replace('--since', '--before'));
  }
  return { form: values.form as RetentionForm, before, delete: values.delete === true };
}

/** Run the retention rule; resolves with the exit code (EXIT of export-command: the same meanings). */
export async function runRetention(argv: readonly string[], io: ExportIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(`${usage()}\n`);
    return EXIT.ok;
  }
  let args: ReturnType<typeof parseRetentionArgs>;
  try {
    args = parseRetentionArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`forms:retention: ${error.message}\n\n${usage()}\n`);
    return EXIT.usage;
  }
  const opened = await openCommandDb('forms:retention', io);
  if ('cannot' in opened) return EXIT[opened.cannot];
  const { db, env, dataDir } = opened;
  const t = FORMS[args.form];
  try {
    const [last] = await db.query<{ until: string | Date | null }>('SELECT max(exported_until) AS until FROM upload_exports WHERE form = $1', [args.form]);
    const covered = last?.until ? new Date(last.until).toISOString() : undefined;
    if (!covered || covered < args.before) {
      io.stderr(
        `forms:retention: nothing deleted: ${covered ? `the last whole export of ${args.form} with its files covers submissions up to ${covered}, not up to ${args.before}` : `${args.form} was never exported whole with its files`}. ` +
          `Run first: npm run forms:export -- --form ${args.form} --out <file.csv> --files <folder>\n`,
      );
      return EXIT.failed;
    }
    const files = await db.query<{ id: string; size: string | number }>(
      `SELECT f.id::text AS id, f.size_bytes AS size FROM ${t.files} f JOIN ${t.submissions} s ON s.id = f.${t.owner} WHERE s.created_at < $1`,
      [args.before],
    );
    const [count] = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${t.submissions} WHERE created_at < $1`, [args.before]);
    const bytes = files.reduce((sum, f) => sum + Number(f.size), 0);
    const what = `${Number(count?.n ?? 0)} ${args.form} submissions made before ${args.before}, with ${files.length} files (${bytes} bytes)`;
    if (!args.delete) {
      io.stdout(`forms:retention: would delete ${what}; run again with --delete to delete them\n`);
      return EXIT.ok;
    }
    // The rows first, in one transaction (their file rows go with them); then the files. A crash in
    // between leaves files without a row, which the server deletes when it starts (the sweep).
    await db.transaction((tx) => tx.query(`DELETE FROM ${t.submissions} WHERE created_at < $1`, [args.before]));
    await uploadStoreFor(db, dataDir, env).remove(files);
    io.stdout(`forms:retention: deleted ${what}\n`);
    return EXIT.ok;
  } catch (error) {
    io.stderr(`forms:retention: failed: ${(error as Error).message}\n`);
    return EXIT.failed;
  } finally {
    await db.close();
  }
}
