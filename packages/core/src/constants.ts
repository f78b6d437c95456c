/** Business constants used by both sides. */

import type { RecentDisplay } from './time/recent-display';

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
/** Code loaded on first use that has not arrived after this long is a failed load (ChunkLoadError). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
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

/**
 * Option lists (selects, multi-selects, autocompletes): at most 400 px tall; a list of more than 20
 * options gets 40 px rows, easier to hit as it scrolls.
 */
export const OPTION_LIST = { maxHeightPx: 400, longListOver: 20, longListRowPx: 40 } as const;

/** The application name the dashboard sends with the password grant. */
export const DASHBOARD_APPLICATION = 'dashboard';

/** Map constants. */
export const MAP_ZOOM = {
  addArea: 15.5,
  /** A closure's route is drawn at this zoom or closer. */
  addClosure: 15.5,
  default: 16.25,
  incidentLocate: 17,
  geoMarkerLocate: 16,
  areaLocate: 16,
  poiLocate: 17,
  locationCentreMin: 16,
  afterFitMax: 17,
  myLocation: 17,
} as const;
/** Fitting the map: 50 px around what show-all shows, 75 px around one item fitted (a closure, a run). */
export const MAP_FIT_PADDING = { showAll: 50, item: 75 } as const;
export const GEOLOCATION_OPTIONS = { timeout: 10_000, maximumAge: 30_000, enableHighAccuracy: true } as const;
/** Marker icon sizes by zoom: under 11 small, 11–12 medium, 13 and above large. */
export const MARKER_SIZES = { thing: [16, 20, 30], station: [8, 12, 20] } as const;
export function markerSizeIndex(zoom: number): 0 | 1 | 2 {
  return zoom < 11 ? 0 : zoom < 13 ? 1 : 2;
}
/** Stacking: location highest, then active, standby, pending, offline. */
export const MARKER_Z = { base: 50, active: 50, pinned: 75, hovered: 100 } as const;
/** Station grouping only with density view on and zoom below this. */
export const STATION_GROUPING_MAX_ZOOM = 14;
export const LIVE_FEED = {
  /** Reconnect attempts in a round, 1 s doubling to 10 s apart (about 75 s in all). */
  maxReconnects: 10,
  firstBackoffMs: 1000,
  maxBackoffMs: 10_000,
  /**
   * After a round fails, the next one starts this much later (or at once when the browser comes back
   * online or the page is shown again): a dashboard watched all night recovers from a longer outage.
   */
  retryRoundMs: 60_000,
  /**
   * The browser hands its features what arrived within this long of a batch's first message, as one
   * batch (one map update): the server already coalesces and sends a flush's frames back to back, so
   * this only gathers them (alerts the server sends at once wait no more than this).
   */
  batchMs: 50,
} as const;
/** Alerting turned off on an asset turns itself back on after this long. */
export const ALERTING_AUTO_RESET_MS = 60 * 60_000;
export const THINGS_POLL_MS = 15_000;
export const LOCATIONS_POLL_MS = 30_000;
/** Closures without the live feed (large organisations, users who may not view assets). */
export const CLOSURES_POLL_MS = 30_000;
export const THINGS_PAGE_SIZE = 500;
/** The asset and closure lists' searches wait this long after the last key. */
export const SEARCH_DEBOUNCE_MS = 350;
/** The user list's search waits this long after the last key. */
export const USER_SEARCH_DEBOUNCE_MS = 250;
export const COPY_RESET_MS = 1000;
export const MENU_COPY_RESET_MS = 2000;
export const NAVIGATE_AFTER_SAVE_MS = 150;
export const ASSET_ROW_HEIGHT = { inService: 65, outOfService: 90 } as const;
/** Events list rows: 80, +90 when active, + the active-vehicle count, +15 per inactive vehicle. */
export const INCIDENT_ROW_HEIGHT = { base: 80, active: 90, perInactiveVehicle: 15 } as const;
export const AREA_ROW_HEIGHT = 75;
/** Closures list rows: 70, or 90 for an out-of-service closure (its extra line). */
export const CLOSURE_ROW_HEIGHT = { inService: 70, outOfService: 90 } as const;
/** The events list's Display choice first looked at: one day ago. */
export const INCIDENTS_DISPLAY_DEFAULT: RecentDisplay = 'day';
