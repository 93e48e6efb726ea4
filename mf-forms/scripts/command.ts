import path from 'node:path';
import { defaultDataDir } from '../server/app';
import type { ExportIo } from '../server/export-command';

/** What every command of mf-forms is given: the environment, the forms' data folder, where it was typed, its two streams. */
type ScriptIo = ExportIo;

/**
 * Runs a command (`forms:export`, `forms:retention`, `push:send`) as npm runs it from the repository
 * root: its exit code is the process's; an error it did not expect is said and exits 1.
 */
export function runScript(name: string, run: (argv: readonly string[], io: ScriptIo) => Promise<number>): void {
  run(process.argv.slice(2), {
    env: process.env,
    defaultDataDir: defaultDataDir(path.resolve(__dirname, '..')),
    // npm runs scripts from the repository root; a relative path or DATA_DIR means where it was typed.
    cwd: process.env.INIT_CWD ?? process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`${name} failed:`, error);
      process.exitCode = 1;
    },
  );
}
