import { commandDatabase, type CommandIo, type FormsEnv } from './config';
import { DataDirBusyError } from './data-dir-lock';
import { openDb, type Db } from './db';

/**
 * The forms database a command (`forms:export`, `forms:retention`) reads, opened; or, said on stderr
 * under the command's name, why it cannot be: `failed` (no database there, or it would not open) or
 * `busy` (PGlite's folder is held by the running server).
 */
export async function openCommandDb(command: string, io: CommandIo): Promise<{ db: Db; env: FormsEnv; dataDir: string } | { cannot: 'failed' | 'busy' }> {
  const found = commandDatabase(command, io);
  if (!found) return { cannot: 'failed' };
  const { env, databaseUrl, dataDir } = found;
  try {
    return { db: await openDb({ databaseUrl, dataDir }), env, dataDir };
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      io.stderr(
        `${command}: the forms database in ${dataDir} is in use by process ${error.pid} (the mf-forms server). ` +
          `PGlite lets one process at a time open a data folder: stop the server and run ${command === 'forms:export' ? 'the export' : 'it'} again, or run the site on PostgreSQL (DATABASE_URL), where ${command === 'forms:export' ? 'exports run' : 'it runs'} alongside it.\n`,
      );
      return { cannot: 'busy' };
    }
    io.stderr(`${command}: could not open the forms database (${databaseUrl ? 'DATABASE_URL' : dataDir}): ${(error as Error).message}\n`);
    return { cannot: 'failed' };
  }
}
