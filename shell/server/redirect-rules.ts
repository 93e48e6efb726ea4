// Redirect rules engine (SPEC §2 Redirects): pure, no I/O. Compiled once into hash maps, so a lookup
// costs the same with ten rules or a hundred thousand.

export interface RedirectRule {
  fromPath: string;
  /** A path on this site, or an absolute URL on an allowed host. */
  toPath: string;
  isPermanent: boolean;
  ignoreCase: boolean;
  redirectInBrowser: boolean;
  force: boolean;
  /** Only for requests to this host (lower case, no port). */
  host?: string;
}

/** A whole legacy host sent to the main site: the path kept, or a fixed path (the convocation sub-host). */
export interface HostRedirect {
  host: string;
  /** When set, every path of the host goes here; otherwise the request's own path is kept. */
  toPath?: string;
}

export interface RedirectMatch {
  status: 301 | 302;
  location: string;
  rule: RedirectRule | HostRedirect;
}

export interface RedirectProblem {
  rule: string;
  message: string;
}

/** Collapse repeated slashes and the trailing slash, and the old site's doubled `/ar/ar/` segment. */
export function normalizeRedirectPath(path: string): string {
  let p = `/${path}`.replace(/\/{2,}/g, '/');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  p = p.replace(/^\/ar\/ar(?=\/|$)/, '/ar');
  return p || '/';
}

/** Is this a target on this site? Rejects `//host`, `/\host`, schemes and control characters. */
export function isLocalPath(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//') && !target.includes('\\') && !/[\u0000-\u001f\u007f]/.test(target) && !/^\/[a-z][a-z0-9+.-]*:/i.test(target);
}

function withQuery(location: string, query: string): string {
  if (!query) return location;
  return `${location}${location.includes('?') ? '&' : '?'}${query}`;
}

export interface CompileOptions {
  /** The main site's origin (SITE_URL), where host redirects land. */
  siteUrl: string;
  /** Hosts an absolute `toPath` may point to (the main host is always allowed). */
  allowedHosts?: readonly string[];
  hostRedirects?: readonly HostRedirect[];
}

export interface CompiledRedirects {
  lookup(request: { host?: string; path: string; query?: string }): RedirectMatch | null;
  readonly size: number;
  /** Rules that could not be used, and why (off-site targets, chains, loops). */
  readonly problems: readonly RedirectProblem[];
  readonly rules: readonly RedirectRule[];
  /** The whole-host redirects in use (legacy hosts, the convocation sub-host), for the exports. */
  readonly hosts: readonly HostRedirect[];
}

const keyOf = (host: string | undefined, path: string) => (host ? `${host}\u0000${path}` : path);

/**
 * Compile rules into two hash maps (exact, and lower-cased for `ignoreCase` rules) plus a map of
 * legacy hosts. Unsafe rules (an off-site target on a host that is not allowed) and rules whose target
 * is itself redirected (a chain or a loop: every redirect must resolve in one hop) are left out and
 * reported in `problems`.
 */
export function compileRedirects(input: readonly RedirectRule[], options: CompileOptions): CompiledRedirects {
  const site = new URL(options.siteUrl);
  const allowed = new Set([site.host.toLowerCase(), ...(options.allowedHosts ?? []).map((h) => h.toLowerCase())]);
  const problems: RedirectProblem[] = [];
  // Case-sensitive rules by exact path; case-insensitive ones by lower-cased path; and, only where two
  // case-insensitive rules differ by case alone, the exact spellings. The site's rules are all
  // case-insensitive (SPEC §2), so a lookup is one hash probe.
  const strict = new Map<string, RedirectRule>();
  const lower = new Map<string, RedirectRule>();
  const spelled = new Map<string, RedirectRule>();
  const hosts = new Map<string, HostRedirect>();
  for (const h of options.hostRedirects ?? []) {
    if (h.toPath !== undefined && !isLocalPath(h.toPath)) problems.push({ rule: h.host, message: `host redirect to ${h.toPath} leaves the site` });
    else hosts.set(h.host.toLowerCase(), h);
  }

  const candidates: RedirectRule[] = [];
  for (const raw of input) {
    const name = `${raw.host ? `${raw.host}` : ''}${raw.fromPath} -> ${raw.toPath}`;
    if (!isLocalPath(raw.fromPath)) {
      problems.push({ rule: name, message: 'fromPath must be a path on this site' });
      continue;
    }
    let toPath = raw.toPath;
    if (isLocalPath(toPath)) {
      const [p, q] = toPath.split('?');
      toPath = normalizeRedirectPath(p!) + (q ? `?${q}` : '');
    } else {
      let target: URL;
      try {
        target = new URL(toPath);
      } catch {
        problems.push({ rule: name, message: 'toPath is neither a path nor a URL' });
        continue;
      }
      if (!/^https?:$/.test(target.protocol) || !allowed.has(target.host.toLowerCase())) {
        problems.push({ rule: name, message: `toPath leaves the site for ${target.host || target.protocol}` });
        continue;
      }
    }
    const fromPath = normalizeRedirectPath(raw.fromPath);
    if (fromPath === toPath || (raw.ignoreCase && fromPath.toLowerCase() === toPath.toLowerCase())) {
      problems.push({ rule: name, message: 'redirects to itself (a loop)' });
      continue;
    }
    candidates.push({ ...raw, fromPath, toPath, host: raw.host?.toLowerCase() });
  }

  for (const rule of candidates) {
    if (!rule.ignoreCase) {
      strict.set(keyOf(rule.host, rule.fromPath), rule);
      continue;
    }
    const key = keyOf(rule.host, rule.fromPath.toLowerCase());
    const other = lower.get(key);
    if (other && other.fromPath !== rule.fromPath) {
      spelled.set(keyOf(other.host, other.fromPath), other);
      spelled.set(keyOf(rule.host, rule.fromPath), rule);
    }
    lower.set(key, rule);
  }
  const exactOf = (key: string) => (strict.size ? strict.get(key) : undefined) ?? (spelled.size ? spelled.get(key) : undefined);

  const hostSpecific = candidates.some((r) => r.host);
  // The hot path: host-less rules are keyed by the path alone, one or two map reads per lookup.
  const find = (host: string | undefined, path: string): RedirectRule | undefined => {
    if (hostSpecific && host) {
      const onHost = exactOf(keyOf(host, path)) ?? lower.get(keyOf(host, path.toLowerCase()));
      if (onHost) return onHost;
    }
    return exactOf(path) ?? lower.get(path.toLowerCase());
  };

  // Every redirect must land in one hop: a target that is itself redirected is a chain (or a loop).
  // All rules are judged against the full set first, then the broken ones are removed together.
  const broken = candidates.filter((rule) => {
    if (!isLocalPath(rule.toPath)) return false;
    const next = find(rule.host, rule.toPath.split('?')[0]!);
    if (next) problems.push({ rule: `${rule.fromPath} -> ${rule.toPath}`, message: `chain: ${rule.toPath} is redirected again to ${next.toPath}` });
    return Boolean(next);
  });
  for (const rule of broken) {
    for (const map of [strict, spelled]) if (map.get(keyOf(rule.host, rule.fromPath)) === rule) map.delete(keyOf(rule.host, rule.fromPath));
    if (lower.get(keyOf(rule.host, rule.fromPath.toLowerCase())) === rule) lower.delete(keyOf(rule.host, rule.fromPath.toLowerCase()));
  }
  const live = (r: RedirectRule) => find(r.host, r.fromPath) === r;
  const rules = candidates.filter(live);

  return {
    size: rules.length,
    problems,
    rules,
    hosts: [...hosts.values()].filter((h) => h.host.toLowerCase() !== site.host.toLowerCase()),
    lookup({ host, path, query = '' }) {
      const h = host && (hosts.size > 0 || hostSpecific) ? host.toLowerCase().replace(/:\d+$/, '') : undefined;
      if (h && h !== site.host.toLowerCase() && hosts.has(h)) {
        const hostRule = hosts.get(h)!;
        const target = hostRule.toPath ?? (isLocalPath(path) ? normalizeRedirectPath(path) : '/');
        return { status: 301, location: withQuery(`${site.origin}${target}`, hostRule.toPath ? '' : query), rule: hostRule };
      }
      if (!isLocalPath(path)) return null;
      const rule = find(h, normalizeRedirectPath(path));
      if (!rule) return null;
      return { status: rule.isPermanent ? 301 : 302, location: withQuery(rule.toPath, query), rule };
    },
  };
}

/** SPEC §2: every story's old paths under the three areas, in both languages, to /stories/{slug}. */
export function storyRedirects(slugs: readonly string[]): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const slug of slugs) {
    for (const prefix of ['', '/ar']) {
      for (const area of ['community', 'education', 'research']) {
        rules.push({ fromPath: `${prefix}/${area}/${slug}`, toPath: `${prefix}/stories/${slug}`, isPermanent: true, ignoreCase: true, redirectInBrowser: true, force: true });
      }
    }
  }
  return rules;
}

/** The rules as a `_redirects` file for a CDN (status `301!`: forced, applied even over a file). */
export function toNetlifyRedirects(rules: readonly RedirectRule[]): string {
  return `${rules
    .filter((r) => !r.host)
    .map((r) => `${r.fromPath} ${r.toPath} ${r.isPermanent ? 301 : 302}${r.force ? '!' : ''}`)
    .join('\n')}\n`;
}

/**
 * The host redirects as `_redirects` lines (a whole legacy host to the same path on the main site, the
 * convocation sub-host to one page), for both schemes.
 */
export function toNetlifyHostRedirects(hosts: readonly HostRedirect[], siteUrl: string): string {
  const origin = new URL(siteUrl).origin;
  return hosts
    .flatMap((h) => ['https', 'http'].map((scheme) => `${scheme}://${h.host}/* ${origin}${h.toPath ?? '/:splat'} 301!`))
    .map((line) => `${line}\n`)
    .join('');
}

/** The host redirects as an nginx `map` of `$host` to the full target (`$request_uri` kept unless the host goes to one page). */
export function toNginxHostMap(hosts: readonly HostRedirect[], siteUrl: string, variable = '$qf_host_redirect'): string {
  const origin = new URL(siteUrl).origin;
  const lines = hosts.map((h) => `    "${h.host.toLowerCase()}" "${origin}${h.toPath ?? '$request_uri'}";`);
  return `# Generated by npm run redirects:export. Use with:\n#   if ($qf_host_redirect) { return 301 $qf_host_redirect; }\nmap $host ${variable} {\n    hostnames;\n    default "";\n${lines.join('\n')}\n}\n`;
}

/** The rules as an nginx `map` of `$uri` to the target (case-insensitive rules as `~*` regexes). */
export function toNginxMap(rules: readonly RedirectRule[], variable = '$qf_redirect'): string {
  const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const lines = rules
    .filter((r) => !r.host)
    .map((r) => (r.ignoreCase ? `    "~*^${escapeRe(r.fromPath)}/?$" "${r.toPath}";` : `    "${r.fromPath}" "${r.toPath}";`));
  return `# Generated by npm run redirects:export. Use with:\n#   if ($qf_redirect) { return 301 $qf_redirect$is_args$args; }\nmap $uri ${variable} {\n    default "";\n${lines.join('\n')}\n}\n`;
}
