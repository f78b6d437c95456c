import type { OrganizationUser } from '@flare/core/schemas/user';

/** Users whose name or e-mail contains every word of the search, in any case. */
export function filterUsers(users: readonly OrganizationUser[], search: string): OrganizationUser[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...users];
  return users.filter((user) => {
    const text = `${user.firstName} ${user.lastName} ${user.email}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
