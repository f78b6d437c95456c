import { sql } from 'kysely';
import type { RespondersType } from '@flare/core/labels';
import type { Db } from '../../platform/db/database';

/** The columns an organisation's own fields are saved in (the API's names). */
export interface OrganizationFields {
  name: string;
  email: string | null;
  phone_number: string | null;
  cell_phone_number: string | null;
  contact_name: string | null;
  organization_type_id: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  postal_code: string | null;
  country_code: string;
  /** Left as they are when undefined. */
  timezone: string | undefined;
  responders_type: RespondersType | undefined;
  lat: number | null | undefined;
  lng: number | null | undefined;
}

export class OrganizationsRepository {
  constructor(private readonly db: Db) {}

  private organizations() {
    return this.db
      .selectFrom('organizations as org')
      .innerJoin('organization_types as type', 'type.id', 'org.organization_type_id')
      .select([
        'org.id',
        'org.name',
        'org.email',
        'org.phone_number',
        'org.contact_name',
        'org.cell_phone_number',
        'org.address1',
        'org.address2',
        'org.city',
        'org.state',
        'org.postal_code',
        'org.country_code',
        'org.timezone',
        'org.responders_type',
        'org.lat',
        'org.lng',
        'org.billing_customer_id',
        'type.id as type_id',
        'type.name as type_name',
        'type.display_name as type_display_name',
        'type.acs as type_acs',
        'type.on_icon_url as type_on_icon_url',
        'type.off_icon_url as type_off_icon_url',
      ]);
  }

  /** The organisations with these ids (every one when `ids` is null), by name. */
  list(ids: string[] | null) {
    if (ids?.length === 0) return Promise.resolve([]);
    const query = this.organizations().orderBy('org.name').orderBy('org.id');
    return (ids === null ? query : query.where('org.id', 'in', ids)).execute();
  }

  find(id: string) {
    return this.organizations().where('org.id', '=', id).executeTakeFirst();
  }

  /** The organisations that manage or access each of these, by name. */
  related(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('organization_relationships as rel')
      .innerJoin('organizations as related', 'related.id', 'rel.related_organization_id')
      .select(['rel.organization_id', 'rel.relationship_type', 'related.id', 'related.name'])
      .where('rel.organization_id', 'in', ids)
      .orderBy('related.name')
      .orderBy('related.id')
      .execute();
  }

  listTypes() {
    return this.db.selectFrom('organization_types').selectAll().orderBy('display_name').execute();
  }

  async create(
    fields: OrganizationFields & { timezone: string; responders_type: RespondersType },
  ): Promise<string> {
    const row = await this.db
      .insertInto('organizations')
      .values(fields)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: string, fields: OrganizationFields): Promise<void> {
    await this.db
      .updateTable('organizations')
      .set({ ...fields, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Deletes an organisation without users or assets (checked again inside the transaction, so a user
   * created meanwhile keeps it); its areas, closures, keys and other data go with it. Answers whether
   * it was deleted.
   */
  delete(id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('organizations').select('id').where('id', '=', id).forUpdate().execute();
      const member = await sql<{ found: number }>`select 1 as found where exists (
          select 1 from users where organization_id = ${id}
        ) or exists (select 1 from things where organization_id = ${id})`.execute(trx);
      if (member.rows.length > 0) return false;
      // Ended sessions of users who have since moved to another organisation still name this one.
      await trx.deleteFrom('sessions').where('organization_id', '=', id).execute();
      await trx.deleteFrom('organizations').where('id', '=', id).execute();
      return true;
    });
  }
}

export type OrganizationListRow = NonNullable<Awaited<ReturnType<OrganizationsRepository['find']>>>;
