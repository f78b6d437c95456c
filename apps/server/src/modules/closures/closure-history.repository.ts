/** A closure's activity history as stored: the newest CLOSURE_HISTORY_KEPT changes of each closure. */
import { sql, type Selectable } from 'kysely';
import { CLOSURE_HISTORY_KEPT } from '@flare/core/closures/closure-history';
import type { ClosureChangeSource, ClosureHistoryAction } from '@flare/core/schemas/closure-history';
import type { Db } from '../../platform/db/database';
import type { ClosureHistoryTable } from './closures.tables';

export type ClosureHistoryRow = Selectable<ClosureHistoryTable>;

export class ClosureHistoryRepository {
  constructor(private readonly db: Db) {}

  /** The closure's changes, newest first. */
  list(closureId: string): Promise<ClosureHistoryRow[]> {
    return this.db
      .selectFrom('closure_history')
      .selectAll()
      .where('closure_id', '=', closureId)
      .orderBy('at', 'desc')
      .orderBy('id')
      .limit(CLOSURE_HISTORY_KEPT)
      .execute();
  }

  /** Whether the closure was active after its last recorded change; null when none is recorded. */
  async lastState(closureId: string): Promise<{ is_active: boolean } | null> {
    const row = await this.db
      .selectFrom('closure_history')
      .select('is_active')
      .where('closure_id', '=', closureId)
      .orderBy('at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Records a change (its user named as now: full name, else email) and drops the closure's changes past the newest kept. */
  async record(change: {
    closure_id: string;
    action: ClosureHistoryAction;
    source: ClosureChangeSource;
    user_id: string | null;
    is_active: boolean;
  }): Promise<void> {
    await this.db
      .insertInto('closure_history')
      .values((eb) => ({
        ...change,
        user_name: change.user_id
          ? eb
              .selectFrom('users')
              .select(
                sql<string>`coalesce(nullif(trim(first_name || ' ' || last_name), ''), email)`.as('name'),
              )
              .where('id', '=', change.user_id)
          : null,
      }))
      .execute();
    const kept = this.db
      .selectFrom('closure_history')
      .select('id')
      .where('closure_id', '=', change.closure_id)
      .orderBy('at', 'desc')
      .limit(CLOSURE_HISTORY_KEPT);
    await this.db
      .deleteFrom('closure_history')
      .where('closure_id', '=', change.closure_id)
      .where('id', 'not in', kept)
      .execute();
  }
}
