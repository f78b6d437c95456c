/**
 * The closure save rules that depend on the time or the organisation (the payload's own shape is
 * ClosureInputSchema): an automated closure needs its asset; active and scheduled exclude each other;
 * an active closure needs an end and may start now or earlier (one entered after it began), never later;
 * a scheduled one needs a start and an end; the end comes after the start
 * and at most 3 months from now; work-zone organisations give a direction; publishing needs the
 * work-zone id, road names, the location method and the vehicle impact (WZDX_PUBLISHING_NEEDS).
 * Times have minute granularity.
 */
import dayjs from 'dayjs';
import { CLOSURE_END_MAX_MONTHS, CLOSURE_MESSAGES, type ClosureInput } from '../schemas/closure';
import { MESSAGES } from '../messages';

/** What publishing a closure as WZDx work-zone data needs, as the form states it. */
export const WZDX_PUBLISHING_NEEDS =
  'Published work zones need a work-zone ID, road names, a location method and a vehicle impact.';

export interface ClosureProblem {
  path: keyof ClosureInput;
  message: string;
}

export function closureProblems(
  input: ClosureInput,
  context: { now: Date; wzdxOrganization: boolean },
): ClosureProblem[] {
  const problems: ClosureProblem[] = [];
  const add = (path: keyof ClosureInput, message: string) => problems.push({ path, message });
  if (input.closure_type === 'automated' && !input.thing_id) add('thing_id', CLOSURE_MESSAGES.assetRequired);
  if (input.is_active && input.is_scheduled) add('is_scheduled', CLOSURE_MESSAGES.activeOrScheduled);
  if (input.is_scheduled && !input.start_time) add('start_time', CLOSURE_MESSAGES.startRequired);
  if (input.is_active && input.start_time && toMinute(input.start_time) > context.now)
    add('start_time', CLOSURE_MESSAGES.activeStartsLater);
  if ((input.is_active || input.is_scheduled) && !input.end_time)
    add('end_time', CLOSURE_MESSAGES.endRequired);
  if (input.end_time) {
    const end = new Date(input.end_time);
    if (end > dayjs(context.now).add(CLOSURE_END_MAX_MONTHS, 'month').toDate())
      add('end_time', CLOSURE_MESSAGES.endTooFar);
    if (input.start_time && end <= new Date(input.start_time))
      add('end_time', CLOSURE_MESSAGES.endBeforeStart);
  }
  if (context.wzdxOrganization && !input.direction) add('direction', CLOSURE_MESSAGES.directionRequired);
  if (input.is_publish_on) {
    if (!input.external_id) add('external_id', MESSAGES.required);
    if (input.road_names.length === 0) add('road_names', MESSAGES.required);
    if (!input.location_method) add('location_method', MESSAGES.required);
    if (!input.vehicle_impact) add('vehicle_impact', MESSAGES.required);
  }
  return problems;
}

/** A time cut to the minute (closures are kept to the minute). */
export function toMinute(time: string | Date): Date {
  const date = new Date(time);
  date.setUTCSeconds(0, 0);
  return date;
}

/**
 * The times a save stores: an active closure from now (or its start) to its end; a scheduled one its
 * start and end, active already if the start has come; otherwise inactive without times.
 */
export function closureTimes(
  input: Pick<ClosureInput, 'is_active' | 'is_scheduled' | 'start_time' | 'end_time'>,
  now: Date,
): { is_active: boolean; start_time: Date | null; end_time: Date | null } {
  if (input.is_active)
    return {
      is_active: true,
      start_time: toMinute(input.start_time ?? now),
      end_time: input.end_time ? toMinute(input.end_time) : null,
    };
  if (input.is_scheduled && input.start_time && input.end_time) {
    const start = toMinute(input.start_time);
    const end = toMinute(input.end_time);
    return { is_active: start <= now && now < end, start_time: start, end_time: end };
  }
  return { is_active: false, start_time: null, end_time: null };
}

/**
 * Whether an asset already has an active closure (other than `exceptId`, the one being edited): an
 * automated closure chosen for that asset starts active like them, since the asset is alerting for
 * its road already.
 */
export function assetHasActiveClosure(
  closures: ReadonlyArray<{ id: string; thing_id: string | null; is_active: boolean }>,
  thingId: string,
  exceptId: string | null,
): boolean {
  return closures.some((other) => other.thing_id === thingId && other.id !== exceptId && other.is_active);
}
