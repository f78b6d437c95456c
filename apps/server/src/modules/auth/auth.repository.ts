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
        'users.email',
        'users.first_name',
        'users.organization_id',
        'users.password_hash',
        'users.password_changed_at',
        'users.suspended_at',
        'users.locked_at',
        'users.failed_sign_in_attempts',
        'users.last_sign_in_at',
        'users.created_at',
        'org.dashboard_enabled',
        'org.sign_in_method',
        'org.name as organization_name',
      ])
      .where(sql<string>`lower(users.email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  /** A user's full name, for e-mails that name them. */
  async fullNameOf(userId: string): Promise<string | undefined> {
    const user = await this.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return user && `${user.first_name} ${user.last_name}`.trim();
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

  async isSuspended(userId: string): Promise<boolean> {
    const user = await this.db
      .selectFrom('users')
      .select('suspended_at')
      .where('id', '=', userId)
      .executeTakeFirst();
    return Boolean(user?.suspended_at);
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
        'users.organization_id as user_organization_id',
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

  async revokeUserSessions(userId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Counts a wrong password; the attempt that reaches `lockAfter` locks the account. */
  recordFailedSignIn(userId: string, lockAfter: number) {
    return this.db
      .updateTable('users')
      .set({
        failed_sign_in_attempts: sql`failed_sign_in_attempts + 1`,
        locked_at: sql`case when failed_sign_in_attempts + 1 >= ${lockAfter} then coalesce(locked_at, now()) else locked_at end`,
      })
      .where('id', '=', userId)
      .returning(['failed_sign_in_attempts', 'locked_at'])
      .executeTakeFirstOrThrow();
  }

  async clearFailedSignIns(userId: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ failed_sign_in_attempts: 0, locked_at: null })
      .where('id', '=', userId)
      .execute();
  }

  /** Stores a new single-use token, retiring the user's earlier unused ones of the same purpose. */
  async createAccountToken(input: {
    userId: string;
    purpose: 'reset' | 'unlock';
    tokenHash: string;
    expiresAt: Date;
  }) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('account_tokens')
        .set({ used_at: sql`now()` })
        .where('user_id', '=', input.userId)
        .where('purpose', '=', input.purpose)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('account_tokens')
        .values({
          user_id: input.userId,
          purpose: input.purpose,
          token_hash: input.tokenHash,
          expires_at: input.expiresAt,
        })
        .execute();
    });
  }

  findAccountToken(tokenHash: string, purpose: 'reset' | 'unlock') {
    return this.db
      .selectFrom('account_tokens')
      .innerJoin('users', 'users.id', 'account_tokens.user_id')
      .select([
        'account_tokens.id',
        'account_tokens.token_hash',
        'account_tokens.expires_at',
        'account_tokens.used_at',
        'users.id as user_id',
        'users.email',
        'users.suspended_at',
      ])
      .where('account_tokens.token_hash', '=', tokenHash)
      .where('account_tokens.purpose', '=', purpose)
      .executeTakeFirst();
  }

  /** Marks a token used; false when it already was (it wins once). */
  async useAccountToken(tokenId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('account_tokens')
      .set({ used_at: sql`now()` })
      .where('id', '=', tokenId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** The current password hash followed by earlier ones, newest first. */
  async recentPasswordHashes(userId: string, count: number): Promise<string[]> {
    const current = await this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const earlier = await this.db
      .selectFrom('password_history')
      .select('password_hash')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(count - 1)
      .execute();
    return [current.password_hash, ...earlier.map((r) => r.password_hash)];
  }

  /** Sets a new password: keeps the old hash in the history, clears any lock, ends every session. */
  async changePassword(userId: string, passwordHash: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('password_history')
        .values({ user_id: userId, password_hash: current.password_hash })
        .execute();
      await trx
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          password_changed_at: sql`now()`,
          failed_sign_in_attempts: 0,
          locked_at: null,
          updated_at: sql`now()`,
        })
        .where('id', '=', userId)
        .execute();
      await trx
        .updateTable('sessions')
        .set({ revoked_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    });
  }
}
