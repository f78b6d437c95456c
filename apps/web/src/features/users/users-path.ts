/** The users list's path within whichever accounts section shows it (accounts or accounts-new). */
export function usersPathOf(pathname: string): string {
  const at = pathname.indexOf('/users');
  return at === -1 ? pathname : pathname.slice(0, at + '/users'.length);
}
