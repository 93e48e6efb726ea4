import { compileRedirects, isLocalPath, normalizeRedirectPath, storyRedirects, toNetlifyHostRedirects, toNetlifyRedirects, toNginxHostMap, toNginxMap, type RedirectRule } from './redirect-rules';

const rule = (fromPath: string, toPath: string, extra: Partial<RedirectRule> = {}): RedirectRule => ({ fromPath, toPath, isPermanent: true, ignoreCase: true, redirectInBrowser: true, force: true, ...extra });
const SITE = 'https://www.qf.org.qa';

describe('the redirect engine', () => {
  it('matches exactly first, then case-insensitively for ignoreCase rules', () => {
    const r = compileRedirects([rule('/Old-Path', '/exact'), rule('/old-path', '/lower'), rule('/Strict', '/strict', { ignoreCase: false })], { siteUrl: SITE });
    expect(r.lookup({ path: '/Old-Path' })?.location).toBe('/exact');
    expect(r.lookup({ path: '/OLD-PATH' })?.location).toBe('/lower');
    expect(r.lookup({ path: '/Strict' })?.location).toBe('/strict');
    expect(r.lookup({ path: '/strict' })).toBeNull();
  });

  it('keeps the query string and ignores a trailing slash', () => {
    const r = compileRedirects([rule('/rec', '/'), rule('/a', '/b?x=1')], { siteUrl: SITE });
    expect(r.lookup({ path: '/rec/', query: 'utm_source=mail' })).toEqual({ status: 301, location: '/?utm_source=mail', rule: expect.anything() });
    expect(r.lookup({ path: '/a', query: 'y=2' })?.location).toBe('/b?x=1&y=2');
  });

  it('answers 302 for a rule that is not permanent', () => {
    expect(compileRedirects([rule('/t', '/u', { isPermanent: false })], { siteUrl: SITE }).lookup({ path: '/t' })?.status).toBe(302);
  });

  it('redirects every story’s old paths in both languages, never to /ar/ar/', () => {
    const rules = storyRedirects(['my-story']);
    expect(rules.map((x) => `${x.fromPath} ${x.toPath}`)).toEqual([
      '/community/my-story /stories/my-story',
      '/education/my-story /stories/my-story',
      '/research/my-story /stories/my-story',
      '/ar/community/my-story /ar/stories/my-story',
      '/ar/education/my-story /ar/stories/my-story',
      '/ar/research/my-story /ar/stories/my-story',
    ]);
    const r = compileRedirects([...rules, rule('/ar/old', '/ar/ar/stories/my-story')], { siteUrl: SITE });
    expect(r.lookup({ path: '/AR/Community/My-Story' })?.location).toBe('/ar/stories/my-story');
    expect(r.lookup({ path: '/ar/old' })?.location).toBe('/ar/stories/my-story');
    expect(r.rules.every((x) => !x.toPath.includes('/ar/ar'))).toBe(true);
    expect(normalizeRedirectPath('/ar/ar')).toBe('/ar');
  });

  it('sends legacy hosts to the main host with the path kept, and the convocation host to /convocation', () => {
    const r = compileRedirects([], { siteUrl: SITE, hostRedirects: [{ host: 'radio.qf.org.qa' }, { host: 'convocation.qf.org.qa', toPath: '/convocation' }] });
    expect(r.lookup({ host: 'Radio.QF.org.qa:443', path: '/ar/some/page', query: 'a=1' })?.location).toBe('https://www.qf.org.qa/ar/some/page?a=1');
    expect(r.lookup({ host: 'convocation.qf.org.qa', path: '/anything' })?.location).toBe('https://www.qf.org.qa/convocation');
    expect(r.lookup({ host: 'www.qf.org.qa', path: '/anything' })).toBeNull();
  });

  it('applies host-specific rules only on their host', () => {
    const r = compileRedirects([rule('/x', '/on-host', { host: 'old.qf.org.qa' })], { siteUrl: SITE });
    expect(r.lookup({ host: 'old.qf.org.qa', path: '/x' })?.location).toBe('/on-host');
    expect(r.lookup({ host: 'www.qf.org.qa', path: '/x' })).toBeNull();
  });

  it.each(['//evil.example', '/\\evil.example', '/\\/evil.example', 'https://evil.example/x', 'javascript:alert(1)', '/\r\nLocation: https://evil.example', 'http://evil.example@www.qf.org.qa.evil.example/'])(
    'never redirects off-site for the target %p',
    (target) => {
      const r = compileRedirects([rule('/go', target)], { siteUrl: SITE });
      expect(r.lookup({ path: '/go' })).toBeNull();
      expect(r.problems).toHaveLength(1);
    },
  );

  it.each(['//evil.example', '/\\evil.example', '//evil.example/%2e%2e'])('ignores a crafted request path %p', (path) => {
    const r = compileRedirects([rule('/evil.example', '/')], { siteUrl: SITE });
    expect(r.lookup({ path })).toBeNull();
  });

  it('allows an absolute target only on a configured host', () => {
    const r = compileRedirects([rule('/reports', 'https://reports.qf.org.qa/2025')], { siteUrl: SITE, allowedHosts: ['reports.qf.org.qa'] });
    expect(r.lookup({ path: '/reports' })?.location).toBe('https://reports.qf.org.qa/2025');
  });

  it('finds loops and chains when compiling, so every redirect takes one hop', () => {
    const r = compileRedirects([rule('/a', '/b'), rule('/b', '/c'), rule('/self', '/Self'), rule('/x', '/y'), rule('/y', '/x')], { siteUrl: SITE });
    expect(r.problems.map((p) => p.message)).toEqual(expect.arrayContaining(['redirects to itself (a loop)', 'chain: /b is redirected again to /c', 'chain: /x is redirected again to /y', 'chain: /y is redirected again to /x']));
    expect(r.lookup({ path: '/b' })?.location).toBe('/c');
    expect(r.lookup({ path: '/a' })).toBeNull();
    expect(r.lookup({ path: '/x' })).toBeNull();
  });

  it('exports the same rules for a CDN and for nginx', () => {
    const rules = [rule('/rec', '/'), rule('/Strict', '/s', { ignoreCase: false, isPermanent: false, force: false })];
    expect(toNetlifyRedirects(rules)).toBe('/rec / 301!\n/Strict /s 302\n');
    const nginx = toNginxMap(rules);
    expect(nginx).toContain('"~*^/rec/?$" "/";');
    expect(nginx).toContain('"/Strict" "/s";');
    expect(nginx).toContain('map $uri $qf_redirect {');
  });

  it('exports the host redirects for a CDN and for nginx, the main host never among them', () => {
    const compiled = compileRedirects([], {
      siteUrl: 'https://www.qf.org.qa',
      hostRedirects: [{ host: 'Radio.qf.org.qa' }, { host: 'convocation.qf.org.qa', toPath: '/convocation' }, { host: 'www.qf.org.qa' }],
    });
    expect(compiled.hosts.map((h) => h.host)).toEqual(['Radio.qf.org.qa', 'convocation.qf.org.qa']);
    expect(toNetlifyHostRedirects(compiled.hosts, 'https://www.qf.org.qa')).toBe(
      'https://Radio.qf.org.qa/* https://www.qf.org.qa/:splat 301!\nhttp://Radio.qf.org.qa/* https://www.qf.org.qa/:splat 301!\n' +
        'https://convocation.qf.org.qa/* https://www.qf.org.qa/convocation 301!\nhttp://convocation.qf.org.qa/* https://www.qf.org.qa/convocation 301!\n',
    );
    const nginx = toNginxHostMap(compiled.hosts, 'https://www.qf.org.qa');
    expect(nginx).toContain('map $host $qf_host_redirect {');
    expect(nginx).toContain('"radio.qf.org.qa" "https://www.qf.org.qa$request_uri";');
    expect(nginx).toContain('"convocation.qf.org.qa" "https://www.qf.org.qa/convocation";');
  });

  it('recognises local paths', () => {
    expect(isLocalPath('/stories/a')).toBe(true);
    expect(isLocalPath('//x')).toBe(false);
    expect(isLocalPath('/a\\b')).toBe(false);
  });
});
