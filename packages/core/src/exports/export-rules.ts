/**
 * The export payload's rules, shared by the wizard's form and the server: a title, the organisation's
 * uuid, a range of at most 31 days for every type but assets, and what to include (assets, or for
 * closures a closure type or an asset). Also the form's defaults: the previous day, and the title
 * "{type}s Export {dd-MMM-y}".
 */
import { formatDashedDate, localDateOf, localMidnight } from '../time/zoned-time';
import { z } from 'zod';
import { eventsLabel, type RespondersType } from '../labels';
import { EXPORT_MAX_RANGE_MS, EXPORT_MESSAGES, type ExportInput, type ExportType } from '../schemas/export';

export interface ExportProblem {
  path: keyof ExportInput;
  message: string;
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** Whether the type covers a time range (an asset export is the assets as they are now). */
export const exportHasRange = (type: ExportType) => type !== 'thing';

export function exportProblems(input: ExportInput): ExportProblem[] {
  const problems: ExportProblem[] = [];
  if (input.title.trim() === '') problems.push({ path: 'title', message: EXPORT_MESSAGES.titleRequired });
  if (!isUuid(input.organization_id))
    problems.push({ path: 'organization_id', message: EXPORT_MESSAGES.organizationInvalid });
  if (exportHasRange(input.export_type)) {
    const range = rangeProblem(input.export_start_time, input.export_end_time);
    if (range) problems.push({ path: 'export_end_time', message: range });
  }
  const assets = input.thing_uuids?.length ?? 0;
  if (input.export_type === 'closure') {
    if (assets === 0 && (input.closures_to_include?.length ?? 0) === 0)
      problems.push({ path: 'closures_to_include', message: EXPORT_MESSAGES.closureTypeOrAsset });
  } else if (assets === 0) problems.push({ path: 'thing_uuids', message: EXPORT_MESSAGES.assetRequired });
  return problems;
}

function rangeProblem(start: string | null | undefined, end: string | null | undefined): string | null {
  if (!start || !end) return EXPORT_MESSAGES.rangeRequired;
  const span = Date.parse(end) - Date.parse(start);
  if (!(span > 0)) return EXPORT_MESSAGES.endBeforeStart;
  return span > EXPORT_MAX_RANGE_MS ? EXPORT_MESSAGES.rangeTooLong : null;
}

/** The type as the wizard names it: incidents are "Events" for organisations not all responders. */
export function exportTypeLabel(type: ExportType, respondersType: RespondersType): string {
  switch (type) {
    case 'incident':
      return eventsLabel(respondersType).slice(0, -1);
    case 'point':
      return 'Point';
    case 'thing':
      return 'Asset';
    case 'closure':
      return 'Closure';
  }
}

/** "Points Export 30-Nov-2026": the type, plural, and the day it is asked for in the zone (dd-MMM-y). */
export function defaultExportTitle(typeLabel: string, now: Date, timeZone: string): string {
  return `${typeLabel}s Export ${formatDashedDate(now, timeZone)}`;
}

/** The previous day, midnight to midnight in the zone. */
export function defaultExportRange(now: Date, timeZone: string): { start: Date; end: Date } {
  const { year, month, day } = localDateOf(now.getTime(), timeZone);
  return {
    start: new Date(localMidnight(year, month, day - 1, timeZone)),
    end: new Date(localMidnight(year, month, day, timeZone)),
  };
}

/** A range bound as the list shows it, in the zone (dd-LLL-yy, e.g. 30-Nov-26). */
export function formatExportDay(time: string | Date, timeZone: string): string {
  return formatDashedDate(time, timeZone, { shortYear: true });
}
