import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTRACT_VERSION } from '@qf/shared/contracts';
import { gate } from '../../scripts/gate';
import { compatibilityProblems } from './compat';

const shared = (react = '19.2.0', range = '^19.2.0') => ({
  react: { version: react, requiredVersion: range },
  'react-dom': { version: react, requiredVersion: range },
  i18next: { version: '27.1.2', requiredVersion: '27.1.2' },
  '@qf/shared': { version: '1.0.0', requiredVersion: '^1.0.0' },
});
const shell = { name: 'shell', contractVersion: CONTRACT_VERSION, shared: shared() };

describe('compatibilityProblems', () => {
  it('lets a build made against the same contract and shared ranges join', () => {
    expect(compatibilityProblems(shell, { name: 'mf-events', contractVersion: CONTRACT_VERSION, shared: shared('19.2.3') })).toEqual([]);
  });

  it('names another contract, and a singleton out of range on either side', () => {
    expect(compatibilityProblems(shell, { name: 'mf-events', contractVersion: CONTRACT_VERSION + 1, shared: shared() })).toEqual([`contract: shell speaks contract ${CONTRACT_VERSION}, mf-events was built for contract ${CONTRACT_VERSION + 1}`]);
    // A remote built against React 18 would get the page's React 19 (or bring a second React).
    expect(compatibilityProblems(shell, { name: 'mf-idkt', contractVersion: CONTRACT_VERSION, shared: shared('18.3.1', '^18.2.0') })).toEqual([
      'react: shell has 19.2.0, mf-idkt requires ^18.2.0',
      'react: mf-idkt has 18.3.1, shell requires ^19.2.0',
      'react-dom: shell has 19.2.0, mf-idkt requires ^18.2.0',
      'react-dom: mf-idkt has 18.3.1, shell requires ^19.2.0',
    ]);
    // A newer major would be the page's copy (Module Federation takes the highest singleton).
    expect(compatibilityProblems(shell, { name: 'mf-forms', contractVersion: CONTRACT_VERSION, shared: { ...shared(), i18next: { version: '28.0.0', requiredVersion: '28.0.0' } } })).toEqual([
      'i18next: shell has 27.1.2, mf-forms requires 28.0.0',
      'i18next: mf-forms has 28.0.0, shell requires 27.1.2',
    ]);
  });

  it('lets a build that does not say what it was made against in at run time, but not through the gate', () => {
    expect(compatibilityProblems(shell, { name: 'mf-events' })).toEqual([]);
    expect(compatibilityProblems(shell, { name: 'mf-events' }, { strict: true })).toEqual(['mf-events does not say which contract and shared packages it was built against (rebuild it)']);
  });
});

describe('the release gate (npm run gate -w <remote>)', () => {
  let dir: string;
  const info = (name: string, buildId: string, extra: object) => JSON.stringify({ name, version: '1.0.0', buildId, builtAt: '2026-11-26T00:00:00Z', ...extra });
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-gate-'));
    writeFileSync(path.join(dir, 'shell.json'), info('shell', 's1', shell));
    writeFileSync(path.join(dir, 'ok.json'), info('mf-events', 'e1', { contractVersion: CONTRACT_VERSION, shared: shared('19.2.1') }));
    writeFileSync(path.join(dir, 'react18.json'), info('mf-events', 'e2', { contractVersion: CONTRACT_VERSION, shared: shared('18.3.1', '^18.2.0') }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes a build that can join, saying what it checked', async () => {
    await expect(gate('mf-events', path.join(dir, 'shell.json'), path.join(dir, 'ok.json'))).resolves.toEqual({
      code: 0,
      lines: [`gate: mf-events build e1 can join shell build s1 (contract ${CONTRACT_VERSION}; react 19.2.1, react-dom 19.2.1, i18next 27.1.2, @qf/shared 1.0.0); it publishes no route manifest`],
    });
  });

  it('checks the routes a build publishes against the other sections’ built ones: no pattern of theirs, no link to a page they lack', async () => {
    const built = (name: string, routes: object) => {
      const folder = path.join(dir, name);
      mkdirSync(path.join(folder, 'browser'), { recursive: true });
      writeFileSync(path.join(folder, 'build-info.json'), info(name.split('@')[0]!, `${name}-b`, { contractVersion: CONTRACT_VERSION, shared: shared('19.2.1') }));
      writeFileSync(path.join(folder, 'browser', 'routes.json'), JSON.stringify({ contractVersion: CONTRACT_VERSION, remote: name.split('@')[0], widgets: [], ...routes }));
      return path.join(folder, 'build-info.json');
    };
    const route = (template: string, pattern: string) => ({ template, pattern, hydration: 'interaction' });
    const content = built('mf-content', { routes: [route('home', '/'), route('page', '/:slug'), route('story', '/stories/:slug')] });
    const events = built('mf-events', { routes: [route('events', '/events')], links: ['mf-content/story'] });
    const idkt = built('mf-idkt@bad', { routes: [route('landing', '/idkt'), route('news', '/stories/:id')], links: ['mf-content/stories', 'mf-events/events', 'mf-media-center/news'] });
    await expect(gate('mf-events', path.join(dir, 'shell.json'), events, [content, idkt])).resolves.toMatchObject({ code: 0, lines: [expect.stringMatching(/; its routes and links checked against mf-content, mf-idkt$/)] });
    const refused = await gate('mf-idkt', path.join(dir, 'shell.json'), idkt, [content, events]);
    expect(refused.code).toBe(1);
    // mf-media-center is not built here: a link to it is not judged.
    expect(refused.lines.slice(1)).toEqual([
      `  - mf-idkt's pattern /stories/:id (template "news") matches the same paths as mf-content's /stories/:slug (template "story")`,
      '  - mf-idkt links to mf-content/stories, which no section publishes',
    ]);
  });

  it('refuses one that cannot, naming each mismatch, and says when a build info is missing', async () => {
    const refused = await gate('mf-events', path.join(dir, 'shell.json'), path.join(dir, 'react18.json'));
    expect(refused.code).toBe(1);
    expect(refused.lines[0]).toBe('gate: mf-events build e2 cannot join shell build s1:');
    expect(refused.lines).toContain('  - react: shell has 19.2.0, mf-events requires ^18.2.0');
    const missing = await gate('mf-events', path.join(dir, 'shell.json'), path.join(dir, 'none.json'));
    expect(missing.code).toBe(2);
    expect(missing.lines[0]).toMatch(/^gate: mf-events's build info \(.*none\.json\) could not be read: .*; build it first \(npm run build -w mf-events\)$/);
    expect((await gate('mf-nope', path.join(dir, 'shell.json'))).code).toBe(2);
    expect(await gate('MF-NOPE', path.join(dir, 'shell.json'))).toEqual({ code: 2, lines: [expect.stringMatching(/^gate: "MF-NOPE" is not a section name \(mf- and lowercase letters and dashes, as mf-content, /)] });
  });

  it('gates a section no workspace of this repository holds, from its own build, against the sections built here', async () => {
    const folder = path.join(dir, 'elsewhere', 'dist');
    mkdirSync(path.join(folder, 'browser'), { recursive: true });
    writeFileSync(path.join(folder, 'build-info.json'), info('mf-sample', 'x1', { contractVersion: CONTRACT_VERSION, shared: shared('19.2.1') }));
    writeFileSync(path.join(folder, 'browser', 'routes.json'), JSON.stringify({ contractVersion: CONTRACT_VERSION, remote: 'mf-sample', widgets: [], routes: [{ template: 'landing', pattern: '/sample', hydration: 'interaction' }] }));
    const other = path.join(dir, 'content-built');
    mkdirSync(path.join(other, 'browser'), { recursive: true });
    writeFileSync(path.join(other, 'build-info.json'), info('mf-content', 'c1', { contractVersion: CONTRACT_VERSION, shared: shared('19.2.1') }));
    writeFileSync(path.join(other, 'browser', 'routes.json'), JSON.stringify({ contractVersion: CONTRACT_VERSION, remote: 'mf-content', widgets: [], routes: [{ template: 'page', pattern: '/:slug', hydration: 'interaction' }] }));
    await expect(gate('mf-sample', path.join(dir, 'shell.json'), path.join(folder, 'build-info.json'), [path.join(other, 'build-info.json')])).resolves.toEqual({
      code: 0,
      lines: [expect.stringMatching(/^gate: mf-sample build x1 can join shell build s1 \(.*\); its routes and links checked against mf-content$/)],
    });
  });
});
