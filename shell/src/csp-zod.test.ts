import * as z from '@qf/shared/zod';
import { z as classic } from 'zod';
import { parseWithoutEval } from './csp-zod';

describe('parseWithoutEval', () => {
  it('makes every zod on the page parse objects without compiling code', () => {
    const probe = jest.spyOn(globalThis, 'Function');
    parseWithoutEval();
    // Another bundle's zod (the classic API a section uses) reads the same setting.
    expect(classic.object({ a: classic.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
    expect(z.object({ b: z.number() }).parse({ b: 1 })).toEqual({ b: 1 });
    expect(z.safeParse(z.object({ b: z.number() }), { b: 'one' }).success).toBe(false);
    expect(probe).not.toHaveBeenCalled();
    expect((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig?.jitless).toBe(true);
    probe.mockRestore();
  });
});
