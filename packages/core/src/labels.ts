/** Words the product shows that depend on the organisation or the role. */
export const RESPONDERS_TYPES = ['none', 'some', 'all'] as const;
export type RespondersType = (typeof RESPONDERS_TYPES)[number];

/** How many of an organisation's assets are responders, as the organisation screens say it. */
export const RESPONDERS_LABELS: Record<RespondersType, string> = { none: 'None', some: 'Some', all: 'All' };

export const RESPONDER_ORGANIZATION_TYPES = ['fire', 'police', 'ambulance', 'emergency_response'] as const;

export function isResponderOrganizationType(typeName: string): boolean {
  return (RESPONDER_ORGANIZATION_TYPES as readonly string[]).includes(typeName);
}

/**
 * A new organisation's responders type when none is chosen: a fire, police, ambulance or emergency-
 * response organisation's assets are responders (its events are Incidents); any other type's are not.
 */
export function defaultRespondersType(typeName: string): RespondersType {
  return isResponderOrganizationType(typeName) ? 'all' : 'none';
}

/** Organisations whose assets are all responders call events "Incidents"; others "Events". */
export function eventsLabel(respondersType: RespondersType): 'Incidents' | 'Events' {
  return respondersType === 'all' ? 'Incidents' : 'Events';
}

/** The events list when nothing is left to show. */
export function noEventsShown(respondersType: RespondersType): string {
  return `No ${eventsLabel(respondersType)} to show`;
}

/** Role names as stored, and the labels users see. */
export const ROLE_NAMES = [
  'USER_EVENTS_ONLY',
  'USER',
  'ADMIN',
  'MANUFACTURER_ADMIN',
  'PLATFORM_ADMIN',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export function roleLabel(name: string): string {
  switch (name) {
    case 'USER_EVENTS_ONLY':
      return 'Media';
    case 'USER':
      return 'User';
    case 'ADMIN':
      return 'Admin';
    case 'MANUFACTURER_ADMIN':
      return 'Org Admin';
    case 'PLATFORM_ADMIN':
      return 'Platform Admin';
    default:
      return name;
  }
}
