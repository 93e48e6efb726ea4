import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createFileStore } from '@qf/shared/content';
import { resolvedPageSchema } from '@qf/shared/contracts';
import { eventPageDataSchema } from '../src/views/event-page-data';
import { OPEN_REGISTRATION_MAX_AGE_SECONDS } from './events';
import { createEventsSectionPages } from './pages';
import { formsAvailability, type AvailabilityLookup } from './forms-availability';
import { buildEventsServer } from './app';

/**
 * Issue 15: a full event's page says so in its server HTML. The event page asks mf-forms for the seats
 * left (best effort) and hands them to the registration widget; its status line is closed when none are.
 */
const content = createFileStore(path.resolve(__dirname, '../../content'));
const NOW = new Date('2026-11-22T09:00:00Z');
const LEARNING = 'education-city-speaker-series-future-of-learning';
const PAST = 'qnl-childrens-reading-festival-2026';

async function resolveWith(availability: AvailabilityLookup | undefined, slug = LEARNING) {
  const page = await createEventsSectionPages(content, { now: () => NOW, ...(availability ? { availability } : {}) }).resolve(`/events/${slug}`, 'en');
  const parsed = resolvedPageSchema.parse(page);
  return { page: parsed, data: eventPageDataSchema.parse(parsed.data) };
}

describe('the seats left on an event page', () => {
  it('are asked for the event id and carried in the page data, with a short cache life', async () => {
    const asked: string[] = [];
    const { page, data } = await resolveWith(async (id) => (asked.push(id), { open: true, online: true, inPerson: false, seatsLeft: 0 }));
    expect(asked).toEqual(['event-1']);
    expect(data.availability).toEqual({ open: true, online: true, inPerson: false, seatsLeft: 0 });
    expect(page.maxAgeSeconds).toBeLessThanOrEqual(OPEN_REGISTRATION_MAX_AGE_SECONDS);
  });

  it('make the structured data say sold out when every seat is booked', async () => {
    const { page } = await resolveWith(async () => ({ open: true, online: false, inPerson: false, seatsLeft: 0 }));
    expect(JSON.stringify(page.head.structuredData)).toContain('https://schema.org/SoldOut');
  });

  it('are left out when mf-forms cannot say, and never asked for a past event', async () => {
    expect((await resolveWith(async () => null)).data.availability).toBeUndefined();
    const lookup = jest.fn<ReturnType<AvailabilityLookup>, Parameters<AvailabilityLookup>>(async () => ({ open: true, online: true, inPerson: true, seatsLeft: 3 }));
    await resolveWith(lookup, PAST);
    expect(lookup).not.toHaveBeenCalled();
  });
});

describe('formsAvailability', () => {
  let server: http.Server;
  let url = '';
  let answer: (res: http.ServerResponse, req: http.IncomingMessage) => void = () => undefined;
  beforeAll(async () => {
    server = http.createServer((req, res) => answer(res, req));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const json = (body: unknown, status = 200) => (res: http.ServerResponse) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  it("reads mf-forms' availability API, finding its server in the registry", async () => {
    const paths: string[] = [];
    answer = (res, req) => (paths.push(req.url ?? ''), json({ open: true, online: false, inPerson: false, seatsLeft: 0 })(res));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qf-seats-'));
    const registry = path.join(dir, 'registry.json');
    writeFileSync(registry, JSON.stringify({ remotes: { 'mf-forms': { url } } }));
    await expect(formsAvailability({ REGISTRY: registry }, dir)('event 1')).resolves.toEqual({ open: true, online: false, inPerson: false, seatsLeft: 0 });
    expect(paths).toEqual(['/api/forms/events/event%201/availability']);
  });

  it("passes the page request's trace and request id on to mf-forms (issue 32)", async () => {
    const asked: http.IncomingHttpHeaders[] = [];
    answer = (res, req) => (asked.push(req.headers), json({ open: true, online: true, inPerson: true, seatsLeft: 3 })(res));
    const { app } = await buildEventsServer({ dir: path.resolve(__dirname, '..'), content, env: { LOG_LEVEL: 'silent' }, now: () => NOW, availability: formsAvailability({ FORMS_URL: url }, os.tmpdir()) });
    try {
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const res = await app.inject({ method: 'GET', url: `/_qf/page?path=/events/${LEARNING}&lang=en`, headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-request-id': 'page-request-1' } });
      expect(res.statusCode).toBe(200);
      expect(asked).toHaveLength(1);
      // The same trace and request; the parent is mf-events' own span of the page request, not the shell's.
      expect(asked[0]!['x-request-id']).toBe('page-request-1');
      expect(asked[0]!.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
      expect(asked[0]!.traceparent).not.toContain('00f067aa0ba902b7');
    } finally {
      await app.close();
    }
    // Outside a request there is no trace to pass.
    asked.length = 0;
    await formsAvailability({ FORMS_URL: url }, os.tmpdir())('event-1');
    expect(asked[0]!.traceparent).toBeUndefined();
  });

  it('answers null for an error, a malformed answer, a slow server or no server', async () => {
    const lookup = formsAvailability({ FORMS_URL: url }, os.tmpdir());
    answer = json({ outcome: 'not-found' }, 404);
    await expect(lookup('e')).resolves.toBeNull();
    answer = json({ open: 'yes' });
    await expect(lookup('e')).resolves.toBeNull();
    answer = () => undefined; // never answers
    const started = Date.now();
    await expect(lookup('e')).resolves.toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(formsAvailability({ FORMS_URL: 'http://127.0.0.1:1' }, os.tmpdir())('e')).resolves.toBeNull();
    await expect(formsAvailability({ REGISTRY: path.join(os.tmpdir(), 'no-such-registry.json') }, os.tmpdir())('e')).resolves.toBeNull();
  });
});
