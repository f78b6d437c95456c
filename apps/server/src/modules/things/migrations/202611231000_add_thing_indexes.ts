import { sql, type Kysely } from 'kysely';

/** Nicknames of an organisation that differ only in case, oldest first: the first keeps its name. */
const duplicates = sql`select id, nickname,
    row_number() over (partition by organization_id, lower(nickname) order by created_at, id) as n
  from things where nickname is not null`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Registration did not check nicknames: number the later duplicates ("Tow 1 (2)"), within the
  // 50 characters of a nickname, and clear any that would still clash.
  await sql`with d as (${duplicates})
    update things set nickname = left(d.nickname, 50 - length(' (' || d.n || ')')) || ' (' || d.n || ')'
    from d where things.id = d.id and d.n > 1`.execute(db);
  await sql`with d as (${duplicates}) update things set nickname = null from d where things.id = d.id and d.n > 1`.execute(
    db,
  );
  // One nickname per asset of an organisation, any case (ThingsService checks it first, for the message).
  await sql`create unique index things_organization_nickname_key on things (organization_id, lower(nickname))
    where nickname is not null`.execute(db);

  // The status sweep takes the longest-silent things first (never checked in first).
  await sql`create index things_heartbeat_idx on things (heartbeat_at asc nulls first, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('things_heartbeat_idx').execute();
  await db.schema.dropIndex('things_organization_nickname_key').execute();
}
