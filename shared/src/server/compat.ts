import { satisfies, valid } from 'semver';
import { CONTRACT_VERSION, type BuildInfo } from '@qf/shared/contracts';

/**
 * Whether a remote's build can join the shell's page: the same contract version, and for every shared
 * singleton (React, react-dom, i18next, @qf/shared) each side's version satisfies the other's required
 * range. Module Federation keeps one copy of a singleton per page, the highest version offered; a
 * remote built against another major would then run on a React it was not built for, or bring its own
 * (a second React, whose hooks break). Each problem is said in a sentence naming the package and both sides.
 *
 * `strict` (the release gate) also refuses a build that does not say what it was built against; at run
 * time such a build (one from before this check) is let in.
 */
export function compatibilityProblems(shell: Pick<BuildInfo, 'name' | 'contractVersion' | 'shared'>, remote: Pick<BuildInfo, 'name' | 'contractVersion' | 'shared'>, { strict = false } = {}): string[] {
  const problems: string[] = [];
  if (remote.contractVersion === undefined || !remote.shared) {
    if (strict) problems.push(`${remote.name} does not say which contract and shared packages it was built against (rebuild it)`);
  } else if (remote.contractVersion !== (shell.contractVersion ?? CONTRACT_VERSION)) {
    problems.push(`contract: ${shell.name} speaks contract ${shell.contractVersion ?? CONTRACT_VERSION}, ${remote.name} was built for contract ${remote.contractVersion}`);
  }
  for (const [pkg, theirs] of Object.entries(remote.shared ?? {})) {
    const ours = shell.shared?.[pkg];
    if (!ours) continue;
    if (!fits(ours.version, theirs.requiredVersion)) problems.push(`${pkg}: ${shell.name} has ${ours.version}, ${remote.name} requires ${theirs.requiredVersion}`);
    if (!fits(theirs.version, ours.requiredVersion)) problems.push(`${pkg}: ${remote.name} has ${theirs.version}, ${shell.name} requires ${ours.requiredVersion}`);
  }
  return problems;
}

const fits = (version: string, range: string) => valid(version) !== null && satisfies(version, range);
