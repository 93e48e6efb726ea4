// `npm run forms:export -- --form <name> [--since DATE] [--out FILE]`: a form's submissions as CSV, read
// from the database the server uses (DATABASE_URL, or the PGlite folder DATA_DIR, default data/forms).
import path from 'node:path';
import { defaultDataDir } from '../server/app';
import { runExport } from '../server/export-command';

runExport(process.argv.slice(2), {
  env: process.env,
  defaultDataDir: defaultDataDir(path.resolve(__dirname, '..')),
  // npm runs scripts from the repository root; a relative --out or DATA_DIR means where it was typed.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('forms:export failed:', error);
    process.exitCode = 1;
  },
);
