/**
 * Organisation users (5 and 7): the wire shapes of GET /organization/users,
 * POST /users/ and PUT /users/{id}, the user form, and the client's organisation-user model.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { PERSON_ADDRESS_FIELDS, personAddressIssues } from './address';
import { EmailSchema, requiredText, storable } from './common';

export const USER_NAME_MAX = 100;

const nameField = () => requiredText().max(USER_NAME_MAX, `At most ${USER_NAME_MAX} characters`);

export const PHONE_MAX = 30;
/** Digits, spaces and + ( ) - . only; empty clears the phone number. */
const phoneField = () =>
  storable(
    z
      .string()
      .trim()
      .max(PHONE_MAX, `At most ${PHONE_MAX} characters`)
      .regex(/^[0-9+()\-. ]*$/, MESSAGES.invalidPhone),
  ).nullish();

export const OrganizationUserWireSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  role_id: z.number().int(),
  last_sign_in_at: z.string().nullable(),
  sign_in_count: z.number().int(),
  /** When the user was suspended; null for an active user. */
  suspended_at: z.string().nullable(),
  organization_id: z.string(),
  organization_name: z.string(),
});
export type OrganizationUserWire = z.infer<typeof OrganizationUserWireSchema>;

export const OrganizationUsersResponseSchema = z.object({
  organization_users: z.array(OrganizationUserWireSchema),
  /** Users of the organisations that manage this one. */
  organization_managers: z.array(OrganizationUserWireSchema),
  /** Users of the organisations that access this one. */
  organization_accessors: z.array(OrganizationUserWireSchema),
});
export type OrganizationUsersResponse = z.infer<typeof OrganizationUsersResponseSchema>;

export const CreateUserInputSchema = z.object({
  firstname: nameField(),
  lastname: nameField(),
  email: EmailSchema,
  role_id: z.number().int(),
});
export type CreateUserInput = z.infer<typeof CreateUserInputSchema>;

export const UpdateUserInputSchema = z
  .object({
    /** Sent by one client variant; when present it must name the user of the path. */
    id: z.string().optional(),
    firstname: nameField(),
    lastname: nameField(),
    email: EmailSchema.optional(),
    role_id: z.number().int().optional(),
    /** true suspends the user (ending their sessions at once), false re-activates them. */
    suspended: z.boolean().optional(),
    /** Left out, the phone stays as it is; empty or null clears it. */
    phone: phoneField(),
    /** The spec's spelling of `phone`, which the profile save sends; it wins when both come. */
    phonenumber: phoneField(),
    /** Sending any address field replaces the whole address (see personAddressOf). */
    ...PERSON_ADDRESS_FIELDS,
  })
  .superRefine(personAddressIssues);
export type UpdateUserInput = z.infer<typeof UpdateUserInputSchema>;

/** The phone an update sets: `phonenumber` or `phone`; undefined leaves it, null or empty clears it. */
export function phoneOfUpdate(
  input: Pick<UpdateUserInput, 'phone' | 'phonenumber'>,
): string | null | undefined {
  const phone = input.phonenumber !== undefined ? input.phonenumber : input.phone;
  return phone === undefined ? undefined : phone || null;
}

export const DeleteUserResponseSchema = z.object({ uuid: z.string() });

/** The user form of the new and edit screens: every field required. */
export const UserFormSchema = z.object({
  firstName: nameField(),
  lastName: nameField(),
  email: EmailSchema,
  roleId: z.number({ error: 'Required' }).int(),
});
export type UserForm = z.infer<typeof UserFormSchema>;

/** The profile form: one's own names, phone and address (the address fields as the API names them). */
export const ProfileFormSchema = z
  .object({ firstName: nameField(), lastName: nameField(), phone: phoneField(), ...PERSON_ADDRESS_FIELDS })
  .superRefine(personAddressIssues);
export type ProfileFormInput = z.input<typeof ProfileFormSchema>;
export type ProfileFormValues = z.infer<typeof ProfileFormSchema>;

export type UserAssociation = 'Manager' | 'Accessor';

export interface OrganizationUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roleId: number;
  lastSignIn: string | null;
  signInCount: number;
  suspended: boolean;
  /** The full name, or the email when there is no first name. */
  displayName: string;
  organizationName: string;
  /** For users of associated organisations only. */
  association: UserAssociation | null;
}

export function toOrganizationUser(
  wire: OrganizationUserWire,
  association: UserAssociation | null = null,
): OrganizationUser {
  const fullName = `${wire.firstname} ${wire.lastname}`.trim();
  return {
    id: wire.id,
    email: wire.email,
    firstName: wire.firstname,
    lastName: wire.lastname,
    roleId: wire.role_id,
    lastSignIn: wire.last_sign_in_at,
    signInCount: wire.sign_in_count,
    suspended: wire.suspended_at !== null,
    displayName: wire.firstname.trim() ? fullName : wire.email,
    organizationName: wire.organization_name,
    association,
  };
}
