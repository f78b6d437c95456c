import { sql, type Kysely } from 'kysely';

/**
 * Points are partitioned by month of `recorded_at` (UTC), so that a year of an agency's reports is
 * twelve tables rather than one ever larger one, and retention drops whole months
 * (points-partitions.ts keeps the months ahead made and the old ones dropped). A default partition
 * holds what no month does (reports older than the first month). The columns, the key a resent report
 * conflicts on, the trip index and the identifiers' sequence are as before; the primary key carries
 * the partition key, as PostgreSQL requires. Existing points move over in the migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table points rename to points_unpartitioned`.execute(db);
  await sql`alter index points_report_key rename to points_unpartitioned_report_key`.execute(db);
  await sql`alter index points_trip_idx rename to points_unpartitioned_trip_idx`.execute(db);
  await sql`alter table points_unpartitioned rename constraint points_pkey to points_unpartitioned_pkey`.execute(
    db,
  );
  await sql`create sequence points_id_sequence as bigint`.execute(db);
  await sql`create table points (
    id bigint not null default nextval('points_id_sequence'),
    thing_id uuid not null references things (id) on delete cascade,
    recorded_at timestamptz not null,
    received_at timestamptz not null default now(),
    lat double precision,
    lng double precision,
    speed double precision,
    course double precision,
    altitude double precision,
    accuracy double precision,
    battery double precision,
    alerting boolean not null default false,
    accepted boolean not null default true,
    in_service boolean,
    valid boolean not null default true,
    hdop double precision,
    charging boolean,
    alarm text,
    driver_unique_id text,
    attributes jsonb,
    primary key (id, recorded_at)
  ) partition by range (recorded_at)`.execute(db);
  await sql`alter sequence points_id_sequence owned by points.id`.execute(db);
  await sql`create table points_default partition of points default`.execute(db);
  // Every month from the oldest point's to three after this one.
  await sql`do $$
    declare
      month timestamptz;
    begin
      for month in
        select generate_series(
          date_trunc('month', coalesce((select min(recorded_at) from points_unpartitioned), now()) at time zone 'UTC'),
          date_trunc('month', now() at time zone 'UTC') + interval '3 months',
          interval '1 month'
        ) at time zone 'UTC'
      loop
        execute format(
          'create table %I partition of points for values from (%L) to (%L)',
          'points_' || to_char(month at time zone 'UTC', 'YYYY_MM'),
          month,
          (month at time zone 'UTC' + interval '1 month') at time zone 'UTC'
        );
      end loop;
    end $$`.execute(db);
  await sql`create unique index points_report_key on points (thing_id, recorded_at, lat, lng) nulls not distinct`.execute(
    db,
  );
  await sql`create index points_trip_idx on points (thing_id, recorded_at)
    include (id, lat, lng, speed, course, alerting) where accepted and lat is not null`.execute(db);
  await sql`insert into points (id, thing_id, recorded_at, received_at, lat, lng, speed, course, altitude,
      accuracy, battery, alerting, accepted, in_service, valid, hdop, charging, alarm, driver_unique_id, attributes)
    select id, thing_id, recorded_at, received_at, lat, lng, speed, course, altitude, accuracy, battery,
      alerting, accepted, in_service, valid, hdop, charging, alarm, driver_unique_id, attributes
    from points_unpartitioned`.execute(db);
  await sql`select setval('points_id_sequence', coalesce((select max(id) from points), 0) + 1, false)`.execute(
    db,
  );
  await sql`drop table points_unpartitioned`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table points rename to points_partitioned`.execute(db);
  await sql`alter index points_report_key rename to points_partitioned_report_key`.execute(db);
  await sql`alter index points_trip_idx rename to points_partitioned_trip_idx`.execute(db);
  await sql`alter table points_partitioned rename constraint points_pkey to points_partitioned_pkey`.execute(
    db,
  );
  await sql`create table points (
    id bigint generated always as identity primary key,
    thing_id uuid not null references things (id) on delete cascade,
    recorded_at timestamptz not null,
    received_at timestamptz not null default now(),
    lat double precision,
    lng double precision,
    speed double precision,
    course double precision,
    altitude double precision,
    accuracy double precision,
    battery double precision,
    alerting boolean not null default false,
    accepted boolean not null default true,
    in_service boolean,
    valid boolean not null default true,
    hdop double precision,
    charging boolean,
    alarm text,
    driver_unique_id text,
    attributes jsonb
  )`.execute(db);
  await sql`insert into points overriding system value
    select id, thing_id, recorded_at, received_at, lat, lng, speed, course, altitude, accuracy, battery,
      alerting, accepted, in_service, valid, hdop, charging, alarm, driver_unique_id, attributes
    from points_partitioned`.execute(db);
  await sql`select setval(pg_get_serial_sequence('points', 'id'), coalesce((select max(id) from points), 0) + 1, false)`.execute(
    db,
  );
  await sql`create unique index points_report_key on points (thing_id, recorded_at, lat, lng) nulls not distinct`.execute(
    db,
  );
  await sql`create index points_trip_idx on points (thing_id, recorded_at)
    include (id, lat, lng, speed, course, alerting) where accepted and lat is not null`.execute(db);
  await sql`drop table points_partitioned`.execute(db);
}
