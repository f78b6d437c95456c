import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organization_types')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('acs', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('on_icon_url', 'text')
    .addColumn('off_icon_url', 'text')
    .execute();

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('lat', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('lng', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('country_code', 'varchar(2)')
    .addColumn('phone_number', 'text')
    .addColumn('contact_name', 'text')
    .addColumn('cell_phone_number', 'text')
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('organization_type_id', 'uuid', (c) => c.notNull().references('organization_types.id'))
    .addColumn('responders_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`responders_type in ('none', 'some', 'all')`),
    )
    .addColumn('is_wzdx_org', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_large_org', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('show_infinite_timeout_option', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_ha_direct_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('billing_customer_id', 'text')
    .addColumn('dashboard_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sign_in_method', 'text', (c) =>
      c
        .notNull()
        .defaultTo('password')
        .check(sql`sign_in_method in ('password', 'external')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('organization_relationships')
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('related_organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('relationship_type', 'text', (c) =>
      c.notNull().check(sql`relationship_type in ('manager', 'accessor')`),
    )
    .addPrimaryKeyConstraint('organization_relationships_pk', ['organization_id', 'related_organization_id'])
    .addCheckConstraint(
      'organization_relationships_not_self',
      sql`organization_id <> related_organization_id`,
    )
    .execute();
  await db.schema
    .createIndex('organization_relationships_related_idx')
    .on('organization_relationships')
    .column('related_organization_id')
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('country_code', 'varchar(2)')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('suspended_at', 'timestamptz')
    .addColumn('last_sign_in_at', 'timestamptz')
    .addColumn('sign_in_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Emails are unique whatever their case.
  await sql`create unique index users_email_unique on users (lower(email))`.execute(db);
  await db.schema.createIndex('users_organization_idx').on('users').column('organization_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id'))
    .addColumn('application', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_idx')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('thing_types')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('emergency', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('thing_subtypes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('thing_type_id', 'uuid', (c) => c.notNull().references('thing_types.id').onDelete('cascade'))
    .addUniqueConstraint('thing_subtypes_type_name_unique', ['thing_type_id', 'name'])
    .execute();

  await db.schema
    .createTable('ez_types')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('db_name', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('is_station_view', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_av_type', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'ez_types',
    'thing_subtypes',
    'thing_types',
    'refresh_tokens',
    'sessions',
    'users',
    'role_permissions',
    'roles',
    'organization_relationships',
    'organizations',
    'organization_types',
    'settings',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
