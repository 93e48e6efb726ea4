import type { FastifyInstance } from 'fastify';
import { CONTENT_REFRESH_PATH, CONTENT_WEBHOOK_HEADER, registerContentWebhook } from '@qf/shared/server';

/** The public address of the CMS's webhook (configured in Contentful: root README, "Headless CMS"). */
export const CONTENT_HOOK_PATH = '/hooks/content';

export interface ContentHookOptions {
  /** CONTENT_WEBHOOK_SECRET; unset: the address does not exist. */
  secret: string | undefined;
  /** The sections of the live registry and their servers. */
  sections: () => Promise<{ name: string; url: string }[]>;
  /** The shell's own content source, looked at now (menus, globals, redirects). */
  refreshOwn: () => Promise<void>;
  fetchImpl?: typeof fetch;
  /** How long a section may take to look (a sync of the CMS's changes). */
  timeoutMs?: number;
}

/**
 * `POST /hooks/content` (content-webhook.ts in shared): a publish in the CMS looked at now by the shell
 * and by every section's server, each asked with the same secret; answered with who did and who did not
 * (a section that does not answer catches up at its own next look).
 */
export async function registerContentHook(app: FastifyInstance, { secret, sections, refreshOwn, fetchImpl = fetch, timeoutMs = 10_000 }: ContentHookOptions): Promise<void> {
  await registerContentWebhook(app, {
    path: CONTENT_HOOK_PATH,
    secret,
    refresh: async () => {
      const asked = await sections();
      const [answers] = await Promise.all([
        Promise.all(
          asked.map(async ({ name, url }) => {
            try {
              const res = await fetchImpl(`${url.replace(/\/$/, '')}${CONTENT_REFRESH_PATH}`, { method: 'POST', headers: { [CONTENT_WEBHOOK_HEADER]: secret! }, signal: AbortSignal.timeout(timeoutMs) });
              await res.arrayBuffer();
              if (!res.ok) app.log.warn({ section: name, status: res.status }, `content webhook: ${name} answered ${res.status}`);
              return { name, ok: res.ok };
            } catch (error) {
              app.log.warn({ section: name, err: error }, `content webhook: ${name} did not answer`);
              return { name, ok: false };
            }
          }),
        ),
        refreshOwn(),
      ]);
      const refreshed = ['shell', ...answers.filter((a) => a.ok).map((a) => a.name)];
      const failed = answers.filter((a) => !a.ok).map((a) => a.name);
      app.log.info({ refreshed, failed }, `content webhook: ${refreshed.length} servers looked at the content${failed.length ? `, ${failed.join(', ')} did not` : ''}`);
      return { refreshed, failed };
    },
  });
}
