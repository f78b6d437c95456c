import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  fromServerStatus,
  NO_CONTEXT,
  statusOf as statusRule,
  type ServerStatus,
} from '@flare/core/status/thing-status';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { thingTypeId } from '../../seed/reference-data';
import { TelemetryRepository } from './telemetry.repository';

let t: TestApp;
/** The police department the swept assets belong to. */
let organizationId: string;
beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  organizationId = (await fixtures(t).organization()).id;
});
afterAll(() => t.close());
afterEach(async () => {
  await t.db.deleteFrom('things').where('device_id', 'like', 'SWEEP-%').execute();
});

/** More than one sweep batch (1000 things). */
const MANY = 1100;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** Adds `count` assets `SWEEP-<prefix>-<n>` in the given state, after every asset already there. */
async function addThings(prefix: string, count: number, status: string, heartbeatAt: Date): Promise<void> {
  await sql`
    with added as (
      insert into things (organization_id, thing_type_id, device_id)
      select ${organizationId}, ${thingTypeId('police')}, ${`SWEEP-${prefix}-`} || g
      from generate_series(1, ${count}) g
      returning id
    )
    insert into thing_states (thing_id, status, enroute, heartbeat_at)
    select id, ${status}, false, ${heartbeatAt.toISOString()}::timestamptz from added`.execute(t.db);
}

const statusOf = async (deviceId: string) =>
  (
    await t.db
      .selectFrom('things')
      .innerJoin('thing_states as s', 's.thing_id', 'things.id')
      .select('s.status')
      .where('device_id', '=', deviceId)
      .executeTakeFirstOrThrow()
  ).status;

describe('status sweep', () => {
  it('is not starved by assets whose status needs no change', async () => {
    // Checked in 3 hours ago without lights: standby for 5 more hours, nothing to do.
    await addThings('quiet', MANY, 'standby', hoursAgo(3));
    // Silent for 9 hours: due to become pending; added last, after every quiet one.
    await addThings('due', 1, 'standby', hoursAgo(9));
    await t.app.statusSweep.sweep();
    expect(await statusOf('SWEEP-due-1')).toBe('pending');
    expect(await statusOf('SWEEP-quiet-1')).toBe('standby');
    expect(await t.app.statusSweep.sweep()).toBe(0);
  });

  it('selects only assets whose status must change, longest silent first', async () => {
    await addThings('quiet', 10, 'standby', hoursAgo(3));
    await addThings('pending', 5, 'standby', hoursAgo(9));
    await addThings('offline', 5, 'pending', hoursAgo(200));
    const now = Date.now();
    const candidates = await t.app.statusSweep.candidates(now);
    const ids = (prefix: string) =>
      t.db
        .selectFrom('things')
        .select('id')
        .where('device_id', 'like', `SWEEP-${prefix}-%`)
        .execute()
        .then((rows) => rows.map((r) => r.id));
    const selected = candidates.map((c) => c.id);
    expect(selected).toEqual(expect.arrayContaining([...(await ids('pending')), ...(await ids('offline'))]));
    expect(selected).not.toEqual(expect.arrayContaining([(await ids('quiet'))[0]]));
    for (const thing of candidates) {
      const next = statusRule(
        { heartbeatAt: thing.heartbeat_at?.getTime() ?? null, enroute: thing.enroute, street: thing.street },
        NO_CONTEXT,
        now,
      );
      expect(next, thing.id).not.toBe(fromServerStatus(thing.status as ServerStatus));
    }
    const heartbeats = candidates.map((c) => c.heartbeat_at?.getTime() ?? -Infinity);
    expect(heartbeats).toEqual([...heartbeats].sort((a, b) => a - b));
  });

  it('moves the longest silent assets first when more are due than one batch holds', async () => {
    await addThings('due', MANY, 'standby', hoursAgo(9));
    await addThings('oldest', 1, 'pending', hoursAgo(200));
    await t.app.statusSweep.sweep();
    expect(await statusOf('SWEEP-oldest-1')).toBe('offline');
  });

  it('leaves an asset alone when a report arrived after it was read', async () => {
    await addThings('raced', 1, 'standby', hoursAgo(9));
    const { id } = await t.db
      .selectFrom('things')
      .select('id')
      .where('device_id', '=', 'SWEEP-raced-1')
      .executeTakeFirstOrThrow();
    const repository = new TelemetryRepository(t.db);
    const candidate = (await t.app.statusSweep.candidates()).find((c) => c.id === id);
    expect(candidate).toBeDefined();
    // A report lands between the sweep's read and its update; the asset stays standby.
    await t.db
      .updateTable('thing_states')
      .set({ heartbeat_at: new Date() })
      .where('thing_id', '=', candidate!.id)
      .execute();
    const move = {
      thingId: candidate!.id,
      from: candidate!.status as ServerStatus,
      heartbeatKey: candidate!.heartbeat_key,
      to: 'pending' as const,
    };
    expect(await repository.moveStatuses([move])).toEqual([]);
    expect(await statusOf('SWEEP-raced-1')).toBe('standby');
  });
});
