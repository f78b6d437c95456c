import type { Db } from '../../platform/db/database';

const organizationColumns = [
  'org.id',
  'org.name',
  'org.lat',
  'org.lng',
  'org.timezone',
  'org.country_code',
  'org.responders_type',
  'org.is_wzdx_org',
  'org.is_large_org',
  'org.show_infinite_timeout_option',
  'org.is_ha_direct_enabled',
  'org.billing_customer_id',
  'type.id as type_id',
  'type.name as type_name',
  'type.display_name as type_display_name',
  'type.acs as type_acs',
  'type.on_icon_url as type_on_icon_url',
  'type.off_icon_url as type_off_icon_url',
] as const;

export class AccountsRepository {
  constructor(private readonly db: Db) {}

  findUser(userId: string) {
    return this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  }

  private organizations() {
    return this.db
      .selectFrom('organizations as org')
      .innerJoin('organization_types as type', 'type.id', 'org.organization_type_id')
      .select(organizationColumns);
  }

  findOrganization(organizationId: string) {
    return this.organizations().where('org.id', '=', organizationId).executeTakeFirst();
  }

  /** Organisations for which `organizationId` is a manager (or accessor). */
  related(organizationId: string, relationship: 'manager' | 'accessor') {
    return this.organizations()
      .innerJoin('organization_relationships as rel', 'rel.organization_id', 'org.id')
      .where('rel.related_organization_id', '=', organizationId)
      .where('rel.relationship_type', '=', relationship)
      .orderBy('org.name')
      .execute();
  }

  /** Ids of the organisations `organizationId` manages (or manages or accesses). */
  async relatedIds(organizationId: string, relationships: Array<'manager' | 'accessor'>): Promise<string[]> {
    const rows = await this.db
      .selectFrom('organization_relationships')
      .select('organization_id')
      .where('related_organization_id', '=', organizationId)
      .where('relationship_type', 'in', relationships)
      .execute();
    return rows.map((r) => r.organization_id);
  }

  async organizationNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('organizations')
      .select(['id', 'name'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async hasApiKeys(organizationId: string): Promise<boolean> {
    const key = await this.db
      .selectFrom('api_keys')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return key !== undefined;
  }

  listRoles() {
    return this.db.selectFrom('roles').selectAll().orderBy('sort_order').execute();
  }
}

export type OrganizationRow = NonNullable<Awaited<ReturnType<AccountsRepository['findOrganization']>>>;
