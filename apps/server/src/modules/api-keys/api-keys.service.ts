/**
 * Integrations' API keys: an organisation's administrators create (the token is shown once and
 * stored only as a hash), list and revoke them, up to a limit; a key stands for its organisation
 * on the ingest and read routes, with the permissions of the scopes chosen for it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@flare/core/messages';
import { apiKeyPermissions } from '@flare/core/permissions/access';
import {
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeysResponse,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@flare/core/schemas/api-key';
import type { Principal } from '../../platform/auth-hook';
import type { EventBus } from '../../platform/bus/event-bus';
import { unprocessable } from '../../platform/http-errors';
import { ActiveKeys } from './active-keys';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository';

/** Shown in lists to tell keys apart: the prefix and a few characters, never enough to use. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 6;
/** last_used_at is written at most this often per key, not on every call. */
const USE_RECORD_INTERVAL_MS = 60_000;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    description: row.description,
    token_prefix: row.token_prefix,
    scopes: row.scopes,
    created_date: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

export class ApiKeysService {
  private readonly active: ActiveKeys;

  constructor(
    private readonly repository: ApiKeysRepository,
    private readonly events: EventBus,
    private readonly limit: number,
    /** The clock (tests move it). */
    private readonly now: () => number = Date.now,
  ) {
    this.active = new ActiveKeys(now);
  }

  /**
   * Forgets revoked keys, and those of deleted organisations, on every server process (this one
   * included); resolves once following.
   */
  async follow(): Promise<() => Promise<void>> {
    const stops = await Promise.all([
      this.events.on('api-key.revoked', ({ api_key_id }) =>
        this.active.forget((key) => key.apiKeyId === api_key_id),
      ),
      this.events.on('organization.deleted', ({ organization_id }) =>
        this.active.forget((key) => key.organizationId === organization_id),
      ),
    ]);
    return async () => {
      await Promise.all(stops.map((stop) => stop()));
    };
  }

  async list(principal: Principal): Promise<ApiKeysResponse> {
    const rows = await this.repository.listActive(principal.organizationId);
    return { api_keys: rows.map(toApiKey), limit: this.limit };
  }

  async create(principal: Principal, input: CreateApiKeyInput): Promise<CreatedApiKey> {
    const token = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await this.repository.createWithinLimit({
      organizationId: principal.organizationId,
      description: input.description,
      scopes: [...new Set(input.scopes)],
      tokenHash: sha256(token),
      tokenPrefix: token.slice(0, SHOWN_CHARACTERS),
      createdBy: principal.userId,
      limit: this.limit,
    });
    if (!row) throw unprocessable('api_key_limit', MESSAGES.apiKeyLimitReached);
    return { ...toApiKey(row), token };
  }

  async revoke(principal: Principal, keyId: string): Promise<{ uuid: string }> {
    if (!(await this.repository.revoke(keyId, principal.organizationId))) {
      throw unprocessable('not_found', MESSAGES.apiKeyNotFound);
    }
    // Answers once this process has forgotten the key; the others forget it as they hear of it.
    await this.events.emit('api-key.revoked', { api_key_id: keyId });
    return { uuid: keyId };
  }

  /** The principal an active key stands for, or null. */
  async resolve(token: string): Promise<Readonly<Principal> | null> {
    if (!token.startsWith(API_KEY_PREFIX)) return null;
    const hash = sha256(token);
    const key = this.active.get(hash) ?? (await this.read(hash));
    if (!key) return null;
    if (this.now() - key.useRecordedAt > USE_RECORD_INTERVAL_MS) {
      key.useRecordedAt = this.now();
      await this.repository.markUsed(key.principal.apiKeyId!);
    }
    return key.principal;
  }

  private async read(hash: string) {
    const mark = this.active.mark();
    const row = await this.repository.findActiveByHash(hash);
    if (!row || !timingSafeEqual(Buffer.from(row.token_hash), Buffer.from(hash))) return null;
    const key = {
      principal: Object.freeze({
        userId: '',
        organizationId: row.organization_id,
        sessionId: '',
        roleId: 0,
        permissions: Object.freeze(apiKeyPermissions(row.scopes)),
        apiKeyId: row.id,
      }),
      useRecordedAt: row.last_used_at?.getTime() ?? 0,
    };
    this.active.remember(hash, key, mark);
    return key;
  }
}
