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
  const entryOf = (key: string) => {
    let entry = keys.get(key);
    if (!entry) keys.set(key, (entry = { fired: false, waiting: new Set<() => void>() }));
    return entry;
  };
  const fire = (key: string) => {
    const entry = entryOf(key);
    if (entry.fired) return;
    entry.fired = true;
    const waiting = [...entry.waiting];
    entry.waiting.clear();
    for (const fn of waiting) fn();
  };
  const armed = new Set<string>();
  return {
    when(key, element, policy: Hydration, start) {
      const entry = entryOf(key);
      if (!armed.has(key)) {
        armed.add(key);
        if (!entry.fired) scheduleImpl(policy, element, () => fire(key));
      }
      if (entry.fired) {
        start();
        return () => undefined;
      }
      const waiting = entry.waiting;
      waiting.add(start);
      return () => void waiting.delete(start);
    },
    fire,
    fired: (key) => keys.get(key)?.fired ?? false,
  };
}
