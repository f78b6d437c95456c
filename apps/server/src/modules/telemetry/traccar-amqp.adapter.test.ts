/**
 * Traccar's AMQP forwarding against the local RabbitMQ (TEST_AMQP_URL, default
 * amqp://guest:guest@127.0.0.1:5672); skipped with a note when no broker answers. Messages are
 * published as Traccar's AMQP forwarders publish them: PositionData or EventData as JSON, persistent,
 * on a durable topic exchange, with `forward.topic` (here a Flare API key) as the routing key.
 */
import { randomUUID } from 'node:crypto';
import amqp, { type Channel, type ChannelModel } from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  traccarDevice,
  traccarEvent,
  traccarPosition,
  traccarTime,
} from '@flare/core/testing/traccar-forward';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { thingWithState } from '../../../test/thing-state';
import { traccarQueue } from './traccar-amqp.adapter';
import { amqpBrokerAnswers } from '../../../test/amqp-broker';

const AMQP_URL = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
/** This test app's own exchange: the PGlite and PostgreSQL runs of this file may run at once. */
const EXCHANGE = `flare-test-${randomUUID()}`;

const available = await amqpBrokerAnswers(AMQP_URL);
if (!available) console.warn(`Traccar AMQP forwarding test skipped: no broker answered at ${AMQP_URL}`);

describe.skipIf(!available)('Traccar forwarding over AMQP', () => {
  let t: TestApp;
  let traccar: ChannelModel;
  let channel: Channel;
  /** The organisation's forwarding key; a key that may only read; five patrol cars; another's asset. */
  let key: string;
  let readOnlyKey: string;
  const cars: Array<{ id: string; deviceId: string }> = [];
  let foreign: { id: string; deviceId: string };

  beforeAll(async () => {
    t = await createTestApp({
      TRACCAR_AMQP_URL: AMQP_URL,
      TRACCAR_AMQP_EXCHANGE: EXCHANGE,
      STATUS_SWEEP_MS: '0',
    });
    const given = fixtures(t);
    const own = await given.organization();
    const other = await given.organization();
    for (let n = 0; n < 5; n += 1) cars.push(await given.asset(own.id));
    foreign = await given.asset(other.id);
    const admin = (await given.user(own.id, 'ADMIN')).email;
    key = await given.apiKey(admin, ['positions:write']);
    readOnlyKey = await given.apiKey(admin, ['assets:read']);
    traccar = await amqp.connect(AMQP_URL);
    channel = await traccar.createChannel();
  });
  afterAll(async () => {
    await channel?.deleteQueue(traccarQueue(EXCHANGE));
    await channel?.deleteExchange(EXCHANGE);
    await traccar?.close();
    await t?.close();
  });

  /** Publishes as Traccar's AmqpClient does: persistent JSON on the exchange, the topic as routing key. */
  const publish = (routingKey: string, data: unknown) =>
    channel.publish(EXCHANGE, routingKey, Buffer.from(JSON.stringify(data)), {
      persistent: true,
      contentType: 'text/plain',
    });
  const positionOf = (deviceId: string, seconds: number, latitude: number) => ({
    position: traccarPosition({ fixTime: traccarTime(seconds), latitude }),
    device: traccarDevice(deviceId),
  });
  /** Every message handed to Flare has been acknowledged or refused: none waits in the queue or in flight. */
  const settled = async () => {
    const { messageCount } = await channel.checkQueue(traccarQueue(EXCHANGE));
    return messageCount;
  };
  const pointCount = (thingId: string) =>
    t.db
      .selectFrom('points')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('thing_id', '=', thingId)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));

  it("stores a fleet's positions published with the organisation's API key as the routing key", async () => {
    // Ten positions per car, published at once: the broker hands them over together.
    for (let step = 0; step < 10; step += 1)
      for (const [n, car] of cars.entries())
        publish(key, positionOf(car.deviceId, 100 - step, 39.7 + n / 100 + step / 1000));
    for (const car of cars) await expect.poll(() => pointCount(car.id)).toBe(10);
    for (const [n, car] of cars.entries())
      expect((await thingWithState(t.db, car.deviceId)).lat).toBeCloseTo(39.7 + n / 100 + 9 / 1000, 6);
    await expect.poll(settled).toBe(0);
  });

  it("raises an alarm event's alarm on the asset; an event without a position stores nothing", async () => {
    const car = cars[0]!;
    const before = await pointCount(car.id);
    publish(key, { event: traccarEvent('deviceOffline'), device: traccarDevice(car.deviceId) });
    publish(key, {
      event: traccarEvent('alarm', { alarm: 'sos' }),
      position: traccarPosition({ fixTime: traccarTime(20), attributes: {} }),
      device: traccarDevice(car.deviceId),
    });
    await expect.poll(async () => (await thingWithState(t.db, car.deviceId)).alarm).toBe('sos');
    expect(await pointCount(car.id)).toBe(before + 1);
    await expect.poll(settled).toBe(0);
  });

  it('refuses, counts and drops what it may not store, storing nothing of it and keeping the rest', async () => {
    const before = { ...t.app.ingest.stats.snapshot().rejected };
    const car = cars[1]!;
    const stored = await pointCount(car.id);
    publish('not-a-key', positionOf(car.deviceId, 10, 41.1));
    publish(readOnlyKey, positionOf(car.deviceId, 9, 41.2));
    publish(key, positionOf(foreign.deviceId, 8, 41.3));
    channel.publish(EXCHANGE, key, Buffer.from('not json'), { persistent: true });
    publish(key, {
      position: traccarPosition({ fixTime: traccarTime(7), latitude: 95 }),
      device: traccarDevice(car.deviceId),
    });
    // One good position among them, stored on its own.
    publish(key, positionOf(car.deviceId, 6, 41.4));
    await expect.poll(() => pointCount(car.id)).toBe(stored + 1);
    await expect
      .poll(() => t.app.ingest.stats.snapshot().rejected)
      .toMatchObject({ unknown_device: before.unknown_device + 3, invalid: before.invalid + 2 });
    expect((await thingWithState(t.db, car.deviceId)).lat).toBe(41.4);
    expect(await pointCount(foreign.id)).toBe(0);
    // Refused messages are not handed out again: once a later position is stored, none was refused twice.
    publish(key, positionOf(car.deviceId, 5, 41.5));
    await expect.poll(() => pointCount(car.id)).toBe(stored + 2);
    expect(t.app.ingest.stats.snapshot().rejected).toMatchObject({
      unknown_device: before.unknown_device + 3,
      invalid: before.invalid + 2,
    });
    await expect.poll(settled).toBe(0);
  });
});
