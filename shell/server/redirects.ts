import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { plainField, type ContentSource } from '@qf/shared/content';
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
 * content, so a new story gets its rules) and the legacy hosts. Recompiled when the content changes.
 */
export function createRedirects(settings: RedirectSettings, content: ContentSource, onProblems: (problems: string[]) => void = (p) => p.forEach((x) => console.warn(`redirect rule ignored: ${x}`))) {
  let current: { version: string; compiled: CompiledRedirects } | undefined;
  let checkedAt = 0;
  let pending: Promise<CompiledRedirects> | undefined;

  async function compile(): Promise<CompiledRedirects> {
    const version = (await content.version?.()) ?? 'static';
    if (current?.version === version) return current.compiled;
    const [file, stories] = await Promise.all([readFile(settings.file, 'utf8').then((t) => fileSchema.parse(JSON.parse(t))), content.entries('article')]);
    const hostRedirects: HostRedirect[] = [
      ...settings.legacyHosts.map((host) => ({ host })),
      ...(settings.convocationHost ? [{ host: settings.convocationHost, toPath: '/convocation' }] : []),
    ];
    const slugs = stories.map((s) => plainField<string>(s, 'slug')).filter((s): s is string => Boolean(s));
    const compiled = compileRedirects([...file.rules, ...storyRedirects(slugs)], { siteUrl: settings.siteUrl, allowedHosts: settings.allowedHosts, hostRedirects });
    if (compiled.problems.length) onProblems(compiled.problems.map((p) => `${p.rule}: ${p.message}`));
    current = { version, compiled };
    return compiled;
  }

  return {
    /** The compiled rules; the content's version is looked at most once a second. */
    async get(): Promise<CompiledRedirects> {
      if (current && Date.now() - checkedAt < 1000) return current.compiled;
      pending ??= compile().finally(() => {
        pending = undefined;
        checkedAt = Date.now();
      });
      return pending;
    },
  };
}
