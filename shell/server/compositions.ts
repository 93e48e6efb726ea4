import { randomInt } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Registry } from '@qf/shared/contracts';
import { cohortCookie, cohortFromCookies } from './cohort';
import { canaryOf } from './registry';

/** What this module needs of a composition: the registry view it renders from (and closes). */
export interface CompositionBase {
  registry: { registry(): Promise<Registry>; registryNow?(): Registry | undefined; close(): void };
}

/**
 * The compositions a request may be rendered from: the live one, which serves everyone but a canary's
 * cohort, and the canary's, made when a canary first runs (its registry view, resolver and page cache
 * are its own, so the two never mix). `make` builds one for a variant.
 */
export function createCompositions<C extends CompositionBase>(make: (variant: 'live' | 'canary') => C, { secure, cohort = () => randomInt(100) }: { secure: boolean; cohort?: () => number }) {
  const live = make('live');
  let canary: C | undefined;
  const registry = () => live.registry.registry().catch(() => undefined);
  return {
    live,

    /** Whether a canary runs (the live registry names one). */
    async canaryRuns(): Promise<boolean> {
      const reg = await registry();
      return Boolean(reg && canaryOf(reg));
    },

    /** Whether a canary runs, at once while the live registry's document is within its TTL; else undefined: ask `canaryRuns`. */
    canaryRunsNow(): boolean | undefined {
      const reg = live.registry.registryNow?.();
      return reg ? Boolean(canaryOf(reg)) : undefined;
    },

    /**
     * The composition of a request: the canary's for a visitor of its cohort while a canary runs, the
     * live one otherwise. A visitor without a cohort gets one on the first page (or page data) they
     * ask while a canary runs (`reply` given: a cookie); an API call never chooses one.
     */
    async viewFor(request: FastifyRequest, reply?: FastifyReply): Promise<C> {
      // Asked of every page: the document within its TTL is read at once, else looked at.
      const reg = live.registry.registryNow?.() ?? (await registry());
      const running = reg && canaryOf(reg);
      if (!running) return live;
      let visitor = cohortFromCookies(request.headers.cookie);
      if (visitor === undefined && reply) {
        visitor = cohort();
        reply.header('Set-Cookie', cohortCookie(visitor, secure));
      }
      if (visitor === undefined || visitor >= running.percent) return live;
      canary ??= make('canary');
      return canary;
    },

    close(): void {
      live.registry.close();
      canary?.registry.close();
    },
  };
}
