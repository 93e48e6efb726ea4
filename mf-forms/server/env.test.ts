import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FORMS_ENV } from './config';

/** The server's source files (tests and their helpers excluded), recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== 'config.ts' ? [file] : [];
  });
}

/** `env.X`, `env['X']`, `env["X"]` (also `process.env.X`, `io.env.X`), X in upper case. */
function envReads(source: string): string[] {
  return [...source.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g)].map((m) => (m[1] ?? m[2])!);
}

describe('FORMS_ENV', () => {
  const files = sourceFiles(__dirname);
  const sources = files.map((file) => readFileSync(file, 'utf8'));

  it('names every variable mf-forms/server reads', () => {
    const read = new Set(sources.flatMap(envReads));
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((name) => !(FORMS_ENV as readonly string[]).includes(name)).sort()).toEqual([]);
  });

  it('names only variables the code still mentions', () => {
    const all = sources.join('\n');
    expect(FORMS_ENV.filter((name) => !new RegExp(`\\b${name}\\b`).test(all))).toEqual([]);
  });

  it('has no duplicates', () => {
    expect(new Set(FORMS_ENV).size).toBe(FORMS_ENV.length);
  });

  it('the grep finds every form of a read', () => {
    expect(envReads("process.env.DATA_DIR; io.env.A_B; env['C']; env[\"D1\"]; env.lower; myenv.X; env[name]")).toEqual(['DATA_DIR', 'A_B', 'C', 'D1']);
  });
});
