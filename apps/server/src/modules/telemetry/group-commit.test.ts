import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

const notOutage = () => false;

describe('group commit', () => {
  it('commits the work of callers that arrive together as one batch', async () => {
    const batches: number[][] = [];
    const commit = new GroupCommit<number>((batch) => Promise.resolve(void batches.push(batch)), notOutage);
    await Promise.all([commit.write([1]), commit.write([2, 3]), commit.write([4])]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it("fails only the caller whose work fails a batch: the others' work is committed on its own", async () => {
    const committed: number[][] = [];
    const commit = new GroupCommit<number>((batch) => {
      if (batch.includes(13)) return Promise.reject(new Error('bad work'));
      committed.push(batch);
      return Promise.resolve();
    }, notOutage);
    const results = await Promise.allSettled([commit.write([1]), commit.write([13]), commit.write([2])]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committed).toEqual([[1], [2]]);
  });

  it('fails a batch and the callers queued behind it at once in an outage, trying none again', async () => {
    const outage = new Error('database out of reach');
    const tried: number[][] = [];
    let second: Promise<void> | undefined;
    const commit = new GroupCommit<number>(
      (batch) => {
        tried.push(batch);
        // A caller arrives while the first batch is on its way.
        second ??= commit.write([3]);
        return Promise.reject(outage);
      },
      (error) => error === outage,
    );
    const results = await Promise.allSettled([commit.write([1]), commit.write([2])]);
    const queued = await Promise.allSettled([second!]);
    expect([...results, ...queued].map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(tried).toEqual([[1, 2]]);
  });
});
