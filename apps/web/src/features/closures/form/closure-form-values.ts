/**
 * The closure form's values, the payload they make with the route drawn on the map, and the form's
 * rule: the payload's core schema and core's save rules, every field's problem at once.
 */
import type { FieldErrors, Resolver } from 'react-hook-form';
import { closureProblems } from '@flare/core/closures/closure-rules';
import {
  ClosureInputSchema,
  DEFAULT_CLOSURE_LENGTH_MS,
  type Closure,
  type ClosureInput,
  type DIRECTIONS,
  type LOCATION_METHODS,
  type VEHICLE_IMPACTS,
} from '@flare/core/schemas/closure';
import { fromZoneInput, toZoneInput } from '../../../lib/format-time';

export interface ClosureFormValues {
  closure_type: 'manual' | 'automated';
  thing_id: string | null;
  description: string;
  alert_message: string;
  /** '' for none, as the form's selects hold it. */
  direction: (typeof DIRECTIONS)[number] | '';
  impacted_lanes: number[];
  is_in_service: boolean;
  is_active: boolean;
  is_scheduled: boolean;
  /** Wall times in the organisation's zone ('' when not set). */
  start: string;
  end: string;
  road_names: string[];
  is_publish_on: boolean;
  external_id: string;
  location_method: keyof typeof LOCATION_METHODS | '';
  vehicle_impact: keyof typeof VEHICLE_IMPACTS | '';
  group_id: string;
}

/** What the form sends besides its fields: the route drawn on the map, and who it is for. */
export interface ClosureFormContext {
  line: [number, number][];
  /** The driving route through the drawn points, when the directions service found one. */
  routePath: ClosureInput['route_path'];
  wzdxOrganization: boolean;
}

/** A new closure of an organisation that publishes WZDx is published unless the user says otherwise. */
export function closureFormValues(closure: Closure | null, wzdxOrganization: boolean): ClosureFormValues {
  return {
    closure_type: closure?.closure_type === 'automated' ? 'automated' : 'manual',
    thing_id: closure?.thing_id ?? null,
    description: closure?.description ?? '',
    alert_message: closure?.alert_message ?? '',
    direction: closure?.direction ?? '',
    impacted_lanes: closure?.impacted_lanes ?? [],
    is_in_service: closure?.is_in_service ?? true,
    is_active: closure?.is_active ?? false,
    is_scheduled: closure?.is_scheduled ?? false,
    start: toZoneInput(closure?.start_time),
    end: toZoneInput(closure?.end_time),
    road_names: closure?.road_names ?? [],
    is_publish_on: closure?.is_publish_on ?? wzdxOrganization,
    external_id: closure?.external_id ?? '',
    location_method: closure?.location_method ?? '',
    vehicle_impact: closure?.vehicle_impact ?? '',
    group_id: closure?.group_id ?? '',
  };
}

/**
 * A closure turned active, scheduled or neither (the two exclude each other). Turned on, a time the
 * user has not set takes its default: an end an hour from now (DEFAULT_CLOSURE_LENGTH_MS) and, for an
 * active one, a start now (editable back to when it began).
 */
export function closureTiming(
  values: Pick<ClosureFormValues, 'start' | 'end'>,
  mode: 'active' | 'scheduled' | null,
  now: number,
): Partial<ClosureFormValues> {
  return {
    is_active: mode === 'active',
    is_scheduled: mode === 'scheduled',
    ...(mode && {
      start: values.start || (mode === 'active' ? toZoneInput(now) : ''),
      end: values.end || toZoneInput(now + DEFAULT_CLOSURE_LENGTH_MS),
    }),
  };
}

/** The payload the form's values make with the drawn route. */
export function closurePayload(values: ClosureFormValues, context: ClosureFormContext): ClosureInput {
  const timed = values.is_active || values.is_scheduled;
  return {
    description: values.description,
    alert_message: values.alert_message,
    closure_type: values.closure_type,
    thing_id: values.closure_type === 'automated' ? values.thing_id : null,
    direction: values.direction || null,
    impacted_lanes: values.impacted_lanes,
    is_in_service: values.is_in_service,
    user_route: { type: 'LineString', coordinates: context.line },
    route_path: context.routePath ?? undefined,
    is_active: values.is_active,
    is_scheduled: values.is_scheduled,
    start_time: timed ? fromZoneInput(values.start) : null,
    end_time: timed ? fromZoneInput(values.end) : null,
    road_names: values.road_names,
    is_publish_on: values.is_publish_on,
    external_id: values.external_id || null,
    location_method: values.location_method || null,
    vehicle_impact: values.vehicle_impact || null,
    group_id: values.group_id || null,
    is_wzdx_compliant: values.is_publish_on,
  };
}

/** The form's field for a payload's problem (the times are entered as wall times). */
const FIELD_OF: Partial<Record<keyof ClosureInput, keyof ClosureFormValues>> = {
  start_time: 'start',
  end_time: 'end',
};

/**
 * The payload's schema and core's save rules (which read only what they check, so they run on the
 * values even when incomplete). Each field gets its first problem; `root` carries the one the form
 * says under its buttons: the route's (it has no field of its own), else the first.
 */
export const closureResolver: Resolver<ClosureFormValues, ClosureFormContext, ClosureInput> = (
  values,
  context,
) => {
  const candidate = closurePayload(values, context!);
  const parsed = ClosureInputSchema.safeParse(candidate);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues).map((issue) => ({
      path: issue.path[0] as keyof ClosureInput,
      message: issue.message,
    })),
    ...closureProblems(candidate, { now: new Date(), wzdxOrganization: context!.wzdxOrganization }),
  ];
  if (parsed.success && problems.length === 0) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<ClosureFormValues> = {};
  for (const { path, message } of problems) {
    if (path === 'user_route' || path === 'route_path') continue;
    const field = FIELD_OF[path] ?? (path as keyof ClosureFormValues);
    errors[field] ??= { type: 'validate', message };
  }
  const routeProblem = problems.find((problem) => problem.path === 'user_route');
  errors.root = { type: 'validate', message: (routeProblem ?? problems[0]!).message } as FieldErrors['root'];
  return { values: {}, errors };
};
