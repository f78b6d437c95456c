/** The secrets in organisations' public feed URLs, one per feed kind, found by their SHA-256 hash. */
import { createHash, randomBytes } from 'node:crypto';
import type { FeedKind } from '@flare/core/schemas/feeds';
import type { Db } from '../../platform/db/database';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface FeedToken {
  /** Null for a secret made before secrets were kept. */
  token: string | null;
  createdAt: Date;
}

export class FeedTokensRepository {
  constructor(private readonly db: Db) {}

  /** A new secret for the organisation's feed; the previous one stops working. */
  async renew(organizationId: string, kind: FeedKind): Promise<FeedToken> {
    const token = randomBytes(24).toString('base64url');
    const row = await this.db
      .insertInto('feed_tokens')
      .values({ organization_id: organizationId, kind, token, token_hash: hashOf(token) })
      .onConflict((oc) =>
        oc
          .columns(['organization_id', 'kind'])
          .doUpdateSet({ token, token_hash: hashOf(token), created_at: new Date() }),
      )
      .returning('created_at')
      .executeTakeFirstOrThrow();
    return { token, createdAt: row.created_at };
  }

  async remove(organizationId: string, kind: FeedKind): Promise<void> {
    await this.db
      .deleteFrom('feed_tokens')
      .where('organization_id', '=', organizationId)
      .where('kind', '=', kind)
      .execute();
  }

  /** The feed's current secret, or null while the feed is off. */
  async current(organizationId: string, kind: FeedKind): Promise<FeedToken | null> {
    const row = await this.db
      .selectFrom('feed_tokens')
      .select(['token', 'created_at'])
      .where('organization_id', '=', organizationId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row ? { token: row.token, createdAt: row.created_at } : null;
  }

  /** The organisation whose feed of this kind the secret opens, or null. */
  async organizationOf(token: string, kind: FeedKind): Promise<string | null> {
    const row = await this.db
      .selectFrom('feed_tokens')
      .select('organization_id')
      .where('kind', '=', kind)
      .where('token_hash', '=', hashOf(token))
      .executeTakeFirst();
    return row?.organization_id ?? null;
  }
}
