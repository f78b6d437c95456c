import { listPathOf } from '../../lib/list-path';

/** The users list's path within whichever accounts section shows it (accounts or accounts-new). */
export const usersPathOf = (pathname: string): string => listPathOf(pathname, 'users');
