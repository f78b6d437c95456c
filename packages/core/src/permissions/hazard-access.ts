/**
 * For whom a user reports a hazard: their own organisation or one they manage (platform
 * administrators: any). From the map they report for the organisation on show when that is one of
 * those; while viewing an organisation they only access, for their own (what they saw is theirs to
 * report, the accessed organisation's hazards are not theirs to add to).
 */

/** `managed`: the organisations the user manages; null for platform administrators (every one). */
export function mayReportHazardFor(
  organizationId: string,
  own: string,
  managed: readonly string[] | null,
): boolean {
  return organizationId === own || managed === null || managed.includes(organizationId);
}

export function hazardReportOrganization(
  onShow: string,
  own: string,
  managed: readonly string[] | null,
): string {
  return mayReportHazardFor(onShow, own, managed) ? onShow : own;
}
