import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { prometheusReleaseCounts, RELEASE_QUERIES } from './prometheus-health';

/** A stand-in of Prometheus' query API: each known query answers the vector given for it. */
async function fakePrometheus(answers: Partial<Record<keyof typeof RELEASE_QUERIES, [Record<string, string>, number][]>>, status = 200) {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams.get('query') ?? '';
    asked.push(query);
    const name = (Object.keys(RELEASE_QUERIES) as (keyof typeof RELEASE_QUERIES)[]).find((k) => RELEASE_QUERIES[k] === query);
    if (status !== 200 || !name) {
      res.writeHead(status === 200 ? 400 : status, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'error', errorType: 'bad_data', error: 'parse error' }));
      return;
    }
    const result = (answers[name] ?? []).map(([metric, value]) => ({ metric, value: [1733400000, String(value)] }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'success', data: { resultType: 'vector', result } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, close: () => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())) };
}

describe("the canary's counts from Prometheus", () => {
  it("sums every shell's pages and errors (5xx, widgets, browsers) per release, and says how many clients reported failures (the most one shell saw)", async () => {
    const live = { qf_section: 'mf-events', qf_release: 'e1' };
    const canary = { qf_section: 'mf-events', qf_release: 'e2' };
    const prom = await fakePrometheus({
      requests: [
        [live, 180],
        [canary, 20],
      ],
      serverErrors: [[canary, 3]],
      widgetErrors: [[canary, 1]],
      browserErrors: [
        [live, 2],
        [canary, 4],
      ],
      reporters: [[canary, 3]],
    });
    try {
      const counts = await prometheusReleaseCounts(prom.url);
      expect(counts.sort((a, b) => a.build.localeCompare(b.build))).toEqual([
        { remote: 'mf-events', build: 'e1', requests: 180, errors: 2, reported: 2, reporters: 0 },
        { remote: 'mf-events', build: 'e2', requests: 20, errors: 8, reported: 4, reporters: 3 },
      ]);
      expect(prom.asked.sort()).toEqual(Object.values(RELEASE_QUERIES).sort());
    } finally {
      await prom.close();
    }
  });

  it("asks over every shell's series, by section and release, leaving out answers of no release", () => {
    for (const query of Object.values(RELEASE_QUERIES)) {
      expect(query).toMatch(query === RELEASE_QUERIES.reporters ? /^max by \(qf_section, qf_release\) \(/ : /^sum by \(qf_section, qf_release\) \(/);
      expect(query).toContain('job="shell"');
      expect(query).toContain('qf_release!=""');
    }
  });

  it("throws with Prometheus' own words when a query fails, so the look is skipped rather than judged on half the data", async () => {
    const prom = await fakePrometheus({}, 503);
    try {
      await expect(prometheusReleaseCounts(prom.url)).rejects.toThrow(/Prometheus answered 503 to sum by .*parse error/);
    } finally {
      await prom.close();
    }
  });
});
