import { afterEach, describe, expect, it } from 'vitest';
import { makeThing } from '@flare/core/testing/things';
import { EventBus } from '../../platform/bus/event-bus';
import { InProcessBus } from '../../platform/bus/in-process-bus';
import { DeviceDirectory, type DeviceDirectoryOptions } from './device-directory';
import type { DeviceRoute, TelemetryRepository } from './telemetry.repository';

/** The things table as the directory reads it, counting the queries. */
class FakeThings {
  readonly devices = new Map<string, DeviceRoute>();
  queries = 0;

  register(deviceId: string, thingId = `thing-${deviceId}`, isActive = true): DeviceRoute {
    const route: DeviceRoute = {
      thingId,
      deviceId,
      credentialHash: null,
      legacyDeviceId: true,
      isActive,
      organizationIds: ['org'],
      ownerId: 'org',
      managerIds: [],
      accessorIds: [],
      street: null,
      isResponder: false,
      r2rEnabled: false,
      hasState: true,
    };
    for (const [id, existing] of this.devices) if (existing.thingId === thingId) this.devices.delete(id);
    this.devices.set(deviceId, route);
    return route;
  }

  readonly repository = {
    // Legacy devices: what a device presents is its System Id.
    routesByCredential: async (ids: string[]) =>
      (await this.repository.deviceRoutes({ deviceIds: ids })).map((r) => [r.deviceId, r]),
    deviceRoutes: (key: { deviceIds: string[] } | { thingIds: string[] }) => {
      this.queries++;
      const all = [...this.devices.values()].map((route) => structuredClone(route));
      return Promise.resolve(
        'deviceIds' in key
          ? all.filter((r) => key.deviceIds.includes(r.deviceId))
          : all.filter((r) => key.thingIds.includes(r.thingId)),
      );
    },
  } as unknown as TelemetryRepository;
}

function setUp(options: DeviceDirectoryOptions = {}) {
  const things = new FakeThings();
  let now = 1_000_000;
  const clock = {
    advance: (ms: number) => (now += ms),
  };
  const directory = new DeviceDirectory(things.repository, { now: () => now, ...options });
  return { things, directory, clock };
}

const known = async (directory: DeviceDirectory, deviceId: string) =>
  (await directory.resolve([deviceId])).has(deviceId);

/** Waits until the bus (asynchronous) has delivered what was published so far. */
const delivered = () => new Promise((resolve) => setImmediate(resolve));

const buses: InProcessBus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});

const silent = { error: () => undefined, warn: () => undefined };
/** Two server processes' events on one bus. */
function processes() {
  const bus = new InProcessBus();
  buses.push(bus);
  return { bus, here: new EventBus(bus, silent), there: new EventBus(bus, silent) };
}
const changed = (thingId: string, deviceIds: string[]) => ({
  thing: makeThing({ id: thingId, haas_id: deviceIds[0]!, external_id: deviceIds[0]! }),
  organization_ids: ['org'],
  device_ids: deviceIds,
});

describe('DeviceDirectory', () => {
  it('remembers an unknown id without asking the database again', async () => {
    const { things, directory } = setUp();
    expect(await known(directory, 'NOPE')).toBe(false);
    expect(await known(directory, 'NOPE')).toBe(false);
    expect(things.queries).toBe(1);
  });

  it('remembers at most the configured number of unknown ids, dropping the least recently seen', async () => {
    const { things, directory } = setUp({ unknownLimit: 3 });
    for (const id of ['a', 'b', 'c']) await directory.resolve([id]);
    await directory.resolve(['a']); // seen again: now the most recent
    await directory.resolve(['d']);
    expect(directory.unknownCount).toBe(3);
    const before = things.queries;
    await directory.resolve(['a', 'c', 'd']);
    expect(things.queries).toBe(before); // still remembered
    await directory.resolve(['b']);
    expect(things.queries).toBe(before + 1); // forgotten: asked again
  });

  it('stays bounded under a flood of made-up ids', async () => {
    const { directory } = setUp({ unknownLimit: 100 });
    for (let n = 0; n < 50; n++) {
      await directory.resolve(Array.from({ length: 20 }, (_, i) => `random-${n}-${i}`));
    }
    expect(directory.unknownCount).toBe(100);
  });

  it('asks again once an unknown id or a known route has expired', async () => {
    const { things, directory, clock } = setUp({ unknownTtlMs: 60_000, routeTtlMs: 300_000 });
    expect(await known(directory, 'LATE')).toBe(false);
    things.register('LATE');
    clock.advance(59_000);
    expect(await known(directory, 'LATE')).toBe(false);
    clock.advance(2_000);
    expect(await known(directory, 'LATE')).toBe(true);

    // Deactivated behind the server's back: seen once the route expires.
    things.register('LATE', 'thing-LATE', false);
    expect((await directory.resolve(['LATE'])).get('LATE')!.isActive).toBe(true);
    clock.advance(300_001);
    expect((await directory.resolve(['LATE'])).get('LATE')!.isActive).toBe(false);
  });

  it('forgets an unknown device id when a thing with it changes, on this directory and on others', async () => {
    const { here, there } = processes();
    const { things, directory: hereDirectory } = setUp();
    // Another server process: its own directory on the same database and bus.
    const thereDirectory = new DeviceDirectory(things.repository);
    await hereDirectory.follow(here);
    await thereDirectory.follow(there);
    expect(await known(hereDirectory, 'NEW-1')).toBe(false);
    expect(await known(thereDirectory, 'NEW-1')).toBe(false);

    const route = things.register('NEW-1', '00000000-0000-4000-8000-00000000a001');
    await here.emit('thing.changed', changed(route.thingId, ['NEW-1']));
    expect(await known(hereDirectory, 'NEW-1')).toBe(true); // once the emitting process has handled it
    await delivered();
    expect(await known(thereDirectory, 'NEW-1')).toBe(true);
  });

  it('forgets a known route when its thing changes on another process (deactivated, new device id)', async () => {
    const { here, there } = processes();
    const { things, directory } = setUp();
    await directory.follow(here);
    const thingId = '00000000-0000-4000-8000-00000000a002';
    things.register('OLD', thingId);
    expect(await known(directory, 'OLD')).toBe(true);
    expect((await directory.routesOfThings([thingId]))[0]!.deviceId).toBe('OLD');

    things.register('OLD', thingId, false);
    await there.emit('thing.changed', changed(thingId, ['OLD']));
    await delivered();
    expect((await directory.resolve(['OLD'])).get('OLD')!.isActive).toBe(false);

    things.register('NEW', thingId);
    await there.emit('thing.changed', changed(thingId, ['NEW']));
    await delivered();
    expect(await known(directory, 'OLD')).toBe(false);
    expect(await known(directory, 'NEW')).toBe(true);
    expect((await directory.routesOfThings([thingId]))[0]!.deviceId).toBe('NEW');
  });

  it('ignores malformed thing changes from other processes', async () => {
    const { bus, here } = processes();
    const { things, directory } = setUp();
    await directory.follow(here);
    things.register('KEPT', 'thing-kept');
    expect(await known(directory, 'KEPT')).toBe(true);
    const queries = things.queries;
    await bus.publish('thing.changed', { origin: 'elsewhere', payload: { thing: { id: 'thing-kept' } } });
    await bus.publish('thing.changed', 'nonsense');
    await delivered();
    expect(await known(directory, 'KEPT')).toBe(true);
    expect(things.queries).toBe(queries); // still cached: nothing was forgotten
  });

  it('does not cache what a lookup read before a change announced meanwhile', async () => {
    const { things, directory } = setUp();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const deviceRoutes = things.repository.deviceRoutes.bind(things.repository);
    things.repository.deviceRoutes = async (key) => {
      const rows = await deviceRoutes(key);
      await gate;
      return rows;
    };
    const lookup = directory.resolve(['RACE']);
    things.register('RACE');
    directory.forget({ thingId: 'thing-RACE', deviceIds: ['RACE'] });
    release();
    expect((await lookup).has('RACE')).toBe(false);
    expect(await known(directory, 'RACE')).toBe(true);
  });
});
