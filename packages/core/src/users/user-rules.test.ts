import { describe, expect, it } from 'vitest';
import type { Role } from '../schemas/reference';
import {
  assignableRoles,
  createUserErrorMessage,
  outranksOrEquals,
  updateUserErrorMessage,
  usersErrorMessage,
} from './user-rules';

const role = (id: number, label: string): Role => ({ id, name: label, label, description: label, order: id });
const ROLES = [
  role(3, 'Admin'),
  role(1, 'Media'),
  role(5, 'Platform Admin'),
  role(2, 'User'),
  role(4, 'Org Admin'),
];

describe('assignable roles', () => {
  it("lists the roles up to the caller's own, by order", () => {
    expect(assignableRoles(ROLES, 3).map((r) => r.label)).toEqual(['Media', 'User', 'Admin']);
    expect(assignableRoles(ROLES, 4).map((r) => r.label)).toEqual(['Media', 'User', 'Admin', 'Org Admin']);
  });

  it('a caller manages users of their own rank or below', () => {
    expect(outranksOrEquals(3, 3)).toBe(true);
    expect(outranksOrEquals(3, 4)).toBe(false);
  });
});

describe('users error messages', () => {
  it('create: connection, email in use, otherwise unknown failure', () => {
    expect(createUserErrorMessage(0, null)).toBe('Connection failed');
    expect(createUserErrorMessage(422, 'Email is already in use. Please try another one.')).toBe(
      'Email is already in use. Please try another one.',
    );
    expect(createUserErrorMessage(422, 'User not found.')).toBe('User not found.');
    expect(createUserErrorMessage(500, 'boom')).toBe('Unknown failure.');
  });

  it('update: a message with "find" means the user could not be found', () => {
    expect(updateUserErrorMessage(422, 'The selected user could not be found')).toBe(
      'The selected user could not be found',
    );
    expect(updateUserErrorMessage(422, "Couldn't find User")).toBe('The selected user could not be found');
    expect(updateUserErrorMessage(403, 'forbidden')).toBe('There was an error submitting the form');
    expect(updateUserErrorMessage(0, null)).toBe('Connection failed');
  });

  it('list and delete: 422 is "User not found."', () => {
    expect(usersErrorMessage(422)).toBe('User not found.');
    expect(usersErrorMessage(0)).toBe('Connection failed');
  });
});
