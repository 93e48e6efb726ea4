import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { createRedirects } from './redirects';

const root = path.resolve(__dirname, '../..');
const content = path.join(root, 'content');

describe('the site’s redirect rules', () => {
  it('compile without an unsafe rule, a loop or a chain', async () => {
    const problems: string[] = [];
    const redirects = createRedirects(
      { siteUrl: 'https://www.qf.org.qa', file: path.join(content, 'redirects.json'), legacyHosts: ['radio.qf.org.qa'], convocationHost: 'convocation.qf.org.qa', allowedHosts: [] },
      createFileStore(content),
      (p) => problems.push(...p),
    );
    const compiled = await redirects.get();
    expect(problems).toEqual([]);
    const stories = await createFileStore(content).entries('article');
    expect(compiled.size).toBeGreaterThanOrEqual(stories.length * 6);
    expect(compiled.rules.filter((r) => r.toPath.includes('/ar/ar'))).toEqual([]);
  });

  it('export as a CDN _redirects file and nginx maps, the legacy hosts included', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'qf-redirects-'));
    try {
      const run = spawnSync(process.execPath, ['-r', './scripts/ts-register.cjs', 'shell/scripts/export-redirects.ts', '--out', out], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, SITE_URL: 'https://www.qf.org.qa', LEGACY_HOSTS: 'radio.qf.org.qa,renad.qf.org.qa', CONVOCATION_HOST: 'convocation.qf.org.qa' },
      });
      expect(run.status).toBe(0);
      const netlify = readFileSync(path.join(out, '_redirects'), 'utf8');
      expect(netlify).toContain('/rec / 301!\n');
      expect(netlify).toContain('/ar/community/qatar-foundation-opens-new-learning-commons /ar/stories/qatar-foundation-opens-new-learning-commons 301!');
      expect(readFileSync(path.join(out, 'redirects.nginx.conf'), 'utf8')).toContain('"~*^/ar/qaderaward/?$" "/ar";');
      // Whole hosts first (a CDN applies the first rule that matches), to the same path or to one page.
      expect(netlify.startsWith('https://radio.qf.org.qa/* https://www.qf.org.qa/:splat 301!\n')).toBe(true);
      expect(netlify).toContain('https://convocation.qf.org.qa/* https://www.qf.org.qa/convocation 301!\n');
      const hosts = readFileSync(path.join(out, 'hosts.nginx.conf'), 'utf8');
      expect(hosts).toContain('"renad.qf.org.qa" "https://www.qf.org.qa$request_uri";');
      expect(hosts).toContain('"convocation.qf.org.qa" "https://www.qf.org.qa/convocation";');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
