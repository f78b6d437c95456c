/** Business constants of spec 1 section 9 used by both sides. */

export const TOKEN_REFRESH_LEAD_MS = 10_000;
export const INACTIVITY_TIMEOUT_MS = 14_400_000;
export const INACTIVITY_PROMPT_MS = 10_000;
export const SESSION_EXPIRED_ALERT_MS = 3_000;
export const PASSWORD_EXPIRY_DAYS = 90;
export const PASSWORD_HISTORY = 10;
export const PASSWORD_MIN_LENGTH = 8;
export const LOCK_AFTER_FAILED_SIGN_INS = 5;

export const VERSION_FIRST_CHECK_MS = 10_000;
export const VERSION_POLL_MS = 600_000;
export const QUERY_REFRESH_MS = 30 * 60_000;
export const CACHED_API_DATA_S = 3600;

export const AUTO_SIGN_IN_MIN_TOKEN_LENGTH = 400;
export const ORGANIZATION_SEARCH_THRESHOLD = 5;
export const MOBILE_ORG_NAME_MAX = 70;

export const BREAKPOINTS = { xs: 500, sm: 768, md: 769, lg: 1025, xl: 1281, xxl: 1441 } as const;

export const LAYOUT = {
  drawerWidth: 400,
  sideNavWidth: 160,
  dropdownWidth: 460,
  profileDropdownWidth: 700,
  bottomNavHeight: 70,
  mobileHeaderHeight: 50,
  bannerHeight: 40,
  bannerHeightMobile: 75,
} as const;

/** The application name the dashboard sends with the password grant. */
export const DASHBOARD_APPLICATION = 'dashboard';
