/** Every migration, in order. Landed migrations are never edited: add a new file instead. */
import type { Migration } from 'kysely';
import * as createAccounts from './202611221800_create_accounts';

export const migrations: Record<string, Migration> = {
  '202611221800_create_accounts': createAccounts,
};
