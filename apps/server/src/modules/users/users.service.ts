/**
 * The users of the caller's organisation: list, invite, change (names, e-mail, role, phone, address),
 * suspend and delete. A caller acts only on users of their own organisation, of a role no higher than
 * their own, and never suspends, deletes or re-roles themself.
 */
import { MESSAGES } from '@flare/core/messages';
import { personAddressOf } from '@flare/core/schemas/address';
import type { Role } from '@flare/core/schemas/reference';
import {
  phoneOfUpdate,
  type CreateUserInput,
  type OrganizationUsersResponse,
  type OrganizationUserWire,
  type UpdateUserInput,
} from '@flare/core/schemas/user';
import { assignableRoles, outranksOrEquals } from '@flare/core/users/user-rules';
import type { Principal } from '../../platform/auth-hook';
import { forbidden, unprocessable } from '../../platform/http-errors';
import type { AccountsService } from '../accounts/accounts.service';
import { unknowablePasswordHash, type AuthService } from '../auth/auth.service';
import { EmailInUseError, type UserRow, type UsersRepository } from './users.repository';

export function toOrganizationUserWire(row: UserRow): OrganizationUserWire {
  return {
    id: row.id,
    email: row.email,
    firstname: row.first_name,
    lastname: row.last_name,
    role_id: row.role_id,
    last_sign_in_at: row.last_sign_in_at?.toISOString() ?? null,
    sign_in_count: row.sign_in_count,
    suspended_at: row.suspended_at?.toISOString() ?? null,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
  };
}

const emailInUse = () => unprocessable('email_in_use', MESSAGES.emailInUse);

export class UsersService {
  constructor(
    private readonly repository: UsersRepository,
    private readonly accounts: AccountsService,
    private readonly auth: AuthService,
  ) {}

  async list(principal: Principal): Promise<OrganizationUsersResponse> {
    const organizationId = principal.organizationId;
    const [own, managers, accessors] = await Promise.all([
      this.repository.listOfOrganizations([organizationId]),
      this.repository
        .relatedTo(organizationId, 'manager')
        .then((ids) => this.repository.listOfOrganizations(ids)),
      this.repository
        .relatedTo(organizationId, 'accessor')
        .then((ids) => this.repository.listOfOrganizations(ids)),
    ]);
    return {
      organization_users: own.map(toOrganizationUserWire),
      organization_managers: managers.map(toOrganizationUserWire),
      organization_accessors: accessors.map(toOrganizationUserWire),
    };
  }

  /** Creates the user in the caller's organisation and queues their invitation e-mail. */
  async create(principal: Principal, input: CreateUserInput): Promise<OrganizationUserWire> {
    await this.assignableRole(principal, input.role_id);
    const userId = await this.invite(principal.organizationId, input, principal.userId);
    return this.wireOf(userId, principal, MESSAGES.userNotFound);
  }

  /**
   * Creates a user in `organizationId` and queues their invitation e-mail (naming the user who
   * invited them); answers their id. The caller has checked the permission and the role (e.g. a new
   * organisation's first Org Admin).
   */
  async invite(organizationId: string, input: CreateUserInput, invitedBy: string): Promise<string> {
    let userId: string;
    try {
      userId = await this.repository.create({
        organizationId,
        roleId: input.role_id,
        email: input.email,
        firstName: input.firstname,
        lastName: input.lastname,
        passwordHash: await unknowablePasswordHash(),
      });
    } catch (error) {
      if (error instanceof EmailInUseError) throw emailInUse();
      throw error;
    }
    await this.auth.invite(input.email, invitedBy);
    return userId;
  }

  /**
   * Creates a user an identity provider vouched for (single sign-on), in the given organisation and
   * role, without an invitation: they sign in through the provider. An existing user is left as is.
   */
  async provision(input: {
    organizationId: string;
    roleId: number;
    email: string;
    firstName: string;
    lastName: string;
  }): Promise<void> {
    try {
      await this.repository.create({ ...input, passwordHash: await unknowablePasswordHash() });
    } catch (error) {
      if (!(error instanceof EmailInUseError)) throw error;
    }
  }

  async update(principal: Principal, userId: string, input: UpdateUserInput): Promise<OrganizationUserWire> {
    const target = await this.repository.findInOrganization(userId, principal.organizationId);
    if (!target || (input.id !== undefined && input.id !== userId)) {
      throw unprocessable('not_found', MESSAGES.selectedUserNotFound);
    }
    const self = userId === principal.userId;
    const roleChanges = input.role_id !== undefined && input.role_id !== target.role_id;
    if (self && (roleChanges || input.suspended === true)) throw forbidden(MESSAGES.notOnYourself);
    if (!self) await this.mayActOn(principal, target);
    if (roleChanges && input.role_id !== undefined) await this.assignableRole(principal, input.role_id);
    try {
      await this.repository.update(userId, {
        firstName: input.firstname,
        lastName: input.lastname,
        email: input.email,
        roleId: input.role_id,
        suspended: input.suspended,
        phone: phoneOfUpdate(input),
        address: personAddressOf(input),
      });
    } catch (error) {
      if (error instanceof EmailInUseError) throw emailInUse();
      throw error;
    }
    if (input.suspended === true) await this.auth.endSessions(userId);
    return this.wireOf(userId, principal, MESSAGES.selectedUserNotFound);
  }

  /** Deletes the user (after ending their sessions); answers their id. */
  async remove(principal: Principal, userId: string): Promise<{ uuid: string }> {
    const target = await this.repository.findInOrganization(userId, principal.organizationId);
    if (!target) throw unprocessable('not_found', MESSAGES.userNotFound);
    if (userId === principal.userId) throw forbidden(MESSAGES.notOnYourself);
    await this.mayActOn(principal, target);
    await this.auth.endSessions(userId);
    await this.repository.delete(userId);
    return { uuid: userId };
  }

  private async wireOf(userId: string, principal: Principal, missing: string) {
    const row = await this.repository.findInOrganization(userId, principal.organizationId);
    if (!row) throw unprocessable('not_found', missing);
    return toOrganizationUserWire(row);
  }

  private callerOrder(principal: Principal, roles: Role[]): number {
    return roles.find((r) => r.id === principal.roleId)?.order ?? 0;
  }

  private async mayActOn(principal: Principal, target: UserRow): Promise<void> {
    const roles = await this.accounts.roles();
    const targetOrder = roles.find((r) => r.id === target.role_id)?.order ?? Number.POSITIVE_INFINITY;
    if (!outranksOrEquals(this.callerOrder(principal, roles), targetOrder)) {
      throw forbidden(MESSAGES.userOutranksYou);
    }
  }

  private async assignableRole(principal: Principal, roleId: number): Promise<void> {
    const roles = await this.accounts.roles();
    const assignable = assignableRoles(roles, this.callerOrder(principal, roles));
    if (!assignable.some((r) => r.id === roleId))
      throw unprocessable('invalid_role', MESSAGES.roleNotAssignable);
  }
}
