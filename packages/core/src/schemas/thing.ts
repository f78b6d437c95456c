/** The asset (thing) wire format. */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { SERVER_STATUSES } from '../status/thing-status';
import { HARDWARE_MODELS } from '../things/device-commands';
import { normalizeText } from '../text';
import { storable } from './common';

export const ThingRelationshipSchema = z.object({
  organization_uuid: z.string(),
  organization_name: z.string(),
  relationship_type: z.enum(['manager', 'accessor']),
});

export const ExternalIdentifierSchema = z.object({
  identifier_id: z.string(),
  system_name: z.enum(['geotab', 'samsara']),
  is_deleted: z.boolean(),
});

export const ThingSchema = z.object({
  id: z.string(),
  external_id: z.string(),
  haas_id: z.string(),
  nickname: z.string().nullable(),
  is_active: z.boolean(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Metres per second. */
  speed: z.number().nullable(),
  course: z.number().nullable(),
  enroute: z.boolean(),
  device_type: z.string(),
  heartbeat_datetime: z.string().nullable(),
  thing_type: z.object({
    id: z.string(),
    name: z.string(),
    display_name: z.string(),
    emergency: z.boolean(),
  }),
  thing_subtype: z.object({ id: z.string(), name: z.string(), display_name: z.string() }).nullable(),
  thing_subtype_uuid: z.string().nullable(),
  location: z.object({ id: z.string() }).nullable(),
  closures: z.array(z.object({ id: z.string(), external_id: z.string().nullable() })),
  registry_number: z.string().nullable(),
  vin_number: z.string().nullable(),
  license_plate_number: z.string().nullable(),
  in_service: z.boolean(),
  is_publicly_alerting: z.boolean(),
  organization: z.object({ id: z.string(), name: z.string(), organization_type: z.string() }),
  street: z.string().nullable(),
  features: z.object({ r2r: z.boolean() }),
  /** The device's hardware when it takes commands (R2R, LED): ha5 or ha7. */
  hardware: z.enum(HARDWARE_MODELS).nullable(),
  organization_relationships: z.array(ThingRelationshipSchema),
  is_allowed_for_closures: z.boolean(),
  is_allowed_for_test_mode: z.boolean(),
  test_mode: z.boolean(),
  is_responder: z.boolean(),
  is_integration_org: z.boolean(),
  external_identifiers: z.array(ExternalIdentifierSchema),
  wzdx_enabled: z.boolean(),
  status: z.enum(SERVER_STATUSES),
  /** When the asset entered its status (arrival on scene, start of a response). */
  status_changed_at: z.string(),
  /** The current run (status/thing-run.ts): when it started, and its reports with the alert on. */
  run_started_at: z.string().nullable(),
  run_alert_points: z.number().int(),
  /** An alarm the device raised (`sos`, `lowBattery`, …) and when; it stays until someone acknowledges it. */
  alarm: z.string().nullable(),
  alarm_raised_at: z.string().nullable(),
  /** The station area the asset is parked at; null when it is elsewhere or responding. */
  station_id: z.string().nullable(),
  updated_at: z.string(),
});
export type Thing = z.infer<typeof ThingSchema>;

export const THING_FIELD_MAX = 50;
export const MAX_INTEGRATIONS = 2;
export const INTEGRATION_PROVIDERS = ['geotab', 'samsara'] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];
/** The asset integration providers as users read them. */
export const INTEGRATION_PROVIDER_NAMES: Record<IntegrationProvider, string> = {
  geotab: 'Geotab',
  samsara: 'Samsara',
};
/** How a registered device reports (the new-asset form's device types). */
export const DEVICE_TYPES = ['osmand', 'api', 'mqtt'] as const;
export const DEVICE_TYPE_LABELS: Record<(typeof DEVICE_TYPES)[number], string> = {
  osmand: 'OsmAnd (Traccar Client)',
  api: 'API',
  mqtt: 'MQTT',
};

export const THING_MESSAGES = {
  tooLong: `Must be ${THING_FIELD_MAX} or fewer characters`,
  vin: 'Please only use numbers or letters',
  providerUsed: 'Provider already used',
  providersInUse: 'Available providers in use',
  notFound: 'Asset not found',
  nicknameLocked: 'Asset nickname cannot be updated',
  organizationNotFound: MESSAGES.organizationNotFound,
  /** Profile and association updates and the assets load say these without a full stop. */
  connectionFailed: 'Connection failed',
  unknownFailure: MESSAGES.unknownFailure,
  emergencyTypeOnly: 'An emergency asset can only have an emergency type',
  subtypeMismatch: 'Asset subtype does not belong to the asset type',
  ownerRelationship: 'The owner cannot also be a manager or accessor',
  newerAlarm: 'Another alarm was raised since: look at it before acknowledging',
  /** The asset detail confirms a save of its edit forms. */
  profileSaved: 'Profile saved',
  accessSaved: 'Organization access saved',
} as const;

/** The error code of a refused nickname (another asset of the organisation has it). */
export const NICKNAME_TAKEN = 'nickname_taken';

/**
 * Why a nickname is refused: another asset of the organisation has it (in any case), and nicknames
 * tell an organisation's assets apart. The server's refusal and the edit form's field both say it.
 */
export function nicknameTakenReason(nickname: string): string {
  return `another asset of the organization is called "${nickname}"`;
}

/** The nickname field's message for a refused nickname. */
export function nicknameTakenMessage(nickname: string): string {
  const reason = nicknameTakenReason(nickname);
  return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}`;
}

/** VIN: letters and digits only. */
export const VIN_PATTERN = /^[A-Za-z0-9]*$/;

/** The profile's field rules, shared by the edit form and the API. */
export const ThingFieldSchemas = {
  nickname: storable(z.string().trim().min(1, 'Required').max(THING_FIELD_MAX, THING_MESSAGES.tooLong)),
  vin: z.string().trim().max(THING_FIELD_MAX, THING_MESSAGES.tooLong).regex(VIN_PATTERN, THING_MESSAGES.vin),
  /** Plate#, Registry / Vehicle Id. */
  text: storable(z.string().trim().max(THING_FIELD_MAX, THING_MESSAGES.tooLong)),
  integrationId: storable(z.string().trim().min(1, 'Required').max(THING_FIELD_MAX, THING_MESSAGES.tooLong)),
} as const;

const optionalText = ThingFieldSchemas.text.nullable().optional();

export const ExternalIdentifierInputSchema = z.object({
  identifier_id: ThingFieldSchemas.integrationId,
  system_name: z.enum(INTEGRATION_PROVIDERS),
  isDeleted: z.boolean().default(false),
});

/** PUT /things/{id}: only changed fields are sent; in_service and is_publicly_alerting always. */
export const UpdateThingInputSchema = z
  .object({
    id: z.uuid().optional(),
    in_service: z.boolean(),
    is_publicly_alerting: z.boolean(),
    nickname: ThingFieldSchemas.nickname.optional(),
    thing_type_id: z.uuid().optional(),
    thing_subtype_id: z.uuid().nullable().optional(),
    vin_number: ThingFieldSchemas.vin.nullable().optional(),
    license_plate_number: optionalText,
    registry_number: optionalText,
    external_identifiers: z.array(ExternalIdentifierInputSchema).optional(),
  })
  .superRefine((input, ctx) => {
    const kept = (input.external_identifiers ?? []).filter((e) => !e.isDeleted);
    if (kept.length > MAX_INTEGRATIONS) {
      ctx.addIssue({
        code: 'custom',
        path: ['external_identifiers'],
        message: THING_MESSAGES.providersInUse,
      });
    }
    const providers = kept.map((e) => e.system_name);
    if (new Set(providers).size !== providers.length) {
      ctx.addIssue({ code: 'custom', path: ['external_identifiers'], message: THING_MESSAGES.providerUsed });
    }
  });
export type UpdateThingInput = z.infer<typeof UpdateThingInputSchema>;

export const UpdateAssociationsInputSchema = z.object({
  organization_relationships: z
    .array(
      z.object({
        organization_uuid: z.uuid(),
        organization_name: z.string().optional(),
        relationship_type: z.enum(['manager', 'accessor', 'delete']),
      }),
    )
    .min(1),
});

export type UpdateAssociationsInput = z.infer<typeof UpdateAssociationsInputSchema>;

export const DEVICE_ID_MAX = 100;

/** Platform administrators register a device as a new asset. */
export const CreateThingInputSchema = z.object({
  /** Stored as reports are compared: trimmed, NFC. */
  device_id: storable(
    z.string().trim().min(1, 'Required').max(DEVICE_ID_MAX, `Must be ${DEVICE_ID_MAX} or fewer characters`),
  ).transform(normalizeText),
  thing_type_id: z.uuid(),
  organization_id: z.uuid(),
  nickname: ThingFieldSchemas.nickname.optional(),
  device_type: z.enum(DEVICE_TYPES).default('osmand'),
});
export type CreateThingInput = z.input<typeof CreateThingInputSchema>;

/** DELETE /things/{id}/alarm: the alarm being acknowledged, by when it was raised (as the user saw it). */
export const AcknowledgeAlarmQuerySchema = z.object({ raised_at: z.iso.datetime({ offset: true }) });

export const ThingsQuerySchema = z.object({
  'org_ids[]': z.union([z.uuid(), z.array(z.uuid())]).optional(),
  /** Epoch seconds or an ISO date: only things changed after it (deactivated ones included). */
  last_updated_timestamp: z.string().optional(),
  /** Bounded so that the rows skipped (page × per_page) stay a number the database holds. */
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(5000).default(500),
});

export const ThingsPageSchema = z.object({
  data: z.array(ThingSchema),
  meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
});

export const ThingsCountSchema = z.object({
  total: z.number(),
  online: z.number(),
  offline: z.number(),
  out_of_service: z.number(),
});

/** GET /things/coverage: how well each asset reported over the last 24 hours. */
/** How long a coverage answer is kept (by the browser and caches on the way). */
export const COVERAGE_CACHE_SECONDS = 60;

export const ThingCoverageSchema = z.object({
  thing_id: z.string(),
  points_24h: z.number(),
  last_report_at: z.string().nullable(),
  /** Share (0..1) of the 288 five-minute slots of the last 24 h with at least one report. */
  coverage: z.number(),
});
