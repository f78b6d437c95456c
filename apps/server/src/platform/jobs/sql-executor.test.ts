/**
 * pg-boss completes and fails jobs without awaiting the statements: when the database is out of
 * reach those must not reject (an unhandled rejection ends the process). A database that refuses
 * connections here is a closed port.
 */
import { describe, expect, it } from 'vitest';
import { pgBossUnawaited, postgresExecutor } from './sql-executor';

const REFUSED = 'postgres://postgres@127.0.0.1:1/flare';

describe('the job queue SQL executor', () => {
  it('reports a failed job completion or failure instead of rejecting; other statements reject', async () => {
    const failures: unknown[] = [];
    const unawaited = pgBossUnawaited('pgboss', (error) => failures.push(error));
    expect(unawaited.statements.size).toBe(2);
    const executor = postgresExecutor(REFUSED, 1, () => undefined, unawaited);
    for (const statement of unawaited.statements) {
      expect(statement).toContain('pgboss.job');
      await expect(
        executor.executeSql(statement, ['a-job', [crypto.randomUUID()], null]),
      ).resolves.toBeUndefined();
    }
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatchObject({ code: 'ECONNREFUSED' });
    await expect(executor.executeSql('select 1')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await executor.close();
  });
});
