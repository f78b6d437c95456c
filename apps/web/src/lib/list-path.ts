/** A list's path within whichever section shows it, e.g. `/dashboard/accounts-new/users` from an edit screen's path. */
export function listPathOf(pathname: string, segment: string): string {
  const at = pathname.indexOf(`/${segment}`);
  return at === -1 ? pathname : pathname.slice(0, at + segment.length + 1);
}
