/**
 * Switching organisations: users of an acs-type organisation who work in more than one organisation
 * (their own and those it manages or accesses) pick the one they are subscribed to, and the whole
 * dashboard then shows that organisation. The organisation list shows its search above 5
 * organisations.
 */
import type { OrganizationSummary } from '../schemas/organization';
import type { Profile } from '../schemas/profile';

export const ORGANIZATION_SEARCH_ABOVE = 5;

type OrganizationsOf = Pick<Profile, 'acs' | 'userOrg' | 'managedOrgs' | 'accessedOrgs'>;

/** The user's organisation first, then those it manages or accesses, by name, each once. */
export function subscribableOrganizations(profile: OrganizationsOf): OrganizationSummary[] {
  const others = [...profile.managedOrgs, ...profile.accessedOrgs]
    .filter(
      (org, index, all) => org.id !== profile.userOrg.id && all.findIndex((o) => o.id === org.id) === index,
    )
    .sort((a, b) => a.name.localeCompare(b.name));
  return [profile.userOrg, ...others];
}

export function maySwitchOrganizations(profile: OrganizationsOf): boolean {
  return profile.acs && subscribableOrganizations(profile).length > 1;
}

/** The organisation in effect: the chosen one when the user may switch to it, else their own. */
export function subscribedOrganization(
  profile: OrganizationsOf,
  chosenId: string | null,
): OrganizationSummary {
  if (!chosenId || !maySwitchOrganizations(profile)) return profile.userOrg;
  return subscribableOrganizations(profile).find((org) => org.id === chosenId) ?? profile.userOrg;
}

/** The organisation list's title: "Organizations (count)", or "displaying x/y" while filtered. */
export function organizationListTitle(shown: number, total: number): string {
  return shown === total ? `Organizations (${total})` : `displaying ${shown}/${total}`;
}
