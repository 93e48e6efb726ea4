import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = '.qf-forms.lock';

/**
 * PGlite opens a data folder without any lock of its own: a second process (the export command while the
 * server runs, or a second server) would open it too, each with its own view, and writes would be lost.
 * So whoever opens the folder first leaves its process id in it; a live holder makes the next opener fail
 * with this error, a dead one (a process killed with SIGKILL) is taken over.
 */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The forms database in ${dataDir} is in use by process ${pid}. PGlite allows one process at a time on a data folder.`);
    this.name = 'DataDirBusyError';
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Take the folder for this process; the returned function gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone: nothing to give back
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = NaN;
    try {
      holder = Number(readFileSync(file, 'utf8').trim());
    } catch {
      continue; // released in between: try again
    }
    if (alive(holder)) throw new DataDirBusyError(dataDir, holder);
    try {
      unlinkSync(file);
    } catch {
      // another opener removed the stale lock first
    }
  }
  throw new DataDirBusyError(dataDir, NaN);
}
