import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { toCsv } from './csv';
import { openCommandDb } from './command-db';
import { exportForms } from './export-forms';
import { uploadStoreFor } from './upload-forms';

/** Exit codes of `npm run forms:export`, documented in mf-forms/README.md. */
export const EXIT = { ok: 0, failed: 1, usage: 2, busy: 3 } as const;

export interface ExportArgs {
  form: string;
  /** ISO instant, or undefined for every submission. */
  since?: string;
  out?: string;
  /** A folder to write the submissions' uploaded files into, each under its file reference. */
  files?: string;
}

export class UsageError extends Error {}

const usage = () =>
  [
    'Usage: npm run forms:export -- --form <name> [--since DATE] [--out FILE] [--files DIR]',
    '  --since  YYYY-MM-DD (midnight, Doha time) or an ISO 8601 instant with its offset (2026-11-01T08:00:00Z)',
    '  --out    the CSV file to write (default: standard output)',
    '  --files  a folder to write the uploaded files into, each named by its file reference (upload forms)',
    'Forms:',
    ...Object.entries(exportForms).map(([name, f]) => `  ${name.padEnd(24)} ${f.description}`),
  ].join('\n');

const DOHA_OFFSET = '+03:00';

/** A `--since` value as an ISO instant: a calendar date is midnight in Doha. */
export function parseSince(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) {
    const instant = new Date(`${value}T00:00:00${DOHA_OFFSET}`);
    // Round-trip through Doha's calendar, so 2026-02-30 is refused rather than read as 2 March.
    const doha = new Date(instant.getTime() + 3 * 3_600_000);
    if (!Number.isNaN(instant.getTime()) && doha.getUTCFullYear() === Number(day[1]) && doha.getUTCMonth() + 1 === Number(day[2]) && doha.getUTCDate() === Number(day[3])) {
      return instant.toISOString();
    }
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value))) {
    return new Date(value).toISOString();
  }
  throw new UsageError(`--since must be a date (YYYY-MM-DD, midnight Doha time) or an ISO 8601 instant with its offset (2026-11-01T08:00:00Z); got "${value}".`);
}

export function parseExportArgs(argv: readonly string[]): ExportArgs {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = /^--(form|since|out|files)=(.*)$/.exec(arg);
    if (eq) values[eq[1]!] = eq[2]!;
    else if (arg === '--form' || arg === '--since' || arg === '--out' || arg === '--files') {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value.`);
      values[arg.slice(2)] = value;
      i++;
    } else throw new UsageError(`Unknown argument "${arg}".`);
  }
  if (!values.form) throw new UsageError('--form is required.');
  if (!Object.hasOwn(exportForms, values.form)) throw new UsageError(`Unknown form "${values.form}". Valid forms: ${Object.keys(exportForms).join(', ')}.`);
  if (values.files !== undefined && !exportForms[values.form]!.columns.some((c) => c.key.endsWith('_file')))
    throw new UsageError(`--files: the form "${values.form}" has no uploaded files.`);
  return { form: values.form, since: values.since === undefined ? undefined : parseSince(values.since), out: values.out, files: values.files };
}

export interface ExportIo {
  env: NodeJS.ProcessEnv;
  /** The default PGlite folder when DATA_DIR is not set. */
  defaultDataDir: string;
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Run the export; resolves with the exit code. */
export async function runExport(argv: readonly string[], io: ExportIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(`${usage()}\n`);
    return EXIT.ok;
  }
  let args: ExportArgs;
  try {
    args = parseExportArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`forms:export: ${error.message}\n\n${usage()}\n`);
    return EXIT.usage;
  }
  const opened = await openCommandDb('forms:export', io);
  if ('cannot' in opened) return EXIT[opened.cannot];
  const { db, env, dataDir } = opened;
  const form = exportForms[args.form]!;
  try {
    // What the export covers, taken before it reads: a submission made meanwhile is not in it.
    const startedAt = new Date().toISOString();
    let exported: { rows: number; files: number; until: string } | undefined;
    const rows = await db.query<Record<string, unknown>>(form.sql, [args.since ?? null]);
    const csv = toCsv(
      form.columns.map((c) => c.header),
      rows.map((row) => form.columns.map((c) => row[c.key])),
    );
    const since = args.since ? ` since ${args.since}` : '';
    if (args.files) {
      // The files the rows reference, read from wherever the servers keep them (the shared database
      // in a cluster): an export run on any instance has them all.
      const store = uploadStoreFor(db, dataDir, env);
      const folder = path.resolve(io.cwd, args.files);
      mkdirSync(folder, { recursive: true });
      const ids = rows.flatMap((row) => form.columns.filter((c) => c.key.endsWith('_file')).map((c) => row[c.key])).filter((id): id is string => typeof id === 'string' && id !== '');
      const missing: string[] = [];
      for (const id of ids) {
        const bytes = await store.read(id);
        if (bytes) writeFileSync(path.join(folder, id), bytes, { mode: 0o600 });
        else missing.push(id);
      }
      io.stderr(`forms:export: ${ids.length - missing.length} files written to ${folder} (from ${store.where})\n`);
      if (missing.length) {
        io.stderr(`forms:export: ${missing.length} referenced files are missing: ${missing.join(', ')}\n`);
        return EXIT.failed;
      }
      // A whole export with every file: forms:retention may delete what it covers (the CSV is written below).
      if (!args.since) exported = { rows: rows.length, files: ids.length, until: startedAt };
    }
    if (args.out) {
      const file = path.resolve(io.cwd, args.out);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, csv);
      io.stderr(`forms:export: ${rows.length} ${args.form} rows${since} written to ${file}\n`);
    } else {
      io.stdout(csv);
      io.stderr(`forms:export: ${rows.length} ${args.form} rows${since}\n`);
    }
    if (exported) await db.query('INSERT INTO upload_exports (form, exported_until, rows, files) VALUES ($1, $2, $3, $4)', [args.form, exported.until, exported.rows, exported.files]);
    return EXIT.ok;
  } catch (error) {
    io.stderr(`forms:export: the export failed: ${(error as Error).message}\n`);
    return EXIT.failed;
  } finally {
    await db.close();
  }
}
