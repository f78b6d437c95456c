import { afterEach, describe, expect, it } from 'vitest';
import { createExpiringStorage } from './expiring-storage';

afterEach(() => sessionStorage.clear());

/** A store on the tab's session storage whose clock the test moves. */
function storeAt(start: number) {
  const clock = { now: start };
  return {
    clock,
    store: createExpiringStorage(
      () => sessionStorage,
      () => clock.now,
    ),
  };
}

describe('the expiring session store', () => {
  it('reads an entry until its expiry, then removes it and reads null', () => {
    const { clock, store } = storeAt(1_000);
    store.set('a', { names: ['Arrow board'] }, 3_600_000);
    clock.now += 3_599_999;
    expect(store.get('a')).toEqual({ names: ['Arrow board'] });
    clock.now += 1;
    expect(store.get('a')).toBeNull();
    expect(sessionStorage.getItem('a')).toBeNull();
  });

  it('keeps an entry without an expiry until it is removed', () => {
    const { clock, store } = storeAt(0);
    store.set('b', 42);
    clock.now += 365 * 86_400_000;
    expect(store.get('b')).toBe(42);
    store.remove('b');
    expect(store.get('b')).toBeNull();
  });

  it('reads unparsable or foreign entries as null and removes them', () => {
    const { store } = storeAt(0);
    for (const [key, raw] of [
      ['broken', '{"value":'],
      ['bare', '"just text"'],
      ['no-value', '{"expiresAt":null}'],
      ['bad-expiry', '{"value":1,"expiresAt":"soon"}'],
    ]) {
      sessionStorage.setItem(key!, raw!);
      expect(store.get(key!)).toBeNull();
      expect(sessionStorage.getItem(key!)).toBeNull();
    }
    expect(store.get('missing')).toBeNull();
  });

  it('lists its keys by prefix; a full or refused storage keeps nothing and throws nothing', () => {
    const { store } = storeAt(0);
    store.set('flare.query.x', 1);
    store.set('other', 2);
    expect(store.keys('flare.query.')).toEqual(['flare.query.x']);
    const refused = createExpiringStorage(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => refused.set('c', 1, 10)).not.toThrow();
    expect(refused.get('c')).toBeNull();
    expect(refused.keys('')).toEqual([]);
  });
});
