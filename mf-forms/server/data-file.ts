import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A secret the server generates on its first start and keeps in its data folder (mode 0600), so every
 * later start, and the ops commands, use the same one (VAPID keys, the unsubscribe-link key). `parse`
 * reads the file's text and throws when it is not a valid one; `create` makes a new text. When two
 * processes start at once, the file written first wins ('wx') and both read it back.
 */
export function keptInDataDir<T>(dataDir: string, name: string, parse: (text: string, file: string) => T, create: () => string): T {
  const file = path.join(dataDir, name);
  const read = (): T | null => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return parse(text, file);
  };
  const existing = read();
  if (existing !== null) return existing;
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, create(), { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return read()!;
}
