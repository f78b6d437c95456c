/** Addresses outside the dashboard. The spec names the "Refer a Fleet" link but not its target. */
export const REFER_A_FLEET_URL = 'https://github.com/flare-dashboard/flare#refer-a-fleet';

/** The support contact named in the offline-assets notice ("{email}"). */
export const SUPPORT_EMAIL =
  (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) ?? 'support@flare.localhost';
