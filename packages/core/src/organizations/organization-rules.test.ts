import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import type { OrganizationType } from '../schemas/organization';
import { assignableOrganizationTypes, organizationErrorMessage } from './organization-rules';

const type = (name: string, acs = false): OrganizationType => ({
  id: name,
  name,
  display_name: name,
  acs,
  on_icon_url: null,
  off_icon_url: null,
});
const TYPES = [type('police'), type('acs', true), type('general')];

describe('assignable organisation types', () => {
  it('gives platform administrators every type and the others every type but ACS ones', () => {
    expect(assignableOrganizationTypes(TYPES, ['haas:manage']).map((t) => t.name)).toEqual([
      'police',
      'acs',
      'general',
    ]);
    expect(assignableOrganizationTypes(TYPES, ['organization:manage']).map((t) => t.name)).toEqual([
      'police',
      'general',
    ]);
  });
});

describe('organisation error messages', () => {
  it('shows known refusals word for word and a generic failure otherwise', () => {
    expect(organizationErrorMessage(422, 'Organization not found.')).toBe('Organization not found.');
    expect(organizationErrorMessage(409, MESSAGES.organizationNotEmpty)).toBe(MESSAGES.organizationNotEmpty);
    expect(organizationErrorMessage(500, 'boom')).toBe('Unknown failure.');
    expect(organizationErrorMessage(0, null)).toBe(MESSAGES.connectionFailed);
  });
});
