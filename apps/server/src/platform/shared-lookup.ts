/**
 * Lookups that requests arriving together share: while a lookup for a key is under way, asking for the
 * same key joins it instead of starting another (256 forwarded positions posted at once with one API
 * key make one read of the key, not 256). Nothing is kept once it settles, so an answer is never older
 * than the lookup under way when the request arrived: a key revoked before that lookup read it is
 * refused, as without sharing. A failed lookup fails every request that joined it. Answers are shared
 * objects: callers must not change them.
 */
export function sharedWhileUnderWay<K, V>(lookup: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const underWay = new Map<K, Promise<V>>();
  return (key) => {
    const running = underWay.get(key);
    if (running) return running;
    const started = lookup(key).finally(() => underWay.delete(key));
    underWay.set(key, started);
    return started;
  };
}
