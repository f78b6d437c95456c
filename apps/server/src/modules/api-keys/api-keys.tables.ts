/** The API keys: Kysely's types for the module's tables (the database's snake_case names). */
import type { ApiKeyScope } from '@flare/core/schemas/api-key';
import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp, NullableTimestamp } from '../../platform/db/schema';

/** An integration's API key, stored as a SHA-256 hash; the prefix lets people tell keys apart. */
export interface ApiKeysTable {
  id: Generated<string>;
  organization_id: string;
  description: string;
  token_hash: string;
  token_prefix: string;
  /** JSON: what the key may do (core's API_KEY_SCOPES). */
  scopes: ColumnType<ApiKeyScope[], string | undefined, string>;
  created_by: string | null;
  created_at: DefaultedTimestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface ApiKeysTables {
  api_keys: ApiKeysTable;
}
