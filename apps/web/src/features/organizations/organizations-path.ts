import { listPathOf } from '../../lib/list-path';

/** The organisations list's path within whichever accounts section shows it (accounts or accounts-new). */
export const organizationsPathOf = (pathname: string): string => listPathOf(pathname, 'organizations');
