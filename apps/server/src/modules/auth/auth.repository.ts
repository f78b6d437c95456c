import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

export class AuthRepository {
  constructor(private readonly db: Db) {}

  findUserByEmail(email: string) {
    return this.db
      .selectFrom('users')
      .innerJoin('organizations as org', 'org.id', 'users.organization_id')
      .select([
        'users.id',
        'users.organization_id',
        'users.password_hash',
        'users.suspended_at',
        'org.dashboard_enabled',
        'org.sign_in_method',
      ])
      .where(sql<string>`lower(users.email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  /** The signed-in user's standing, or undefined when the session is unknown or revoked. */
  findActiveSessionUser(sessionId: string, userId: string) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['users.id', 'users.organization_id', 'users.role_id', 'users.suspended_at'])
      .where('sessions.id', '=', sessionId)
      .where('sessions.user_id', '=', userId)
      .where('sessions.revoked_at', 'is', null)
      .executeTakeFirst();
  }

  async permissionsOfRole(roleId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('role_permissions')
      .select('permission')
      .where('role_id', '=', roleId)
      .orderBy('permission')
      .execute();
    return rows.map((r) => r.permission);
  }

  async permissionsOfUser(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('users')
      .innerJoin('role_permissions', 'role_permissions.role_id', 'users.role_id')
      .select('role_permissions.permission')
      .where('users.id', '=', userId)
      .orderBy('role_permissions.permission')
      .execute();
    return rows.map((r) => r.permission);
  }

  /** Opens a session with its first refresh token and records the sign-in, in one transaction. */
  openSession(input: {
    userId: string;
    organizationId: string;
    application: string;
    tokenHash: string;
    expiresAt: Date;
  }) {
    return this.db.transaction().execute(async (trx) => {
      const session = await trx
        .insertInto('sessions')
        .values({
          user_id: input.userId,
          organization_id: input.organizationId,
          application: input.application,
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('refresh_tokens')
        .values({ session_id: session.id, token_hash: input.tokenHash, expires_at: input.expiresAt })
        .execute();
      await trx
        .updateTable('users')
        .set({ last_sign_in_at: sql`now()`, sign_in_count: sql`sign_in_count + 1` })
        .where('id', '=', input.userId)
        .execute();
      return session;
    });
  }

  findRefreshToken(tokenHash: string) {
    return this.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'refresh_tokens.id',
        'refresh_tokens.expires_at',
        'refresh_tokens.used_at',
        'sessions.id as session_id',
        'sessions.revoked_at',
        'sessions.user_id',
        'sessions.organization_id',
        'users.suspended_at',
      ])
      .where('refresh_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Marks a refresh token used and stores its successor. Returns false when another request used it
   * first (the conditional update wins once).
   */
  rotateRefreshToken(input: { tokenId: string; sessionId: string; tokenHash: string; expiresAt: Date }) {
    return this.db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: sql`now()` })
        .where('id', '=', input.tokenId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (used.numUpdatedRows !== 1n) return false;
      await trx
        .insertInto('refresh_tokens')
        .values({ session_id: input.sessionId, token_hash: input.tokenHash, expires_at: input.expiresAt })
        .execute();
      return true;
    });
  }

  async revokeSession(sessionId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
