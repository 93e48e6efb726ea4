import type { FastifyInstance } from 'fastify';
import type { ContentSource } from '@qf/shared/content';
import { isLang, type Lang } from '@qf/shared/i18n';
import { buildMenuPreviews } from './menu-previews';

export interface ChromeDataOptions {
  content: ContentSource;
  /** The menu of a language as pages carry it (menu.ts `pageMenu`: without the map's places). */
  menus: (lang: Lang) => Promise<unknown>;
  /** The map's places of a language (`/menuplaces.json`, fetched with the open menu). */
  places: (lang: Lang) => Promise<unknown>;
  /** The site globals of a language (globals.ts). */
  globals: (lang: Lang) => Promise<unknown>;
  /** The statement notification (statement.ts). */
  statement: () => Promise<unknown>;
}

/**
 * What the chrome reads in the browser: the menu previews (`/menupreviews.json`, made once per content
 * version), the menu and site globals of the other language for a client-side language change
 * (`/menu.json?lang=`, `/globals.json?lang=`; SPEC §4), the map's places when the menu opens
 * (`/menuplaces.json?lang=`), and the statement notification the layout asks
 * for when it loads (never part of a cached page).
 */
export function registerChromeData(app: FastifyInstance, { content, menus, places, globals, statement }: ChromeDataOptions): void {
  let previews: { version: string; json: Promise<string> } | undefined;
  app.get('/menupreviews.json', async (_req, reply) => {
    const version = (await content.version?.()) ?? 'static';
    if (previews?.version !== version) previews = { version, json: buildMenuPreviews(content).then((p) => JSON.stringify(p)) };
    try {
      const json = await previews.json;
      reply.type('application/json; charset=utf-8').header('Cache-Control', 'public, max-age=300');
      return reply.send(json);
    } catch (error) {
      // Not kept: the next request tries again.
      previews = undefined;
      console.error(error);
      return reply.code(503).send({ error: 'unavailable' });
    }
  });

  for (const [url, read] of [
    ['/menu.json', menus],
    ['/menuplaces.json', places],
    ['/globals.json', globals],
  ] as const) {
    app.get(url, async (request, reply) => {
      const lang = (request.query as Record<string, unknown>).lang;
      if (!isLang(lang)) return reply.code(400).send({ error: 'lang must be en or ar' });
      reply.header('Cache-Control', 'public, max-age=60');
      return read(lang);
    });
  }

  app.get('/statement-notification.json', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return statement();
  });
}
