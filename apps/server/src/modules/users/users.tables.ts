/** The users: Kysely's types for the module's tables (the database's snake_case names). */
import type { Generated } from 'kysely';
import type { DefaultedTimestamp, NullableTimestamp } from '../../platform/db/schema';

export interface UsersTable {
  id: Generated<string>;
  organization_id: string;
  role_id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country_code: string | null;
  password_hash: string;
  password_changed_at: DefaultedTimestamp;
  suspended_at: NullableTimestamp;
  last_sign_in_at: NullableTimestamp;
  sign_in_count: Generated<number>;
  failed_sign_in_attempts: Generated<number>;
  locked_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface UsersTables {
  users: UsersTable;
}
