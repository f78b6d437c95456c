/**
 * Organisations: the list the caller may see, changes to those they manage, and (platform
 * administrators) creating one with its first Org Admin and deleting an empty one.
 */
import { MESSAGES } from '@flare/core/messages';
import { defaultRespondersType } from '@flare/core/labels';
import { assignableOrganizationTypes } from '@flare/core/organizations/organization-rules';
import { can } from '@flare/core/permissions/access';
import {
  DEFAULT_ORGANIZATION_TIMEZONE,
  type Assignable,
  type CreateOrganizationInput,
  type Organization,
  type OrganizationInput,
  type OrganizationRelationship,
  type OrganizationType,
} from '@flare/core/schemas/organization';
import type { Principal } from '../../platform/auth-hook';
import type { EventBus } from '../../platform/bus/event-bus';
import { conflict, forbidden, unprocessable } from '../../platform/http-errors';
import { positionOf, type AccountsService } from '../accounts/accounts.service';
import type { UsersService } from '../users/users.service';
import type {
  OrganizationFields,
  OrganizationListRow,
  OrganizationsRepository,
} from './organizations.repository';

/** The role a new organisation's first user gets ("Org Admin"). */
const FIRST_ADMIN_ROLE = 'MANUFACTURER_ADMIN';

const notFound = () => unprocessable('not_found', MESSAGES.selectedOrganizationNotFound);

function fieldsOf(input: OrganizationInput): OrganizationFields {
  return {
    name: input.name,
    email: input.email || null,
    phone_number: input.phone_number || null,
    cell_phone_number: input.cell_phone_number || null,
    contact_name: input.contact_name || null,
    organization_type_id: input.organization_type_id,
    address1: input.address1,
    address2: input.address2 || null,
    city: input.city,
    state: input.state,
    postal_code: input.postal_code || null,
    country_code: input.country_code,
    timezone: input.timezone,
    responders_type: input.responders_type,
    lat: input.position === undefined ? undefined : (input.position?.lat ?? null),
    lng: input.position === undefined ? undefined : (input.position?.lng ?? null),
  };
}

function typeOf(row: OrganizationListRow): OrganizationType {
  return {
    id: row.type_id,
    name: row.type_name,
    display_name: row.type_display_name,
    acs: row.type_acs,
    on_icon_url: row.type_on_icon_url,
    off_icon_url: row.type_off_icon_url,
  };
}

/** The organisations that manage and that access each organisation, by its id. */
type Related = Map<string, Pick<Organization, 'managers' | 'accessors'>>;

/** How the caller stands to the organisations: their own, those they manage and those they access. */
interface Standing {
  own: string;
  managed: Set<string>;
  accessed: Set<string>;
  platformAdmin: boolean;
  mayUpdate: boolean;
}

export class OrganizationsService {
  constructor(
    private readonly repository: OrganizationsRepository,
    private readonly accounts: AccountsService,
    private readonly users: UsersService,
    private readonly events: EventBus,
  ) {}

  async list(principal: Principal): Promise<{ data: Organization[] }> {
    const standing = await this.standing(principal);
    const rows = await this.repository.list(
      standing.platformAdmin ? null : [standing.own, ...standing.managed, ...standing.accessed],
    );
    const related = await this.relatedOf(rows, standing);
    return { data: rows.map((row) => this.toWire(row, standing, related)) };
  }

  async assignable(principal: Principal): Promise<Assignable> {
    const types = await this.repository.listTypes();
    return { organization_types: assignableOrganizationTypes(types, principal.permissions) };
  }

  /** Changes the caller's own organisation, or (`id`) one they manage; any for platform administrators. */
  async update(principal: Principal, id: string, input: OrganizationInput): Promise<Organization> {
    const standing = await this.standing(principal);
    if (!this.editable(id, standing)) throw notFound();
    const current = await this.repository.find(id);
    if (!current) throw notFound();
    if (input.organization_type_id !== current.type_id) await this.assignableType(principal, input);
    const respondersChanged = input.responders_type && input.responders_type !== current.responders_type;
    if (respondersChanged && !can(principal.permissions, 'setRespondersType'))
      throw forbidden(MESSAGES.respondersTypeNotAssignable);
    await this.repository.update(id, fieldsOf(input));
    return this.wireOf(id, standing);
  }

  /**
   * Creates the organisation and its first Org Admin, who is e-mailed an invitation. When the
   * administrator cannot be created (e.g. the e-mail is taken) the organisation is removed again.
   */
  async create(principal: Principal, input: CreateOrganizationInput): Promise<Organization> {
    const type = await this.assignableType(principal, input);
    const role = (await this.accounts.roles()).find((r) => r.name === FIRST_ADMIN_ROLE);
    if (!role) throw new Error(`role ${FIRST_ADMIN_ROLE} is missing`);
    const id = await this.repository.create({
      ...fieldsOf(input),
      timezone: input.timezone ?? DEFAULT_ORGANIZATION_TIMEZONE,
      responders_type: input.responders_type ?? defaultRespondersType(type.name),
    });
    try {
      await this.users.invite(id, { ...input.admin, role_id: role.id }, principal.userId);
    } catch (error) {
      await this.repository.delete(id);
      throw error;
    }
    return this.wireOf(id, await this.standing(principal));
  }

  /** Deletes an organisation without users or assets; never the caller's own. Answers its id. */
  async remove(principal: Principal, id: string): Promise<{ uuid: string }> {
    if (id === principal.organizationId) throw forbidden(MESSAGES.notYourOwnOrganization);
    if (!(await this.repository.find(id))) throw notFound();
    if (!(await this.repository.delete(id))) throw conflict('not_empty', MESSAGES.organizationNotEmpty);
    await this.events.emit('organization.deleted', { organization_id: id });
    return { uuid: id };
  }

  /** The organisation type the input names, when the caller may assign it. */
  private async assignableType(principal: Principal, input: OrganizationInput): Promise<OrganizationType> {
    const { organization_types: types } = await this.assignable(principal);
    const type = types.find((candidate) => candidate.id === input.organization_type_id);
    if (!type) throw unprocessable('invalid_type', MESSAGES.organizationTypeNotAssignable);
    return type;
  }

  private async standing(principal: Principal): Promise<Standing> {
    const [managed, visible] = await Promise.all([
      this.accounts.managedOrganizationIds(principal),
      this.accounts.visibleOrganizationIds(principal),
    ]);
    const own = principal.organizationId;
    const managedSet = new Set((managed ?? []).filter((id) => id !== own));
    return {
      own,
      managed: managedSet,
      accessed: new Set((visible ?? []).filter((id) => id !== own && !managedSet.has(id))),
      platformAdmin: managed === null,
      mayUpdate: can(principal.permissions, 'updateOrganization'),
    };
  }

  private relationship(id: string, standing: Standing): OrganizationRelationship {
    if (id === standing.own) return 'own';
    if (standing.managed.has(id)) return 'managed';
    if (standing.accessed.has(id)) return 'accessed';
    return 'other';
  }

  private editable(id: string, standing: Standing): boolean {
    const relationship = this.relationship(id, standing);
    return (
      standing.mayUpdate && (standing.platformAdmin || relationship === 'own' || relationship === 'managed')
    );
  }

  private async wireOf(id: string, standing: Standing): Promise<Organization> {
    const row = await this.repository.find(id);
    if (!row) throw notFound();
    return this.toWire(row, standing, await this.relatedOf([row], standing));
  }

  /** Who manages or accesses an organisation is told to its own users and to platform administrators. */
  private mayKnowRelations(id: string, standing: Standing): boolean {
    return standing.platformAdmin || id === standing.own;
  }

  private async relatedOf(rows: OrganizationListRow[], standing: Standing): Promise<Related> {
    const ids = rows.map((row) => row.id).filter((id) => this.mayKnowRelations(id, standing));
    const related: Related = new Map();
    for (const rel of await this.repository.related(ids)) {
      const lists = related.get(rel.organization_id) ?? { managers: [], accessors: [] };
      lists[rel.relationship_type === 'manager' ? 'managers' : 'accessors'].push({
        id: rel.id,
        name: rel.name,
      });
      related.set(rel.organization_id, lists);
    }
    return related;
  }

  private toWire(row: OrganizationListRow, standing: Standing, related: Related): Organization {
    const knows = this.mayKnowRelations(row.id, standing);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      phone_number: row.phone_number,
      contact_name: row.contact_name,
      cell_phone_number: row.cell_phone_number,
      address1: row.address1,
      address2: row.address2,
      city: row.city,
      state: row.state,
      postal_code: row.postal_code,
      country_code: row.country_code,
      timezone: row.timezone,
      organization_type: typeOf(row),
      responders_type: row.responders_type,
      relationship: this.relationship(row.id, standing),
      editable: this.editable(row.id, standing),
      position: positionOf(row),
      billing_customer_id: knows ? row.billing_customer_id : null,
      ...(related.get(row.id) ?? { managers: [], accessors: [] }),
    };
  }
}
