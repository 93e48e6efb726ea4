import { gitState, sourceDate, type Git } from './source-date';

/** A git that answers `log` with this commit and time (or fails) and `status` with these lines. */
const fakeGit =
  (head: string | undefined, status = ''): Git =>
  (_cwd, args) =>
    args.includes('log') ? head : args.includes('status') ? status : undefined;

const commitTime = '2026-11-30T08:00:00.000Z';
const head = `1c8d37c03d509c3003ea2616d3067a2bf203e777 ${Date.parse(commitTime) / 1000}\n`;
const now = () => new Date('2026-12-05T17:00:00.000Z');

describe('builtAt (source-date.js)', () => {
  it("is the commit's time when the work tree is that commit, whenever it is built", () => {
    expect(sourceDate({ cwd: '.', env: {}, git: fakeGit(head), now })).toEqual({ builtAt: commitTime, from: 'commit', commit: '1c8d37c03d509c3003ea2616d3067a2bf203e777' });
    expect(sourceDate({ cwd: '.', env: {}, git: fakeGit(head), now: () => new Date() }).builtAt).toBe(commitTime);
  });

  it("is the build's time when the tree has uncommitted changes or untracked files: such a build is not the commit's", () => {
    expect(sourceDate({ cwd: '.', env: {}, git: fakeGit(head, ' M shared/src/server/observability.ts\n'), now })).toEqual({ builtAt: '2026-12-05T17:00:00.000Z', from: 'uncommitted', commit: '1c8d37c03d509c3003ea2616d3067a2bf203e777' });
    expect(sourceDate({ cwd: '.', env: {}, git: fakeGit(head, '?? mf-idkt/src/new-view.tsx\n'), now }).from).toBe('uncommitted');
  });

  it("is the build's time outside git, or in a repository without a commit", () => {
    expect(sourceDate({ cwd: '.', env: {}, git: () => undefined, now })).toEqual({ builtAt: '2026-12-05T17:00:00.000Z', from: 'no-git' });
    expect(sourceDate({ cwd: '.', env: {}, git: fakeGit(undefined), now }).from).toBe('no-git');
  });

  it('is SOURCE_DATE_EPOCH when set, before git is asked', () => {
    const git = jest.fn(fakeGit(head));
    expect(sourceDate({ cwd: '.', env: { SOURCE_DATE_EPOCH: '1767225600' }, git, now })).toEqual({ builtAt: '2026-01-01T00:00:00.000Z', from: 'SOURCE_DATE_EPOCH' });
    expect(git).not.toHaveBeenCalled();
    expect(sourceDate({ cwd: '.', env: { SOURCE_DATE_EPOCH: '' }, git, now }).from).toBe('commit');
  });

  it('refuses a SOURCE_DATE_EPOCH that is not whole seconds', () => {
    expect(() => sourceDate({ cwd: '.', env: { SOURCE_DATE_EPOCH: '2026-01-01' }, git: fakeGit(head), now })).toThrow('SOURCE_DATE_EPOCH must be whole seconds since 1970 (it is "2026-01-01")');
  });

  it('reads the commit and whether the tree differs from it', () => {
    expect(gitState('.', fakeGit(head))).toEqual({ commit: '1c8d37c03d509c3003ea2616d3067a2bf203e777', committedAt: commitTime, dirty: false });
    expect(gitState('.', fakeGit(head, ' M README.md\n'))?.dirty).toBe(true);
    expect(gitState('.', fakeGit(undefined))).toBeUndefined();
  });
});
