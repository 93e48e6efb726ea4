import { FIXTURE_EVENTS, type LogLine, type Remote, type Site, startSite } from '../site';

jest.setTimeout(120_000);

// One visitor's request through three servers (issue 32): the shell answers an event page, asking
// mf-events for it, which asks mf-forms for the event's seats. Every server's access-log line of that
// request names the same trace and request id, so one id finds the request everywhere.

let site: Site;

beforeAll(async () => (site = await startSite()));
afterAll(() => site?.close());

/** The access-log lines (`msg: "request"`) of a server that `match`, once there is one, within 10 s. */
async function requestLines(name: 'shell' | Remote, match: (line: LogLine) => boolean): Promise<LogLine[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lines = site.logLines(name).filter((line) => line.msg === 'request' && match(line));
    if (lines.length || Date.now() > deadline) return lines;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a request id and its trace through three servers', () => {
  it('names the same trace and request id in the shell’s, mf-events’ and mf-forms’ access-log lines of one event page', async () => {
    const event = FIXTURE_EVENTS[0];
    // A request id a visitor sends is not believed (the shell trusts no proxy here): the shell makes its own.
    const res = await fetch(`${site.url}/events/${event.slug}`, { headers: { 'x-request-id': 'visitor-made-this-up' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(event.en);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
    expect(requestId).not.toBe('visitor-made-this-up');

    const [shell] = await requestLines('shell', (line) => line.request_id === requestId);
    expect(shell).toMatchObject({ service: 'shell', method: 'GET', route: '/events/:slug', status: 200, section: 'mf-events', request_id: requestId });
    const traceId = shell!.trace_id;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    // mf-events answered the shell's page request (`/_qf/page`) in the same trace, under the same id.
    const events = await requestLines('mf-events', (line) => line.trace_id === traceId);
    expect(events.map((line) => ({ service: line.service, route: line.route, request_id: line.request_id }))).toContainEqual({ service: 'mf-events', route: '/_qf/page', request_id: requestId });
    // mf-forms answered mf-events' question about the seats in the same trace, under the same id.
    const forms = await requestLines('mf-forms', (line) => line.trace_id === traceId);
    expect(forms.map((line) => ({ service: line.service, route: String(line.route).replace(/:[A-Za-z]+/g, ':param'), request_id: line.request_id }))).toContainEqual({
      service: 'mf-forms',
      route: '/api/forms/events/:param/availability',
      request_id: requestId,
    });
    // Each server's span is its own.
    const spans = [shell!, ...events, ...forms].map((line) => line.span_id);
    expect(new Set(spans).size).toBe(spans.length);
  });
});
