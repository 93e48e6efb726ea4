/**
 * Content kept in memory and looked at again (the file store's files, the Sync API's changes): reads
 * never wait for a look once something is kept. The first read after `intervalMs` starts a look in the
 * background and is answered from what is kept; concurrent reads share one look; a look that fails
 * keeps what was kept, says why once (`failed(message)`) until one succeeds, and is tried again after
 * the interval. Only the first look is waited for (and its failure is the read's).
 */
export function keptLooks<T>(look: (kept: T | undefined) => Promise<T>, { intervalMs, warn, failed }: { intervalMs: number; warn: (message: string) => void; failed: (message: string) => string }) {
  let kept: T | undefined;
  let lookedAt = 0;
  let looking: Promise<T> | undefined;
  let said: string | undefined;

  function start(): Promise<T> {
    looking ??= look(kept)
      .then(
        (next) => {
          said = undefined;
          kept = next;
          return next;
        },
        (error: unknown) => {
          if (kept === undefined) throw error;
          const message = error instanceof Error ? error.message : String(error);
          if (said !== message) warn(failed(message));
          said = message;
          return kept;
        },
      )
      .finally(() => {
        lookedAt = Date.now();
        looking = undefined;
      });
    return looking;
  }

  return {
    /** What is kept (the first read waits for the first look). */
    load(): Promise<T> {
      if (kept === undefined) return start();
      if (Date.now() - lookedAt >= intervalMs) void start();
      return Promise.resolve(kept);
    },
    /** A look now, after the one under way (which may have started before what asks for this one). */
    async refresh(): Promise<void> {
      await looking?.catch(() => undefined);
      await start();
    },
  };
}

/** Which entries changed from one version to the next, for the last `size` changes (`ContentSource.changedSince`). */
export function changeLog(size = 64) {
  const changes: { from: string; to: string; ids: ReadonlySet<string> }[] = [];
  return {
    note(from: string, to: string, ids: ReadonlySet<string>): void {
      if (from === to) return;
      changes.push({ from, to, ids });
      if (changes.length > size) changes.shift();
    },
    /** The ids changed from `since` to `now`; undefined when the log does not reach back to `since`. */
    since(since: string, now: string): ReadonlySet<string> | undefined {
      if (since === now) return new Set();
      const start = changes.findIndex((c) => c.from === since);
      if (start < 0 || changes.at(-1)?.to !== now) return undefined;
      const ids = new Set<string>();
      for (const c of changes.slice(start)) c.ids.forEach((id) => ids.add(id));
      return ids;
    },
  };
}
