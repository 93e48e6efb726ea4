// When a build's source was made: `builtAt` in build-info.json (what a section's server says at
// /build-info.json and a release's release.json keeps, for ops) and the commit a release names.
// No dependency beyond Node and git: the release script reads it without loading webpack.
'use strict';
const { execFileSync } = require('node:child_process');

/** A git command's output in `cwd`, or undefined when git fails (not a checkout, no commit, no git). */
function runGit(cwd, args) {
  try {
    // --no-optional-locks: `git status` does not refresh the index, so it never holds index.lock while
    // someone commits in the same checkout.
    return execFileSync('git', ['--no-optional-locks', ...args], { cwd, stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' });
  } catch {
    return undefined;
  }
}

/**
 * The commit checked out in `cwd` and whether the work tree differs from it (tracked files changed,
 * staged or not, or files git does not ignore and does not track yet), or undefined outside git.
 */
function gitState(cwd, git = runGit) {
  const head = git(cwd, ['log', '-1', '--format=%H %ct']);
  const status = head === undefined ? undefined : git(cwd, ['status', '--porcelain', '--untracked-files=normal']);
  const [commit, seconds] = (head || '').trim().split(' ');
  if (!commit || !seconds || status === undefined) return undefined;
  return { commit, committedAt: new Date(Number(seconds) * 1000).toISOString(), dirty: status.trim() !== '' };
}

/** SOURCE_DATE_EPOCH (https://reproducible-builds.org/specs/source-date-epoch/): whole seconds since 1970. */
function sourceDateEpoch(env) {
  const value = env.SOURCE_DATE_EPOCH;
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`SOURCE_DATE_EPOCH must be whole seconds since 1970 (it is ${JSON.stringify(value)})`);
  return new Date(Number(value) * 1000).toISOString();
}

/**
 * `builtAt` of a build of the source in `cwd`, and where it comes from:
 * - `SOURCE_DATE_EPOCH` when set (a pipeline or a packager that builds outside git says it);
 * - else `commit`: the committer time of HEAD, when the work tree is exactly that commit. Two builds of
 *   one commit then write the same build-info.json;
 * - else `uncommitted`: the time of the build, when the tree has changes no commit holds. Such a build is
 *   not the commit's, so it does not take the commit's time (its build-info.json is not reproducible,
 *   as its source is not);
 * - else `no-git`: the time of the build, outside a git checkout (set SOURCE_DATE_EPOCH there).
 */
function sourceDate({ cwd, env = process.env, now = () => new Date(), git = runGit }) {
  const epoch = sourceDateEpoch(env);
  if (epoch) return { builtAt: epoch, from: 'SOURCE_DATE_EPOCH' };
  const state = gitState(cwd, git);
  if (!state) return { builtAt: now().toISOString(), from: 'no-git' };
  if (state.dirty) return { builtAt: now().toISOString(), from: 'uncommitted', commit: state.commit };
  return { builtAt: state.committedAt, from: 'commit', commit: state.commit };
}

module.exports = { sourceDate, sourceDateEpoch, gitState, runGit };
