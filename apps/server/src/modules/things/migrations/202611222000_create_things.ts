import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('things')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id'))
    .addColumn('device_id', 'text', (c) => c.notNull().unique())
    .addColumn('device_type', 'text', (c) => c.notNull().defaultTo('osmand'))
    .addColumn('nickname', 'text')
    .addColumn('thing_type_id', 'uuid', (c) => c.notNull().references('thing_types.id'))
    .addColumn('thing_subtype_id', 'uuid', (c) => c.references('thing_subtypes.id'))
    .addColumn('vin_number', 'text')
    .addColumn('license_plate_number', 'text')
    .addColumn('registry_number', 'text')
    .addColumn('in_service', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_publicly_alerting', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('wzdx_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('r2r_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('test_mode', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('speed', 'double precision')
    .addColumn('course', 'double precision')
    .addColumn('accuracy', 'double precision')
    .addColumn('enroute', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('heartbeat_at', 'timestamptz')
    .addColumn('position_at', 'timestamptz')
    .addColumn('street', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('offline'))
    .addColumn('status_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('things_organization_idx').on('things').column('organization_id').execute();
  await db.schema.createIndex('things_updated_idx').on('things').column('updated_at').execute();

  /** Organisations other than the owner that manage or access a thing. */
  await db.schema
    .createTable('thing_relationships')
    .addColumn('thing_id', 'uuid', (c) => c.notNull().references('things.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('relationship_type', 'text', (c) =>
      c.notNull().check(sql`relationship_type in ('manager', 'accessor')`),
    )
    .addPrimaryKeyConstraint('thing_relationships_pk', ['thing_id', 'organization_id'])
    .execute();
  await db.schema
    .createIndex('thing_relationships_organization_idx')
    .on('thing_relationships')
    .column('organization_id')
    .execute();

  await db.schema
    .createTable('thing_external_identifiers')
    .addColumn('thing_id', 'uuid', (c) => c.notNull().references('things.id').onDelete('cascade'))
    .addColumn('system_name', 'text', (c) => c.notNull().check(sql`system_name in ('geotab', 'samsara')`))
    .addColumn('identifier_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('thing_external_identifiers_pk', ['thing_id', 'system_name'])
    .execute();

  await db.schema
    .createTable('points')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('thing_id', 'uuid', (c) => c.notNull().references('things.id').onDelete('cascade'))
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('speed', 'double precision')
    .addColumn('course', 'double precision')
    .addColumn('altitude', 'double precision')
    .addColumn('accuracy', 'double precision')
    .addColumn('battery', 'double precision')
    .addColumn('alerting', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('accepted', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('in_service', 'boolean')
    .execute();
  await db.schema
    .createIndex('points_thing_time_idx')
    .on('points')
    .columns(['thing_id', 'recorded_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['points', 'thing_external_identifiers', 'thing_relationships', 'things']) {
    await db.schema.dropTable(table).execute();
  }
}
