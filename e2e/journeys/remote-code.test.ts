import { createHash } from 'node:crypto';
import { type Site, startSite } from '../site';

jest.setTimeout(120_000);

// Remote code is checked before it runs (issue 37, item 5). The shell renders with each section's Node
// container, fetched from the section's server; the registry gives the digests of its release's files
// and the shell requires them (REMOTE_CODE_DIGESTS=required, as in production). Here the registry says
// mf-idkt's remote entry and one of mf-media-center's chunks have other bytes than their servers serve
// (files changed after their release): both containers are refused before any of their code runs (a
// release is checked whole before its entry runs), their pages get the 503 page in the visitor's
// language, the shell logs the refusal and counts it, and the other sections, whose files match, are
// served as before (nothing of a refused container is offered to them).

let site: Site;

beforeAll(
  async () =>
    (site = await startSite({
      serverIntegrity: (remote, digests) => {
        if (remote === 'mf-idkt') return { ...digests, 'remoteEntry.js': `sha256-${createHash('sha256').update('what was released').digest('base64')}` };
        if (remote === 'mf-media-center') {
          const chunk = Object.keys(digests).find((name) => name !== 'remoteEntry.js')!;
          return { ...digests, [chunk]: `sha256-${createHash('sha256').update('what was released').digest('base64')}` };
        }
        return digests;
      },
    })),
);
afterAll(() => site?.close());

const UNAVAILABLE = { en: 'This section is temporarily unavailable. Please try again in a few minutes.', ar: 'هذا القسم غير متاح مؤقتاً. يُرجى المحاولة مرة أخرى بعد بضع دقائق.' };

describe("a section's Node container whose files do not match its release", () => {
  it.each([
    ['/idkt/for-industry', 'en'],
    ['/ar/idkt/for-industry', 'ar'],
    ['/media-center/experts/noor-al-mansoori', 'en'],
    ['/ar/media-center/experts/noor-al-mansoori', 'ar'],
  ] as const)('%s is the 503 page', async (path, lang) => {
    const res = await fetch(site.url + path);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain(UNAVAILABLE[lang]);
  });

  it('the sections whose files match are served', async () => {
    for (const path of ['/', '/ar', '/events', '/stories/qatar-foundation-opens-new-learning-commons']) expect({ path, status: (await fetch(site.url + path)).status }).toEqual({ path, status: 200 });
  });

  it('is logged and counted by section and reason', async () => {
    await fetch(`${site.url}/idkt/for-industry`);
    const refusals = site.logLines('shell').filter((line) => line.msg === 'remote code refused');
    expect(refusals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 'error', section: 'mf-idkt', reason: 'mismatch', file: `${site.remoteUrl('mf-idkt')}/server/remoteEntry.js` }),
        expect.objectContaining({ level: 'error', section: 'mf-media-center', reason: 'mismatch', file: expect.stringMatching(/\/server\/(?!remoteEntry)[^/]+\.js$/) }),
      ]),
    );
    const metrics = await (await fetch(site.metrics.shell)).text();
    expect(metrics).toMatch(/^qf_remote_code_refused_total\{qf_section="mf-idkt",reason="mismatch"\} [1-9]/m);
    expect(metrics).toMatch(/^qf_remote_code_refused_total\{qf_section="mf-media-center",reason="mismatch"\} [1-9]/m);
  });
});
