import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { buildEventsServer } from './app';

const content = createFileStore(path.resolve(__dirname, '../../content'));
const LEARNING = 'education-city-speaker-series-future-of-learning';
const EARTHNA = 'earthna-workshop-circular-cities-hot-climates';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildEventsServer({ dir: path.resolve(__dirname, '..'), content, env: { SITE_URL: 'https://www.qf.org.qa/' }, now: () => new Date('2026-11-22T09:00:00Z') }));
});
afterAll(() => app.close());

const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe('GET /api/events/calendar/{slug}.ics', () => {
  it('answers the event as an iCalendar attachment, times in UTC, texts escaped, CRLF', async () => {
    const res = await app.inject(`/api/events/calendar/${LEARNING}.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${LEARNING}.ics"`);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const body = res.body;
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const physical of body.split('\r\n')) expect(Buffer.byteLength(physical)).toBeLessThanOrEqual(75);
    const lines = unfold(body);
    expect(lines).toContain('UID:event-1@qf.org.qa');
    expect(lines).toContain('DTSTAMP:20261122T090000Z');
    // 18:30–20:30 in Doha on 20 January 2027.
    expect(lines).toContain('DTSTART:20270120T153000Z');
    expect(lines).toContain('DTEND:20270120T173000Z');
    expect(lines).toContain('SUMMARY;LANGUAGE=en:Education City Speaker Series: The Future of Learning');
    expect(lines).toContain('LOCATION;LANGUAGE=en:Qatar National Convention Centre\\, Education City');
    expect(lines).toContain(`URL:https://www.qf.org.qa/events/${LEARNING}`);
    const description = lines.find((l) => l.startsWith('DESCRIPTION'))!;
    expect(description).toMatch(/^DESCRIPTION;LANGUAGE=en:Educators\\, students and researchers/);
    expect(description).toContain('\\n\\nJoin online: https://example.org/webinars/ecss-future-of-learning');
    expect(description).toContain(`\\n\\nDetails and registration: https://www.qf.org.qa/events/${LEARNING}`);
  });

  it('answers in Arabic with ?lang=ar, the Arabic page as URL', async () => {
    const res = await app.inject(`/api/events/calendar/${LEARNING}.ics?lang=ar`);
    expect(res.statusCode).toBe(200);
    const lines = unfold(res.body);
    expect(lines).toContain('SUMMARY;LANGUAGE=ar:سلسلة محاضرات المدينة التعليمية: مستقبل التعلّم');
    expect(lines).toContain('LOCATION;LANGUAGE=ar:مركز قطر الوطني للمؤتمرات، المدينة التعليمية');
    expect(lines).toContain(`URL:https://www.qf.org.qa/ar/events/${LEARNING}`);
    expect(lines.find((l) => l.startsWith('DESCRIPTION'))).toContain('التفاصيل والتسجيل: https://www.qf.org.qa/ar/events/');
    expect(lines).toContain('DTSTART:20270120T153000Z');
  });

  it('has no join line for an event without a webinar', async () => {
    const lines = unfold((await app.inject(`/api/events/calendar/${EARTHNA}.ics`)).body);
    expect(lines.find((l) => l.startsWith('DESCRIPTION'))).not.toContain('Join online');
    // 09:00 in Doha on 9 March 2027.
    expect(lines).toContain('DTSTART:20270309T060000Z');
  });

  it.each([`/api/events/calendar/no-such-event.ics`, `/api/events/calendar/${LEARNING}`, `/api/events/calendar/${LEARNING}.ics.txt`, '/api/events/calendar/..%2Fbuild-info.json'])('answers 404 for %s', async (url) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(404);
  });

  it('answers 404 in Arabic and 400 for another language', async () => {
    expect((await app.inject('/api/events/calendar/nope.ics?lang=ar')).json()).toEqual({ error: 'not-found', message: 'لا توجد فعالية بهذا العنوان.' });
    expect((await app.inject(`/api/events/calendar/${LEARNING}.ics?lang=fr`)).statusCode).toBe(400);
  });

  it('uses the first shell origin when SITE_URL is not set', async () => {
    const { app: other } = await buildEventsServer({ dir: path.resolve(__dirname, '..'), content, env: { SHELL_ORIGINS: 'http://localhost:4000,http://x' } });
    try {
      expect(unfold((await other.inject(`/api/events/calendar/${LEARNING}.ics`)).body)).toContain(`URL:http://localhost:4000/events/${LEARNING}`);
    } finally {
      await other.close();
    }
  });
});
