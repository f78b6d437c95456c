/** The signed-in user as core's permission rules see them (their organisation and permissions). */
import type { Profile } from '@flare/core/schemas/profile';

export function callerOf(profile: Profile): { organizationId: string; permissions: readonly string[] } {
  return { organizationId: profile.userOrg.id, permissions: profile.permissions };
}
