/**
 * Reads of the same small thing (a table's version) asked at once share one statement: a read
 * not sent yet is joined, one already sent is not (it may have been answered before a caller's
 * own write committed), so every caller still sees every write committed before it asked. Under
 * load that is one statement per key and turn of the event loop instead of one per request; each
 * statement costs the server a round trip to PostgreSQL, its largest share of CPU on the kept
 * pages (docs/performance.md).
 */
export function sharedReads<D extends object, K, T>(read: (db: D, key: K) => Promise<T>) {
  const pending = new WeakMap<D, Map<K, Promise<T>>>();
  return (db: D, key: K): Promise<T> => {
    let batch = pending.get(db);
    if (!batch) pending.set(db, (batch = new Map<K, Promise<T>>()));
    let shared = batch.get(key);
    if (!shared) {
      const joined = batch;
      shared = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        joined.delete(key);
        return read(db, key);
      });
      joined.set(key, shared);
    }
    return shared;
  };
}
