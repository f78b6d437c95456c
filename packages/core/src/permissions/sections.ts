/**
 * Dashboard sections, their order, the access each needs, whether they are desktop only, their
 * navigation label and the help text beside their screen's title: one entry per section.
 */
import type { HelpText } from '../help-texts';
import { eventsLabel, type RespondersType } from '../labels';
import { can, type Access } from './access';

export const SECTION_IDS = [
  'things',
  'events',
  'areas',
  'closures',
  'zones',
  'trips',
  'r2r',
  'hazards',
  'data',
  'accounts',
  'accounts-new',
] as const;

export type SectionId = (typeof SECTION_IDS)[number];

export interface Section {
  id: SectionId;
  access: Access;
  desktopOnly: boolean;
  /** Shown as an entry of the side nav (in this order). */
  inSideNav: boolean;
  /** Shown in the mobile bottom nav. */
  inBottomNav: boolean;
  /** Its name in the navigation, or the rule that names it by the organisation's responders type. */
  label: string | ((respondersType: RespondersType) => string);
  /** The "?" beside its screen's title. */
  help?: HelpText;
}

export const SECTIONS = [
  {
    id: 'things',
    access: 'viewThings',
    desktopOnly: false,
    inSideNav: true,
    inBottomNav: true,
    label: 'Live',
    help: {
      title: 'Live',
      text: 'Your assets as they report. A unit is stale after 30 seconds without a report, pending after 8 hours and offline after 4 days. Filter by status, search by name, and open a unit for its run, alerts and commands.',
    },
  },
  {
    id: 'events',
    access: 'viewIncidents',
    desktopOnly: false,
    inSideNav: true,
    inBottomNav: true,
    label: eventsLabel,
  },
  {
    id: 'areas',
    access: 'viewAreas',
    desktopOnly: false,
    inSideNav: true,
    inBottomNav: true,
    label: 'Areas',
    help: {
      title: 'Areas',
      text: 'Saved places drawn on the map: stations (assets parked inside count at the station), hospitals, points of interest, exclusion zones, and the no-stop and no-enter zones that change how alerts behave. Draw a polygon or a circle, or import a GeoJSON file.',
    },
  },
  {
    id: 'closures',
    access: 'viewClosures',
    desktopOnly: false,
    inSideNav: true,
    inBottomNav: true,
    label: 'Closures',
    help: {
      title: 'Closures',
      text: 'Road closures drawn point by point on the map. Manual ones are switched on and off here, automated ones follow their asset, and feed ones come from another agency’s WZDx feed. Published closures go out in your WZDx feed to navigation apps.',
    },
  },
  {
    id: 'zones',
    access: 'viewZones',
    desktopOnly: true,
    inSideNav: true,
    inBottomNav: false,
    label: 'Zones',
  },
  {
    id: 'trips',
    access: 'viewTrips',
    desktopOnly: true,
    inSideNav: true,
    inBottomNav: false,
    label: 'Trips',
    help: {
      title: 'Trips',
      text: 'Where an asset went: pick it and a time range, then replay a run on the map or download it as GPX or GeoJSON. Every report of every run is kept.',
    },
  },
  {
    id: 'r2r',
    access: 'viewR2r',
    desktopOnly: true,
    inSideNav: true,
    inBottomNav: false,
    label: 'R2R',
  },
  {
    id: 'hazards',
    access: 'viewHazards',
    desktopOnly: true,
    inSideNav: true,
    inBottomNav: false,
    label: 'Hazards',
    help: {
      title: 'Hazards',
      text: 'Hazards on the road (debris, a disabled vehicle, a crash, ice, flooding, a pothole, an animal) reported from the map (right-click, Report hazard) or by devices. Pick the types, severities, status and time range (the last 24 hours to start with); the hazards found are listed and marked on the map by severity. Open one for its note and photo, and resolve it once the road is clear.',
    },
  },
  {
    id: 'data',
    access: 'viewData',
    desktopOnly: false,
    inSideNav: false,
    inBottomNav: false,
    label: 'Data',
  },
  {
    id: 'accounts',
    access: 'viewAccounts',
    desktopOnly: true,
    inSideNav: false,
    inBottomNav: false,
    label: 'Profile & Preferences',
  },
  {
    id: 'accounts-new',
    access: 'viewAccountsNew',
    desktopOnly: false,
    inSideNav: false,
    inBottomNav: false,
    // The spec's "New Accounts (test)": a preview of the new account screens, said in words users know.
    label: 'New Accounts (preview)',
  },
] as const satisfies readonly Section[];

/** The sections with a help text. */
export type SectionWithHelp = Extract<(typeof SECTIONS)[number], { help: HelpText }>['id'];

export function sectionById(id: SectionId): Section {
  const section: Section | undefined = SECTIONS.find((s) => s.id === id);
  if (!section) throw new Error(`Unknown section ${id}`);
  return section;
}

/** The section's name in the navigation, for an organisation of this responders type. */
export function sectionLabel(id: SectionId, respondersType: RespondersType): string {
  const { label } = sectionById(id);
  return typeof label === 'string' ? label : label(respondersType);
}

/** Data's sub-sections, in menu order: each needs its own access besides the data section's. */
export const DATA_SUBSECTIONS = [
  { id: 'reports', access: 'viewReports', desktopOnly: true },
  { id: 'exports', access: 'viewExports', desktopOnly: true },
] as const satisfies readonly { id: string; access: Access; desktopOnly: boolean }[];

export type DataSubsectionId = (typeof DATA_SUBSECTIONS)[number]['id'];

/** The data sub-sections a user may see, in menu order (none without the data section's access). */
export function visibleDataSubsections(permissions: readonly string[]): DataSubsectionId[] {
  if (!can(permissions, 'viewData')) return [];
  return DATA_SUBSECTIONS.filter((s) => can(permissions, s.access)).map((s) => s.id);
}

/**
 * A section's access; data also needs a sub-section to show, as it is only a menu of them
 * (`haas:manage` opens the data section but neither reports nor exports).
 */
export function canSee(permissions: readonly string[], id: SectionId): boolean {
  if (!can(permissions, sectionById(id).access)) return false;
  return id !== 'data' || visibleDataSubsections(permissions).length > 0;
}

/** The sections a user may see, in order: the stored "dashboardAccess". */
export function visibleSections(permissions: readonly string[]): SectionId[] {
  return SECTIONS.filter((s) => canSee(permissions, s.id)).map((s) => s.id);
}

/** The first section the user may see, or null when they may see none. */
export function defaultSection(permissions: readonly string[]): SectionId | null {
  return visibleSections(permissions)[0] ?? null;
}

/**
 * The desktop side-nav closures entry uses the areas view permission. We also
 * require the closures permission so the entry never links to a page the user is refused.
 */
export function showsInSideNav(permissions: readonly string[], id: SectionId): boolean {
  if (!sectionById(id).inSideNav || !canSee(permissions, id)) return false;
  return id !== 'closures' || can(permissions, 'viewAreas');
}

/** data's index: the first sub-section the user may see (reports, else exports), or none. */
export function dataIndexPath(permissions: readonly string[]): DataSubsectionId | undefined {
  return visibleDataSubsections(permissions)[0];
}

/** The accounts sections shown below the side nav's sections (Profile & Preferences, New Accounts), as the user may see them. */
export function accountNavSections(permissions: readonly string[]): SectionId[] {
  return (['accounts', 'accounts-new'] as const).filter((id) => canSee(permissions, id));
}
