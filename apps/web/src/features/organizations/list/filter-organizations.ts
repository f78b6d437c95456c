import type { Organization } from '@flare/core/schemas/organization';

/** Organisations whose name, type or city contains every word of the search, in any case. */
export function filterOrganizations(organizations: readonly Organization[], search: string): Organization[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...organizations];
  return organizations.filter((org) => {
    const text = `${org.name} ${org.organization_type.display_name} ${org.city ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
