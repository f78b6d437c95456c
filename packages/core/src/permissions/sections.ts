/** Dashboard sections, their order, the access each needs and whether they are desktop only. */
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
}

export const SECTIONS: readonly Section[] = [
  { id: 'things', access: 'viewThings', desktopOnly: false, inSideNav: true, inBottomNav: true },
  { id: 'events', access: 'viewEvents', desktopOnly: false, inSideNav: true, inBottomNav: true },
  { id: 'areas', access: 'viewAreas', desktopOnly: false, inSideNav: true, inBottomNav: true },
  { id: 'closures', access: 'viewClosures', desktopOnly: false, inSideNav: true, inBottomNav: true },
  { id: 'zones', access: 'viewZones', desktopOnly: true, inSideNav: true, inBottomNav: false },
  { id: 'trips', access: 'viewTrips', desktopOnly: true, inSideNav: true, inBottomNav: false },
  { id: 'r2r', access: 'viewR2r', desktopOnly: true, inSideNav: true, inBottomNav: false },
  { id: 'hazards', access: 'viewHazards', desktopOnly: true, inSideNav: true, inBottomNav: false },
  { id: 'data', access: 'viewData', desktopOnly: false, inSideNav: false, inBottomNav: false },
  { id: 'accounts', access: 'viewAccounts', desktopOnly: true, inSideNav: false, inBottomNav: false },
  { id: 'accounts-new', access: 'viewAccountsNew', desktopOnly: false, inSideNav: false, inBottomNav: false },
];

export function sectionById(id: SectionId): Section {
  const section = SECTIONS.find((s) => s.id === id);
  if (!section) throw new Error(`Unknown section ${id}`);
  return section;
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
