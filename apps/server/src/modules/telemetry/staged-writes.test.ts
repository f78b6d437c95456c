import { describe, expect, it } from 'vitest';
import { retryDelayMs, StagedWrites } from './staged-writes';

const log = () => {
  const lines: string[] = [];
  return {
    lines,
    warn: (_: object, message: string) => lines.push(`warn ${message}`),
    error: (_: object, message: string) => lines.push(`error ${message}`),
  };
};
/** A write that fails its first `failures` attempts, then records `name`. */
const writeOf = (done: string[], name: string, failures = 0) => {
  let attempts = 0;
  return () => {
    attempts += 1;
    if (attempts <= failures) return Promise.reject(new Error(`${name} refused`));
    done.push(name);
    return Promise.resolve();
  };
};

describe('StagedWrites', () => {
  it('runs a write at once and settles after it', async () => {
    const done: string[] = [];
    const writes = new StagedWrites('test', log(), () => 0);
    await writes.run(writeOf(done, 'a'));
    expect(done).toEqual(['a']);
  });

  it('tries a failed write again until it succeeds, later writes waiting behind it in order', async () => {
    const done: string[] = [];
    const logged = log();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The retry waits until the test lets it go.
    const writes = new StagedWrites('test', logged, () => 0);
    const first = writes.run(async () => {
      await held;
      await writeOf(done, 'a', 0)();
    });
    // Queued behind a write under way: settles at once, without waiting for it.
    await writes.run(writeOf(done, 'b'));
    expect(done).toEqual([]);
    release();
    await first;
    await writes.idle();
    expect(done).toEqual(['a', 'b']);

    const failing = new StagedWrites('test', logged, () => 0);
    await failing.run(writeOf(done, 'c', 2));
    await failing.run(writeOf(done, 'd'));
    await failing.idle();
    expect(done).toEqual(['a', 'b', 'c', 'd']);
    expect(logged.lines).toEqual([
      'warn staged write failed; trying again',
      'warn staged write failed; trying again',
    ]);
  });

  it('settles after the first attempt of a failing write, and drops what still fails once closed', async () => {
    const done: string[] = [];
    const logged = log();
    const writes = new StagedWrites('test', logged, () => 60_000);
    await writes.run(writeOf(done, 'a', Number.POSITIVE_INFINITY));
    expect(logged.lines).toEqual(['warn staged write failed; trying again']);
    await writes.run(writeOf(done, 'b'));
    expect(done).toEqual([]);
    writes.close();
    await writes.idle();
    expect(done).toEqual(['b']);
    expect(logged.lines.at(-1)).toBe('error staged write dropped: the server is stopping');
  });

  it('waits 0.1 s before the first retry, doubling up to 30 s', () => {
    expect([0, 1, 2, 8, 20].map(retryDelayMs)).toEqual([100, 200, 400, 25_600, 30_000]);
  });
});
