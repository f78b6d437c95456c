import { useMemo } from 'react';
import type { Profile } from '@flare/core/schemas/profile';
import { assignableRoles } from '@flare/core/users/user-rules';
import { useRoles } from '../api/get-roles';

/** Every role, the signed-in user's role order, and the roles they may assign (by order). */
export function useAccountRoles(profile: Profile) {
  const roles = useRoles();
  return useMemo(() => {
    const all = roles.data ?? [];
    const myOrder = all.find((r) => r.id === profile.roleId)?.order ?? 0;
    return {
      loaded: roles.data !== undefined,
      error: roles.error,
      all,
      myOrder,
      assignable: assignableRoles(all, myOrder),
    };
  }, [roles.data, roles.error, profile.roleId]);
}
