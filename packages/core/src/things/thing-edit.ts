/**
 * The asset edit forms: their values, their validation, which asset types
 * they offer, and the payloads they send (only what changed). The server checks the same rules.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { can } from '../permissions/access';
import { mayRegisterThing } from '../permissions/thing-access';
import type { Profile } from '../schemas/profile';
import {
  DEVICE_TYPES,
  INTEGRATION_PROVIDERS,
  MAX_INTEGRATIONS,
  THING_MESSAGES,
  ThingFieldSchemas,
  CreateThingInputSchema,
  type CreateThingInput,
  type IntegrationProvider,
  type Thing,
  type UpdateAssociationsInput,
  type UpdateThingInput,
} from '../schemas/thing';

interface TypeLike {
  emergency: boolean;
}

/** Emergency assets may only become another emergency type; other assets may take any type. */
export function isThingTypeAllowed(current: TypeLike, next: TypeLike): boolean {
  return !current.emergency || next.emergency;
}

/** The types an asset of type `current` is offered. */
export function allowedThingTypes<T extends TypeLike>(types: readonly T[], current: TypeLike): T[] {
  return types.filter((type) => isThingTypeAllowed(current, type));
}

/** The subtypes of one type (none when no type is chosen). */
export function subtypesOfType<T extends { thing_type_id: string }>(
  subtypes: readonly T[],
  typeId: string | null,
): T[] {
  return typeId ? subtypes.filter((subtype) => subtype.thing_type_id === typeId) : [];
}

// ---- Edit Profile ------------------------------------------------------------------------------

const IntegrationFormSchema = z.object({
  /** Empty until the user picks one. */
  provider: z
    .union([z.literal(''), z.enum(INTEGRATION_PROVIDERS)])
    .refine((p) => p !== '', MESSAGES.required),
  identifier: ThingFieldSchemas.integrationId,
});

export const ThingProfileFormSchema = z.object({
  nickname: ThingFieldSchemas.nickname,
  thingTypeId: z.string().min(1, MESSAGES.required),
  thingSubtypeId: z.string().nullable(),
  vinNumber: ThingFieldSchemas.vin,
  plateNumber: ThingFieldSchemas.text,
  registryNumber: ThingFieldSchemas.text,
  inService: z.boolean(),
  isPubliclyReporting: z.boolean(),
  integrations: z.array(IntegrationFormSchema).superRefine((integrations, ctx) => {
    if (integrations.length > MAX_INTEGRATIONS) {
      ctx.addIssue({ code: 'custom', message: THING_MESSAGES.providersInUse });
    }
    const seen = new Set<string>();
    integrations.forEach(({ provider }, index) => {
      if (!provider) return;
      // The later entry is the one to change.
      if (seen.has(provider)) {
        ctx.addIssue({ code: 'custom', path: [index, 'provider'], message: THING_MESSAGES.providerUsed });
      }
      seen.add(provider);
    });
  }),
});
export type ThingProfileForm = z.input<typeof ThingProfileFormSchema>;
export type ThingIntegrationForm = ThingProfileForm['integrations'][number];

/** The form's starting values: the asset as it is. */
export function thingProfileFormValues(thing: Thing): ThingProfileForm {
  return {
    nickname: thing.nickname ?? '',
    thingTypeId: thing.thing_type.id,
    thingSubtypeId: thing.thing_subtype?.id ?? thing.thing_subtype_uuid ?? null,
    vinNumber: thing.vin_number ?? '',
    plateNumber: thing.license_plate_number ?? '',
    registryNumber: thing.registry_number ?? '',
    inService: thing.in_service,
    isPubliclyReporting: thing.is_publicly_alerting,
    integrations: thing.external_identifiers
      .filter((identifier) => !identifier.is_deleted)
      .map((identifier) => ({ provider: identifier.system_name, identifier: identifier.identifier_id })),
  };
}

/** Providers still free for another integration. */
export function availableProviders(integrations: readonly ThingIntegrationForm[]): IntegrationProvider[] {
  const used = new Set(integrations.map((i) => i.provider));
  return INTEGRATION_PROVIDERS.filter((provider) => !used.has(provider));
}

/** Whether another integration may be added (at most 2). */
export function canAddIntegration(integrations: readonly ThingIntegrationForm[]): boolean {
  return integrations.length < MAX_INTEGRATIONS;
}

/** An optional text as stored: trimmed, empty meaning none. */
const stored = (value: string): string | null => value.trim() || null;

function integrationMap(integrations: readonly ThingIntegrationForm[]): Map<IntegrationProvider, string> {
  const map = new Map<IntegrationProvider, string>();
  for (const { provider, identifier } of integrations) {
    if (provider) map.set(provider, identifier.trim());
  }
  return map;
}

/**
 * PUT /things/{id}: in_service and is_publicly_alerting always, every other field only when it
 * changed. A cleared optional field is sent as null so it can be emptied. Integrations, when
 * changed, are sent whole: kept ones with isDeleted false, removed ones with isDeleted true.
 */
export function updateThingInput(thing: Thing, values: ThingProfileForm): UpdateThingInput {
  const before = thingProfileFormValues(thing);
  const input: UpdateThingInput = {
    id: thing.id,
    in_service: values.inService,
    is_publicly_alerting: values.isPubliclyReporting,
  };
  const nickname = values.nickname.trim();
  if (nickname !== before.nickname.trim()) input.nickname = nickname;
  if (values.thingTypeId !== before.thingTypeId) input.thing_type_id = values.thingTypeId;
  if (values.thingSubtypeId !== before.thingSubtypeId) input.thing_subtype_id = values.thingSubtypeId;
  if (stored(values.vinNumber) !== stored(before.vinNumber)) input.vin_number = stored(values.vinNumber);
  if (stored(values.plateNumber) !== stored(before.plateNumber))
    input.license_plate_number = stored(values.plateNumber);
  if (stored(values.registryNumber) !== stored(before.registryNumber))
    input.registry_number = stored(values.registryNumber);

  const kept = integrationMap(values.integrations);
  const previous = integrationMap(before.integrations);
  const changed =
    kept.size !== previous.size || [...kept].some(([provider, id]) => previous.get(provider) !== id);
  if (changed) {
    input.external_identifiers = [
      ...[...kept].map(([system_name, identifier_id]) => ({ system_name, identifier_id, isDeleted: false })),
      ...[...previous]
        .filter(([provider]) => !kept.has(provider))
        .map(([system_name, identifier_id]) => ({ system_name, identifier_id, isDeleted: true })),
    ];
  }
  return input;
}

// ---- Edit Organization Access ------------------------------------------------------------------

export const RELATIONSHIP_CHOICES = ['manager', 'accessor', 'delete'] as const;
export type RelationshipChoice = (typeof RELATIONSHIP_CHOICES)[number];
export const RELATIONSHIP_CHOICE_LABELS: Record<RelationshipChoice, string> = {
  manager: 'Manager',
  accessor: 'Accessor',
  delete: 'Remove',
};

export interface AccessFormRow {
  organizationId: string;
  organizationName: string;
  relationship: RelationshipChoice;
}

/** The form's starting rows: the asset's managers and accessors. */
export function accessFormRows(thing: Thing): AccessFormRow[] {
  return thing.organization_relationships.map((r) => ({
    organizationId: r.organization_uuid,
    organizationName: r.organization_name,
    relationship: r.relationship_type,
  }));
}

/**
 * Organisations that may be added: those the user knows, except the owner and those already listed,
 * by name.
 */
export function addableOrganizations<T extends { id: string; name: string }>(
  known: readonly T[],
  thing: Thing,
  rows: readonly AccessFormRow[],
): T[] {
  const taken = new Set([thing.organization.id, ...rows.map((row) => row.organizationId)]);
  const unique = new Map<string, T>();
  for (const org of known) if (!taken.has(org.id) && !unique.has(org.id)) unique.set(org.id, org);
  return [...unique.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * PUT /things/{id}/associations with the changed organisations only; null when nothing changed. A
 * newly added organisation set to Remove is simply left out.
 */
export function updateAssociationsInput(
  thing: Thing,
  rows: readonly AccessFormRow[],
): UpdateAssociationsInput | null {
  const before = new Map(
    thing.organization_relationships.map((r) => [r.organization_uuid, r.relationship_type]),
  );
  const changed = rows.filter((row) => {
    const previous = before.get(row.organizationId);
    return previous === undefined ? row.relationship !== 'delete' : previous !== row.relationship;
  });
  if (changed.length === 0) return null;
  return {
    organization_relationships: changed.map((row) => ({
      organization_uuid: row.organizationId,
      organization_name: row.organizationName,
      relationship_type: row.relationship,
    })),
  };
}

/**
 * Whether saving the rows takes away the last organisation the asset is shared with: it had managers
 * or accessors, and none would be left. The form asks before doing that.
 */
export function removesLastSharedOrganization(thing: Thing, rows: readonly AccessFormRow[]): boolean {
  return thing.organization_relationships.length > 0 && rows.every((row) => row.relationship === 'delete');
}

/**
 * The organisations the rows take access away from, and whether the user could add each back: only
 * organisations the user knows (their own's managed and accessed ones) can be given access.
 */
export function removedOrganizations(
  thing: Thing,
  rows: readonly AccessFormRow[],
  known: readonly { id: string }[],
): Array<{ name: string; canAddBack: boolean }> {
  const knownIds = new Set(known.map((org) => org.id));
  const related = new Set(thing.organization_relationships.map((r) => r.organization_uuid));
  return rows
    .filter((row) => row.relationship === 'delete' && related.has(row.organizationId))
    .map((row) => ({ name: row.organizationName, canAddBack: knownIds.has(row.organizationId) }));
}

// ---- New asset ---------------------------------------------------------------------------------

export const NewThingFormSchema = z.object({
  deviceId: CreateThingInputSchema.shape.device_id,
  thingTypeId: z.string().min(1, MESSAGES.required),
  organizationId: z.string().min(1, MESSAGES.required),
  /** Optional: empty means none. */
  nickname: ThingFieldSchemas.text,
  deviceType: z.enum(DEVICE_TYPES),
});
export type NewThingForm = z.input<typeof NewThingFormSchema>;

export const EMPTY_NEW_THING_FORM: NewThingForm = {
  deviceId: '',
  thingTypeId: '',
  organizationId: '',
  nickname: '',
  deviceType: 'osmand',
};

/** POST /things. */
export function createThingInput(values: NewThingForm): CreateThingInput {
  const nickname = values.nickname.trim();
  return {
    device_id: values.deviceId.trim(),
    thing_type_id: values.thingTypeId,
    organization_id: values.organizationId,
    device_type: values.deviceType,
    ...(nickname ? { nickname } : {}),
  };
}

/**
 * The organisations the new-asset form offers: those the profile names that the user may register an
 * asset for (their own and those they manage; every one, for platform administrators).
 */
export function registrableOrganizations(
  profile: Pick<Profile, 'permissions' | 'userOrg' | 'managedOrgs' | 'accessedOrgs'>,
): Array<{ id: string; name: string }> {
  const managed = can(profile.permissions, 'platformAdmin')
    ? null
    : [profile.userOrg.id, ...profile.managedOrgs.map((org) => org.id)];
  const known = new Map<string, string>();
  for (const org of [profile.userOrg, ...profile.managedOrgs, ...profile.accessedOrgs])
    known.set(org.id, org.name);
  return [...known].filter(([id]) => mayRegisterThing(managed, id)).map(([id, name]) => ({ id, name }));
}
