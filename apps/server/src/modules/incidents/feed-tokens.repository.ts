/** The secret tokens of organisations' public feeds (incidents, work zones), by SHA-256 hash. */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db/database';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export class FeedTokensRepository {
  constructor(private readonly db: Db) {}

  /** A new token for the organisation; the previous one stops working. Shown once: only its hash is kept. */
  async rotate(organizationId: string): Promise<{ token: string; createdAt: Date }> {
    const token = randomBytes(24).toString('base64url');
    const row = await this.db
      .insertInto('incident_feed_tokens')
      .values({ organization_id: organizationId, token_hash: hashOf(token) })
      .onConflict((oc) =>
        oc.column('organization_id').doUpdateSet({ token_hash: hashOf(token), created_at: new Date() }),
      )
      .returning('created_at')
      .executeTakeFirstOrThrow();
    return { token, createdAt: row.created_at };
  }

  async remove(organizationId: string): Promise<void> {
    await this.db.deleteFrom('incident_feed_tokens').where('organization_id', '=', organizationId).execute();
  }

  async createdAt(organizationId: string): Promise<Date | null> {
    const row = await this.db
      .selectFrom('incident_feed_tokens')
      .select('created_at')
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    return row?.created_at ?? null;
  }

  async organizationOf(token: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('incident_feed_tokens')
      .select('organization_id')
      .where('token_hash', '=', hashOf(token))
      .executeTakeFirst();
    return row?.organization_id ?? null;
  }
}
