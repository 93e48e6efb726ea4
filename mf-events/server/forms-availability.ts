import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { registrySchema } from '@qf/shared/contracts';
import { traceHeaders } from '@qf/shared/server';
import { registrationAvailabilitySchema, type RegistrationAvailability } from '../src/views/event-page-data';

/** The seats an event has left, from the forms section's server; null when it cannot say in time. */
export type AvailabilityLookup = (eventId: string) => Promise<RegistrationAvailability | null>;

/** How long an event page waits for the forms server before it renders without the seat counts. */
export const AVAILABILITY_TIMEOUT_MS = 400;

/**
 * Where mf-forms' server is: `FORMS_URL`, else its entry in the registry the shell reads (`REGISTRY`,
 * a file or an http(s) URL, default `registry.json` at the repository root). Re-read at most every 5 s,
 * so a registry change (a redeploy elsewhere) is followed like the shell follows it.
 */
function formsOrigin(env: NodeJS.ProcessEnv, repoRoot: string, fetchImpl: typeof fetch): () => Promise<string | null> {
  if (env.FORMS_URL) {
    const url = env.FORMS_URL.replace(/\/+$/, '');
    return () => Promise.resolve(url);
  }
  const source = env.REGISTRY ?? path.join(repoRoot, 'registry.json');
  let cached: { at: number; stamp: string; url: string | null } | null = null;
  return async () => {
    if (cached && Date.now() - cached.at < 5000) return cached.url;
    try {
      let stamp = '';
      let text: string;
      if (/^https?:\/\//.test(source)) {
        const res = await fetchImpl(source, { signal: AbortSignal.timeout(AVAILABILITY_TIMEOUT_MS) });
        text = await res.text();
      } else {
        stamp = String((await stat(source)).mtimeMs);
        if (cached && cached.stamp === stamp && stamp) return (cached = { ...cached, at: Date.now() }).url;
        text = await readFile(source, 'utf8');
      }
      const url = registrySchema.parse(JSON.parse(text)).remotes['mf-forms']?.url.replace(/\/+$/, '') ?? null;
      cached = { at: Date.now(), stamp, url };
      return url;
    } catch {
      return cached?.url ?? null;
    }
  };
}

/**
 * Asks mf-forms how many seats an event has left, so the event page's server HTML (its status line and
 * the registration widget's props) says "full" before a visitor fills the form. Best effort: a forms
 * server that is down, slow or answers something else leaves the page as its content says (the
 * registration API refuses a full event on its own either way). The call carries the page request's
 * trace (`traceparent`, with this server's span as parent) and its `x-request-id`, so mf-forms' access
 * log line and its SQL comments name the visitor's request.
 */
export function formsAvailability(env: NodeJS.ProcessEnv, repoRoot: string, fetchImpl: typeof fetch = fetch): AvailabilityLookup {
  const origin = formsOrigin(env, repoRoot, fetchImpl);
  return async (eventId) => {
    try {
      const base = await origin();
      if (!base) return null;
      const res = await fetchImpl(`${base}/api/forms/events/${encodeURIComponent(eventId)}/availability`, { headers: traceHeaders(), signal: AbortSignal.timeout(AVAILABILITY_TIMEOUT_MS) });
      if (!res.ok) return null;
      const parsed = registrationAvailabilitySchema.safeParse(await res.json());
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
}
