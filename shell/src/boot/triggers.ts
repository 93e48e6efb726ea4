import type { Hydration } from '@qf/shared/contracts';
import { schedule } from '../hydration';
import type { Triggers } from './protocol';

/**
 * One trigger per key (a root, the main slot, a widget): the boot arms it at load to know when to
 * fetch the app, and the app later asks the same key when to hydrate, so a visitor's first touch is
 * never lost between the two (a focus that fetched the app also hydrates the focused widget).
 */
export function createTriggers(scheduleImpl: typeof schedule = schedule): Triggers {
  const keys = new Map<string, { fired: boolean; waiting: Set<() => void> }>();
  return {
    when(key, element, policy: Hydration, start) {
      let entry = keys.get(key);
      if (!entry) {
        const created = { fired: false, waiting: new Set<() => void>() };
        keys.set(key, created);
        entry = created;
        scheduleImpl(policy, element, () => {
          created.fired = true;
          const waiting = [...created.waiting];
          created.waiting.clear();
          for (const fn of waiting) fn();
        });
      }
      if (entry.fired) {
        start();
        return () => undefined;
      }
      const waiting = entry.waiting;
      waiting.add(start);
      return () => void waiting.delete(start);
    },
    fired: (key) => keys.get(key)?.fired ?? false,
  };
}
