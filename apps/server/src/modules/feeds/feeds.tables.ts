/** The feed tokens: Kysely's types for the module's tables (the database's snake_case names). */
import type { FeedKind } from '@flare/core/schemas/feeds';
import type { DefaultedTimestamp } from '../../platform/db/schema';

export interface FeedTokensTable {
  organization_id: string;
  kind: FeedKind;
  /** Null for a secret made before secrets were kept (only its hash is known). */
  token: string | null;
  token_hash: string;
  created_at: DefaultedTimestamp;
}

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface FeedsTables {
  feed_tokens: FeedTokensTable;
}
