/**
 * Reading external WZDx feeds (versions 4.0 to 4.2) into feed closures. A document that is not a
 * WorkZoneFeed of a supported version is refused whole; inside one, each road event is checked on
 * its own: one that fails is skipped with its reason (counted by reason) and the others are kept.
 * Detours and work zones are taken; their route is the LineString (or the MultiPoint's points).
 */
import { z } from 'zod';
import {
  CLOSURE_DESCRIPTION_MAX,
  ROAD_NAME_MAX,
  ROAD_NAMES_MAX,
  CLOSURE_ROUTE_MAX_POINTS,
  LOCATION_METHODS,
  VEHICLE_IMPACTS,
  type LocationMethod,
  type VehicleImpact,
} from '../schemas/closure';
import { WZDX_DIRECTIONS } from './work-zone-feed';

export const WZDX_IMPORT_VERSIONS = ['4.0', '4.1', '4.2'] as const;

const Position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)], z.number());
const Geometry = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('LineString'),
    coordinates: z.array(Position).min(2).max(CLOSURE_ROUTE_MAX_POINTS),
  }),
  z.object({
    type: z.literal('MultiPoint'),
    coordinates: z.array(Position).min(2).max(CLOSURE_ROUTE_MAX_POINTS),
  }),
]);
const DateTime = z.iso.datetime({ offset: true });
const Lane = z.object({
  order: z.number().int().min(1).optional(),
  lane_number: z.number().int().min(1).optional(),
  status: z.string(),
});

const RoadEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.literal('Feature'),
  properties: z.object({
    core_details: z.object({
      event_type: z.enum(['work-zone', 'detour']),
      data_source_id: z.string(),
      road_names: z.array(z.string()).min(1),
      direction: z.string(),
      name: z.string().optional(),
      description: z.string().optional(),
    }),
    start_date: DateTime,
    end_date: DateTime,
    vehicle_impact: z.string().optional(),
    location_method: z.string().optional(),
    beginning_cross_street: z.string().optional(),
    ending_cross_street: z.string().optional(),
    lanes: z.array(Lane).optional(),
  }),
  geometry: Geometry,
});

const FeedInfo = z.object({ version: z.string() });
const FeedSchema = z.object({
  type: z.literal('FeatureCollection'),
  feed_info: FeedInfo.optional(),
  /** WZDx 4.0's name of feed_info. */
  road_event_feed_info: FeedInfo.optional(),
  features: z.array(z.unknown()),
});

/** A road event as a feed closure's fields. */
export interface ImportedRoadEvent {
  eventId: string;
  description: string;
  direction: keyof typeof WZDX_DIRECTIONS | null;
  impactedLanes: number[];
  route: Array<[number, number]>;
  roadNames: string[];
  streetStart: string | null;
  streetEnd: string | null;
  start: Date;
  end: Date;
  vehicleImpact: VehicleImpact | null;
  locationMethod: LocationMethod | null;
}

export type WzdxImport =
  | { ok: true; version: string; events: ImportedRoadEvent[]; skipped: Record<string, number> }
  | { ok: false; error: string };

const DIRECTION_OF = Object.fromEntries(
  Object.entries(WZDX_DIRECTIONS).map(([letter, word]) => [word, letter]),
) as Record<string, keyof typeof WZDX_DIRECTIONS>;

const oneOf = <T extends string>(values: Record<T, string>, value: string | undefined): T | null =>
  value !== undefined && value in values ? (value as T) : null;

function reasonOf(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

function toImported(event: z.infer<typeof RoadEventSchema>): ImportedRoadEvent {
  const { core_details: core, ...properties } = event.properties;
  const description = core.description || core.name || core.road_names.join(', ');
  return {
    eventId: event.id,
    description: description.slice(0, CLOSURE_DESCRIPTION_MAX),
    direction: DIRECTION_OF[core.direction] ?? null,
    impactedLanes: [
      ...new Set(
        (properties.lanes ?? [])
          .filter((lane) => lane.status !== 'open')
          .map((lane) => lane.order ?? lane.lane_number ?? 0)
          .filter((order) => order >= 1 && order <= 9),
      ),
    ].sort((a, b) => a - b),
    route: event.geometry.coordinates.map(([lng, lat]) => [lng, lat]),
    roadNames: core.road_names.map((name) => name.slice(0, ROAD_NAME_MAX)).slice(0, ROAD_NAMES_MAX),
    streetStart: properties.beginning_cross_street || null,
    streetEnd: properties.ending_cross_street || null,
    start: new Date(properties.start_date),
    end: new Date(properties.end_date),
    vehicleImpact: oneOf(VEHICLE_IMPACTS, properties.vehicle_impact),
    locationMethod: oneOf(LOCATION_METHODS, properties.location_method),
  };
}

/** The road events of a fetched WZDx document (already parsed from JSON). */
export function importWzdxFeed(document: unknown): WzdxImport {
  const feed = FeedSchema.safeParse(document);
  if (!feed.success) return { ok: false, error: `Not a WZDx WorkZoneFeed (${reasonOf(feed.error)})` };
  const version = (feed.data.feed_info ?? feed.data.road_event_feed_info)?.version;
  if (!version || !(WZDX_IMPORT_VERSIONS as readonly string[]).includes(version))
    return { ok: false, error: `Unsupported WZDx version ${version ?? '(none)'}: 4.0 to 4.2 are read` };
  const events: ImportedRoadEvent[] = [];
  const skipped: Record<string, number> = {};
  const seen = new Set<string>();
  const skip = (reason: string) => void (skipped[reason] = (skipped[reason] ?? 0) + 1);
  for (const feature of feed.data.features) {
    const parsed = RoadEventSchema.safeParse(feature);
    if (!parsed.success) {
      skip(reasonOf(parsed.error));
      continue;
    }
    const event = toImported(parsed.data);
    if (seen.has(event.eventId)) skip('id: repeated in the feed');
    else if (event.end <= event.start) skip('end_date: not after start_date');
    else {
      seen.add(event.eventId);
      events.push(event);
    }
  }
  return { ok: true, version, events, skipped };
}
