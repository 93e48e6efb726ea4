import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Linter, type ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { boundariesPlugin, workspaceOf } = require('./boundaries') as { boundariesPlugin: (root: string) => ESLint.Plugin; workspaceOf: (root: string, file: string) => string | undefined };

const root = path.resolve(__dirname, '..', '..');
// The configuration's globs are matched against the root, whichever folder the tests run from (npm test -w shared: shared/).
const linter = new Linter({ configType: 'flat', cwd: root });
const config = [{ files: ['**/*.{ts,tsx,js,mjs,cjs}'], languageOptions: { parser: tseslint.parser as Linter.Parser }, plugins: { qf: boundariesPlugin(root) }, rules: { 'qf/workspace-boundaries': 'error' as const } }];

/** The boundary messages for `code` written at `file` (relative to the repository's root). */
const crossings = (file: string, code: string) =>
  linter
    .verify(code, config, { filename: path.join(root, file) })
    .map((m) => m.fatal ? `fatal: ${m.message}` : m.message);

describe('workspace boundaries: no relative path into another workspace', () => {
  it.each([
    ['two folders deep', 'mf-content/server/probe.ts', "import { routes } from '../../mf-events/src/routes';"],
    ['three folders deep', 'mf-content/server/search/probe.ts', "import { routes } from '../../../mf-events/src/routes';"],
    ['five folders deep', 'mf-idkt/src/views/a/b/probe.tsx', "export { x } from '../../../../../shell/src/boot';"],
    ['into shared source', 'shell/server/probe.ts', "import type { Entry } from '../../shared/src/content/types';"],
    ['through a folder of its own first', 'mf-forms/server/probe.ts', "export * from './../../mf-content/server/stories';"],
    ['by require', 'mf-events/server/probe.ts', "const r = require('../../mf-forms/server/app');"],
    ['by a dynamic import', 'shell/src/probe.ts', "void import('../../mf-media-center/src/section');"],
    ['in a mock', 'shell/server/probe.test.ts', "jest.mock('../../mf-idkt/server/main');"],
    ['as an import type', 'e2e/probe.ts', "type R = import('../mf-events/src/routes').Routes;"],
    ['from shared into a section', 'shared/src/contracts/probe.ts', "import { x } from '../../../mf-content/src/section';"],
  ])('rejects one %s', (_what, file, code) => {
    const [message, ...more] = crossings(file, code);
    expect(more).toEqual([]);
    expect(message).toMatch(/^'\.[^']*' reaches into (shell|shared|mf-[a-z-]+) from (shell|shared|e2e|mf-[a-z-]+): sections meet only through @qf\/shared's entry points/);
  });

  it('names the workspaces it crossed', () => {
    expect(crossings('mf-content/server/search/probe.ts', "import { routes } from '../../../mf-events/src/routes';")).toEqual([
      "'../../../mf-events/src/routes' reaches into mf-events from mf-content: sections meet only through @qf/shared's entry points (bus, contracts, routing, i18n, react, content, server).",
    ]);
  });

  it.each([
    ['a file of its own workspace, however far up', 'mf-content/server/search/deep/probe.ts', "import { x } from '../../../src/section';"],
    ['the shared package by name', 'mf-events/server/probe.ts', "import { localePath } from '@qf/shared/routing';"],
    ["the repository's own tooling", 'shell/server/probe.test.ts', "import { check } from '../../deploy/check/check';"],
    ['a computed path (not a module path it can know)', 'shell/server/probe.ts', 'const r = require(name);'],
  ])('allows %s', (_what, file, code) => {
    expect(crossings(file, code)).toEqual([]);
  });

  it('reads the workspace from the first folder under the root', () => {
    expect(workspaceOf(root, path.join(root, 'mf-media-center/src/a.ts'))).toBe('mf-media-center');
    expect(workspaceOf(root, path.join(root, 'scripts/workspaces.mjs'))).toBeUndefined();
    expect(workspaceOf(root, path.join(root, '..', 'elsewhere/shell/a.ts'))).toBeUndefined();
  });
});

describe("workspace boundaries: the repository's lint configuration", () => {
  const eslint = (args: string[], input?: string) => {
    const run = spawnSync(process.execPath, [path.join(path.dirname(require.resolve('eslint/package.json')), 'bin', 'eslint.js'), '--format', 'json', ...args], { cwd: root, input, encoding: 'utf8' });
    const reports = JSON.parse(run.stdout) as { filePath: string; messages: { ruleId: string | null; message: string }[] }[];
    return { status: run.status, rules: reports.flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)} ${m.ruleId}`)) };
  };

  it('rejects a probe import three folders deep, as `npm run lint` runs it', () => {
    const probe = "import { routes } from '../../../mf-events/src/routes';\nexport const probe = routes;\n";
    const lint = eslint(['--stdin', '--stdin-filename', 'mf-content/server/search/probe.ts'], probe);
    expect(lint.rules).toContain('probe.ts qf/workspace-boundaries');
    expect(lint.status).toBe(1);
  });

  it('rejects an import cycle inside a workspace, and passes the same files without it', () => {
    // Real files: the cycle rule follows imports on disk. A folder of its own, removed whatever happens.
    const dir = mkdtempSync(path.join(__dirname, 'probe-cycle-'));
    try {
      writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = (): number => b() + 1;\n");
      writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = (): number => (a.length ? 1 : 0);\n");
      const cycle = eslint([path.join(dir, 'a.ts'), path.join(dir, 'b.ts')]);
      expect(cycle.rules).toEqual(['a.ts import-x/no-cycle', 'b.ts import-x/no-cycle']);
      expect(cycle.status).toBe(1);
      writeFileSync(path.join(dir, 'b.ts'), 'export const b = (): number => 1;\n');
      expect(eslint([path.join(dir, 'a.ts'), path.join(dir, 'b.ts')])).toEqual({ status: 0, rules: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
