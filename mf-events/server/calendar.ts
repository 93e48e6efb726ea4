import type { FastifyInstance } from 'fastify';
import { plainField, requiredField, type ContentSource } from '@qf/shared/content';
import { i18nCache, isLang, type Lang } from '@qf/shared/i18n';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { calendarDetails } from '../src/views/calendar-links';
import { cardOf } from './event-cards';
import { buildIcs } from './ics';

const i18n = i18nCache([translations]);
const tFor = (lang: Lang) => i18n(lang).getFixedT(lang, translations.ns);

/**
 * The site's public origin, for the event page's address in the file: `SITE_URL` (what the shell reads
 * for canonical links), else the first of `SHELL_ORIGINS` (the browser reaches this API through the shell).
 */
export function siteOrigin(env: NodeJS.ProcessEnv): string {
  const value = env.SITE_URL?.trim() || (env.SHELL_ORIGINS ?? 'http://127.0.0.1:3000').split(',')[0]!.trim();
  return value.replace(/\/+$/, '');
}

/**
 * `GET /api/events/calendar/{slug}.ics[?lang=ar]`: the event as an iCalendar file ("Add to calendar"),
 * reached by the browser through the shell's API gateway at the same path. 404 for an unknown event,
 * 400 for another language than en or ar.
 */
export function registerCalendarRoute(app: FastifyInstance, content: ContentSource, { env = process.env, now = () => new Date() }: { env?: NodeJS.ProcessEnv; now?: () => Date } = {}): void {
  const origin = siteOrigin(env);
  app.get<{ Params: { file: string }; Querystring: { lang?: string } }>('/api/events/calendar/:file', async (request, reply) => {
    const lang = request.query.lang ?? 'en';
    if (!isLang(lang)) return reply.code(400).send({ error: 'bad-request', message: 'lang is en or ar' });
    const t = tFor(lang);
    const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.ics$/.exec(request.params.file);
    const entry = match ? (await content.entries('event')).find((e) => plainField(e, 'slug') === match[1]) : undefined;
    if (!match || !entry) return reply.code(404).send({ error: 'not-found', message: t('calendar.notFound') });
    const card = cardOf(entry, lang);
    const page = `${origin}${routes.href(lang, 'event', { slug: card.slug })}`;
    const webinar = plainField<string>(entry, 'webinarLink') || undefined;
    const ics = buildIcs(
      {
        uid: `${entry.sys.id}@qf.org.qa`,
        title: card.title,
        startDate: card.startDate,
        endDate: card.endDate,
        location: requiredField<string>(entry, 'location', lang),
        description: `${calendarDetails(card.summary, webinar ? t('calendar.joinOnline', { url: webinar }) : undefined)}\n\n${t('calendar.page', { url: page })}`,
        url: page,
        ...(entry.sys.updatedAt ? { lastModified: entry.sys.updatedAt } : {}),
        lang,
      },
      now(),
    );
    reply
      .type('text/calendar; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${card.slug}.ics"`)
      // The content changes rarely; a few minutes keeps a changed time from lingering in caches.
      .header('Cache-Control', 'public, max-age=300');
    return ics;
  });
}
