// Types of source-date.js (plain CommonJS: the webpack configs load it without a TypeScript loader).

/** Runs git in `cwd`: its output, or undefined when it fails. */
export type Git = (cwd: string, args: string[]) => string | undefined;

export interface GitState {
  commit: string;
  /** The commit's committer time, ISO 8601 in UTC. */
  committedAt: string;
  /** The work tree has changes the commit does not hold (untracked files that git does not ignore included). */
  dirty: boolean;
}

export interface SourceDate {
  builtAt: string;
  from: 'SOURCE_DATE_EPOCH' | 'commit' | 'uncommitted' | 'no-git';
  commit?: string;
}

export function runGit(cwd: string, args: string[]): string | undefined;
export function gitState(cwd: string, git?: Git): GitState | undefined;
export function sourceDateEpoch(env: NodeJS.ProcessEnv): string | undefined;
export function sourceDate(options: { cwd: string; env?: NodeJS.ProcessEnv; now?: () => Date; git?: Git }): SourceDate;
