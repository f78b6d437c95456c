import { sql, type Kysely } from 'kysely';
import { normalizeText } from '@flare/core/text';

/** The live state columns that move from `things` (the profile) to `thing_states`. */
const STATE_COLUMNS = [
  'lat',
  'lng',
  'speed',
  'course',
  'accuracy',
  'position_at',
  'enroute',
  'in_service',
  'heartbeat_at',
  'street',
  'status',
  'status_changed_at',
  'run_started_at',
  'run_alert_points',
];

/**
 * An asset's live state gets its own table, written only by telemetry (reports, the status sweep);
 * `things` keeps the profile the things module edits. Reports keep more of what devices send, and
 * device ids are stored normalised.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('thing_states')
    .addColumn('thing_id', 'uuid', (c) => c.primaryKey().references('things.id').onDelete('cascade'))
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('speed', 'double precision')
    .addColumn('course', 'double precision')
    .addColumn('accuracy', 'double precision')
    .addColumn('position_at', 'timestamptz')
    .addColumn('enroute', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('in_service', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('heartbeat_at', 'timestamptz')
    .addColumn('street', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('offline'))
    .addColumn('status_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('run_started_at', 'timestamptz')
    .addColumn('run_alert_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('battery', 'double precision')
    .addColumn('charging', 'boolean')
    .addColumn('alarm', 'text')
    .addColumn('alarm_raised_at', 'timestamptz')
    .addColumn('alarm_acknowledged_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('alarm_acknowledged_at', 'timestamptz')
    // Alarms raised up to this time were acknowledged: a device resending one does not raise it again.
    .addColumn('alarm_cleared_through', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  const columns = sql.join(STATE_COLUMNS.map((c) => sql.ref(c)));
  await sql`insert into thing_states (thing_id, ${columns}, updated_at)
    select id, ${columns}, updated_at from things`.execute(db);
  // The status sweep takes the longest-silent things first (never checked in first).
  await sql`create index thing_states_heartbeat_idx on thing_states (heartbeat_at asc nulls first, thing_id)`.execute(
    db,
  );
  await db.schema.createIndex('thing_states_updated_idx').on('thing_states').column('updated_at').execute();
  await db.schema.dropIndex('things_heartbeat_idx').execute();
  for (const column of STATE_COLUMNS) await db.schema.alterTable('things').dropColumn(column).execute();

  // Device ids are compared as reports are read: trimmed, in Unicode NFC.
  const { rows: things } = await sql<{
    id: string;
    device_id: string;
  }>`select id, device_id from things`.execute(db);
  for (const { id, device_id } of things) {
    const normalized = normalizeText(device_id);
    if (normalized !== device_id)
      await sql`update things set device_id = ${normalized} where id = ${id}`.execute(db);
  }

  // A check-in without a position (a heartbeat) is kept too.
  await sql`alter table points alter column lat drop not null, alter column lng drop not null`.execute(db);
  await db.schema
    .alterTable('points')
    .addColumn('valid', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('hdop', 'double precision')
    .addColumn('charging', 'boolean')
    .addColumn('alarm', 'text')
    .addColumn('driver_unique_id', 'text')
    .addColumn('attributes', 'jsonb')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['valid', 'hdop', 'charging', 'alarm', 'driver_unique_id', 'attributes'])
    await db.schema.alterTable('points').dropColumn(column).execute();
  await sql`delete from points where lat is null or lng is null`.execute(db);
  await sql`alter table points alter column lat set not null, alter column lng set not null`.execute(db);
  await sql`alter table things
    add column lat double precision, add column lng double precision, add column speed double precision,
    add column course double precision, add column accuracy double precision, add column position_at timestamptz,
    add column enroute boolean not null default false, add column in_service boolean not null default true,
    add column heartbeat_at timestamptz, add column street text, add column status text not null default 'offline',
    add column status_changed_at timestamptz not null default now(), add column run_started_at timestamptz,
    add column run_alert_points integer not null default 0`.execute(db);
  const columns = STATE_COLUMNS.map((c) => sql`${sql.ref(c)} = s.${sql.ref(c)}`);
  await sql`update things set ${sql.join(columns)} from thing_states s where s.thing_id = things.id`.execute(
    db,
  );
  await sql`create index things_heartbeat_idx on things (heartbeat_at asc nulls first, id)`.execute(db);
  await db.schema.dropTable('thing_states').execute();
}
