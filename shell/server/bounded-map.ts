/**
 * A Map that keeps at most `max` entries: setting one more drops the one set longest ago. For the
 * server's small in-process caches (stylesheet texts, widget HTML), whose keys are content-hashed or
 * build-stamped, so an entry never goes stale, it only stops being asked for.
 */
export function boundedMap<K, V>(max: number) {
  const kept = new Map<K, V>();
  return {
    get: (key: K): V | undefined => kept.get(key),
    delete: (key: K): boolean => kept.delete(key),
    get size(): number {
      return kept.size;
    },
    set(key: K, value: V): void {
      kept.delete(key);
      kept.set(key, value);
      if (kept.size > max) kept.delete(kept.keys().next().value as K);
    },
  };
}
export type BoundedMap<K, V> = ReturnType<typeof boundedMap<K, V>>;
