/** The signed-in user as core's area permission rules see them. */
import type { Profile } from '@flare/core/schemas/profile';

export function callerOf(profile: Profile): { organizationId: string; permissions: readonly string[] } {
  return { organizationId: profile.userOrg.id, permissions: profile.permissions };
}
