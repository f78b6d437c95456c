import { sql } from 'kysely';
import type { ApiKeyScope } from '@flare/core/schemas/api-key';
import type { Db } from '../../platform/db/database';

const keyColumns = ['id', 'description', 'token_prefix', 'scopes', 'created_at', 'last_used_at'] as const;

export class ApiKeysRepository {
  constructor(private readonly db: Db) {}

  listActive(organizationId: string) {
    return this.db
      .selectFrom('api_keys')
      .select(keyColumns)
      .where('organization_id', '=', organizationId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at')
      .execute();
  }

  /**
   * Stores a key unless the organisation already holds `limit` active ones (null then). The
   * organisation's row is locked meanwhile, so two requests at once cannot both take the last place.
   */
  createWithinLimit(input: {
    organizationId: string;
    description: string;
    scopes: readonly ApiKeyScope[];
    tokenHash: string;
    tokenPrefix: string;
    createdBy: string | null;
    limit: number;
  }) {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', input.organizationId)
        .forUpdate()
        .execute();
      const { count } = await trx
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('organization_id', '=', input.organizationId)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(count) >= input.limit) return null;
      return trx
        .insertInto('api_keys')
        .values({
          organization_id: input.organizationId,
          description: input.description,
          scopes: JSON.stringify(input.scopes),
          token_hash: input.tokenHash,
          token_prefix: input.tokenPrefix,
          created_by: input.createdBy,
        })
        .returning(keyColumns)
        .executeTakeFirstOrThrow();
    });
  }

  async revoke(keyId: string, organizationId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: sql`now()` })
      .where('id', '=', keyId)
      .where('organization_id', '=', organizationId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  findActiveByHash(tokenHash: string) {
    return this.db
      .selectFrom('api_keys')
      .select(['id', 'organization_id', 'token_hash', 'scopes', 'last_used_at'])
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  async markUsed(keyId: string): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: sql`now()` })
      .where('id', '=', keyId)
      .execute();
  }
}

export type ApiKeyRow = Awaited<ReturnType<ApiKeysRepository['listActive']>>[number];
