import { sql, type Kysely } from 'kysely';

/** Command hardware on assets, when alerting was turned off, and every command sent to a device: who, when, what and the outcome. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('things')
    .addColumn('hardware', 'text', (c) => c.check(sql`hardware in ('ha5', 'ha7')`))
    .execute();
  // When alerting was last turned off: the reset job turns it back on only if nobody changed it since.
  await db.schema.alterTable('things').addColumn('alerting_off_at', 'timestamptz').execute();
  await db.schema
    .createTable('device_commands')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('thing_id', 'uuid', (c) => c.notNull().references('things.id').onDelete('cascade'))
    .addColumn('command', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('requested_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('outcome', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`outcome in ('pending', 'delivered', 'failed', 'timed_out')`),
    )
    .addColumn('error', 'text')
    .addColumn('result', 'jsonb')
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('device_commands_thing_idx')
    .on('device_commands')
    .columns(['thing_id', 'requested_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_commands').execute();
  await db.schema.alterTable('things').dropColumn('alerting_off_at').execute();
  await db.schema.alterTable('things').dropColumn('hardware').execute();
}
