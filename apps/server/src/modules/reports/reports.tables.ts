/** The monthly reports: Kysely's types for the module's tables (the database's snake_case names). */
import type { Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/schema';

/** A monthly report's PDF (in the data folder's files): its organisation, month and what it covers. */
export interface MonthlyReportsTable {
  id: Generated<string>;
  organization_id: string;
  year: number;
  month: number;
  file_id: string;
  period_start: Timestamp;
  /** The end of what it counts: the month's end, or its build time for a month to date. */
  period_end: Timestamp;
  time_zone: string;
  generated_at: Timestamp;
  requested_by: string | null;
}

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface ReportsTables {
  monthly_reports: MonthlyReportsTable;
}
