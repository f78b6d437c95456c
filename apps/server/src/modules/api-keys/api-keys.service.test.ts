/**
 * Resolving API keys: a key read once is trusted for a minute without reading it again, forgotten at
 * once when it is revoked (also when the revocation races a lookup under way), and its use recorded
 * at most once a minute. The clock is injected.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Principal } from '../../platform/auth-hook';
import { ACTIVE_KEY_TTL_MS } from './active-keys';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';

let t: TestApp;
let admin: Principal;
beforeAll(async () => {
  t = await createTestApp({ API_KEY_LIMIT: '100' });
  const given = fixtures(t);
  const organization = await given.organization();
  const { email } = await given.user(organization.id, 'ADMIN');
  const user = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  admin = { userId: user.id, organizationId: organization.id, sessionId: '', roleId: 0, permissions: [] };
});
afterAll(() => t.close());

/** The real repository, counting its reads of keys; a read's answer can be held back after reading. */
class CountingRepository extends ApiKeysRepository {
  reads = 0;
  held: Promise<void> | null = null;
  override async findActiveByHash(tokenHash: string) {
    this.reads++;
    const row = await super.findActiveByHash(tokenHash);
    await this.held;
    return row;
  }
}

let now: number;
let repository: CountingRepository;
let service: ApiKeysService;
let stopFollowing: () => Promise<void>;
beforeEach(async () => {
  now = Date.parse('2026-12-02T08:00:00Z');
  repository = new CountingRepository(t.db);
  service = new ApiKeysService(repository, t.app.events, 100, () => now);
  stopFollowing = await service.follow();
  return () => stopFollowing();
});

const lastUsed = async (keyId: string) =>
  (await t.db.selectFrom('api_keys').select('last_used_at').where('id', '=', keyId).executeTakeFirstOrThrow())
    .last_used_at;

describe('API keys resolved', () => {
  it('reads a key once and trusts it for a minute; a key revoked behind the servers is refused after it', async () => {
    const { id, token } = await service.create(admin, {
      description: 'Traccar',
      scopes: ['positions:write'],
    });
    const first = await service.resolve(token);
    expect(first).toMatchObject({ organizationId: admin.organizationId, apiKeyId: id });
    expect(Object.isFrozen(first)).toBe(true);
    for (let i = 0; i < 5; i++) expect(await service.resolve(token)).toBe(first);
    expect(repository.reads).toBe(1);

    // Revoked straight in the database: no process hears of it, so the minute runs out first.
    await sql`update api_keys set revoked_at = now() where id = ${id}`.execute(t.db);
    now += ACTIVE_KEY_TTL_MS - 1;
    expect(await service.resolve(token)).toBe(first);
    now += 1;
    expect(await service.resolve(token)).toBeNull();
    expect(repository.reads).toBe(2);
  });

  it('a revoked key is refused at once, and is not kept by a lookup that was under way', async () => {
    const kept = await service.create(admin, { description: 'Kept', scopes: ['positions:write'] });
    const revoked = await service.create(admin, { description: 'Revoked', scopes: ['positions:write'] });
    await service.resolve(kept.token);
    await service.resolve(revoked.token);
    await service.revoke(admin, revoked.id);
    expect(await service.resolve(revoked.token)).toBeNull();
    expect(await service.resolve(kept.token)).toMatchObject({ apiKeyId: kept.id });

    // Read while still active, answered after the revocation was heard: not kept.
    const racing = await service.create(admin, { description: 'Racing', scopes: ['positions:write'] });
    let release = () => {};
    repository.held = new Promise((resolve) => (release = resolve));
    const reads = repository.reads;
    const underWay = service.resolve(racing.token);
    await vi.waitFor(() => expect(repository.reads).toBe(reads + 1));
    await service.revoke(admin, racing.id);
    repository.held = null;
    release();
    expect(await underWay).toMatchObject({ apiKeyId: racing.id });
    expect(await service.resolve(racing.token)).toBeNull();
  });

  it("records a key's use at most once a minute", async () => {
    const { id, token } = await service.create(admin, { description: 'Used', scopes: ['positions:write'] });
    await service.resolve(token);
    const recorded = await lastUsed(id);
    expect(recorded).not.toBeNull();
    await sql`update api_keys set last_used_at = null where id = ${id}`.execute(t.db);
    now += 30_000;
    await service.resolve(token);
    expect(await lastUsed(id)).toBeNull();
    now += 30_001;
    await service.resolve(token);
    expect(await lastUsed(id)).not.toBeNull();
  });
});
