/** Addresses outside the dashboard, set per installation at build time. */

/** The support contact named in the offline-assets notice ("{email}"). */
export const SUPPORT_EMAIL =
  (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) ?? 'support@flare.localhost';

/**
 * "Refer a Fleet" (the spec names the link, not its target): the installation's referral page when
 * it has one, else an e-mail to its support contact, which reaches a person on any installation.
 */
export const REFER_A_FLEET_URL =
  (import.meta.env.VITE_REFER_A_FLEET_URL as string | undefined) ??
  `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('A fleet for Flare')}`;

/** The driver view (features/drive), outside the dashboard. */
export const DRIVE_PATH = '/drive';

/**
 * The driver view's link for a partner's alerts key, as Integrations offers it: the key in the
 * fragment, which the browser never sends to a server (so no access log holds it).
 */
export function driveLinkFor(origin: string, apiKey: string): string {
  return `${origin}${DRIVE_PATH}#${new URLSearchParams({ key: apiKey })}`;
}
