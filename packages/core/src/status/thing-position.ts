/**
 * When a report moves an asset: a valid fix no less accurate than 100 m, or 30 m while the asset is at
 * a station (parked vehicles drift on the map otherwise). A report that does not move the asset still
 * counts as a check-in.
 */
export const ACCURACY_LIMIT_M = { default: 100, station: 30 } as const;

export function movesAsset(fix: { accuracy: number | null; valid?: boolean }, atStation: boolean): boolean {
  if (fix.valid === false) return false;
  return (
    fix.accuracy === null || fix.accuracy <= (atStation ? ACCURACY_LIMIT_M.station : ACCURACY_LIMIT_M.default)
  );
}
