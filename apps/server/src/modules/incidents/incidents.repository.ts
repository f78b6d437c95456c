/** Incidents and the assets' stints at them. */
import type { IncidentExtent } from '@flare/core/incidents/incident-extent';
import { sql, type Selectable } from 'kysely';
import type { IncidentsTable, IncidentThingsTable } from './incidents.tables';
import type { NearArea } from '@flare/core/areas/nearest-area';
import { roadwayHeading } from '@flare/core/incidents/scene-rules';
import type { Db } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';

/** An active incident as detection needs it. */
export interface ActiveScene {
  id: string;
  organizationId: string;
  lat: number;
  lng: number;
  thingIds: string[];
}

/** An incident as stored (whether its heading was edited is the repository's own business). */
export type IncidentRow = Omit<Selectable<IncidentsTable>, 'heading_edited'>;

/** An asset's stay at an incident, with the asset's names. */
export type StintRow = Pick<
  Selectable<IncidentThingsTable>,
  'incident_id' | 'thing_id' | 'start_time' | 'end_time'
> &
  Pick<Selectable<Database['things']>, 'nickname' | 'device_id'>;

export interface IncidentFilter {
  /** null: every organisation. */
  organizationIds: string[] | null;
  activeOnly?: boolean;
  /** Started at or after it, or still active. */
  startedSince?: Date | undefined;
  changedSince?: Date | undefined;
  ids?: string[];
  limit: number;
}

export class IncidentsRepository {
  constructor(private readonly db: Db) {}

  async activeScenes(): Promise<ActiveScene[]> {
    const rows = await this.db
      .selectFrom('incidents as i')
      .leftJoin('incident_things as it', (join) =>
        join.onRef('it.incident_id', '=', 'i.id').on('it.end_time', 'is', null),
      )
      .select(['i.id', 'i.organization_id', 'i.lat', 'i.lng', 'it.thing_id'])
      .where('i.end_time', 'is', null)
      .execute();
    const scenes = new Map<string, ActiveScene>();
    for (const row of rows) {
      const scene = scenes.get(row.id) ?? {
        id: row.id,
        organizationId: row.organization_id,
        lat: row.lat,
        lng: row.lng,
        thingIds: [],
      };
      if (row.thing_id) scene.thingIds.push(row.thing_id);
      scenes.set(row.id, scene);
    }
    return [...scenes.values()];
  }

  /** A new incident where its first asset stopped. */
  /** Opens the incident with the asset on it; opening one already stored (a write tried again) does nothing. */
  async open(input: {
    id: string;
    organizationId: string;
    thingId: string;
    lat: number;
    lng: number;
    at: Date;
    course: number | null;
    alertMessage: string;
  }): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const opened = await tx
        .insertInto('incidents')
        .values({
          id: input.id,
          organization_id: input.organizationId,
          lat: input.lat,
          lng: input.lng,
          start_lat: input.lat,
          start_lng: input.lng,
          roadway_heading: roadwayHeading([input.course]),
          alert_message: input.alertMessage,
          start_time: input.at,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!opened) return;
      await tx
        .insertInto('incident_things')
        .values({
          incident_id: input.id,
          thing_id: input.thingId,
          start_time: input.at,
          arrival_course: input.course,
        })
        .execute();
    });
  }

  /**
   * The asset joins (or comes back to) an active incident. The roadway heading follows the courses the
   * assets arrived on, until a user sets it. False when the incident has ended meanwhile.
   */
  async join(incidentId: string, thingId: string, at: Date, course: number | null): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const incident = await tx
        .selectFrom('incidents')
        .select(['heading_edited'])
        .where('id', '=', incidentId)
        .where('end_time', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!incident) return false;
      await tx
        .insertInto('incident_things')
        .values({ incident_id: incidentId, thing_id: thingId, start_time: at, arrival_course: course })
        .onConflict((oc) => oc.columns(['incident_id', 'thing_id']).doUpdateSet({ end_time: null }))
        .execute();
      const courses = await tx
        .selectFrom('incident_things')
        .select('arrival_course')
        .where('incident_id', '=', incidentId)
        .execute();
      await tx
        .updateTable('incidents')
        .set({
          updated_at: sql`now()`,
          ...(incident.heading_edited
            ? {}
            : { roadway_heading: roadwayHeading(courses.map((c) => c.arrival_course)) }),
        })
        .where('id', '=', incidentId)
        .execute();
      return true;
    });
  }

  /** The asset leaves; the incident ends with its last asset. Whether anything changed. */
  async leave(incidentId: string, thingId: string, at: Date): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const left = await tx
        .updateTable('incident_things')
        .set({ end_time: sql`greatest(start_time, ${at})` })
        .where('incident_id', '=', incidentId)
        .where('thing_id', '=', thingId)
        .where('end_time', 'is', null)
        .returning('thing_id')
        .executeTakeFirst();
      if (!left) return false;
      await sql`update incidents set updated_at = now(),
          end_time = case when exists (select 1 from incident_things
            where incident_id = ${incidentId} and end_time is null) then null
            else greatest(start_time, ${at}) end
        where id = ${incidentId} and end_time is null`.execute(tx);
      return true;
    });
  }

  /** Assets on scene whose last check-in is before `before` (or never). */
  async silentStints(before: Date): Promise<{ incident_id: string; thing_id: string }[]> {
    return this.db
      .selectFrom('incident_things as it')
      .leftJoin('thing_states as s', 's.thing_id', 'it.thing_id')
      .select(['it.incident_id', 'it.thing_id'])
      .where('it.end_time', 'is', null)
      .where((eb) => eb.or([eb('s.heartbeat_at', 'is', null), eb('s.heartbeat_at', '<', before)]))
      .execute();
  }

  async stintsOfThing(thingId: string): Promise<{ incident_id: string; thing_id: string }[]> {
    return this.db
      .selectFrom('incident_things')
      .select(['incident_id', 'thing_id'])
      .where('thing_id', '=', thingId)
      .where('end_time', 'is', null)
      .execute();
  }

  async find(id: string): Promise<IncidentRow | undefined> {
    return this.incidents().where('id', '=', id).executeTakeFirst();
  }

  async list(filter: IncidentFilter): Promise<IncidentRow[]> {
    let query = this.incidents().orderBy('start_time', 'desc').limit(filter.limit);
    if (filter.organizationIds !== null) {
      if (filter.organizationIds.length === 0) return [];
      query = query.where('organization_id', 'in', filter.organizationIds);
    }
    if (filter.ids)
      query =
        filter.ids.length === 0 ? query.where(sql<boolean>`false`) : query.where('id', 'in', filter.ids);
    if (filter.activeOnly) query = query.where('end_time', 'is', null);
    const since = filter.startedSince;
    if (since)
      query = query.where((eb) => eb.or([eb('start_time', '>=', since), eb('end_time', 'is', null)]));
    if (filter.changedSince) query = query.where('updated_at', '>', filter.changedSince);
    return query.execute();
  }

  async stints(incidentIds: string[]): Promise<StintRow[]> {
    if (incidentIds.length === 0) return [];
    return this.db
      .selectFrom('incident_things as it')
      .innerJoin('things', 'things.id', 'it.thing_id')
      .select([
        'it.incident_id',
        'it.thing_id',
        'things.nickname',
        'things.device_id',
        'it.start_time',
        'it.end_time',
      ])
      .where('it.incident_id', 'in', incidentIds)
      .orderBy('it.start_time')
      .execute();
  }

  /**
   * A user's edit: where it is, its roadway heading (kept from then on) and, unless undefined, its
   * extent (null: its point alone).
   */
  async move(
    id: string,
    input: { lat: number; lng: number; roadwayHeading: number; extent: IncidentExtent | null | undefined },
  ): Promise<boolean> {
    const moved = await this.db
      .updateTable('incidents')
      .set({
        lat: input.lat,
        lng: input.lng,
        roadway_heading: input.roadwayHeading,
        heading_edited: true,
        ...(input.extent === undefined ? {} : { extent: input.extent && JSON.stringify(input.extent) }),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .where('end_time', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return moved !== undefined;
  }

  /** Names where the incident is: its street (kept when none was found) and its saved area. */
  async setPlace(id: string, place: { street: string | null; nearArea: NearArea | null }): Promise<void> {
    await this.db
      .updateTable('incidents')
      .set({
        street: place.street === null ? sql`street` : place.street,
        near_area_name: place.nearArea?.name ?? null,
        near_area_distance_m: place.nearArea?.distance_m ?? null,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  private incidents() {
    return this.db
      .selectFrom('incidents')
      .select([
        'id',
        sql<string>`number::text`.as('number'),
        'organization_id',
        'lat',
        'lng',
        'start_lat',
        'start_lng',
        'roadway_heading',
        'extent',
        'street',
        'near_area_name',
        'near_area_distance_m',
        'alert_message',
        'start_time',
        'end_time',
        'updated_at',
      ]);
  }
}
