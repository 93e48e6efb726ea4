import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Registry } from '@qf/shared/contracts';
import { createCompositions } from './compositions';

describe('the compositions of the shell', () => {
  let doc: Registry = { remotes: { 'mf-content': { url: 'http://live.test' } } };
  const made: string[] = [];
  const closed: string[] = [];
  const compositions = createCompositions(
    (variant) => {
      made.push(variant);
      return { variant, registry: { registry: async () => doc, registryNow: () => doc, close: () => closed.push(variant) } };
    },
    { secure: true, cohort: () => 42 },
  );
  const request = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as FastifyRequest;
  const reply = () => {
    const headers: Record<string, string> = {};
    return { headers, reply: { header: (name: string, value: string) => ((headers[name] = value), undefined) } as unknown as FastifyReply };
  };

  it('serves everyone the live one while no canary runs, and gives no cohort', async () => {
    const { headers, reply: r } = reply();
    expect((await compositions.viewFor(request(), r)).variant).toBe('live');
    expect(headers).toEqual({});
    await expect(compositions.canaryRuns()).resolves.toBe(false);
    expect(compositions.canaryRunsNow()).toBe(false);
    expect(made).toEqual(['live']);
  });

  it('while a canary runs, gives a new visitor a cohort and the canary’s composition below its share, made once', async () => {
    doc = { remotes: { 'mf-content': { url: 'http://live.test', canary: { url: 'http://canary.test', percent: 50, release: 'mf-content@1.0.1+c' } } } };
    await expect(compositions.canaryRuns()).resolves.toBe(true);
    // Known at once from the document the registry keeps (release health asks it of every page).
    expect(compositions.canaryRunsNow()).toBe(true);
    const { headers, reply: r } = reply();
    expect((await compositions.viewFor(request(), r)).variant).toBe('canary');
    expect(headers['Set-Cookie']).toBe('qf_cohort=42; Path=/; Max-Age=2592000; SameSite=Lax; HttpOnly; Secure');
    expect((await compositions.viewFor(request('qf_cohort=7'))).variant).toBe('canary');
    expect((await compositions.viewFor(request('a=1; qf_cohort=50'))).variant).toBe('live');
    // An API call (no reply) never chooses a cohort: a visitor without one gets the live release.
    expect((await compositions.viewFor(request())).variant).toBe('live');
    // A cookie that is not a cohort is ignored.
    expect((await compositions.viewFor(request('qf_cohort=7x'))).variant).toBe('live');
    expect(made).toEqual(['live', 'canary']);
  });

  it('closes both registry views', () => {
    compositions.close();
    expect(closed).toEqual(['live', 'canary']);
  });
});
