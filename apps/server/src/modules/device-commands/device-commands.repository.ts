/** The record of device commands: who sent what to which asset, when, and the outcome. */
import type { Db } from '../../platform/db/database';

export type CommandOutcome = 'delivered' | 'failed' | 'timed_out';

export class DeviceCommandsRepository {
  constructor(private readonly db: Db) {}

  async record(thingId: string, command: string, params: Record<string, unknown>, userId: string | null) {
    const row = await this.db
      .insertInto('device_commands')
      .values({ thing_id: thingId, command, params: JSON.stringify(params), requested_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async complete(
    id: string,
    outcome: CommandOutcome,
    details: { error?: string; result?: Record<string, unknown> },
  ): Promise<void> {
    await this.db
      .updateTable('device_commands')
      .set({
        outcome,
        error: details.error ?? null,
        result: details.result ? JSON.stringify(details.result) : null,
        completed_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  history(thingId: string, limit = 50) {
    return this.db
      .selectFrom('device_commands')
      .selectAll()
      .where('thing_id', '=', thingId)
      .orderBy('requested_at', 'desc')
      .limit(limit)
      .execute();
  }
}
