import { sql } from 'kysely';
import type { PersonAddress } from '@flare/core/schemas/address';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';

/** Thrown when another user already has the e-mail address (in any case). */
export class EmailInUseError extends Error {}

const rethrowEmailInUse = (error: unknown): never => {
  if (isUniqueViolation(error, 'users_email_unique')) throw new EmailInUseError();
  throw error;
};

export class UsersRepository {
  constructor(private readonly db: Db) {}

  private users() {
    return this.db
      .selectFrom('users')
      .innerJoin('organizations as org', 'org.id', 'users.organization_id')
      .select([
        'users.id',
        'users.email',
        'users.first_name',
        'users.last_name',
        'users.role_id',
        'users.last_sign_in_at',
        'users.sign_in_count',
        'users.suspended_at',
        'users.organization_id',
        'org.name as organization_name',
      ]);
  }

  listOfOrganizations(organizationIds: string[]) {
    if (organizationIds.length === 0) return Promise.resolve([]);
    return this.users()
      .where('users.organization_id', 'in', organizationIds)
      .orderBy('users.last_name')
      .orderBy('users.first_name')
      .orderBy('users.email')
      .execute();
  }

  /** The organisations that manage (or access) `organizationId`. */
  async relatedTo(organizationId: string, relationship: 'manager' | 'accessor'): Promise<string[]> {
    const rows = await this.db
      .selectFrom('organization_relationships')
      .select('related_organization_id')
      .where('organization_id', '=', organizationId)
      .where('relationship_type', '=', relationship)
      .execute();
    return rows.map((r) => r.related_organization_id);
  }

  findInOrganization(userId: string, organizationId: string) {
    return this.users()
      .where('users.id', '=', userId)
      .where('users.organization_id', '=', organizationId)
      .executeTakeFirst();
  }

  async create(input: {
    organizationId: string;
    roleId: number;
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
  }): Promise<string> {
    const row = await this.db
      .insertInto('users')
      .values({
        organization_id: input.organizationId,
        role_id: input.roleId,
        email: input.email,
        first_name: input.firstName,
        last_name: input.lastName,
        password_hash: input.passwordHash,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch(rethrowEmailInUse);
    return row.id;
  }

  async update(
    userId: string,
    changes: {
      firstName: string;
      lastName: string;
      email?: string | undefined;
      roleId?: number | undefined;
      suspended?: boolean | undefined;
      /** null clears the phone; undefined leaves it (and the address) as it is. */
      phone?: string | null | undefined;
      address?: PersonAddress | undefined;
    },
  ): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        first_name: changes.firstName,
        last_name: changes.lastName,
        ...(changes.email !== undefined ? { email: changes.email } : {}),
        ...(changes.roleId !== undefined ? { role_id: changes.roleId } : {}),
        ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
        ...(changes.address ?? {}),
        // Suspending keeps the first suspension time; re-activating clears it.
        ...(changes.suspended !== undefined
          ? { suspended_at: changes.suspended ? sql`coalesce(suspended_at, now())` : null }
          : {}),
        updated_at: sql`now()`,
      })
      .where('id', '=', userId)
      .execute()
      .catch(rethrowEmailInUse);
  }

  async delete(userId: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', userId).execute();
  }
}

export type UserRow = NonNullable<Awaited<ReturnType<UsersRepository['findInOrganization']>>>;
