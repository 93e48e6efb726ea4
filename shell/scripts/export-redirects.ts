// `npm run redirects:export -- --out DIR`: the site's redirects (hand-written, generated for every story,
// and the legacy hosts) as DIR/_redirects (CDN, status 301!) and DIR/redirects.nginx.conf plus
// DIR/hosts.nginx.conf (nginx maps of paths and of hosts),
// so the site can sit behind a CDN or proxy that applies them without the Node server. Fails when a rule
// is unsafe, loops or chains.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentSourceFromEnv } from '@qf/shared/content';
import { toNetlifyHostRedirects, toNetlifyRedirects, toNginxHostMap, toNginxMap } from '../server/redirect-rules';
import { loadConfig } from '../server/config';
import { createRedirects } from '../server/redirects';

async function main() {
  const i = process.argv.indexOf('--out');
  const out = path.resolve(i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : 'dist/redirects');
  const repoRoot = path.resolve(__dirname, '..', '..');
  const config = loadConfig({ CONTENT_DIR: path.join(repoRoot, 'content'), ...process.env });
  const problems: string[] = [];
  const redirects = createRedirects(
    {
      siteUrl: config.siteUrl,
      file: config.REDIRECTS_FILE,
      legacyHosts: config.LEGACY_HOSTS.split(',').map((h) => h.trim()).filter(Boolean),
      convocationHost: config.CONVOCATION_HOST || undefined,
      allowedHosts: config.REDIRECT_ALLOWED_HOSTS.split(',').filter(Boolean),
    },
    contentSourceFromEnv(repoRoot, { ...process.env, CONTENT_DIR: config.CONTENT_DIR }),
    (p) => problems.push(...p),
  );
  const compiled = await redirects.get();
  if (problems.length) {
    for (const p of problems) console.error(`redirect rule rejected: ${p}`);
    process.exit(1);
  }
  mkdirSync(out, { recursive: true });
  // Host rules first: a CDN applies the first rule that matches.
  writeFileSync(path.join(out, '_redirects'), toNetlifyHostRedirects(compiled.hosts, config.siteUrl) + toNetlifyRedirects(compiled.rules));
  writeFileSync(path.join(out, 'redirects.nginx.conf'), toNginxMap(compiled.rules));
  writeFileSync(path.join(out, 'hosts.nginx.conf'), toNginxHostMap(compiled.hosts, config.siteUrl));
  console.log(
    `redirects:export: ${compiled.size} rules and ${compiled.hosts.length} host redirects written to ${path.join(out, '_redirects')}, ${path.join(out, 'redirects.nginx.conf')} and ${path.join(out, 'hosts.nginx.conf')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
