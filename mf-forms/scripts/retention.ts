// `npm run forms:retention -- --form <art-entries|scholarships> --before DATE [--delete]`: deletes the
// submissions made before DATE with their uploaded files, once a whole export with the files covered
// them (mf-forms/README.md, "Retention"); without --delete it says what it would delete.
import path from 'node:path';
import { defaultDataDir } from '../server/app';
import { runRetention } from '../server/retention-command';

runRetention(process.argv.slice(2), {
  env: process.env,
  defaultDataDir: defaultDataDir(path.resolve(__dirname, '..')),
  cwd: process.env.INIT_CWD ?? process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('forms:retention failed:', error);
    process.exitCode = 1;
  },
);
