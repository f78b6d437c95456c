/** The sign-in: sessions, refresh and account tokens, password history: Kysely's types for the module's tables (the database's snake_case names). */
import type { Generated } from 'kysely';
import type { Timestamp, DefaultedTimestamp, NullableTimestamp } from '../../platform/db/schema';

export interface AccountTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'reset' | 'unlock';
  token_hash: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface PasswordHistoryTable {
  id: Generated<string>;
  user_id: string;
  password_hash: string;
  created_at: DefaultedTimestamp;
}

/** One sign-in: its refresh tokens rotate inside it; revoking it ends the session. */
export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  organization_id: string;
  application: string;
  created_at: DefaultedTimestamp;
  revoked_at: NullableTimestamp;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  session_id: string;
  token_hash: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface AuthTables {
  account_tokens: AccountTokensTable;
  password_history: PasswordHistoryTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
}
