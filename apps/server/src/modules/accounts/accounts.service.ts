/** The signed-in user's profile and the organisations they work in. */
import type { ProfileResponse } from '@flare/core/schemas/profile';
import type { MapPosition, OrganizationSummary } from '@flare/core/schemas/organization';
import type { Role } from '@flare/core/schemas/reference';
import { roleLabel } from '@flare/core/labels';
import { can } from '@flare/core/permissions/access';
import { MESSAGES } from '@flare/core/messages';
import { notFound, unauthorized } from '../../platform/http-errors';
import type { Principal } from '../../platform/auth-hook';
import type { AccountsRepository, OrganizationRow } from './accounts.repository';

/** The organisation's map position from its columns (both set or neither). */
export const positionOf = (row: { lat: number | null; lng: number | null }): MapPosition | null =>
  row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;

export function toOrganizationSummary(row: OrganizationRow): OrganizationSummary {
  return {
    id: row.id,
    name: row.name,
    position: positionOf(row),
    timezone: row.timezone,
    country_code: row.country_code,
    organization_type: {
      id: row.type_id,
      name: row.type_name,
      display_name: row.type_display_name,
      acs: row.type_acs,
      on_icon_url: row.type_on_icon_url,
      off_icon_url: row.type_off_icon_url,
    },
    responders_type: row.responders_type,
    is_wzdx_org: row.is_wzdx_org,
    is_large_org: row.is_large_org,
    show_infinite_timeout_option: row.show_infinite_timeout_option,
  };
}

export class AccountsService {
  constructor(private readonly repository: AccountsRepository) {}

  async profile(principal: Principal): Promise<ProfileResponse> {
    const user = await this.repository.findUser(principal.userId);
    if (!user) throw notFound(MESSAGES.profileMissing);
    // The token names the organisation it was issued for; a user who has moved since must sign in again.
    if (user.organization_id !== principal.organizationId)
      throw unauthorized('invalid_token', MESSAGES.tokenExpired);
    const [org, managed, accessed] = await Promise.all([
      this.repository.findOrganization(user.organization_id),
      this.repository.related(user.organization_id, 'manager'),
      this.repository.related(user.organization_id, 'accessor'),
    ]);
    if (!org) throw notFound(MESSAGES.profileMissing);
    return {
      id: user.id,
      firstname: user.first_name,
      lastname: user.last_name,
      email: user.email,
      phone: user.phone,
      address1: user.address1,
      address2: user.address2,
      city: user.city,
      state: user.state,
      postal_code: user.postal_code,
      country_code: user.country_code,
      role_id: user.role_id,
      // The user's organisation (the token's, checked above): the client compares it with its own copy.
      organization_id: user.organization_id,
      acs: org.type_acs,
      permissions: [...principal.permissions],
      organization_type: org.type_name,
      has_api_keys: await this.repository.hasApiKeys(user.organization_id),
      is_ha_direct_enabled: org.is_ha_direct_enabled,
      show_infinite_timeout_option: org.show_infinite_timeout_option,
      billing_id: org.billing_customer_id,
      user_org: toOrganizationSummary(org),
      managed_orgs: managed.map(toOrganizationSummary),
      accessed_orgs: accessed.map(toOrganizationSummary),
    };
  }

  /**
   * The organisations whose data the caller may see: their own and those it manages or accesses;
   * null for platform administrators, who see every organisation.
   */
  async visibleOrganizationIds(principal: Principal): Promise<string[] | null> {
    // An integration's API key works for its own organisation only.
    if (principal.apiKeyId) return [principal.organizationId];
    if (can(principal.permissions, 'platformAdmin')) return null;
    return [
      principal.organizationId,
      ...(await this.repository.relatedIds(principal.organizationId, ['manager', 'accessor'])),
    ];
  }

  /** The organisations whose data the caller may change: their own and those it manages; null: all. */
  async managedOrganizationIds(principal: Principal): Promise<string[] | null> {
    if (principal.apiKeyId) return [principal.organizationId];
    if (can(principal.permissions, 'platformAdmin')) return null;
    return [
      principal.organizationId,
      ...(await this.repository.relatedIds(principal.organizationId, ['manager'])),
    ];
  }

  /**
   * The organisations a list call covers: those asked for (`org_ids[]`), else the caller's own. Asking
   * for one the caller may not see answers 404 "Organization not found", as if it did not exist.
   */
  async organizationScope(principal: Principal, requested: string | string[] | undefined): Promise<string[]> {
    const asked = requested === undefined ? [] : Array.isArray(requested) ? requested : [requested];
    if (asked.length === 0) return [principal.organizationId];
    const visible = await this.visibleOrganizationIds(principal);
    if (visible !== null && asked.some((id) => !visible.includes(id)))
      throw notFound(MESSAGES.organizationNotFound);
    return asked;
  }

  /** The organisations `organizationId` manages. */
  managedBy(organizationId: string): Promise<string[]> {
    return this.repository.relatedIds(organizationId, ['manager']);
  }

  async canSeeOrganization(principal: Principal, organizationId: string): Promise<boolean> {
    const visible = await this.visibleOrganizationIds(principal);
    return visible === null || visible.includes(organizationId);
  }

  organizationNames(ids: string[]): Promise<Map<string, string>> {
    return this.repository.organizationNames(ids);
  }

  async roles(): Promise<Role[]> {
    const rows = await this.repository.listRoles();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      label: roleLabel(r.name),
      description: r.description,
      order: r.sort_order,
    }));
  }
}
