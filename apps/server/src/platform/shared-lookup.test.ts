import { describe, expect, it } from 'vitest';
import { sharedWhileUnderWay } from './shared-lookup';

/** A lookup that answers when told to, counting its starts. */
function heldLookup() {
  const releases: Array<() => void> = [];
  let starts = 0;
  const lookup = (key: string) => {
    const start = ++starts;
    return new Promise<string>((resolve, reject) =>
      releases.push(() => (key === 'bad' ? reject(new Error('down')) : resolve(`${key}#${start}`))),
    );
  };
  return {
    lookup,
    starts: () => starts,
    releaseAll: () => releases.splice(0).forEach((release) => release()),
  };
}

describe('sharedWhileUnderWay', () => {
  it('joins asks for a key to the lookup under way, and starts a new one once it has settled', async () => {
    const held = heldLookup();
    const shared = sharedWhileUnderWay(held.lookup);
    const together = [shared('a'), shared('a'), shared('b')];
    expect(held.starts()).toBe(2);
    held.releaseAll();
    expect(await Promise.all(together)).toEqual(['a#1', 'a#1', 'b#2']);
    const later = shared('a');
    expect(held.starts()).toBe(3);
    held.releaseAll();
    expect(await later).toBe('a#3');
  });

  it('fails every ask that joined a failed lookup, and tries again on the next', async () => {
    const held = heldLookup();
    const shared = sharedWhileUnderWay(held.lookup);
    const together = [shared('bad'), shared('bad')];
    held.releaseAll();
    for (const outcome of await Promise.allSettled(together)) expect(outcome.status).toBe('rejected');
    const again = shared('bad');
    expect(held.starts()).toBe(2);
    held.releaseAll();
    await expect(again).rejects.toThrow('down');
  });
});
