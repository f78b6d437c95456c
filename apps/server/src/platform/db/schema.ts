/**
 * The database's types for Kysely: each module declares its tables beside it (`<module>.tables.ts`),
 * joined here into the one `Database` type; the column types shared by all are here.
 */
import type { ColumnType } from 'kysely';
import type { ZonesTables } from '../../modules/zones/zones.tables';
import type { AlertsTables } from '../../modules/alerts/alerts.tables';
import type { ApiKeysTables } from '../../modules/api-keys/api-keys.tables';
import type { AreasTables } from '../../modules/areas/areas.tables';
import type { AuthTables } from '../../modules/auth/auth.tables';
import type { ClosuresTables } from '../../modules/closures/closures.tables';
import type { DeviceCommandsTables } from '../../modules/device-commands/device-commands.tables';
import type { ExportsTables } from '../../modules/exports/exports.tables';
import type { FeedsTables } from '../../modules/feeds/feeds.tables';
import type { HazardsTables } from '../../modules/hazards/hazards.tables';
import type { IncidentsTables } from '../../modules/incidents/incidents.tables';
import type { OrganizationsTables } from '../../modules/organizations/organizations.tables';
import type { R2rTables } from '../../modules/r2r/r2r.tables';
import type { ReferenceTables } from '../../modules/reference/reference.tables';
import type { ReportsTables } from '../../modules/reports/reports.tables';
import type { TelemetryTables } from '../../modules/telemetry/telemetry.tables';
import type { ThingsTables } from '../../modules/things/things.tables';
import type { UsersTables } from '../../modules/users/users.tables';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export interface SettingsTable {
  name: string;
  value: string;
}

export interface Database
  extends
    ReferenceTables,
    OrganizationsTables,
    UsersTables,
    AuthTables,
    ApiKeysTables,
    ThingsTables,
    AreasTables,
    ZonesTables,
    ClosuresTables,
    DeviceCommandsTables,
    R2rTables,
    HazardsTables,
    ReportsTables,
    TelemetryTables,
    IncidentsTables,
    FeedsTables,
    ExportsTables,
    AlertsTables {
  settings: SettingsTable;
}
