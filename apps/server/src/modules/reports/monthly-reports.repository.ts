/**
 * Monthly reports: the stored reports (this module's table), and the month's rows a report is made
 * of, read from the incidents, R2R alerts, closures, assets and points other modules write.
 */
import { sql } from 'kysely';
import type { RespondersType } from '@flare/core/labels';
import {
  REPORT_RULES,
  type ArrivalInput,
  type AssetInput,
  type ClosureInput,
  type CountAt,
  type IncidentInput,
  type ReportInputs,
  type ReportWindow,
} from '@flare/core/reports/monthly-figures';
import { primaryDisplayName } from '@flare/core/things/thing-display';
import type { Db } from '../../platform/db/database';

export interface ReportOrganization {
  id: string;
  name: string;
  timezone: string;
  responders_type: RespondersType;
  created_at: Date;
}

export interface StoredReport {
  organization_id: string;
  organization_name: string;
  year: number;
  month: number;
  file_id: string;
  generated_at: Date;
}

export interface NewReport {
  organization_id: string;
  year: number;
  month: number;
  file_id: string;
  period_start: Date;
  period_end: Date;
  time_zone: string;
  generated_at: Date;
  requested_by: string | null;
}

/** R2R alerts are counted per quarter hour: every time zone's offset is a whole number of those. */
const R2R_SLOT_SECONDS = 900;
const ms = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

export class MonthlyReportsRepository {
  constructor(private readonly db: Db) {}

  async organization(id: string): Promise<ReportOrganization | null> {
    const row = await this.db
      .selectFrom('organizations')
      .select(['id', 'name', 'timezone', 'responders_type', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  async organizations(): Promise<ReportOrganization[]> {
    return this.db
      .selectFrom('organizations')
      .select(['id', 'name', 'timezone', 'responders_type', 'created_at'])
      .orderBy('id')
      .execute();
  }

  /** The reports of these organisations: the latest month first, then by organisation name. */
  async list(organizationIds: string[]): Promise<StoredReport[]> {
    if (organizationIds.length === 0) return [];
    return this.db
      .selectFrom('monthly_reports as r')
      .innerJoin('organizations as o', 'o.id', 'r.organization_id')
      .select([
        'r.organization_id',
        'o.name as organization_name',
        'r.year',
        'r.month',
        'r.file_id',
        'r.generated_at',
      ])
      .where('r.organization_id', 'in', organizationIds)
      .orderBy('r.year', 'desc')
      .orderBy('r.month', 'desc')
      .orderBy('o.name')
      .execute();
  }

  async findByFileId(fileId: string): Promise<StoredReport | null> {
    const row = await this.db
      .selectFrom('monthly_reports as r')
      .innerJoin('organizations as o', 'o.id', 'r.organization_id')
      .select([
        'r.organization_id',
        'o.name as organization_name',
        'r.year',
        'r.month',
        'r.file_id',
        'r.generated_at',
      ])
      .where('r.file_id', '=', fileId)
      .executeTakeFirst();
    return row ?? null;
  }

  async find(organizationId: string, year: number, month: number): Promise<StoredReport | null> {
    const row = await this.db
      .selectFrom('monthly_reports as r')
      .innerJoin('organizations as o', 'o.id', 'r.organization_id')
      .select([
        'r.organization_id',
        'o.name as organization_name',
        'r.year',
        'r.month',
        'r.file_id',
        'r.generated_at',
      ])
      .where('r.organization_id', '=', organizationId)
      .where('r.year', '=', year)
      .where('r.month', '=', month)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Stores the organisation's report of the month, replacing any earlier one; the replaced file's id. */
  async save(report: NewReport): Promise<string | null> {
    return this.db.transaction().execute(async (trx) => {
      const previous = await trx
        .selectFrom('monthly_reports')
        .select('file_id')
        .where('organization_id', '=', report.organization_id)
        .where('year', '=', report.year)
        .where('month', '=', report.month)
        .forUpdate()
        .executeTakeFirst();
      await trx
        .insertInto('monthly_reports')
        .values(report)
        .onConflict((oc) =>
          oc.columns(['organization_id', 'year', 'month']).doUpdateSet({
            file_id: report.file_id,
            period_start: report.period_start,
            period_end: report.period_end,
            time_zone: report.time_zone,
            generated_at: report.generated_at,
            requested_by: report.requested_by,
          }),
        )
        .execute();
      return previous?.file_id ?? null;
    });
  }

  /** Everything the report of the window is made of. */
  async inputs(organizationId: string, window: ReportWindow): Promise<ReportInputs> {
    const start = new Date(window.period.start);
    const until = new Date(window.until);
    const [incidents, arrivals, r2rAlerts, closures, assets, motoristAlerts] = await Promise.all([
      this.incidents(organizationId, start, until),
      this.arrivals(organizationId, start, until),
      this.r2rAlerts(organizationId, start, until),
      this.closures(organizationId, start, until),
      this.assets(organizationId, start, until),
      this.motoristAlerts(organizationId, start, until),
    ]);
    return { incidents, arrivals, r2rAlerts, closures, assets, motoristAlerts };
  }

  private async incidents(organizationId: string, start: Date, until: Date): Promise<IncidentInput[]> {
    const rows = await this.db
      .selectFrom('incidents')
      .select(['start_time', 'end_time'])
      .where('organization_id', '=', organizationId)
      .where('start_time', '>=', start)
      .where('start_time', '<', until)
      .execute();
    return rows.map((r) => ({ start: ms(r.start_time)!, end: ms(r.end_time) }));
  }

  /**
   * Each arrival on one of the organisation's incidents in the window, with when the asset's lights
   * came on before it: its first lights-on report after its last lights-off one, looking back a
   * limited time (lights on for longer than that: unknown).
   */
  private async arrivals(organizationId: string, start: Date, until: Date): Promise<ArrivalInput[]> {
    const lookbackSeconds = REPORT_RULES.timeToSceneLookbackMs / 1000;
    const { rows } = await sql<{ arrived_at: Date | string; lights_on_at: Date | string | null }>`
      select it.start_time as arrived_at,
        (select min(p.recorded_at) from points p
          where p.thing_id = it.thing_id and p.alerting
            and p.recorded_at > off.at and p.recorded_at <= it.start_time) as lights_on_at
      from incident_things it
      join incidents i on i.id = it.incident_id
      left join lateral (
        select max(q.recorded_at) as at from points q
        where q.thing_id = it.thing_id and not q.alerting
          and q.recorded_at < it.start_time
          and q.recorded_at >= it.start_time - ${lookbackSeconds}::int * interval '1 second'
      ) off on true
      where i.organization_id = ${organizationId}
        and it.start_time >= ${start} and it.start_time < ${until}`.execute(this.db);
    return rows.map((r) => ({ arrivedAt: ms(r.arrived_at)!, lightsOnAt: ms(r.lights_on_at) }));
  }

  /** The motorist alerts delivered per hour (the alerts module's counts), by where they went. */
  private async motoristAlerts(
    organizationId: string,
    start: Date,
    until: Date,
  ): Promise<ReportInputs['motoristAlerts']> {
    const rows = await this.db
      .selectFrom('motorist_alert_deliveries')
      .select(['hour', 'channel', (eb) => eb.fn.sum<string>('deliveries').as('deliveries')])
      .where('organization_id', '=', organizationId)
      .where('hour', '>=', start)
      .where('hour', '<', until)
      .groupBy(['hour', 'channel'])
      .execute();
    const of = (channel: string) =>
      rows
        .filter((row) => row.channel === channel)
        .map((row) => ({ at: row.hour.getTime(), count: Number(row.deliveries) }));
    return { streams: of('stream'), vehicles: of('vehicles') };
  }

  private async r2rAlerts(organizationId: string, start: Date, until: Date): Promise<CountAt[]> {
    const { rows } = await sql<{ slot: number; count: number }>`
      select (floor(extract(epoch from at) / ${R2R_SLOT_SECONDS}) * ${R2R_SLOT_SECONDS})::float8 as slot,
        count(*)::int as count
      from r2r_alerts
      where organization_id = ${organizationId} and at >= ${start} and at < ${until}
      group by 1`.execute(this.db);
    return rows.map((r) => ({ at: Number(r.slot) * 1000, count: Number(r.count) }));
  }

  /** The organisation's closures that may have been active in the window (deleted ones included). */
  private async closures(organizationId: string, start: Date, until: Date): Promise<ClosureInput[]> {
    const rows = await this.db
      .selectFrom('closures')
      .select(['is_active', 'last_start_time', 'end_time', 'deleted_at', 'updated_at', 'is_publish_on'])
      .where('organization_id', '=', organizationId)
      .where('last_start_time', 'is not', null)
      .where('last_start_time', '<', until)
      .where((eb) => eb.or([eb('deleted_at', 'is', null), eb('deleted_at', '>=', start)]))
      .execute();
    return rows.map((r) => ({
      is_active: r.is_active,
      last_start_time: ms(r.last_start_time),
      end_time: ms(r.end_time),
      deleted_at: ms(r.deleted_at),
      updated_at: ms(r.updated_at)!,
      is_publish_on: r.is_publish_on,
    }));
  }

  /**
   * The organisation's assets that existed in the window (and since when), each with its five-minute slots with a
   * report, its last report, and its time with the lights on (each lights-on report counting until
   * the next report, at most REPORT_RULES.lightsOnGapMs).
   */
  private async assets(organizationId: string, start: Date, until: Date): Promise<AssetInput[]> {
    const slotSeconds = REPORT_RULES.slotMs / 1000;
    const gapSeconds = REPORT_RULES.lightsOnGapMs / 1000;
    const { rows } = await sql<{
      nickname: string | null;
      device_id: string;
      created_at: Date | string;
      slots: number | null;
      last_report_at: Date | string | null;
      lights_on_seconds: number | null;
    }>`
      with owned as (
        select id, nickname, device_id, created_at from things
        where organization_id = ${organizationId} and is_active and created_at < ${until}
      ),
      reports as (
        select p.thing_id, p.recorded_at, p.alerting,
          lead(p.recorded_at) over (partition by p.thing_id order by p.recorded_at) as next_at
        from points p
        where p.thing_id in (select id from owned) and p.recorded_at >= ${start} and p.recorded_at < ${until}
      ),
      per_thing as (
        select thing_id,
          count(distinct floor(extract(epoch from recorded_at) / ${slotSeconds}))::int as slots,
          max(recorded_at) as last_report_at,
          sum(case when alerting then
            least(extract(epoch from coalesce(next_at, ${until}::timestamptz) - recorded_at), ${gapSeconds})
          else 0 end)::float8 as lights_on_seconds
        from reports group by thing_id
      )
      select o.nickname, o.device_id, o.created_at, t.slots, t.last_report_at, t.lights_on_seconds
      from owned o left join per_thing t on t.thing_id = o.id`.execute(this.db);
    return rows.map((r) => ({
      name: primaryDisplayName({ nickname: r.nickname, haas_id: r.device_id }),
      since: ms(r.created_at)!,
      slots: Number(r.slots ?? 0),
      lastReportAt: ms(r.last_report_at),
      lightsOnMs: Math.round(Number(r.lights_on_seconds ?? 0) * 1000),
    }));
  }
}
