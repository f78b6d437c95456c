import { describe, expect, it } from 'vitest';
import { toOrganizationUser } from '@flare/core/schemas/user';
import { filterUsers } from './filter-users';

const user = (firstname: string, lastname: string, email: string) =>
  toOrganizationUser({
    id: email,
    email,
    firstname,
    lastname,
    role_id: 2,
    last_sign_in_at: null,
    sign_in_count: 0,
    suspended_at: null,
    organization_id: 'org',
    organization_name: 'Org',
  });

const USERS = [
  user('Ada', 'Lovelace', 'ada@pd.test'),
  user('Grace', 'Hopper', 'grace@pd.test'),
  user('', '', 'x@pd.test'),
];

describe('filterUsers', () => {
  it('matches every word against names and e-mail, in any case', () => {
    expect(filterUsers(USERS, 'ADA').map((u) => u.email)).toEqual(['ada@pd.test']);
    expect(filterUsers(USERS, 'grace hop').map((u) => u.email)).toEqual(['grace@pd.test']);
    expect(filterUsers(USERS, '  ')).toHaveLength(3);
    expect(filterUsers(USERS, 'nobody')).toEqual([]);
  });

  it('shows the e-mail as the name when there is no first name', () => {
    expect(USERS[2]!.displayName).toBe('x@pd.test');
    expect(USERS[0]!.displayName).toBe('Ada Lovelace');
  });
});
