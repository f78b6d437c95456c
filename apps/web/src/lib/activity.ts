/**
 * The user's last activity, shared by every tab of this browser: the inactivity prompt must not
 * sign out a user who is busy in another tab. Written to storage at most every few seconds.
 */
const KEY = 'flare.last-activity';
const WRITE_EVERY_MS = 5_000;
let lastWritten = 0;

export function recordActivity(now = Date.now()): void {
  if (now - lastWritten < WRITE_EVERY_MS) return;
  lastWritten = now;
  localStorage.setItem(KEY, String(now));
}

/** Forces the next activity to be written (after "Stay Signed In", say). */
export function recordActivityNow(now = Date.now()): void {
  lastWritten = 0;
  recordActivity(now);
}

/** The latest activity of any tab, in ms since the epoch (0 when none was recorded). */
export function lastActivity(): number {
  return Number(localStorage.getItem(KEY)) || 0;
}
