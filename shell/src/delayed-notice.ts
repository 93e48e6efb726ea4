/**
 * The delayed-load notice (SPEC §9): shown when a navigation takes more than 1000 ms, hidden when
 * the latest navigation ends. `begin()` returns the function that ends it.
 */
export const DELAYED_NOTICE_MS = 1000;

export function createDelayedNotice(show: (visible: boolean) => void, delayMs = DELAYED_NOTICE_MS): { begin(): () => void } {
  let latest = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    begin() {
      const token = ++latest;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => show(true), delayMs);
      return () => {
        if (token !== latest) return;
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
        show(false);
      };
    },
  };
}
