/**
 * The active API keys this process has read, by the hash of their token, so that a Traccar server
 * forwarding a whole fleet through one key (one request per position) is not a read of the key per
 * position. A revocation is a shared `api-key.revoked` event, and deleting an organisation (its keys
 * go with it) `organization.deleted`: every process forgets the keys when it hears of it (the process
 * that made the change before its call answers). An entry is also trusted for a minute at
 * most, in case an announcement is lost or a key is revoked behind the servers' backs. Only keys that
 * were found are kept: a made-up token is looked up each time, so guesses cannot fill the memory.
 */
import type { Principal } from '../../platform/auth-hook';

/** How long a key read from the database is trusted without hearing of a revocation. */
export const ACTIVE_KEY_TTL_MS = 60_000;

export interface ActiveKey {
  /** Shared by every request of the key: frozen. */
  principal: Readonly<Principal>;
  /** When the key's use was last recorded (its last_used_at), in ms. */
  useRecordedAt: number;
}

interface Entry {
  key: ActiveKey;
  expiresAt: number;
}

export class ActiveKeys {
  private readonly byHash = new Map<string, Entry>();
  /** Counts forgets, so a lookup that raced with a revocation does not keep what it read before it. */
  private forgets = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** The key of the token hash, if this process has read it within its time and heard no revocation. */
  get(tokenHash: string): ActiveKey | undefined {
    const entry = this.byHash.get(tokenHash);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry.key;
    this.byHash.delete(tokenHash);
    return undefined;
  }

  /** A mark taken before a lookup: `remember` keeps its answer only if nothing was forgotten since. */
  mark(): number {
    return this.forgets;
  }

  remember(tokenHash: string, key: ActiveKey, mark: number): void {
    if (mark !== this.forgets) return;
    this.byHash.set(tokenHash, { key, expiresAt: this.now() + ACTIVE_KEY_TTL_MS });
  }

  /** Forgets the keys of which this holds. */
  forget(matches: (principal: Readonly<Principal>) => boolean): void {
    this.forgets++;
    for (const [hash, entry] of this.byHash) if (matches(entry.key.principal)) this.byHash.delete(hash);
  }
}
