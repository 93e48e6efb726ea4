import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { plainField, type ContentSource } from '@qf/shared/content';
import { pageDataUrl, pathFromPageDataUrl } from '@qf/shared/routing';
import { compileRedirects, storyRedirects, type CompiledRedirects, type HostRedirect } from './redirect-rules';

const ruleSchema = z.object({
  fromPath: z.string().startsWith('/'),
  toPath: z.string().min(1),
  isPermanent: z.boolean(),
  ignoreCase: z.boolean(),
  redirectInBrowser: z.boolean(),
  force: z.boolean(),
  host: z.string().optional(),
});
const fileSchema = z.object({ rules: z.array(ruleSchema) });

export interface RedirectSettings {
  siteUrl: string;
  /** Hand-written rules (`content/redirects.json`). */
  file: string;
  legacyHosts: string[];
  convocationHost?: string;
  allowedHosts: string[];
}

/**
 * The site's redirects: the hand-written legacy rules, every story's old paths (generated from the
 * content, so a new story gets its rules) and the legacy hosts. Compiled again when what they are made
 * of changes (the rules file, the stories' slugs), not at every change of the content: at 100,000
 * entries a compile takes about a second of the shell's core, and an editor's change of a title
 * changes no rule. While one is compiled, requests are answered with the rules before it (only the
 * first compile is waited for): each request asks for the rules, and every page of the site had waited.
 */
export function createRedirects(settings: RedirectSettings, content: ContentSource, onProblems: (problems: string[]) => void = (p) => p.forEach((x) => console.warn(`redirect rule ignored: ${x}`))) {
  let current: { version: string; inputs: string; compiled: CompiledRedirects } | undefined;
  let checkedAt = 0;
  let pending: Promise<CompiledRedirects> | undefined;

  async function compile(): Promise<CompiledRedirects> {
    const version = (await content.version?.()) ?? 'static';
    if (current?.version === version) return current.compiled;
    const [text, stories] = await Promise.all([readFile(settings.file, 'utf8'), content.entries('article')]);
    const slugs = stories.map((s) => plainField<string>(s, 'slug')).filter((s): s is string => Boolean(s));
    const inputs = `${text}\u0000${slugs.join('\n')}`;
    if (current?.inputs === inputs) {
      current = { ...current, version };
      return current.compiled;
    }
    const file = fileSchema.parse(JSON.parse(text));
    const hostRedirects: HostRedirect[] = [
      ...settings.legacyHosts.map((host) => ({ host })),
      ...(settings.convocationHost ? [{ host: settings.convocationHost, toPath: '/convocation' }] : []),
    ];
    const compiled = compileRedirects([...file.rules, ...storyRedirects(slugs)], { siteUrl: settings.siteUrl, allowedHosts: settings.allowedHosts, hostRedirects });
    if (compiled.problems.length) onProblems(compiled.problems.map((p) => `${p.rule}: ${p.message}`));
    current = { version, inputs, compiled };
    return compiled;
  }

  /** The compiled rules now (a look at the content's version started when one is due), or the first compile to wait for. */
  function now(): CompiledRedirects | Promise<CompiledRedirects> {
    if (current && Date.now() - checkedAt < 1000) return current.compiled;
    if (!pending) {
      pending = compile().finally(() => {
        pending = undefined;
        checkedAt = Date.now();
      });
      if (current) pending.catch((error: unknown) => console.error('redirects: compiling the rules failed; the rules before are kept', error));
    }
    return current ? current.compiled : pending;
  }

  return {
    /** The compiled rules; the content's version is looked at most once a second, and a new compile waited for only when there are none yet. */
    get: async (): Promise<CompiledRedirects> => now(),
    /** The same, without a promise once there are rules (every request asks: its hook goes on at once). */
    now,
  };
}

/**
 * Step 1 of the request flow: legacy hosts and old paths answer 301 before anything else (a GET or HEAD
 * that is not for the API or the shell's own files). A page-data request for an old path is sent to
 * the new path's page data, so client-side navigation follows it.
 */
export function registerRedirects(app: FastifyInstance, redirects: Pick<ReturnType<typeof createRedirects>, 'now'>): void {
  // A hook with a callback: with the rules compiled (every request but the first few) it goes on at once.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const [pathname = '/', query = ''] = request.url.split('?');
    if (/^\/(_shell|api)\//.test(pathname)) return done();
    const answer = (compiled: CompiledRedirects): void => {
      const fromPageData = pathFromPageDataUrl(pathname);
      if (fromPageData) {
        const match = compiled.lookup({ path: fromPageData });
        if (match && match.location.startsWith('/')) return void reply.redirect(pageDataUrl(match.location.split('?')[0]!, query ? `?${query}` : ''), match.status);
        return done();
      }
      if (pathname.startsWith('/page-data/')) return done();
      const match = compiled.lookup({ host: request.headers.host, path: pathname, query });
      if (match) return void reply.redirect(match.location, match.status);
      done();
    };
    const compiled = redirects.now();
    // The first requests wait for the first compile; a failure is the request's error (as a throw here is).
    if (compiled instanceof Promise)
      compiled.then(
        (rules) => {
          try {
            answer(rules);
          } catch (error) {
            done(error as Error);
          }
        },
        (error: Error) => done(error),
      );
    else answer(compiled);
  });
}
