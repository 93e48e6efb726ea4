// `npm run typecheck`: the types of every workspace, each against its own tsconfig (the first step of
// `npm test` too). The workspaces are not TypeScript project references, so `tsc -b` at the root has
// nothing to build.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remotes, run, shell } from './workspaces.mjs';

export const typedWorkspaces = ['shared', ...remotes.map((r) => r.name), shell.name, 'e2e'];

/** 0 when every workspace typechecks; stops at the first that does not. */
export async function typecheck() {
  for (const w of typedWorkspaces) {
    if ((await run('npx', ['tsc', '-p', `${w}/tsconfig.json`, '--noEmit'])) !== 0) return 1;
  }
  return 0;
}

if (path.resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) process.exit(await typecheck());
